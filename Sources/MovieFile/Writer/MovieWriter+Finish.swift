import Foundation
import ISOBMFF

extension MovieWriter {
    /// Completes the movie: writes every remaining chunk, then the movie box (after the media data, or before it
    /// with fast start), and closes the file. On failure the output and temporaries are removed and the error
    /// rethrown.
    package func finish() throws(MovieWriterError) {
        try withLock { () throws(MovieWriterError) in
            try checkWritable()
            if case .configuring = state { try startLocked() }
            try failing { () throws(MovieWriterError) in
                for track in tracks { track.isFinished = true }
                if fragments != nil {
                    try finishFragmentedMovie()
                } else {
                    for track in tracks { closePendingChunk(of: track) }
                    try writeDueChunks()
                    try finishMovie()
                }
                try file?.close()
                file = nil
                spool?.discard()
                spool = nil
                state = .finished
            }
        }
    }

    /// Lays out the finished file.
    ///
    /// As written: `ftyp`, the 16-byte `mdat` header reserve at H, the main media data from P = H + 16 to the end.
    /// Finished: `ftyp`, [`moov` with fast start], the `mdat` header, the spooled data placed before the main
    /// media data, the main media data, [`moov` without fast start]. The main data moves up by the spool's size plus,
    /// with fast start, the movie box's; the move runs from the end backwards in 4 MiB blocks, so it needs one
    /// block of memory and reads and writes the media data once.
    private func finishMovie() throws(MovieWriterError) {
        guard let file else { throw MovieWriterError(.invalidState, "internal: no output file") }
        try file.flush()
        let headerOffset = mediaDataHeaderOffset
        let payloadStart = headerOffset + UInt64(MediaDataBox.reservedHeaderSize)
        let mainSize = file.position - payloadStart
        let spoolSize = spool?.position ?? 0
        let fastStart = options.shouldOptimizeForNetworkUse
        let builder = MovieBoxBuilder(fileType: fileType, options: options, tracks: tracks, metadata: movieMetadata)

        // The movie box's size depends on the chunk offsets (stco or co64) and they on its size with fast start:
        // iterate until the size is stable (at most a few rounds: it only grows when offsets switch to co64).
        var movieSize: UInt64 = 0
        var movie: [UInt8] = []
        for _ in 0..<8 {
            let before = fastStart ? movieSize : 0
            let spoolBase = payloadStart + before
            let mainShift = before + spoolSize
            movie = try builder.build { location in
                switch location {
                case .main(let offset): offset + mainShift
                case .spool(let offset): spoolBase + offset
                case .external(let offset): offset
                }
            }
            if !fastStart || UInt64(movie.count) == movieSize { break }
            movieSize = UInt64(movie.count)
        }
        guard !fastStart || UInt64(movie.count) == movieSize else {
            throw MovieWriterError(.invalidState, "internal: the movie box size did not settle")
        }
        let movieBefore = fastStart ? UInt64(movie.count) : 0
        let shift = movieBefore + spoolSize
        if shift > 0 { try moveUp(file, from: payloadStart, count: mainSize, by: shift) }
        if let spool, spoolSize > 0 { try copy(spool, count: spoolSize, to: file, at: payloadStart + movieBefore) }
        let header = MediaDataBox.header(payloadSize: spoolSize + mainSize)
        try file.overwrite(header, at: headerOffset + movieBefore)
        if fastStart {
            try file.overwrite(movie, at: headerOffset)
        } else {
            try file.write(movie)
        }
    }

    /// Moves `count` bytes at `start` up by `shift` bytes, last block first so nothing is overwritten before it is
    /// read.
    private func moveUp(_ file: MovieOutputFile, from start: UInt64, count: UInt64, by shift: UInt64)
        throws(MovieWriterError) {
        let blockSize = MovieWriterLimits.relocationBlockSize
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize, alignment: 16)
        defer { buffer.deallocate() }
        var end = start + count
        while end > start {
            let length = Int(min(UInt64(blockSize), end - start))
            let blockStart = end - UInt64(length)
            let block = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<length])
            try file.read(into: block, at: blockStart)
            try file.write(UnsafeRawBufferPointer(block), at: blockStart + shift)
            end = blockStart
        }
    }

    /// Copies the first `count` bytes of `source` into `destination` at `offset`.
    private func copy(_ source: MovieOutputFile, count: UInt64, to destination: MovieOutputFile, at offset: UInt64)
        throws(MovieWriterError) {
        let blockSize = MovieWriterLimits.relocationBlockSize
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize, alignment: 16)
        defer { buffer.deallocate() }
        var done: UInt64 = 0
        while done < count {
            let length = Int(min(UInt64(blockSize), count - done))
            let block = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<length])
            try source.read(into: block, at: done)
            try destination.write(UnsafeRawBufferPointer(block), at: offset + done)
            done += UInt64(length)
        }
    }
}
