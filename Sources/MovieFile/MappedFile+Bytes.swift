import CoreMedia
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension MappedFile {
    /// A mapping of `bytes`, for opening a movie held in memory (tests, the fuzz target).
    ///
    /// `MappedFile` maps files, so the bytes go to an unnamed file first: created with `mkstemp` in `/dev/shm` (memory
    /// backed) or the temporary directory, unlinked as soon as it is mapped. The mapping keeps the pages alive; nothing
    /// is left on disk.
    package static func mapping(bytes: [UInt8]) throws(MovieFileError) -> MappedFile {
        var lastError: Int32 = 0
        for directory in ["/dev/shm", FileManager.default.temporaryDirectory.path] {
            // mkstemp replaces the template's last six characters, which must be "X".
            var template = Array((directory + "/moviefile-" + String(repeating: "X", count: 6)).utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else {
                lastError = errno
                continue
            }
            let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            defer {
                close(descriptor)
                unlink(path)
            }
            var written = 0
            while written < bytes.count {
                let result = bytes.withUnsafeBytes { raw in write(descriptor, raw.baseAddress! + written, bytes.count - written) }
                if result < 0, errno == EINTR { continue }
                guard result > 0 else {
                    throw MovieFileError(.unreadable, "cannot write the in-memory movie to \(path): "
                                         + String(cString: strerror(errno)))
                }
                written += result
            }
            do {
                return try MappedFile(url: URL(fileURLWithPath: path))
            } catch {
                throw MovieFileError(.unreadable, "cannot map the in-memory movie: \(error)", underlying: error)
            }
        }
        throw MovieFileError(.unreadable, "cannot create a temporary file for the in-memory movie: "
                             + String(cString: strerror(lastError)))
    }
}
