// The Swift overlay of CMBlockBuffer (Apple's CoreMedia overlay, macOS 10.15+): option-set flags, NSError values,
// throwing initializers and appends, and slices through `CMBlockBufferProtocol`.

extension CMBlockBuffer {
    /// Allocates a memory block of the given size, or returns nil.
    public typealias CustomBlockAllocator = (Int) -> UnsafeMutableRawPointer?

    /// Frees a memory block of the given size.
    public typealias CustomBlockDeallocator = (UnsafeMutableRawPointer, Int) -> Void

    /// Flags that control block buffer operations (`CMBlockBufferFlags` as an option set).
    public struct Flags: OptionSet, Sendable {
        /// The raw value.
        public let rawValue: CMBlockBufferFlags
        /// A value from its raw value.
        public init(rawValue: CMBlockBufferFlags) { self.rawValue = rawValue }

        /// Allocate a memory block at once instead of when first needed.
        public static let assureMemoryNow = Flags(rawValue: kCMBlockBufferAssureMemoryNowFlag)
        /// Make `makeContiguous` copy even when the data already is contiguous.
        public static let alwaysCopyData = Flags(rawValue: kCMBlockBufferAlwaysCopyDataFlag)
        /// Keep a reference to the referenced buffer instead of to its memory blocks.
        public static let dontOptimizeDepth = Flags(rawValue: kCMBlockBufferDontOptimizeDepthFlag)
        /// Allow references into a buffer that is not populated yet.
        public static let permitEmptyReference = Flags(rawValue: kCMBlockBufferPermitEmptyReferenceFlag)
    }

    /// The errors the overlay throws: `NSOSStatusErrorDomain` errors whose codes are the `kCMBlockBuffer…Err` values.
    public struct Error {
        /// The `kCMBlockBufferStructureAllocationFailedErr` status as an error.
        public static let structureAllocationFailed = osStatusError(kCMBlockBufferStructureAllocationFailedErr)
        /// The `kCMBlockBufferBlockAllocationFailedErr` status as an error.
        public static let blockAllocationFailed = osStatusError(kCMBlockBufferBlockAllocationFailedErr)
        /// The `kCMBlockBufferBadCustomBlockSourceErr` status as an error.
        public static let badCustomBlockSource = osStatusError(kCMBlockBufferBadCustomBlockSourceErr)
        /// The `kCMBlockBufferBadOffsetParameterErr` status as an error.
        public static let badOffsetParameter = osStatusError(kCMBlockBufferBadOffsetParameterErr)
        /// The `kCMBlockBufferBadLengthParameterErr` status as an error.
        public static let badLengthParameter = osStatusError(kCMBlockBufferBadLengthParameterErr)
        /// The `kCMBlockBufferBadPointerParameterErr` status as an error.
        public static let badPointerParameter = osStatusError(kCMBlockBufferBadPointerParameterErr)
        /// The `kCMBlockBufferEmptyBBufErr` status as an error.
        public static let emptyBlockBuffer = osStatusError(kCMBlockBufferEmptyBBufErr)
        /// The `kCMBlockBufferUnallocatedBlockErr` status as an error.
        public static let unallocatedBlock = osStatusError(kCMBlockBufferUnallocatedBlockErr)
        /// The `kCMBlockBufferInsufficientSpaceErr` status as an error.
        public static let insufficientSpace = osStatusError(kCMBlockBufferInsufficientSpaceErr)
    }

    /// A range of a block buffer's data offsets, made by subscripting a block buffer (or a slice of one).
    ///
    /// Indices are the owner's data offsets. A slice whose bounds fall outside the owner is allowed to exist;
    /// every operation on it throws `badOffsetParameter` or `badLengthParameter`.
    public struct Slice: CMBlockBufferProtocol {
        /// The block buffer the slice is of.
        public let owner: CMBlockBuffer
        /// The first data offset, in the owner's offsets.
        public let startIndex: Int
        /// The data offset past the end, in the owner's offsets.
        public let endIndex: Int
    }

    /// Creates an empty block buffer with room for `capacity` pieces before it grows.
    public convenience init(capacity: Int = 0, flags: CMBlockBuffer.Flags = []) throws {
        guard capacity >= 0 else { throw CMBlockBuffer.Error.badLengthParameter }
        self.init(subBlockCapacity: capacity)
    }

