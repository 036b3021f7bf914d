#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole file mapped into memory, so block buffers can refer to ranges of it without copying (for demuxers).
///
/// The file is opened read-only and mapped privately (copy-on-write): a write through a block buffer's data pointer
/// changes this process's view of the page and never the file, and cannot fault. The descriptor is closed at once;
/// the mapping lives until the last `MappedFile` or block buffer referring to it goes away.
///
/// Like any mapping, it assumes the file is not truncated by someone else while mapped: reading pages past a new end
/// raises SIGBUS, which no user-space check can prevent.
package final class MappedFile: @unchecked Sendable {
    /// The file that was mapped.
    package let url: URL
    /// The file's size in bytes when it was mapped.
    package let length: Int
    /// The mapping; nil for an empty file, which cannot be mapped. Immutable after `init`.
    let block: MemoryBlock?
    /// Gives back pages that streaming readers have left far behind (see `MappedFileResidency`).
    package let residency: MappedFileResidency

    /// Why a file could not be mapped.
    package struct Failure: Error, CustomStringConvertible {
        /// The file.
        package let path: String
        /// What failed.
        package let operation: String
        /// The system error number, if any.
        package let code: Int32

        /// A description for people.
        package var description: String {
            let reason = code == 0 ? "" : ": " + String(cString: strerror(code))
            return "cannot map \(path): \(operation) failed\(reason)"
        }
    }

    /// Maps the whole file at `url`.
    package init(url: URL) throws {
        self.url = url
        let path = url.path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(path: path, operation: "open", code: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(path: path, operation: "fstat", code: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(path: path, operation: "mapping a file that is not a regular file", code: 0)
        }
        guard let size = Int(exactly: status.st_size) else {
            throw Failure(path: path, operation: "reading the file size", code: 0)
        }
        length = size
        if size == 0 {
            block = nil
            residency = MappedFileResidency(base: nil, length: 0)
            return
        }
        let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, descriptor, 0)
        guard let address, address != MAP_FAILED else { throw Failure(path: path, operation: "mmap", code: errno) }
        // Readers stream through media files front to back: ask the kernel to read ahead aggressively.
        _ = madvise(address, size, MADV_SEQUENTIAL)
        block = MemoryBlock(supplied: address, length: size, provider: .mapping)
        residency = MappedFileResidency(base: address, length: size)
    }

    /// A block buffer over `range` of the file, sharing the mapping (no copy).
    package func makeBlockBuffer(range: Range<Int>) throws -> CMBlockBuffer {
        let buffer = CMBlockBuffer(subBlockCapacity: 1)
        try buffer.appendReference(to: self, range: range)
        return buffer
    }
}

extension CMBlockBuffer {
    /// Appends a reference to `range` of a mapped file, without copying; an out-of-range request throws
    /// `CMBlockBuffer.Error.badOffsetParameter` or `.badLengthParameter`.
    package func appendReference(to file: MappedFile, range: Range<Int>) throws {
        guard range.lowerBound >= 0, range.lowerBound <= file.length else {
            throw CMBlockBuffer.Error.badOffsetParameter
        }
        guard range.upperBound <= file.length else { throw CMBlockBuffer.Error.badLengthParameter }
        guard let block = file.block, !range.isEmpty else { throw CMBlockBuffer.Error.badLengthParameter }
        try checkBlockBufferStatus(appendExisting(block, offset: range.lowerBound, length: range.count))
    }
}
