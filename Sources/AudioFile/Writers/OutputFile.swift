#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// A new file written front to back through a buffer, with headers patched in place at the end. It is created with
/// `O_EXCL`, so an existing file is never overwritten; every failed system call is reported with its `errno` text.
/// Not thread-safe: the writer that owns it serialises access.
final class OutputFile {
    /// The file.
    let url: URL
    /// The format, for errors.
    private let format: String
    /// The descriptor; -1 once closed.
    private var descriptor: Int32
    /// Bytes not yet written.
    private var buffer: [UInt8] = []
    /// Bytes written or buffered so far: the file's length once flushed.
    private(set) var length: UInt64 = 0
    /// Bytes appended to the file itself (not buffered).
    private var appended: UInt64 = 0
    /// Test seam: the write that would take the file past this many bytes fails with this error number, as a full
    /// disk would (`ENOSPC`); nothing else changes. `nil` in real use.
    private let failure: (limit: UInt64, errno: Int32)?

    /// Creates the file at `url`, which must not exist.
    init(creating url: URL, format: String, simulatedFailure: (limit: UInt64, errno: Int32)? = nil) throws(AudioFileError) {
        self.url = url
        self.format = format
        self.failure = simulatedFailure
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            throw AudioFileError.io(code, format: format, "cannot create \(url.path)"
                                        + (code == EEXIST ? " (it exists; audio file writers never overwrite)" : ""))
        }
        self.descriptor = descriptor
        buffer.reserveCapacity(AudioFileLimits.writeBufferBytes)
    }

    deinit { if descriptor >= 0 { _ = Glibc.close(descriptor) } }

    /// Appends `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) throws(AudioFileError) {
        guard !bytes.isEmpty else { return }
        if buffer.count + bytes.count > AudioFileLimits.writeBufferBytes { try flush() }
        if bytes.count >= AudioFileLimits.writeBufferBytes {
            // Large appends go straight to the file instead of through the buffer.
            try writeAll(bytes, at: nil)
        } else {
            buffer.append(contentsOf: bytes)
        }
        length += UInt64(bytes.count)
    }

    /// Appends `bytes`.
    func write(_ bytes: [UInt8]) throws(AudioFileError) {
        try bytes.withUnsafeBytes { raw in Result { () throws(AudioFileError) in try write(raw) } }.get()
    }

    /// Writes the buffered bytes.
    func flush() throws(AudioFileError) {
        guard !buffer.isEmpty else { return }
        let pending = buffer
        buffer.removeAll(keepingCapacity: true)
        try pending.withUnsafeBytes { raw in Result { () throws(AudioFileError) in try writeAll(raw, at: nil) } }.get()
    }

    /// Overwrites `bytes` at `offset`, which must lie in what has been written.
    func patch(_ bytes: [UInt8], at offset: UInt64) throws(AudioFileError) {
        try flush()
        try bytes.withUnsafeBytes { raw in Result { () throws(AudioFileError) in try writeAll(raw, at: offset) } }.get()
    }

    /// Flushes and closes; a failing `close` (delayed write errors on some file systems) is reported.
    func close() throws(AudioFileError) {
        try flush()
        let result = Glibc.close(descriptor)
        descriptor = -1
        guard result == 0 else { throw AudioFileError.io(errno, format: format, "closing \(url.path) failed") }
    }

    /// Closes (ignoring errors) and removes the file.
    func remove() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
        buffer.removeAll()
        _ = unlink(url.path)
    }

    /// Writes all of `bytes` at the current end (`offset == nil`) or at `offset`, retrying short writes and `EINTR`.
    private func writeAll(_ bytes: UnsafeRawBufferPointer, at offset: UInt64?) throws(AudioFileError) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            var chunk = bytes.count - done
            if let failure, offset == nil, appended + UInt64(chunk) > failure.limit {
                // A full disk accepts what fits, then refuses.
                chunk = Int(failure.limit > appended ? failure.limit - appended : 0)
                if chunk == 0 { throw AudioFileError.io(failure.errno, format: format, "writing \(url.path) failed") }
            }
            let written: Int
            if let offset {
                written = pwrite(descriptor, base + done, chunk, off_t(offset) + off_t(done))
            } else {
                written = Glibc.write(descriptor, base + done, chunk)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw AudioFileError.io(errno, format: format, "writing \(url.path) failed")
            }
            done += written
            if offset == nil { appended += UInt64(written) }
        }
    }
}