    /// Creates a block buffer over `buffer`, freed with `free` by the last buffer using it unless `allocator` is
    /// `kCFAllocatorNull`.
    public convenience init(
        buffer: UnsafeMutableRawBufferPointer, allocator: CFAllocator? = kCFAllocatorDefault,
        flags: CMBlockBuffer.Flags = []
    ) throws {
        self.init(subBlockCapacity: 1)
        try append(buffer: buffer, allocator: allocator, flags: flags)
    }

    /// Creates a block buffer over the bytes of a slice of `buffer`; the whole of `buffer` is freed as for
    /// `init(buffer:allocator:flags:)`.
    public convenience init(
        buffer: Swift.Slice<UnsafeMutableRawBufferPointer>, allocator: CFAllocator? = kCFAllocatorDefault,
        flags: CMBlockBuffer.Flags = []
    ) throws {
        self.init(subBlockCapacity: 1)
        try append(buffer: buffer, allocator: allocator, flags: flags)
    }

    /// Creates a block buffer over `range` (default: all) of a new `length`-byte block allocated now or when first
    /// written (`assureMemoryNow`).
    public convenience init(
        length: Int, allocator: CFAllocator? = kCFAllocatorDefault, range: Range<Int>? = nil,
        flags: CMBlockBuffer.Flags = []
    ) throws {
        self.init(subBlockCapacity: 1)
        try append(length: length, allocator: allocator, range: range, flags: flags)
    }

    /// Creates a block buffer over `buffer`, which `deallocator` frees when the last buffer using it goes away.
    public convenience init(
        buffer: UnsafeMutableRawBufferPointer, deallocator: @escaping CMBlockBuffer.CustomBlockDeallocator,
        flags: CMBlockBuffer.Flags = []
    ) throws {
        self.init(subBlockCapacity: 1)
        try append(buffer: buffer, deallocator: deallocator, flags: flags)
    }

    /// Creates a block buffer over a slice of `buffer`, which `deallocator` frees as a whole.
    public convenience init(
        buffer: Swift.Slice<UnsafeMutableRawBufferPointer>,
        deallocator: @escaping CMBlockBuffer.CustomBlockDeallocator, flags: CMBlockBuffer.Flags = []
    ) throws {
        self.init(subBlockCapacity: 1)
        try append(buffer: buffer, deallocator: deallocator, flags: flags)
    }

    /// Creates a block buffer over `range` of a `length`-byte block that `allocator` allocates and `deallocator` frees.
    public convenience init(
        length: Int, allocator: @escaping CMBlockBuffer.CustomBlockAllocator,
        deallocator: @escaping CMBlockBuffer.CustomBlockDeallocator, range: Range<Int>? = nil,
        flags: CMBlockBuffer.Flags = []
    ) throws {
        self.init(subBlockCapacity: 1)
        try append(length: length, allocator: allocator, deallocator: deallocator, range: range, flags: flags)
    }

    /// Creates a block buffer that refers to the bytes of `bufferReference` without copying them.
    public convenience init<T: CMBlockBufferProtocol>(bufferReference: T, flags: CMBlockBuffer.Flags = []) throws {
        self.init(subBlockCapacity: 1)
        try append(bufferReference: bufferReference, flags: flags)
    }

    // MARK: Appending

    /// Appends `range` (default: all) of a new `length`-byte block.
    public func append(
        length: Int, allocator: CFAllocator? = kCFAllocatorDefault, range: Range<Int>? = nil,
        flags: CMBlockBuffer.Flags = []
    ) throws {
        let range = range ?? 0..<max(length, 0)
        try checkBlockBufferStatus(appendMemory(
            nil, blockLength: length, provider: MemoryBlock.Provider(blockAllocator: allocator, customBlockSource: nil),
            offsetToData: range.lowerBound, dataLength: range.count, flags: flags.rawValue))
    }

    /// Appends the bytes of `buffer`, freed as for `init(buffer:allocator:flags:)`.
    public func append(
        buffer: UnsafeMutableRawBufferPointer, allocator: CFAllocator? = kCFAllocatorDefault,
        flags: CMBlockBuffer.Flags = []
    ) throws {
        guard let base = buffer.baseAddress else { throw CMBlockBuffer.Error.badPointerParameter }
        try checkBlockBufferStatus(appendMemory(
            base, blockLength: buffer.count,
            provider: MemoryBlock.Provider(blockAllocator: allocator, customBlockSource: nil),
            offsetToData: 0, dataLength: buffer.count, flags: flags.rawValue))
    }

