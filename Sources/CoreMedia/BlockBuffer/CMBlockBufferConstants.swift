// Status codes, flags and the custom block source of CMBlockBuffer, with the values of Apple's CMBlockBuffer.h.

// MARK: Status codes (CMBlockBuffer.h, "CMBlockBuffer Errors")

/// Success.
public let kCMBlockBufferNoErr: OSStatus = 0
/// The allocator given for the block buffer object itself failed.
public let kCMBlockBufferStructureAllocationFailedErr: OSStatus = -12700
/// The allocator or custom block source asked for a memory block failed.
public let kCMBlockBufferBlockAllocationFailedErr: OSStatus = -12701
/// A custom block source was unusable: wrong version, or no `AllocateBlock` when an allocation was needed.
public let kCMBlockBufferBadCustomBlockSourceErr: OSStatus = -12702
/// An offset lies outside the block buffer (or memory block) it refers to.
public let kCMBlockBufferBadOffsetParameterErr: OSStatus = -12703
/// A length runs past the end of the block buffer (or memory block), or is zero where zero is not allowed.
public let kCMBlockBufferBadLengthParameterErr: OSStatus = -12704
/// A pointer parameter was missing or otherwise invalid.
public let kCMBlockBufferBadPointerParameterErr: OSStatus = -12705
/// A non-empty block buffer was expected.
public let kCMBlockBufferEmptyBBufErr: OSStatus = -12706
/// A memory block that has not been allocated yet was encountered.
public let kCMBlockBufferUnallocatedBlockErr: OSStatus = -12707
/// A destination buffer was too small for the data (value from Apple's SDK header CMBlockBuffer.h, macOS 10.15+).
public let kCMBlockBufferInsufficientSpaceErr: OSStatus = -12708

// MARK: Flags (CMBlockBuffer.h, "CMBlockBuffer Flags")

/// Flags that control block buffer functions.
public typealias CMBlockBufferFlags = UInt32

/// Allocate a memory block at once instead of when it is first needed.
public let kCMBlockBufferAssureMemoryNowFlag: CMBlockBufferFlags = 1 << 0
/// Make `CMBlockBufferCreateContiguous` copy the data even when it is already contiguous.
public let kCMBlockBufferAlwaysCopyDataFlag: CMBlockBufferFlags = 1 << 1
/// Keep a reference to the referenced block buffer instead of referring to its memory blocks directly.
public let kCMBlockBufferDontOptimizeDepthFlag: CMBlockBufferFlags = 1 << 2
/// Allow a reference into a block buffer that is empty, or shorter than the range, when the reference is made.
public let kCMBlockBufferPermitEmptyReferenceFlag: CMBlockBufferFlags = 1 << 3

// MARK: Custom block source

/// The only `CMBlockBufferCustomBlockSource.version` there is.
public let kCMBlockBufferCustomBlockSourceVersion: UInt32 = 0

/// Callbacks that allocate and free the memory block of a block buffer, with a context pointer passed to both.
///
/// `AllocateBlock` is needed only when the block buffer has to allocate the block itself. `FreeBlock`, if set, is
/// called exactly once, when the last block buffer using the block goes away, and never if no block was ever
/// allocated or supplied.
public struct CMBlockBufferCustomBlockSource {
    /// Must be `kCMBlockBufferCustomBlockSourceVersion`.
    public var version: UInt32
    /// Allocates `sizeInBytes` bytes; receives `refCon`.
    public var AllocateBlock: (@convention(c) (UnsafeMutableRawPointer?, Int) -> UnsafeMutableRawPointer?)?
    /// Frees a block: receives `refCon`, the block and its size.
    public var FreeBlock: (@convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer, Int) -> Void)?
    /// The context passed to both callbacks.
    public var refCon: UnsafeMutableRawPointer?

    /// A source with no callbacks.
    public init() {
        version = kCMBlockBufferCustomBlockSourceVersion
        AllocateBlock = nil
        FreeBlock = nil
        refCon = nil
    }

    /// A source with the given callbacks.
    public init(
        version: UInt32,
        AllocateBlock: (@convention(c) (UnsafeMutableRawPointer?, Int) -> UnsafeMutableRawPointer?)?,
        FreeBlock: (@convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer, Int) -> Void)?,
        refCon: UnsafeMutableRawPointer?
    ) {
        self.version = version
        self.AllocateBlock = AllocateBlock
        self.FreeBlock = FreeBlock
        self.refCon = refCon
    }
}
