import MediaFormats

/// The frame scan shared by the MP3 reader and its sniffer: finds the first frame confirmed by a compatible
/// successor, then walks frame to frame, measuring free-format frames and resynchronising over junk within a
/// bounded window.
struct MPEGFrameScanner {
    let data: AudioFileData
    /// Where the audio ends (tags excluded).
    let end: Int
    /// The first frame's header: later frames must be compatible with it.
    private(set) var reference: MPEGAudioFrameHeader?
    /// The unpadded size of free-format frames, once measured.
    private var freeFormatSize: Int?
    /// Each packet's size and offset.
    private(set) var sizes: [UInt32] = []
    private(set) var offsets: [UInt64] = []
    private(set) var warnings: [String] = []

    init(data: AudioFileData, end: Int) {
        self.data = data
        self.end = end
    }

    /// The header at `offset` if it continues the stream, and the frame's size.
    private mutating func frame(at offset: Int) -> (MPEGAudioFrameHeader, Int)? {
        guard offset + 4 <= end, let header = MP3Reader.header(in: data, at: offset) else { return nil }
        if let reference, !header.isCompatible(with: reference) { return nil }
        if let size = header.frameSize { return (header, size) }
        // Free format: the distance to the next compatible free-format header, less this frame's padding.
        if let base = freeFormatSize { return (header, base + (header.isPadded ? header.slotSize : 0)) }
        let limit = min(end - 4, offset + AudioFileLimits.maximumFreeFormatFrameBytes)
        var candidate = offset + 4
        while candidate <= limit {
            if let next = MP3Reader.header(in: data, at: candidate), next.isFreeFormat, next.isCompatible(with: header) {
                let base = candidate - offset - (header.isPadded ? header.slotSize : 0)
                guard base > 4 else { return nil }
                freeFormatSize = base
                return (header, candidate - offset)
            }
            candidate += 1
        }
        return nil
    }

    /// Whether a frame at `offset` is confirmed: it and its successors, up to `AudioFileLimits.confirmingFrames`
    /// frames in all, are compatible headers back to back, or the chain reaches the end of the audio exactly. A
    /// free-format size measured for a frame that is not confirmed is forgotten.
    private mutating func isConfirmed(at offset: Int) -> Bool {
        let savedReference = reference, savedFreeFormatSize = freeFormatSize
        defer { reference = savedReference }
        var position = offset
        for index in 0..<AudioFileLimits.confirmingFrames {
            guard let (header, size) = frame(at: position), index > 0 || size <= end - position else {
                freeFormatSize = savedFreeFormatSize
                return false
            }
            reference = reference ?? header
            position += size
            // The end of the audio (or a last frame cut short by it) ends the chain.
            if position >= end { return true }
        }
        return true
    }

    /// The first confirmed frame at or after `start`, within the resync window.
    mutating func findFirstFrame(from start: Int) -> Int? {
        search(from: start)
    }

    private mutating func search(from start: Int) -> Int? {
        let limit = min(end - 4, start + AudioFileLimits.maximumResyncDistance)
        var offset = start
        var candidates = 0
        while offset <= limit, candidates < AudioFileLimits.maximumSyncCandidates,
              let sync = data.reader.firstIndex(of: 0xFF, in: offset..<limit + 1) {
            candidates += 1
            if isConfirmed(at: sync) { return sync }
            offset = sync + 1
        }
        return nil
    }

    /// Walks the frames from `start` (a confirmed frame), calling `accept` for each with whether it is the first;
    /// frames for which it returns `false` are not packets.
    mutating func scan(from start: Int,
                       accept: (_ offset: Int, _ size: Int, _ header: MPEGAudioFrameHeader, _ isFirst: Bool) -> Bool) {
        var offset = start
        var isFirst = true
        while offset + 4 <= end {
            if let (header, size) = frame(at: offset) {
                guard size <= end - offset else {
                    warnings.append("MP3: frame at \(offset) needs \(size) bytes, \(end - offset) remain; "
                                    + "the incomplete frame is dropped")
                    break
                }
                if reference == nil { reference = header }
                if accept(offset, size, header, isFirst) {
                    sizes.append(UInt32(size))
                    offsets.append(UInt64(offset))
                }
                isFirst = false
                offset += size
                continue
            }
            // An ID3v2 tag in the middle of the stream (concatenated files) is skipped whole.
            if let tagSize = ID3v2Tag.size(in: data, at: offset), tagSize <= end - offset {
                offset += tagSize
                continue
            }
            guard let next = search(from: offset + 1) else {
                warnings.append("MP3: no frame within \(AudioFileLimits.maximumResyncDistance) bytes after \(offset); "
                                + "the remaining \(end - offset) bytes are not read")
                break
            }
            warnings.append("MP3: \(next - offset) bytes of junk skipped at \(offset)")
            offset = next
        }
    }
}