    /// Appends the bytes of a slice of `buffer`, whose whole is freed as for `init(buffer:allocator:flags:)`.
    public func append(
        buffer: Swift.Slice<UnsafeMutableRawBufferPointer>, allocator: CFAllocator? = kCFAllocatorDefault,
        flags: CMBlockBuffer.Flags = []
    ) throws {
        guard let base = buffer.base.baseAddress else { throw CMBlockBuffer.Error.badPointerParameter }
        try checkBlockBufferStatus(appendMemory(
            base, blockLength: buffer.base.count,
            provider: MemoryBlock.Provider(blockAllocator: allocator, customBlockSource: nil),
            offsetToData: buffer.startIndex, dataLength: buffer.count, flags: flags.rawValue))
    }

    /// Appends `range` of a `length`-byte block that `allocator` allocates and `deallocator` frees.
    public func append(
        length: Int, allocator: @escaping CMBlockBuffer.CustomBlockAllocator,
        deallocator: @escaping CMBlockBuffer.CustomBlockDeallocator, range: Range<Int>? = nil,
        flags: CMBlockBuffer.Flags = []
    ) throws {
        let range = range ?? 0..<max(length, 0)
        try checkBlockBufferStatus(appendMemory(
            nil, blockLength: length, provider: .closures(allocate: allocator, deallocate: deallocator),
            offsetToData: range.lowerBound, dataLength: range.count, flags: flags.rawValue))
    }

    /// Appends the bytes of `buffer`, which `deallocator` frees when the last buffer using it goes away.
    public func append(
        buffer: UnsafeMutableRawBufferPointer, deallocator: @escaping CMBlockBuffer.CustomBlockDeallocator,
        flags: CMBlockBuffer.Flags = []
    ) throws {
        guard let base = buffer.baseAddress else { throw CMBlockBuffer.Error.badPointerParameter }
        try checkBlockBufferStatus(appendMemory(
            base, blockLength: buffer.count, provider: .closures(allocate: nil, deallocate: deallocator),
            offsetToData: 0, dataLength: buffer.count, flags: flags.rawValue))
    }

    /// Appends the bytes of a slice of `buffer`, whose whole `deallocator` frees.
    public func append(
        buffer: Swift.Slice<UnsafeMutableRawBufferPointer>,
        deallocator: @escaping CMBlockBuffer.CustomBlockDeallocator, flags: CMBlockBuffer.Flags = []
    ) throws {
        guard let base = buffer.base.baseAddress else { throw CMBlockBuffer.Error.badPointerParameter }
        try checkBlockBufferStatus(appendMemory(
            base, blockLength: buffer.base.count, provider: .closures(allocate: nil, deallocate: deallocator),
            offsetToData: buffer.startIndex, dataLength: buffer.count, flags: flags.rawValue))
    }

    /// Appends a reference to the bytes of `bufferReference`, without copying them.
    public func append<T: CMBlockBufferProtocol>(bufferReference: T, flags: CMBlockBuffer.Flags = []) throws {
        // A zero length means "the rest of the target" to the C function; an empty slice must not mean that.
        guard bufferReference.endIndex > bufferReference.startIndex else {
            throw CMBlockBuffer.Error.badLengthParameter
        }
        try checkBlockBufferStatus(appendReference(
            to: bufferReference.owner, offsetToData: bufferReference.startIndex,
            dataLength: bufferReference.endIndex - bufferReference.startIndex, flags: flags.rawValue))
    }

    /// Allocates every memory block that is not allocated yet.
    public func assureBlockMemory() throws {
        try checkBlockBufferStatus(assureAllBlocks())
    }

    /// Calls `body` with the contiguous bytes that start at `offset` (up to the end of that piece of memory).
    public func withUnsafeMutableBytes<R>(
        atOffset offset: Int = 0, _ body: (UnsafeMutableRawBufferPointer) throws -> R
    ) throws -> R {
        switch region(at: offset, assure: false) {
        case .failure(let error): throw osStatusError(error.status)
        case .success(let region): return try body(region)
        }
    }

