#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The memory behind a pixel buffer, owned apart from the `CVBuffer` so a pool can take it back when the buffer's
/// last reference goes away and hand it to the next buffer.
///
/// Either CoreVideo allocated it (freed when this object dies) or a caller handed it over with a release
/// action (run exactly once, when this object dies). Immutable after `init`, so safe to share between threads.
// Safe because immutable after `init`; its release action runs once, in `deinit`.
package final class PixelStorage: @unchecked Sendable {
    /// The allocation's first byte (caller memory: the first byte the caller described).
    package let start: UnsafeMutableRawPointer?
    /// The allocation's size in bytes (caller memory: the size the caller gave, or 0 if unknown).
    package let byteCount: Int
    /// Whether `start` came from `posix_memalign` here and must be freed here.
    private let ownsMemory: Bool
    /// What to run when the memory is no longer used (caller memory only).
    private let release: (@Sendable () -> Void)?

    private init(start: UnsafeMutableRawPointer?, byteCount: Int, ownsMemory: Bool,
                 release: (@Sendable () -> Void)?) {
        self.start = start
        self.byteCount = byteCount
        self.ownsMemory = ownsMemory
        self.release = release
    }

    /// Zeroed memory of `byteCount` bytes aligned to `alignment`, or `kCVReturnAllocationFailed`.
    ///
    /// `posix_memalign` rather than `UnsafeMutableRawPointer.allocate`, because the latter traps when memory
    /// runs out and Core Video reports that as a status instead.
    package static func allocate(byteCount: Int, alignment: Int) throws(CVError) -> PixelStorage {
        var memory: UnsafeMutableRawPointer?
        guard byteCount > 0, posix_memalign(&memory, alignment, byteCount) == 0, let memory else {
            throw CVError(kCVReturnAllocationFailed, "could not allocate \(byteCount) bytes for a pixel buffer")
        }
        // Fresh buffers are zeroed so that row padding and never-written pixels are deterministic (encoders and
        // checksums read them); recycled pool buffers keep their old contents, as on Apple platforms.
        memset(memory, 0, byteCount)
        return PixelStorage(start: memory, byteCount: byteCount, ownsMemory: true, release: nil)
    }

    /// Memory the caller owns; `release` runs once, when no pixel buffer uses it any more.
    package static func external(start: UnsafeMutableRawPointer?, byteCount: Int,
                                 release: (@Sendable () -> Void)?) -> PixelStorage {
        PixelStorage(start: start, byteCount: byteCount, ownsMemory: false, release: release)
    }

    deinit {
        if ownsMemory { free(start) }
        release?()
    }
}
