import Foundation
import ISOBMFF
import MediaContainer

extension MovieWriter {
    /// The size the file would have if it were finished now (`OutputSizeProjection`), so a caller bound by a file size
    /// (an export's `fileLengthLimit`) can stop before it passes it. Builds the movie box, so it costs time in
    /// proportion to the samples written: ask when the limit is near, not per sample. Not available for fragmented
    /// movies, whose size grows fragment by fragment.
    package func sizeProjection() throws(ContainerWriterError) -> OutputSizeProjection {
        try withLock { () throws(ContainerWriterError) in
            try checkWritable()
            guard fragments == nil else {
                throw ContainerWriterError(.invalidState, "a fragmented movie has no single final size to project")
            }
            // Before writing starts, ftyp and the reserved mdat header are what the start writes; afterwards the
            // file's end includes them.
            var size = state.isConfiguring
                ? UInt64(fileType.fileTypeBox.byteCount + MediaDataBox.reservedHeaderSize) : (file?.position ?? 0)
            size += spool?.position ?? 0
            size += UInt64(bufferedBytes)
            // Every held chunk becomes one more chunk entry: at most one stsc entry (12 bytes) and one co64 offset (8).
            let heldChunks = tracks.reduce(0) { $0 + $1.waiting.count + ($1.pending == nil ? 0 : 1) }
            size += UInt64(heldChunks) * 20
            let builder = MovieBoxBuilder(fileType: fileType, options: options, tracks: tracks, metadata: movieMetadata)
            // Offsets past 4 GiB make every offset 64-bit: resolving each chunk there measures the larger table.
            let movie = try builder.build { _ in UInt64(UInt32.max) + 1 }
            // Room reserved for the movie box is already in the file's size: only what it cannot hold adds to it
            // (with 8 bytes for the `free` box that could be left over).
            let movieBytes = UInt64(movie.count)
            size += movieBoxReserve == 0 ? movieBytes : (movieBytes + 8 > movieBoxReserve ? movieBytes + 8 - movieBoxReserve : 0)
            let counts = tracks.map { track in
                OutputSizeProjection.Track(sampleCount: Int(track.table.sampleCount),
                                          byteCount: track.table.totalBytes)
            }
            return OutputSizeProjection(fileSize: size, tracks: counts)
        }
    }
}

extension MovieWriter {
    /// The samples each track has been given so far (LPCM counts frames), in the order the tracks were added: a
    /// cheap query (no movie box is built) that tells a caller which of its samples the writer has taken.
    package var trackSampleCounts: [Int] {
        withLock { tracks.map { Int($0.table.sampleCount) } }
    }
}

extension MovieWriter.State {
    /// True before writing starts.
    var isConfiguring: Bool {
        if case .configuring = self { return true }
        return false
    }
}

extension FileTypeBox {
    /// The box's size in bytes as the writer writes it.
    var byteCount: Int { 8 + 8 + 4 * compatibleBrands.count }
}