    /// Whether the buffer has neither memory blocks nor references.
    public var isEmpty: Bool { hasNoSegments }
}

/// Anything that presents a range of a block buffer's data: a block buffer or a slice of one.
public protocol CMBlockBufferProtocol {
    /// The block buffer the data belongs to.
    var owner: CMBlockBuffer { get }
    /// The first data offset (in the owner's offsets).
    var startIndex: Int { get }
    /// The data offset just past the end (in the owner's offsets).
    var endIndex: Int { get }
}

extension CMBlockBuffer: CMBlockBufferProtocol {
    /// The buffer itself.
    public var owner: CMBlockBuffer { self }
    /// Zero.
    public var startIndex: Int { 0 }
    /// The data length.
    public var endIndex: Int { totalLength }
}

extension CMBlockBufferProtocol {
    /// The data offsets in `bounds`.
    public subscript(bounds: Range<Int>) -> CMBlockBuffer.Slice {
        CMBlockBuffer.Slice(owner: owner, startIndex: bounds.lowerBound, endIndex: bounds.upperBound)
    }

    /// The data offsets in `bounds`.
    public subscript(bounds: ClosedRange<Int>) -> CMBlockBuffer.Slice {
        let (end, overflow) = bounds.upperBound.addingReportingOverflow(1)
        return CMBlockBuffer.Slice(owner: owner, startIndex: bounds.lowerBound, endIndex: overflow ? .max : end)
    }

    /// The data offsets from the start up to `bounds.upperBound`.
    public subscript(bounds: PartialRangeUpTo<Int>) -> CMBlockBuffer.Slice {
        CMBlockBuffer.Slice(owner: owner, startIndex: startIndex, endIndex: bounds.upperBound)
    }

    /// The data offsets from the start through `bounds.upperBound`.
    public subscript(bounds: PartialRangeThrough<Int>) -> CMBlockBuffer.Slice {
        let (end, overflow) = bounds.upperBound.addingReportingOverflow(1)
        return CMBlockBuffer.Slice(owner: owner, startIndex: startIndex, endIndex: overflow ? .max : end)
    }

    /// The data offsets from `bounds.lowerBound` to the end.
    public subscript(bounds: PartialRangeFrom<Int>) -> CMBlockBuffer.Slice {
        CMBlockBuffer.Slice(owner: owner, startIndex: bounds.lowerBound, endIndex: endIndex)
    }

    /// All the data offsets.
    public subscript(bounds: (UnboundedRange_) -> ()) -> CMBlockBuffer.Slice {
        CMBlockBuffer.Slice(owner: owner, startIndex: startIndex, endIndex: endIndex)
    }

    /// The number of bytes in the range (zero for a range whose end precedes its start).
    public var dataLength: Int { max(0, endIndex - startIndex) }

    /// Whether the bytes lie in one piece of memory (false when there are none).
    public var isContiguous: Bool {
        dataLength > 0 && owner.isContiguous(offset: startIndex, length: dataLength)
    }

    /// Checks the range against the owner and returns its length.
    private func validatedLength() throws -> Int {
        let total = owner.totalLength
        guard startIndex >= 0, startIndex <= total else { throw CMBlockBuffer.Error.badOffsetParameter }
        guard endIndex >= startIndex, endIndex <= total else { throw CMBlockBuffer.Error.badLengthParameter }
        return endIndex - startIndex
    }

    /// A buffer with the bytes in one piece of memory: a reference when they already are, otherwise a copy in a
    /// block from `allocator`.
    public func makeContiguous(
        allocator: CFAllocator? = kCFAllocatorDefault, flags: CMBlockBuffer.Flags = []
    ) throws -> CMBlockBuffer {
        try makeContiguous(provider: MemoryBlock.Provider(blockAllocator: allocator, customBlockSource: nil),
                           flags: flags)
    }

    /// A buffer with the bytes in one piece of memory, copying into a block from `allocator` (freed by
    /// `deallocator`) when they are not.
    public func makeContiguous(
        allocator: @escaping CMBlockBuffer.CustomBlockAllocator,
        deallocator: @escaping CMBlockBuffer.CustomBlockDeallocator, flags: CMBlockBuffer.Flags = []
    ) throws -> CMBlockBuffer {
        try makeContiguous(provider: .closures(allocate: allocator, deallocate: deallocator), flags: flags)
    }

