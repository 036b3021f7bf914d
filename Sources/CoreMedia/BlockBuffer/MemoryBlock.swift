internal import CMappingGuard
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// One memory block that block buffers refer to: supplied by a caller, allocated on demand, or a file mapping.
///
/// Block buffers share blocks (a reference into another block buffer refers to its blocks directly), so the block
/// is freed by whichever block buffer lets go of it last: in `deinit`, exactly once. The block's address never
/// changes once it exists, which is what lets block buffers hand out pointers without holding a lock.
// Safe because `lock` guards `address`, which never changes once set; the memory is freed once, in `deinit`.
final class MemoryBlock: @unchecked Sendable {
    /// Where the memory comes from and how it is given back.
    enum Provider {
        /// `malloc` family: allocated zeroed with `calloc`, freed with `free` (every CFAllocator but `kCFAllocatorNull`).
        case system
        /// `kCFAllocatorNull`: the caller owns the memory; it is never freed here and cannot be allocated here.
        case unowned
        /// A client's C callbacks.
        case customSource(CMBlockBufferCustomBlockSource)
        /// The Swift overlay's closures.
        case closures(allocate: CMBlockBuffer.CustomBlockAllocator?, deallocate: CMBlockBuffer.CustomBlockDeallocator?)
        /// A private file mapping made by `MappedFile`, unmapped here; `guardSlot` is its slot in the SIGBUS guard.
        case mapping(guardSlot: Int32)
    }

    /// The block's size in bytes.
    let length: Int
    private let provider: Provider
    /// Guards `address` while the block is allocated lazily; once set it never changes.
    private let lock = Mutex(())
    private var address: UnsafeMutableRawPointer?

    /// A block whose memory the caller supplies.
    init(supplied address: UnsafeMutableRawPointer, length: Int, provider: Provider) {
        self.address = address
        self.length = length
        self.provider = provider
    }

    /// A block to be allocated when first needed.
    init(unallocatedLength length: Int, provider: Provider) {
        self.address = nil
        self.length = length
        self.provider = provider
    }

    /// Whether the memory exists yet.
    var isAllocated: Bool { lock.withLock { _ in address != nil } }

    /// The memory, if it has been allocated.
    var allocatedAddress: UnsafeMutableRawPointer? { lock.withLock { _ in address } }

    /// The memory, allocating it now if needed, or the status that says why it cannot be had.
    func assure() -> Result<UnsafeMutableRawPointer, CMBlockBufferStatusError> {
        lock.withLock { _ in
            if let address { return .success(address) }
            let allocated: UnsafeMutableRawPointer?
            switch provider {
            case .system:
                allocated = calloc(length, 1)
            case .unowned, .mapping(_):
                return .failure(CMBlockBufferStatusError(kCMBlockBufferBlockAllocationFailedErr))
            case .customSource(let source):
                guard let allocate = source.AllocateBlock else {
                    return .failure(CMBlockBufferStatusError(kCMBlockBufferBadCustomBlockSourceErr))
                }
                allocated = allocate(source.refCon, length)
            case .closures(let allocate, _):
                guard let allocate else {
                    return .failure(CMBlockBufferStatusError(kCMBlockBufferBadCustomBlockSourceErr))
                }
                allocated = allocate(length)
            }
            guard let allocated else {
                return .failure(CMBlockBufferStatusError(kCMBlockBufferBlockAllocationFailedErr))
            }
            address = allocated
            return .success(allocated)
        }
    }

    deinit {
        guard let address else { return }
        switch provider {
        case .system:
            free(address)
        case .unowned:
            break
        case .customSource(let source):
            source.FreeBlock?(source.refCon, address, length)
        case .closures(_, let deallocate):
            deallocate?(address, length)
        case .mapping(let slot):
            cmg_unregister(slot)
            munmap(address, length)
        }
    }
}

/// A non-`noErr` block buffer status carried through internal `Result`s and `throws`.
struct CMBlockBufferStatusError: Error, Equatable {
    let status: OSStatus
    init(_ status: OSStatus) { self.status = status }
}
