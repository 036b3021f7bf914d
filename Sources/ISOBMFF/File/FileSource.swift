import Foundation

/// A file read with positioned reads (`pread`), so that any number of threads can read it at once without a shared
/// file position. The size is taken when the file is opened.
// Safe because immutable after `init`; reads are positioned (`pread`), so no file position is shared.
package final class FileSource: RandomAccessSource, @unchecked Sendable {
    // Unchecked: the descriptor and size are immutable after init, and pread(2) is thread-safe.

    /// An I/O failure: which file, which call, what the system said.
    package struct Failure: Error, CustomStringConvertible {
        /// The file.
        package var path: String
        /// What was attempted and what the system said.
        package var message: String
        package var description: String { "\(path): \(message)" }
    }

    private let descriptor: Int32
    /// The file's path.
    package let path: String
    package let size: Int64

    /// Opens `url` for reading.
    package init(url: URL) throws {
        path = url.path
        descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(path: url.path, message: "open failed: \(Self.systemMessage())") }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let message = Self.systemMessage()
            close(descriptor)
            throw Failure(path: url.path, message: "fstat failed: \(message)")
        }
        size = Int64(status.st_size)
    }

    deinit { close(descriptor) }

    package func read(at offset: Int64, count: Int) throws -> [UInt8] {
        guard offset >= 0, count > 0, offset < size else { return [] }
        let wanted = Int(min(Int64(count), size - offset))
        var bytes = [UInt8](repeating: 0, count: wanted)
        var done = 0
        while done < wanted {
            let result = bytes.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress! + done, wanted - done, off_t(offset + Int64(done)))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, message: "read of \(wanted) bytes at \(offset) failed: \(Self.systemMessage())")
            }
            if result == 0 { break }  // The file shrank since it was opened.
            done += result
        }
        return done == wanted ? bytes : Array(bytes.prefix(done))
    }

    private static func systemMessage() -> String { String(cString: strerror(errno)) }
}