    private func makeContiguous(provider: MemoryBlock.Provider, flags: CMBlockBuffer.Flags) throws -> CMBlockBuffer {
        let length = try validatedLength()
        guard length > 0 else {
            throw owner.isEmpty ? CMBlockBuffer.Error.emptyBlockBuffer : CMBlockBuffer.Error.badLengthParameter
        }
        let result = CMBlockBuffer(subBlockCapacity: 1)
        if !flags.contains(.alwaysCopyData), owner.isContiguous(offset: startIndex, length: length) {
            try checkBlockBufferStatus(result.appendReference(
                to: owner, offsetToData: startIndex, dataLength: length,
                flags: flags.subtracting(.dontOptimizeDepth).rawValue))
            return result
        }
        try checkBlockBufferStatus(result.appendMemory(
            nil, blockLength: length, provider: provider, offsetToData: 0, dataLength: length,
            flags: flags.union(.assureMemoryNow).rawValue))
        try result.withUnsafeMutableBytes { destination in
            guard let base = destination.baseAddress else { throw CMBlockBuffer.Error.blockAllocationFailed }
            try checkBlockBufferStatus(owner.copyBytes(offset: startIndex, length: length, into: base))
        }
        return result
    }

    /// Calls `body` with the bytes in one piece of memory: in place when they are contiguous, otherwise a copy.
    public func withContiguousStorage<R>(_ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        let length = try validatedLength()
        if length == 0 { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        if case .success(let region) = owner.region(at: startIndex, assure: false), region.count >= length {
            return try body(UnsafeRawBufferPointer(rebasing: region[0..<length]))
        }
        let copy = try dataBytes()
        return try copy.withUnsafeBytes(body)
    }

    /// A copy of the bytes.
    public func dataBytes() throws -> Data {
        let length = try validatedLength()
        if length == 0 { return Data() }
        var data = Data(count: length)
        try data.withUnsafeMutableBytes { destination in
            guard let base = destination.baseAddress else { throw CMBlockBuffer.Error.badPointerParameter }
            try checkBlockBufferStatus(owner.copyBytes(offset: startIndex, length: length, into: base))
        }
        return data
    }

    /// Copies the bytes to the start of `destination`, which must be large enough (else `insufficientSpace`).
    public func copyDataBytes(to destination: UnsafeMutableRawBufferPointer) throws {
        let length = try validatedLength()
        guard destination.count >= length else { throw CMBlockBuffer.Error.insufficientSpace }
        guard length > 0 else { return }
        guard let base = destination.baseAddress else { throw CMBlockBuffer.Error.badPointerParameter }
        try checkBlockBufferStatus(owner.copyBytes(offset: startIndex, length: length, into: base))
    }

    /// Overwrites the first `sourceBytes.count` bytes of the range, which must be long enough (else
    /// `insufficientSpace`), allocating blocks as needed.
    public func replaceDataBytes(with sourceBytes: UnsafeRawBufferPointer) throws {
        let length = try validatedLength()
        guard sourceBytes.count <= length else { throw CMBlockBuffer.Error.insufficientSpace }
        guard let base = sourceBytes.baseAddress, sourceBytes.count > 0 else { return }
        try checkBlockBufferStatus(owner.replaceBytes(offset: startIndex, length: sourceBytes.count, from: base))
    }

    /// Sets every byte of the range to `fillByte`, allocating blocks as needed.
    public func fillDataBytes(with fillByte: UInt8) throws {
        let length = try validatedLength()
        guard length > 0 else { return }
        try checkBlockBufferStatus(owner.fillBytes(offset: startIndex, length: length, with: fillByte))
    }
}

/// The `NSOSStatusErrorDomain` error for a status, as Apple's overlays throw.
func osStatusError(_ status: OSStatus) -> NSError {
    NSError(domain: NSOSStatusErrorDomain, code: Int(status))
}

/// Throws the `NSOSStatusErrorDomain` error for a block buffer status other than `kCMBlockBufferNoErr`.
func checkBlockBufferStatus(_ status: OSStatus) throws {
    if status != kCMBlockBufferNoErr { throw osStatusError(status) }
}
