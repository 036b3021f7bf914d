import Foundation
import ISOBMFF
import MediaContainer

extension MovieWriter {
    /// Completes the movie: writes every remaining chunk, then the movie box (after the media data, or before it
    /// with fast start), and closes the file. On failure the output and temporaries are removed and the error
    /// rethrown.
    package func finish() throws(ContainerWriterError) {
        try withLock { () throws(ContainerWriterError) in
            try checkWritable()
            if case .configuring = state { try startLocked() }
            try failing { () throws(ContainerWriterError) in
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
    /// As written: `ftyp`, [with a reservation, a `free` box of R bytes at M], the 16-byte `mdat` header reserve at
    /// H = M + R, the main media data from P = H + 16 to the end. Finished: `ftyp`, [`moov` at M with fast start,
    /// then a `free` box for any room it leaves], the `mdat` header at H', the spooled data placed before the main
    /// media data, the main media data, [`moov` without fast start]. H' is H when the movie box fits the room
    /// (exactly, or with at least 8 bytes to spare for the `free` header), else M + the box's size (+ 8 when the
    /// box would leave less than a `free` header's room). The main data moves up by H' − H plus the spool's size;
    /// the move runs from the end backwards in 4 MiB blocks, so it needs one block of memory and reads and writes
    /// the media data once. With a fitting reservation and no spool nothing moves.
    private func finishMovie() throws(ContainerWriterError) {
        guard let file else { throw ContainerWriterError(.invalidState, "internal: no output file") }
        try file.flush()
        let headerOffset = mediaDataHeaderOffset
        let payloadStart = headerOffset + UInt64(MediaDataBox.reservedHeaderSize)
        let mainSize = file.position - payloadStart
        let spoolSize = spool?.position ?? 0
        let fastStart = options.shouldOptimizeForNetworkUse
        let movieStart = headerOffset - movieBoxReserve
        let builder = MovieBoxBuilder(fileType: fileType, options: options, tracks: tracks, metadata: movieMetadata)

        // Where the mdat header ends up with fast start, for a movie box of `size` bytes.
        func finalHeaderOffset(movieSize size: UInt64) -> UInt64 {
            let movieEnd = movieStart + size
            if movieEnd == headerOffset || movieEnd + 8 <= headerOffset { return headerOffset }
            return movieEnd > headerOffset ? movieEnd : movieEnd + 8
        }

        // The movie box's size depends on the chunk offsets (stco or co64) and they on its size with fast start:
        // iterate until the size is stable (at most a few rounds: it only grows when offsets switch to co64).
        var movieSize: UInt64 = 0
        var movie: [UInt8] = []
        for _ in 0..<8 {
            let header = fastStart ? finalHeaderOffset(movieSize: movieSize) : headerOffset
            let spoolBase = header + UInt64(MediaDataBox.reservedHeaderSize)
            let mainShift = header - headerOffset + spoolSize
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
            throw ContainerWriterError(.invalidState, "internal: the movie box size did not settle")
        }
        let finalHeader = fastStart ? finalHeaderOffset(movieSize: movieSize) : headerOffset
        let shift = finalHeader - headerOffset + spoolSize
        if shift > 0 { try moveUp(file, from: payloadStart, count: mainSize, by: shift) }
        let finalPayload = finalHeader + UInt64(MediaDataBox.reservedHeaderSize)
        if let spool, spoolSize > 0 { try copy(spool, count: spoolSize, to: file, at: finalPayload) }
        let header = MediaDataBox.header(payloadSize: spoolSize + mainSize)
        try file.overwrite(header, at: finalHeader)
        if fastStart {
            let room = finalHeader - movieStart - movieSize
            try file.overwrite(room > 0 ? movie + Self.freeBox(size: Int(room)) : movie, at: movieStart)
        } else {
            try file.write(movie)
        }
    }

    /// Moves `count` bytes at `start` up by `shift` bytes, last block first so nothing is overwritten before it is
    /// read.
    private func moveUp(_ file: OutputFile, from start: UInt64, count: UInt64, by shift: UInt64)
        throws(ContainerWriterError) {
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
    private func copy(_ source: OutputFile, count: UInt64, to destination: OutputFile, at offset: UInt64)
        throws(ContainerWriterError) {
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
