import Dispatch
import Foundation

/// Read-only bytes at offsets `0..<count`, possibly spread over several memory blocks (iOS 26); wraps a
/// `CMBlockBuffer`. The bytes cannot be changed through it; which blocks make it up can (appending more).
///
/// A value type: appending to a copy never changes the original (the wrapped block buffer is replaced by a new one
/// referring to the same bytes before it is appended to, unless this value is its only owner).
public struct CMReadOnlyDataBlockBuffer: Sendable {
    /// The wrapped block buffer.
    private var blockBuffer: CMBlockBuffer

    /// Takes over an existing block buffer; its bytes must not be written any more.
    public init(unsafeBlockBuffer: sending CMBlockBuffer) {
        blockBuffer = unsafeBlockBuffer
    }

    /// An empty buffer with room reserved for `subBlockCapacity` blocks.
    public init(subBlockCapacity: Int = 0) {
        blockBuffer = CMBlockBuffer(subBlockCapacity: subBlockCapacity)
    }

    /// A buffer over `data`'s bytes, without copying them (data of up to `inlineCopyLimit` bytes, which `Data` keeps
    /// inside the value itself, is copied).
    public init(_ data: Data) {
        self.init(subBlockCapacity: 1)
        Self.appendBytes(of: data, to: blockBuffer)
    }

    /// A buffer over `data`'s regions, one block each, without copying them.
    public init(_ data: DispatchData) {
        self.init(subBlockCapacity: data.regions.count)
        // Dispatch data is immutable and keeps its bytes while it lives: each block's deallocator keeps it alive.
        let keeper = DispatchDataKeeper(data)
        for region in data.regions {
            let status: OSStatus = region.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                guard let base = bytes.baseAddress, bytes.count > 0 else { return kCMBlockBufferNoErr }
                return blockBuffer.appendMemory(
                    UnsafeMutableRawPointer(mutating: base), blockLength: bytes.count,
                    provider: .closures(allocate: nil, deallocate: { _, _ in keeper.release() }),
                    offsetToData: 0, dataLength: bytes.count, flags: 0)
            }
            precondition(status == kCMBlockBufferNoErr, "invariant: appending a dispatch data region cannot fail")
        }
    }

    /// Data up to this size is copied into a block rather than referenced.
    static let inlineCopyLimit = 64

    /// Appends `data`'s bytes to `buffer`: referenced when `Data` keeps them on the heap, copied when small.
    private static func appendBytes(of data: Data, to buffer: CMBlockBuffer) {
        guard !data.isEmpty else { return }
        let status: OSStatus
        if data.count <= inlineCopyLimit {
            let copy = UnsafeMutableRawPointer.allocate(byteCount: data.count, alignment: 16)
            data.copyBytes(to: copy.assumingMemoryBound(to: UInt8.self), count: data.count)
            status = buffer.appendMemory(copy, blockLength: data.count,
                                         provider: .closures(allocate: nil, deallocate: { pointer, _ in pointer.deallocate() }),
                                         offsetToData: 0, dataLength: data.count, flags: 0)
        } else {
            // A heap-backed Data's bytes stay where they are while any copy of the value lives and nobody mutates
            // that copy; the deallocator owns such a copy.
            let keeper = DataKeeper(data)
            status = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                buffer.appendMemory(UnsafeMutableRawPointer(mutating: bytes.baseAddress!), blockLength: bytes.count,
                                    provider: .closures(allocate: nil, deallocate: { _, _ in keeper.release() }),
                                    offsetToData: 0, dataLength: bytes.count, flags: 0)
            }
        }
        precondition(status == kCMBlockBufferNoErr, "invariant: appending a data block cannot fail")
    }

    /// Calls `body` with the wrapped block buffer, which must not be written.
    public func withUnsafeBlockBuffer<R>(_ body: (CMBlockBuffer) throws -> sending R) rethrows -> sending R {
        try body(blockBuffer)
    }

    /// Whether all the bytes lie in one piece of memory (an empty buffer is contiguous).
    public var isContiguous: Bool {
        count == 0 || blockBuffer.isContiguous(offset: 0, length: 0)
    }

    /// Calls `body` with the bytes when they lie in one piece of memory; nil otherwise.
    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeRawBufferPointer) throws -> sending R) rethrows
        -> sending R? {
        if count == 0 { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        guard isContiguous, case .success(let pieces) = blockBuffer.pieces(offset: 0, length: count, assure: true),
              pieces.count == 1 else { return nil }
        return try body(UnsafeRawBufferPointer(pieces[0]))
    }

    /// Appends a reference to all of `other`'s bytes, without copying them. With `optimizeDepth`, the reference
    /// goes straight to the memory blocks `other` refers to instead of through `other`.
    public mutating func append(referenceOf other: CMReadOnlyDataBlockBuffer, optimizeDepth: Bool = true) {
        guard other.count > 0 else { return }
        makeUnique()
        let status = blockBuffer.appendReference(to: other.blockBuffer, offsetToData: 0, dataLength: other.count,
                                                 flags: optimizeDepth ? 0 : kCMBlockBufferDontOptimizeDepthFlag)
        precondition(status == kCMBlockBufferNoErr, "invariant: a reference to a whole non-empty buffer is valid")
    }

    /// The bytes of `lhs` followed by those of `rhs`, neither copied.
    public static func + (lhs: CMReadOnlyDataBlockBuffer, rhs: CMReadOnlyDataBlockBuffer) -> CMReadOnlyDataBlockBuffer {
        var result = lhs
        result += rhs
        return result
    }

    /// Appends the bytes of `rhs` without copying them.
    public static func += (lhs: inout CMReadOnlyDataBlockBuffer, rhs: CMReadOnlyDataBlockBuffer) {
        lhs.append(referenceOf: rhs)
    }

    /// Gives this value a block buffer of its own before it is appended to, so that copies keep their bytes.
    private mutating func makeUnique() {
        guard !isKnownUniquelyReferenced(&blockBuffer) else { return }
        let fresh = CMBlockBuffer(subBlockCapacity: 2)
        if count > 0 {
            let status = fresh.appendReference(to: blockBuffer, offsetToData: 0, dataLength: count, flags: 0)
            precondition(status == kCMBlockBufferNoErr, "invariant: a reference to a whole non-empty buffer is valid")
        }
        blockBuffer = fresh
    }

    /// The contiguous pieces of the bytes, allocating blocks that were never touched (they read as zeros).
    fileprivate var pieces: [UnsafeRawBufferPointer] {
        guard count > 0, case .success(let pieces) = blockBuffer.pieces(offset: 0, length: count, assure: true) else {
            return []
        }
        return pieces.map { UnsafeRawBufferPointer($0) }
    }
}

