import CoreAudioTypes
import CoreMedia
import MediaContainer
import MediaFormats

/// Reads ADTS AAC streams (ISO/IEC 14496-3 §1.A.3.2, ISO/IEC 13818-7): ID3v2 tags before the audio as metadata, a
/// frame scan (headers with or without CRC, bounded resync over junk) that hands out each frame's raw data as a
/// packet, and an AudioSpecificConfig built from the first header (and, for channel configuration 0, the program
/// config element at the start of the first frame), wrapped in the ES_Descriptor cookie; the stream description
/// carries the object type in `mFormatFlags` and the channel configuration's layout.
///
/// What ADTS cannot say: HE-AAC (SBR, PS) is signalled implicitly inside the raw data, never in the header, so the
/// description is AAC LC (or Main/SSR/LTP) at the header's sampling frequency — the core rate — and a decoder that
/// finds SBR doubles its output rate, as Apple's and FFmpeg's decoders do. Encoder delay is not recorded either:
/// priming and remainder are 0. A frame holding several raw data blocks is one packet of 1024 frames per block,
/// because the blocks cannot be separated without decoding them (such frames are rare; FFmpeg's decoder rejects
/// them too).
package final class ADTSReader: AudioFileReader {
    /// The mapped file; sample data is handed out as block buffers over it.
    package let file: MappedFile
    /// What parsing found.
    package let contents: AudioFileContents
    /// The single audio track (ID 1).
    package let tracks: [ContainerTrack]

    /// Opens and parses `file`.
    package init(file: MappedFile) throws {
        self.file = file
        contents = try Self.parse(AudioFileData(file: file))
        tracks = [try contents.makeTrack()]
    }

    private static let format = "ADTS"

    /// The frame header at `offset`, if one is there.
    static func header(in data: AudioFileData, at offset: Int) -> ADTSHeader? {
        data.reader.getUInt(at: offset, size: ADTSHeader.fixedLength).flatMap { ADTSHeader(raw: $0) }
    }

    /// Whether an ADTS frame header starts at `offset`, followed by a compatible one where that frame ends (or by
    /// `end`, the end of the data unless given).
    package static func canRead(_ data: AudioFileData, at offset: Int, end: Int? = nil) -> Bool {
        let end = min(end ?? data.count, data.count)
        guard let first = header(in: data, at: offset) else { return false }
        let next = offset + first.frameLength
        guard next + ADTSHeader.fixedLength <= end, let following = header(in: data, at: next) else {
            return next + ADTSHeader.fixedLength > end
        }
        return first.isCompatible(with: following)
    }

    /// Parses a whole ADTS stream.
    package static func parse(_ data: AudioFileData) throws(AudioFileError) -> AudioFileContents {
        var metadata: [MetadataEntry] = []
        var warnings: [String] = []
        var position = 0
        while let size = ID3v2Tag.size(in: data, at: position) {
            let tag = ID3v2Tag(in: data, at: position, format: format)
            metadata += tag.entries
            warnings += tag.warnings
            position += size
        }
        let hadTag = position > 0
        let end = MP3Reader.audioEnd(of: data)
        metadata += ID3v1Tag.entries(in: data, end: data.count)

        var reference: ADTSHeader?
        // A header is believed when it and its successors (`AudioFileLimits.confirmingFrames` in all) follow
        // each other compatibly, or the chain reaches the end of the audio.
        func isConfirmed(_ header: ADTSHeader, at offset: Int) -> Bool {
            if let reference, !header.isCompatible(with: reference) { return false }
            guard header.frameLength <= end - offset else { return false }
            var next = offset + header.frameLength
            for _ in 1..<AudioFileLimits.confirmingFrames {
                if next >= end { return true }
                guard let following = Self.header(in: data, at: next), following.isCompatible(with: header)
                else { return false }
                next += following.frameLength
            }
            return true
        }
        func search(from start: Int) -> Int? {
            let limit = min(end - 7, start + AudioFileLimits.maximumResyncDistance)
            var offset = start
            var candidates = 0
            while offset <= limit, candidates < AudioFileLimits.maximumSyncCandidates,
                  let sync = data.reader.firstIndex(of: 0xFF, in: offset..<limit + 1) {
                candidates += 1
                if let header = Self.header(in: data, at: sync), isConfirmed(header, at: sync) { return sync }
                offset = sync + 1
            }
            return nil
        }
        guard let first = search(from: position), let firstHeader = Self.header(in: data, at: first) else {
            throw AudioFileError(hadTag ? .malformed : .notRecognized, format: format, offset: Int64(position),
                                 "no ADTS frames")
        }
        if first > position {
            warnings.append("\(format): \(first - position) bytes of junk before the first frame at \(first)")
        }
        reference = firstHeader

        var sizes: [UInt32] = []
        var offsets: [UInt64] = []
        var durations = RunLengthColumn()
        var multiBlockFrames = 0
        var offset = first
        while offset + 7 <= end {
            if let header = Self.header(in: data, at: offset), header.isCompatible(with: firstHeader) {
                guard header.frameLength <= end - offset else {
                    warnings.append("\(format): frame at \(offset) needs \(header.frameLength) bytes, \(end - offset) "
                                    + "remain; the incomplete frame is dropped")
                    break
                }
                sizes.append(UInt32(header.frameLength - header.headerLength))
                offsets.append(UInt64(offset + header.headerLength))
                durations.append(Int64(1024 * header.rawDataBlockCount), count: 1)
                if header.rawDataBlockCount > 1 { multiBlockFrames += 1 }
                offset += header.frameLength
                continue
            }
            if let tagSize = ID3v2Tag.size(in: data, at: offset), tagSize <= end - offset {
                offset += tagSize
                continue
            }
            guard let next = search(from: offset + 1) else {
                warnings.append("\(format): no frame within \(AudioFileLimits.maximumResyncDistance) bytes after "
                                + "\(offset); the remaining \(end - offset) bytes are not read")
                break
            }
            warnings.append("\(format): \(next - offset) bytes of junk skipped at \(offset)")
            offset = next
        }
        if multiBlockFrames > 0 {
            warnings.append("\(format): \(multiBlockFrames) frames hold several raw data blocks; each is one packet "
                            + "of 1024 frames per block")
        }
        var descriptions = RunLengthColumn()
        descriptions.append(1, count: sizes.count)
        guard let table = SampleTable(durations: durations, compositionOffsets: nil, descriptionIndices: descriptions,
                                      sizes: .perSample(sizes), offsets: offsets, syncIndices: nil)
        else { throw AudioFileError(.malformed, format: format, "inconsistent frame table") }

        var channels = firstHeader.channelConfiguration == 7 ? 8 : firstHeader.channelConfiguration
        var programConfig: ProgramConfigElement?
        if firstHeader.channelConfiguration == 0 {
            let block = data.reader.getBytes(at: first + firstHeader.headerLength,
                                       count: min(firstHeader.frameLength - firstHeader.headerLength, 4096)) ?? []
            guard let element = ProgramConfigElement(firstElementOf: block), element.channels > 0 else {
                throw AudioFileError(.malformed, format: format, path: "frame 0", offset: Int64(first),
                                     "channel configuration 0 without a program config element in the first frame")
            }
            programConfig = element
            channels = element.channels
        }
        // mFormatFlags holds the MPEG-4 audio object type (`kMPEG4Object_AAC_LC` = 2…), as CoreAudioTypes.h
        // documents for MPEG-4 audio streams and the MOV/MP4 reader fills it.
        let description = AudioStreamBasicDescription(
            mSampleRate: Double(firstHeader.sampleRate), mFormatID: kAudioFormatMPEG4AAC,
            mFormatFlags: UInt32(firstHeader.profile + 1),
            mBytesPerPacket: 0, mFramesPerPacket: 1024, mBytesPerFrame: 0, mChannelsPerFrame: UInt32(channels),
            mBitsPerChannel: 0, mReserved: 0)
        var contents = AudioFileContents(format: .adts, streamDescription: description, packets: .table(table))
        // The standard channel configurations' layouts (ISO/IEC 14496-3 Table 1.19; Core Audio's AAC tags).
        let layouts: [Int: AudioChannelLayoutTag] = [
            1: kAudioChannelLayoutTag_Mono, 2: kAudioChannelLayoutTag_Stereo, 3: kAudioChannelLayoutTag_AAC_3_0,
            4: kAudioChannelLayoutTag_AAC_4_0, 5: kAudioChannelLayoutTag_AAC_5_0, 6: kAudioChannelLayoutTag_AAC_5_1,
            7: kAudioChannelLayoutTag_AAC_7_1,
        ]
        contents.channelLayout = layouts[firstHeader.channelConfiguration].map { ChannelLayout(tag: $0) }
        do {
            let config = try firstHeader.audioSpecificConfig(programConfigElement: programConfig).serialized()
            contents.magicCookie = try MagicCookie.esDescriptor(decoderSpecificInfo: config,
                                                                         bufferSize: Int(sizes.max() ?? 0))
        } catch {
            throw AudioFileError(.malformed, format: format, path: "frame 0", offset: Int64(first), error.message)
        }
        try contents.validateStream(path: "frame 0", offset: first)
        contents.metadata = metadata
        contents.warnings = warnings
        return contents
    }
}
