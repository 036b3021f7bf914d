import CoreMedia
import MediaContainer

/// Sample bytes handed out as zero-copy block buffers over the mapped file.
extension MovieFileReader {
    /// The byte range of sample `index` of `track` in the file; a sample whose bytes lie (partly) past the end of
    /// the file is an error naming the track, sample and offset (a cut download, or a corrupt table).
    package func byteRange(of index: Int, in track: ContainerTrack) throws -> Range<Int> {
        try byteRange(of: index, in: try track.samples.table(), trackID: track.trackID)
    }

    /// A block buffer over the bytes of sample `index` of `track`, referring to the mapped file (no copy).
    package func blockBuffer(forSample index: Int, of track: ContainerTrack) throws -> CMBlockBuffer {
        try blockBuffer(forSamples: index..<(index + 1), of: track)
    }

    /// One block buffer over the bytes of samples `range` of `track`, in decode order, referring to the mapped file
    /// (no copy). Samples stored back to back (a chunk, a fragment run) become a single reference; a range that
    /// spans chunks gets one reference per contiguous piece.
    package func blockBuffer(forSamples range: Range<Int>, of track: ContainerTrack) throws -> CMBlockBuffer {
        let table = try track.samples.table()
        guard range.lowerBound >= 0, range.upperBound <= table.count else {
            throw MovieFileError(.invalidArgument, "samples \(range) requested; the track has \(table.count)",
                                 trackID: track.trackID, sampleIndex: range.lowerBound)
        }
        var pieces: [Range<Int>] = []
        pieces.reserveCapacity(1)
        for index in range {
            let bytes = try byteRange(of: index, in: table, trackID: track.trackID)
            guard !bytes.isEmpty else { continue }
            if let last = pieces.last, last.upperBound == bytes.lowerBound {
                pieces[pieces.count - 1] = last.lowerBound..<bytes.upperBound
            } else {
                pieces.append(bytes)
            }
        }
        let buffer = try CMBlockBuffer(capacity: pieces.count)
        for piece in pieces { try buffer.appendReference(to: file, range: piece) }
        return buffer
    }

    /// Whether every byte of sample `index` of `track` is in the file.
    package func isSampleInFile(_ index: Int, of track: ContainerTrack) throws -> Bool {
        let table = try track.samples.table()
        guard index >= 0, index < table.count else { return false }
        let end = table.offset(at: index).addingReportingOverflow(UInt64(table.size(at: index)))
        return !end.overflow && end.partialValue <= UInt64(file.length)
    }

    private func byteRange(of index: Int, in table: SampleTable, trackID: CMPersistentTrackID) throws(MovieFileError)
        -> Range<Int> {
        guard index >= 0, index < table.count else {
            throw MovieFileError(.invalidArgument, "sample \(index) requested; the track has \(table.count)", trackID: trackID,
                                 sampleIndex: index)
        }
        let offset = table.offset(at: index)
        let size = table.size(at: index)
        let (end, overflow) = offset.addingReportingOverflow(UInt64(size))
        guard !overflow, end <= UInt64(file.length), let start = Int(exactly: offset), let stop = Int(exactly: end) else {
            throw MovieFileError(.sampleOutsideFile, "the sample's \(size) bytes at offset \(offset) run past the end of "
                                 + "the file (\(file.length) bytes)", offset: Int64(clamping: offset), trackID: trackID,
                                 sampleIndex: index)
        }
        return start..<stop
    }
}