// MARK: Collection and DataProtocol

extension CMReadOnlyDataBlockBuffer: RandomAccessCollection, DataProtocol {
    /// Always 0.
    public var startIndex: Int { 0 }
    /// The number of bytes.
    public var endIndex: Int { blockBuffer.totalLength }

    /// The byte at `position`.
    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < endIndex, "CMReadOnlyDataBlockBuffer index \(position) out of range")
        var byte: UInt8 = 0
        let status = blockBuffer.copyBytes(offset: position, length: 1, into: &byte)
        if status == kCMBlockBufferUnallocatedBlockErr { return 0 }  // never-touched memory reads as zeros
        precondition(status == kCMBlockBufferNoErr, "invariant: an in-range byte can be read")
        return byte
    }

    /// The buffer's contiguous pieces of memory, in order.
    public var regions: [BlockRegion] {
        pieces.map { BlockRegion(bytes: $0, owner: blockBuffer) }
    }

    /// One contiguous piece of a block buffer's memory.
    // Safe because immutable, and it keeps the block buffer whose (read-only) bytes it points at alive.
    public struct BlockRegion: RandomAccessCollection, DataProtocol, ContiguousBytes, @unchecked Sendable {
        /// The bytes, read only; valid while `owner` lives.
        private let bytes: UnsafeRawBufferPointer
        /// Keeps the memory alive.
        private let owner: CMBlockBuffer

        fileprivate init(bytes: UnsafeRawBufferPointer, owner: CMBlockBuffer) {
            self.bytes = bytes
            self.owner = owner
        }

        /// Always 0.
        public let startIndex = 0
        /// The number of bytes.
        public var endIndex: Int { bytes.count }
        /// The number of bytes.
        public var count: Int { bytes.count }

        /// The byte at `position`.
        public subscript(position: Int) -> UInt8 {
            precondition(position >= 0 && position < bytes.count, "BlockRegion index \(position) out of range")
            return bytes[position]
        }

        /// This region alone.
        public var regions: CollectionOfOne<BlockRegion> { CollectionOfOne(self) }

        /// Calls `body` with the region's bytes.
        public func withUnsafeBytes<ResultType>(_ body: (UnsafeRawBufferPointer) throws -> ResultType) rethrows
            -> ResultType {
            try withExtendedLifetime(owner) { try body(bytes) }
        }

        /// Calls `body` with the region's bytes, which are always contiguous.
        public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows
            -> R? {
            try withExtendedLifetime(owner) { try body(bytes.bindMemory(to: UInt8.self)) }
        }
    }
}

/// Keeps a `Data` value (and so its bytes) alive until the block that refers to them is freed.
// Safe because `data` is set in `init` and cleared once, by the release of the block, its last user.
private final class DataKeeper: @unchecked Sendable {
    private var data: Data?
    init(_ data: Data) { self.data = data }
    func release() { data = nil }
}

/// Keeps dispatch data alive until every block that refers to its regions is freed.
// Safe because immutable.
private final class DispatchDataKeeper: @unchecked Sendable {
    private let data: DispatchData
    init(_ data: DispatchData) { self.data = data }
    func release() { withExtendedLifetime(data) {} }
}
