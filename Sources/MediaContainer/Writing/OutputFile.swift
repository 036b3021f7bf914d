import CoreMedia
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A file a container writer creates and owns, the one place output files are opened: created with `O_EXCL` (an
/// existing file is never touched), written through a buffer so that small samples cost no system call each,
/// patched in place with `pwrite`, and removed on failure. The same buffered writing serves client storage
/// (`OutputFileStorage`, patchable too) and a descriptor that only appends (a pipe: `init(appendingTo:name:)`), which
/// is not patchable (`OutputSink.isPatchable`).
/// Large gathered writes (whole chunks) go out on a background lane, so the kernel's copy of one chunk overlaps
/// with the caller preparing the next; every other operation first waits for that lane, so the file is always
/// written in call order.
///
/// Not thread safe: the writer that owns it (the movie writer, an audio-file writer) serialises all access under its
/// lock. Every failing call throws a `ContainerWriterError` carrying errno's text; ENOSPC/EDQUOT/EFBIG are
/// `.diskFull`.
package final class OutputFile: OutputSink {
    /// A full disk, simulated for tests: a write that would take the file past `limit` bytes writes what fits, then
    /// fails with `errno` as the kernel would.
    package struct SimulatedFailure: Sendable {
        package var limit: UInt64
        package var errno: Int32

        package init(limit: UInt64, errno: Int32) {
            self.limit = limit
            self.errno = errno
        }
    }

    /// Where the file is.
    package let path: String
    private var descriptor: Int32
    /// The write buffer; `spare` is its twin, swapped in while a background write still reads the other.
    private var buffer: UnsafeMutableRawPointer
    private var spare: UnsafeMutableRawPointer?
    private let capacity: Int
    private let lane = WriteBehindLane()
    private var buffered = 0
    /// Where the buffered bytes go: everything before it has been handed to the kernel. All writes to a file use
    /// `pwrite` at explicit offsets, so the descriptor's own offset never matters; a pipe has none, and takes
    /// `write` in call order.
    private var flushedEnd: UInt64 = 0
    /// The logical end of the file: bytes written plus bytes still buffered.
    package private(set) var position: UInt64
    /// Test seam; `nil` in real use.
    private let simulatedFailure: SimulatedFailure?
    /// Storage the client provides, which takes every write instead of `descriptor` (then -1); open while
    /// `storageIsOpen`.
    private let storage: (any OutputFileStorage)?
    private var storageIsOpen = false
    /// True for a descriptor that only appends (a pipe): written with `write(2)` in order, never patched or removed.
    private let appendsOnly: Bool

    /// Whether written bytes can be overwritten, read back and cut off: not on a pipe.
    package var isPatchable: Bool { !appendsOnly }

    /// Creates `url` for reading and writing; throws `.outputExists` if anything is already there.
    package init(creating url: URL, bufferSize: Int = OutputFileLimits.writeBufferSize,
                 simulatedFailure: SimulatedFailure? = nil) throws(ContainerWriterError) {
        path = url.path
        self.simulatedFailure = simulatedFailure
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let number = errno
            if number == EEXIST {
                throw ContainerWriterError(.outputExists, "the output file '\(path)' already exists; the writer never "
                                       + "overwrites a file (remove it first)", posixErrorCode: number, path: path)
            }
            throw ContainerWriterError.posix("creating", path: path, errno: number)
        }
        descriptor = fd
        capacity = max(4096, bufferSize)
        buffer = .allocate(byteCount: capacity, alignment: 16)
        position = 0
        storage = nil
        appendsOnly = false
    }

    /// An output over `descriptor`, which only appends (a pipe, a FIFO, a socket, standard output), named `name` in
    /// messages: bytes go out once, in order, with `write(2)`, and nothing can be overwritten, read back or cut off.
    /// Takes ownership of the descriptor (`close()` and `discard()` close it); nothing is removed on failure. A reader
    /// that closes its end fails the next write with EPIPE, never kills the process (`BrokenPipe`).
    package init(appendingTo descriptor: Int32, name: String, bufferSize: Int = OutputFileLimits.writeBufferSize) {
        path = name
        simulatedFailure = nil
        self.descriptor = descriptor
        capacity = max(4096, bufferSize)
        buffer = .allocate(byteCount: capacity, alignment: 16)
        position = 0
        storage = nil
        appendsOnly = true
    }

    /// An output over `storage`, which starts empty, named `name` in messages: written as a created file is, with
    /// nothing created or removed on disk. Writes go to the storage on the calling thread.
    package init(storage: any OutputFileStorage, name: String, bufferSize: Int = OutputFileLimits.writeBufferSize) {
        path = name
        simulatedFailure = nil
        descriptor = -1
        capacity = max(4096, bufferSize)
        buffer = .allocate(byteCount: capacity, alignment: 16)
        position = 0
        self.storage = storage
        storageIsOpen = true
        appendsOnly = false
    }

    deinit {
        lane.quiesce()
        if descriptor >= 0 { Glibc.close(descriptor) }
        buffer.deallocate()
        spare?.deallocate()
    }

    // MARK: Appending

    /// Appends `bytes`.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(ContainerWriterError) {
        guard bytes.count > 0, let base = bytes.baseAddress else { return }
        if bytes.count >= capacity {
            // Large payloads (video frames) go straight to the kernel, after what is buffered.
            try flush()
            try writeFully(base, count: bytes.count, at: flushedEnd)
            flushedEnd += UInt64(bytes.count)
        } else {
            if buffered + bytes.count > capacity { try flush() }
            (buffer + buffered).copyMemory(from: base, byteCount: bytes.count)
            buffered += bytes.count
        }
        position += UInt64(bytes.count)
    }

    /// Calls `body` with the bytes of `bytes`, keeping the typed error (`withUnsafeBytes` only rethrows untyped).
    private static func withBytes(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(ContainerWriterError) -> Void)
        throws(ContainerWriterError) {
        var failure: ContainerWriterError?
        bytes.withUnsafeBytes { raw in
            do throws(ContainerWriterError) { try body(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Appends every byte of `blockBuffer`, one contiguous piece at a time (no intermediate copy of the whole).
    package func write(_ blockBuffer: CMBlockBuffer) throws(ContainerWriterError) {
        try Self.forEachPiece(of: blockBuffer) { (piece) throws(ContainerWriterError) in try write(piece) }
    }

    /// Calls `body` with each contiguous piece of `blockBuffer`'s bytes, in order.
    private static func forEachPiece(of blockBuffer: CMBlockBuffer,
                                     _ body: (UnsafeRawBufferPointer) throws(ContainerWriterError) -> Void)
        throws(ContainerWriterError) {
        let total = CMBlockBufferGetDataLength(blockBuffer)
        var offset = 0
        while offset < total {
            var length = 0
            var pointer: UnsafeMutablePointer<CChar>?
            let status = CMBlockBufferGetDataPointer(blockBuffer, atOffset: offset, lengthAtOffsetOut: &length,
                                                     totalLengthOut: nil, dataPointerOut: &pointer)
            guard status == kCMBlockBufferNoErr, let pointer, length > 0 else {
                throw ContainerWriterError(.invalidArgument, "a sample's block buffer could not be read at offset "
                                       + "\(offset) of \(total) (status \(status))")
            }
            let piece = min(length, total - offset)
            try body(UnsafeRawBufferPointer(start: UnsafeRawPointer(pointer), count: piece))
            offset += piece
        }
    }

    /// Appends every byte of `blockBuffers`, in order. A run of at least `gatherThreshold` bytes goes to the kernel
    /// in one gathered write, after what is buffered, straight from the buffers' memory (for a passthrough remux,
    /// the mapped source file): the bytes are copied once, by the kernel, instead of twice. That write runs on the
    /// background lane, holding `blockBuffers` (and the write buffer, swapped for its spare) until it is done; its
    /// failure is thrown by the next call that touches the file.
    package func write(gathering blockBuffers: [CMBlockBuffer]) throws(ContainerWriterError) {
        let total = blockBuffers.reduce(0) { $0 + CMBlockBufferGetDataLength($1) }
        // Storage has no gathered write and no background lane: its writes stay on the caller's thread.
        guard total >= OutputFileLimits.gatherThreshold, storage == nil else {
            for blockBuffer in blockBuffers { try write(blockBuffer) }
            return
        }
        var pieces: [iovec] = []
        pieces.reserveCapacity(blockBuffers.count + 1)
        if buffered > 0 { pieces.append(iovec(iov_base: buffer, iov_len: buffered)) }
        for blockBuffer in blockBuffers {
            try Self.forEachPiece(of: blockBuffer) { (piece) throws(ContainerWriterError) in
                pieces.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: piece.baseAddress), iov_len: piece.count))
            }
        }
        let count = buffered + total
        guard descriptor >= 0 else { throw closedError }
        if let simulatedFailure, flushedEnd + UInt64(count) > simulatedFailure.limit {
            // The simulated full disk refuses the whole gathered write: enough for the writers' failure paths.
            throw ContainerWriterError.posix("writing", path: path, errno: simulatedFailure.errno)
        }
        let (fd, path, offset, appending) = (descriptor, path, flushedEnd, appendsOnly)
        try lane.submit(WriteBehindLane.Job { [pieces] () throws(ContainerWriterError) in
            var pieces = pieces
            try withExtendedLifetime(blockBuffers) { () throws(ContainerWriterError) in
                try Self.writeGathered(&pieces, count: count, at: appending ? nil : offset, to: fd, path: path)
            }
        })
        // The lane's job may read the write buffer: carry on in the spare (free: `submit` waited for the job that
        // used it).
        if buffered > 0 {
            let next = spare ?? .allocate(byteCount: capacity, alignment: 16)
            spare = buffer
            buffer = next
            buffered = 0
        }
        flushedEnd += UInt64(count)
        position += UInt64(total)
    }

    /// Hands buffered bytes to the kernel. After it returns they survive the process being killed.
    package func flush() throws(ContainerWriterError) {
        guard buffered > 0 else { return }
        let count = buffered
        buffered = 0
        try writeFully(buffer, count: count, at: flushedEnd)
        flushedEnd += UInt64(count)
    }

    // MARK: Random access

    /// Overwrites bytes at `offset`, which must lie in what has been written; buffered bytes are flushed first.
    package func overwrite(_ bytes: [UInt8], at offset: UInt64) throws(ContainerWriterError) {
        guard !appendsOnly else { throw notPatchable("an overwrite of '\(path)'") }
        guard offset + UInt64(bytes.count) <= position else {
            throw ContainerWriterError(.invalidState, "internal: patch of \(bytes.count) bytes at \(offset) is past the "
                                   + "end of the file (\(position))")
        }
        try flush()
        try Self.withBytes(bytes) { (raw) throws(ContainerWriterError) in
            guard let base = raw.baseAddress else { return }
            try writeFully(base, count: raw.count, at: offset)
        }
    }

    /// Writes `bytes` at `offset`, possibly past the current end (used when media data is moved up).
    package func write(_ bytes: UnsafeRawBufferPointer, at offset: UInt64) throws(ContainerWriterError) {
        guard !appendsOnly else { throw notPatchable("a write at an offset of '\(path)'") }
        try flush()
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        try writeFully(base, count: bytes.count, at: offset)
        position = max(position, offset + UInt64(bytes.count))
        flushedEnd = position
    }

    /// Reads exactly `destination.count` bytes at `offset`.
    package func read(into destination: UnsafeMutableRawBufferPointer, at offset: UInt64) throws(ContainerWriterError) {
        guard !appendsOnly else { throw notPatchable("a read of '\(path)'") }
        try flush()
        try lane.settle()
        if let storage {
            guard storageIsOpen else { throw closedError }
            try storage.read(into: destination, at: offset)
            return
        }
        guard let base = destination.baseAddress else { return }
        var done = 0
        while done < destination.count {
            let result = pread(descriptor, base + done, destination.count - done, off_t(offset) + off_t(done))
            if result < 0 {
                if errno == EINTR { continue }
                throw ContainerWriterError.posix("reading", path: path, errno: errno)
            }
            if result == 0 {
                throw ContainerWriterError(.fileSystem, "reading '\(path)' at \(offset + UInt64(done)) found the end of "
                                       + "the file", path: path)
            }
            done += result
        }
    }

    /// Flushes, then cuts the file to `length` bytes.
    package func truncate(to length: UInt64) throws(ContainerWriterError) {
        guard !appendsOnly else { throw notPatchable("truncating '\(path)'") }
        try flush()
        try lane.settle()
        if let storage {
            guard storageIsOpen else { throw closedError }
            try storage.setSize(length)
        } else if ftruncate(descriptor, off_t(length)) != 0 {
            throw ContainerWriterError.posix("truncating", path: path, errno: errno)
        }
        position = length
        flushedEnd = length
    }

    /// Flushes and closes; the file stays. A failing `close` (a delayed write error on a network file system) is
    /// reported.
    package func close() throws(ContainerWriterError) {
        do throws(ContainerWriterError) {
            try flush()
            try lane.settle()
        } catch {
            closeDescriptor()
            throw error
        }
        storageIsOpen = false
        guard descriptor >= 0 else { return }
        let result = Glibc.close(descriptor)
        descriptor = -1
        if result != 0 { throw ContainerWriterError.posix("closing", path: path, errno: errno) }
    }

    /// Closes (dropping anything buffered) and removes the file. Used on failure and cancellation. Storage is left
    /// as it is: what to do with it is its owner's choice; a pipe is closed, so its reader sees the end.
    package func discard() {
        buffered = 0
        lane.quiesce()
        closeDescriptor()
        if storage != nil {
            storageIsOpen = false
            return
        }
        if !appendsOnly { unlink(path) }
    }

    private func closeDescriptor() {
        if descriptor >= 0 {
            Glibc.close(descriptor)
            descriptor = -1
        }
    }

    private var closedError: ContainerWriterError {
        ContainerWriterError(.invalidState, "the output file '\(path)' is already closed", path: path)
    }

    /// Linux's IOV_MAX (UIO_MAXIOV), which Glibc's Swift module does not export.
    private static let maximumPiecesPerWrite = 1024

    /// `pwritev` of every byte `pieces` describe (`count` in all) to `descriptor` at `offset` (`writev` where it
    /// ends when `offset` is `nil`: a pipe), in batches the kernel accepts, resuming after short writes. `pieces` is
    /// consumed. Static: it runs on the background lane.
    private static func writeGathered(_ pieces: inout [iovec], count: Int, at offset: UInt64?, to descriptor: Int32,
                                      path: String) throws(ContainerWriterError) {
        var done = 0
        var first = 0
        while done < count, first < pieces.count {
            let batch = min(pieces.count - first, Self.maximumPiecesPerWrite)
            let (result, number) = pieces.withUnsafeBufferPointer { all in
                guard let offset else {
                    return BrokenPipe.withoutSignal { writev(descriptor, all.baseAddress! + first, Int32(batch)) }
                }
                let result = pwritev(descriptor, all.baseAddress! + first, Int32(batch), off_t(offset) + off_t(done))
                return (result, errno)
            }
            if result < 0 {
                if number == EINTR { continue }
                throw ContainerWriterError.posix("writing", path: path, errno: number)
            }
            if result == 0 { throw ContainerWriterError.posix("writing", path: path, errno: ENOSPC) }
            done += result
            // Skip the pieces written whole; trim the one written in part.
            var written = result
            while written > 0, first < pieces.count {
                if written >= pieces[first].iov_len {
                    written -= pieces[first].iov_len
                    first += 1
                } else {
                    pieces[first].iov_base = pieces[first].iov_base! + written
                    pieces[first].iov_len -= written
                    written = 0
                }
            }
        }
        if done < count {
            throw ContainerWriterError(.invalidState, "internal: \(count - done) bytes of a gathered write were not written")
        }
    }

    /// Writes `count` bytes at `offset`, retrying short writes and EINTR, after the background lane's write.
    private func writeFully(_ base: UnsafeRawPointer, count: Int, at offset: UInt64) throws(ContainerWriterError) {
        if let storage {
            guard storageIsOpen else { throw closedError }
            try storage.write(UnsafeRawBufferPointer(start: base, count: count), at: offset)
            return
        }
        guard descriptor >= 0 else { throw closedError }
        try lane.settle()
        var count = count
        var refusal: Int32?
        if let simulatedFailure, offset + UInt64(count) > simulatedFailure.limit {
            // A full disk takes what fits, then refuses.
            count = Int(simulatedFailure.limit > offset ? simulatedFailure.limit - offset : 0)
            refusal = simulatedFailure.errno
        }
        var done = 0
        while done < count {
            let (result, number) = appendsOnly
                ? BrokenPipe.withoutSignal { Glibc.write(descriptor, base + done, count - done) }
                : (pwrite(descriptor, base + done, count - done, off_t(offset) + off_t(done)), errno)
            if result < 0 {
                if number == EINTR { continue }
                throw ContainerWriterError.posix("writing", path: path, errno: number)
            }
            if result == 0 { throw ContainerWriterError.posix("writing", path: path, errno: ENOSPC) }
            done += result
        }
        if let refusal { throw ContainerWriterError.posix("writing", path: path, errno: refusal) }
    }
}
