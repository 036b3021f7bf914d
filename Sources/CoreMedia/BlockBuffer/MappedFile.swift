internal import CMappingGuard
import Synchronization
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
/// changes this process's view of the page and never the file, and cannot fault. The mapping lives until the last
/// `MappedFile` or block buffer referring to it goes away; the descriptor, kept for `truncation()`, until this object
/// goes.
///
/// A file truncated by another process while mapped would raise SIGBUS when a page past its new end is read. The
/// mapping is guarded (`CMappingGuard`): such a page reads as zeros instead and the fault is counted, and readers
/// ask `truncation()` after taking bytes, so the read fails with an error and the process lives. Positioned reads and
/// `copy_file_range` would avoid the mapping but not its cost: copying 611 MB in 1 MiB chunks took 0.51 s with
/// `pwritev` from the mapping, 0.44 s with `pread` + `pwrite` and 0.46 s with `copy_file_range` (medians of 7
/// alternating runs, same machine), while the zero-copy block buffers every reader output is built on would have
/// to become copies; the guard keeps them.
// Safe because immutable after `init` (the mapping never moves); the one counter is an `Atomic`.
package final class MappedFile: @unchecked Sendable {
    /// The file that was mapped.
    package let url: URL
    /// The file's size in bytes when it was mapped.
    package let length: Int
    /// The mapping; nil for an empty file, which cannot be mapped. Immutable after `init`.
    let block: MemoryBlock?
    /// Gives back pages that streaming readers have left far behind (see `MappedFileResidency`).
    package let residency: MappedFileResidency
    /// Whether the bytes were filled in from elsewhere (`init(url:length:fill:)`): no file at `url` holds them.
    package let isInMemory: Bool
    /// The open file, for `truncation()`; -1 for an empty file.
    private let descriptor: Int32
    /// The mapping's slot in the SIGBUS guard, or -1.
    private let guardSlot: Int32
    /// Calls of `truncation()`, which asks the system for the file's size on every 16th only.
    private let truncationChecks = Atomic<Int>(0)

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
        isInMemory = false
        let path = url.path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(path: path, operation: "open", code: errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(path: path, operation: "fstat", code: code)
        }
        guard status.st_mode & S_IFMT == S_IFREG, let size = Int(exactly: status.st_size) else {
            close(descriptor)
            throw Failure(path: path, operation: status.st_mode & S_IFMT == S_IFREG ? "reading the file size"
                          : "mapping a file that is not a regular file", code: 0)
        }
        length = size
        if size == 0 {
            close(descriptor)
            self.descriptor = -1
            guardSlot = -1
            block = nil
            residency = MappedFileResidency(base: nil, length: 0)
            return
        }
        let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, descriptor, 0)
        guard let address, address != MAP_FAILED else {
            let code = errno
            close(descriptor)
            throw Failure(path: path, operation: "mmap", code: code)
        }
        // Readers stream through media files front to back: ask the kernel to read ahead aggressively.
        _ = madvise(address, size, MADV_SEQUENTIAL)
        _ = cmg_install()
        let slot = Int32(cmg_register(address, size))
        self.descriptor = descriptor
        guardSlot = slot
        block = MemoryBlock(supplied: address, length: size, provider: .mapping(guardSlot: slot))
        residency = MappedFileResidency(base: address, length: size)
    }

    /// A file whose bytes come from somewhere other than the file system (AudioFile's client callbacks): an
    /// anonymous private mapping of `length` bytes, which `fill` writes once, named by `url` in messages. Readers
    /// take it as they take a mapped file; nothing can truncate it. Its pages are the bytes' only copy, so they are
    /// never given back (`MADV_DONTNEED` would zero them): the residency does nothing.
    package init(url: URL, length: Int, fill: (UnsafeMutableRawBufferPointer) throws -> Void) throws {
        self.url = url
        self.length = length
        isInMemory = true
        descriptor = -1
        guardSlot = -1
        residency = MappedFileResidency(base: nil, length: 0)
        guard length > 0 else {
            block = nil
            return
        }
        let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let address, address != MAP_FAILED else {
            throw Failure(path: url.path, operation: "mmap", code: errno)
        }
        do {
            try fill(UnsafeMutableRawBufferPointer(start: address, count: length))
        } catch {
            munmap(address, length)
            throw error
        }
        block = MemoryBlock(supplied: address, length: length, provider: .mapping(guardSlot: -1))
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Why the mapped bytes can no longer be trusted, or nil while the file is as it was mapped: it is now shorter
    /// than when it was mapped (another process truncated it), or pages of it faulted and read as zeros. A reader
    /// asks after taking bytes and fails that read with this reason.
    ///
    /// Cheap enough for every read: the fault count is one atomic load, and the size is asked for (`fstat`, a system
    /// call) on every 16th call, so that a passthrough remux of a 600 s movie pays about a thousand of them. A
    /// truncation between size checks still fails the read once a vanished page is touched, or the write that
    /// copies from it (the kernel answers EFAULT).
    /// `checkingSize` asks for the size whatever the count (a reader's last word on bytes it handed out unread).
    package func truncation(checkingSize: Bool = false) -> String? {
        guard descriptor >= 0 else { return nil }
        var status = stat()
        if truncationChecks.add(1, ordering: .relaxed).oldValue % 16 == 0 || checkingSize,
           fstat(descriptor, &status) == 0, status.st_size < length {
            return "the file \(url.lastPathComponent) was truncated from \(length) to \(status.st_size) bytes while it was read"
        }
        let faults = cmg_fault_count(guardSlot)
        if faults > 0 {
            return "\(faults) page(s) of \(url.lastPathComponent) vanished while it was read (the file was truncated)"
        }
        return nil
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
