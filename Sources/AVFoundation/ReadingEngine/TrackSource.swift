import CoreMedia
import MediaContainer
import MovieFile

/// One media source of a track as an output reads it: the container's description of the source track, its sample
/// table and the mapped file its samples lie in. A container track has one; a composition track one per source
/// track its segments read (`TrackBacking.makeSource`).
///
/// Immutable after `init`; used by one output's worker, which opens it when its first span is reached and drops
/// it after its last (`SegmentSources`).
// Safe because immutable after `init`, and used by one output's worker at a time.
final class TrackSource: @unchecked Sendable {
    /// The container's description of the track.
    let track: ContainerTrack
    /// Where the samples are.
    let table: SampleTable
    /// The mapped file.
    let file: MappedFile
    /// The movie reader, when the file is a movie: its sample access reports cut files with its own errors.
    let movieReader: MovieFileReader?
    /// This source's slot in the mapped file's residency tracker: reading reports its position, so pages far
    /// behind every reader of the file are given back and memory does not grow with the file's length.
    private let residencySlot: Int

    /// The track's ID.
    var trackID: CMPersistentTrackID { track.trackID }
    /// The media timescale.
    var mediaTimescale: CMTimeScale { track.mediaTimescale }

    /// The source for `track` of `reader`; fails when the track's sample table is malformed.
    init(track: ContainerTrack, reader: any ContainerReader) throws(ReadingFailure) {
        self.track = track
        do {
            table = try track.samples.table()
        } catch {
            throw ReadingFailure(.mediaData, "the sample table cannot be read", trackID: track.trackID,
                                 underlying: error)
        }
        file = reader.file
        residencySlot = reader.file.residency.addReader()
        movieReader = reader as? MovieFileReader
    }

    deinit { file.residency.remove(residencySlot) }

    /// The format description of sample `index`.
    func formatDescription(ofSample index: Int) throws(ReadingFailure) -> CMFormatDescription {
        try description(ofSample: index).format
    }

    /// The 0-based sample description index of sample `index` and its format description.
    func description(ofSample index: Int) throws(ReadingFailure) -> (index: Int, format: CMFormatDescription) {
        let number = table.descriptionIndex(at: index)
        guard number >= 1, number <= track.formatDescriptions.count else {
            throw ReadingFailure(.mediaData, "sample \(index) names sample description \(number); the track has "
                                 + "\(track.formatDescriptions.count)", trackID: trackID)
        }
        return (number - 1, track.formatDescriptions[number - 1])
    }

    /// The bytes of samples `range` (decode order) as one block buffer: references into the mapped file, or, when
    /// `copying`, a copy in memory of its own (`alwaysCopiesSampleData`).
    func data(ofSamples range: Range<Int>, copying: Bool) throws(ReadingFailure) -> CMBlockBuffer {
        let buffer: CMBlockBuffer
        do {
            if let movieReader {
                buffer = try movieReader.blockBuffer(forSamples: range, of: track)
            } else {
                buffer = try referenceBuffer(range)
            }
        } catch let failure as ReadingFailure {
            throw failure
        } catch {
            throw ReadingFailure(.mediaData, "the sample data cannot be read", trackID: trackID, underlying: error)
        }
        // What this reader needs next starts at its next sample; the pages of the samples just read go back once
        // it is far enough past them (see MappedFileResidency).
        if let next = range.upperBound < table.count ? Int(exactly: table.offset(at: range.upperBound)) : file.length {
            file.residency.update(residencySlot, read: contiguousBytes(of: range), position: next)
        }
        let result = copying ? try copy(buffer) : buffer
        // A file another process truncated under the mapping: its vanished pages read as zeros (no SIGBUS), and the
        // read fails here instead of passing them on.
        if let truncation = file.truncation() {
            throw ReadingFailure(.mediaData, truncation, trackID: trackID,
                                 time: CMTime(value: table.presentationTime(at: range.lowerBound), timescale: mediaTimescale))
        }
        return result
    }

    /// The file bytes of samples `range` when they lie one after another (the samples of a chunk; one sample),
    /// else nil: a track's own pages are then left to the slowest reader's release.
    private func contiguousBytes(of range: Range<Int>) -> Range<Int>? {
        guard let first = range.first, let start = Int(exactly: table.offset(at: first)) else { return nil }
        var end = start
        for index in range {
            let (next, overflow) = end.addingReportingOverflow(Int(table.size(at: index)))
            guard Int(exactly: table.offset(at: index)) == end, !overflow else { return nil }
            end = next
        }
        return start..<end
    }

    /// References to the bytes of `range`, one per contiguous piece; a sample past the end of the file is an error
    /// naming the sample and its offset.
    private func referenceBuffer(_ range: Range<Int>) throws -> CMBlockBuffer {
        var pieces: [Range<Int>] = []
        for index in range {
            let offset = table.offset(at: index)
            let size = table.size(at: index)
            let (end, overflow) = offset.addingReportingOverflow(UInt64(size))
            guard !overflow, end <= UInt64(file.length), let start = Int(exactly: offset), let stop = Int(exactly: end) else {
                throw ReadingFailure(.mediaData, "sample \(index)'s \(size) bytes at offset \(offset) run past the end of the "
                                     + "file (\(file.length) bytes)", trackID: trackID)
            }
            guard stop > start else { continue }
            if let last = pieces.last, last.upperBound == start {
                pieces[pieces.count - 1] = last.lowerBound..<stop
            } else {
                pieces.append(start..<stop)
            }
        }
        let buffer = try CMBlockBuffer(capacity: max(1, pieces.count))
        for piece in pieces { try buffer.appendReference(to: file, range: piece) }
        return buffer
    }

    /// A copy of `buffer`'s bytes in a block of their own.
    private func copy(_ buffer: CMBlockBuffer) throws(ReadingFailure) -> CMBlockBuffer {
        let length = CMBlockBufferGetDataLength(buffer)
        var copy: CMBlockBuffer?
        var status = CMBlockBufferCreateWithMemoryBlock(allocator: nil, memoryBlock: nil, blockLength: max(1, length),
                                                        blockAllocator: nil, customBlockSource: nil, offsetToData: 0,
                                                        dataLength: length, flags: kCMBlockBufferAssureMemoryNowFlag,
                                                        blockBufferOut: &copy)
        if status == kCMBlockBufferNoErr, let copy, length > 0 {
            var pointer: UnsafeMutablePointer<CChar>?
            status = CMBlockBufferGetDataPointer(copy, atOffset: 0, lengthAtOffsetOut: nil, totalLengthOut: nil,
                                                 dataPointerOut: &pointer)
            if status == kCMBlockBufferNoErr, let pointer {
                status = CMBlockBufferCopyDataBytes(buffer, atOffset: 0, dataLength: length, destination: pointer)
            }
        }
        guard status == kCMBlockBufferNoErr, let copy else {
            throw ReadingFailure(.mediaData, "copying \(length) bytes of sample data failed (status \(status))",
                                 trackID: trackID)
        }
        return copy
    }
}
