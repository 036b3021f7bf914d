import Synchronization
/// A run of bytes presented as offsets `0..<dataLength`, made of memory blocks and references into other block
/// buffers that need not be contiguous in memory (Apple's `CMBlockBufferRef`).
///
/// The buffer is a list of immutable segments. A segment is either a range of a `MemoryBlock` (caller memory, memory
/// allocated here now or on first use, or a memory-mapped file) or a range of another block buffer. Referencing
/// another block buffer normally copies its segments for the range ("depth optimisation"), so a reference costs no
/// copy of the bytes and reading it never goes through more than one level; `kCMBlockBufferDontOptimizeDepthFlag`
/// and references to bytes not yet present (`kCMBlockBufferPermitEmptyReferenceFlag`) keep a real reference.
///
/// Thread safety: unlike Apple's (whose header says appends are not thread safe), every function may be called from
/// any thread. `lock` guards the segment list; segments are only ever appended, never changed or removed, and a
/// block's address never changes once allocated, so pointers handed out stay valid while the buffer lives.
/// Concurrent writes to the same bytes race exactly as they would with Apple's.
// Safe because `lock` guards the segment list, which is only appended to; segments and block addresses never change.
public final class CMBlockBuffer: @unchecked Sendable {
    /// One piece of the buffer's data.
    struct Segment {
        enum Source {
            case memory(MemoryBlock)
            case reference(CMBlockBuffer)
        }

        let source: Source
        /// Offset of the piece within the block, or within the referenced buffer.
        let offset: Int
        let length: Int
    }

    /// The segment list.
    private struct Storage {
        var segments: [Segment] = []
        /// `ends[i]` is the buffer offset just past segment `i`, for binary search.
        var ends: [Int] = []
    }

    /// Holds the segment list inside the lock rather than beside it: reached through the lock's `inout` access,
    /// it needs none of the runtime's exclusivity checks that a class's stored `var`s pay on every access (a
    /// passthrough remux reads a buffer's length or a region several times per sample).
    private let storage: Mutex<Storage>

    /// The attachments of the buffer (`CMAttachmentBearer`).
    package let attachmentStorage = CMAttachmentStorage()

    init(subBlockCapacity: Int) {
        let capacity = min(max(subBlockCapacity, 0), CoreMediaLimits.maximumReservedSubBlocks)
        var initial = Storage()
        initial.segments.reserveCapacity(capacity)
        initial.ends.reserveCapacity(capacity)
        storage = Mutex(initial)
    }

    // MARK: State

    /// The number of data bytes.
    var totalLength: Int { storage.withLock { $0.ends.last ?? 0 } }

    /// Whether the buffer has neither memory blocks nor references.
    var hasNoSegments: Bool { storage.withLock { $0.segments.isEmpty } }

    private func snapshot() -> (segments: [Segment], ends: [Int]) {
        storage.withLock { ($0.segments, $0.ends) }
    }

    /// What lies at one offset of the buffer.
    private enum Lookup {
        /// The buffer has no segments.
        case empty
        /// The offset is past the end.
        case outside
        /// The segment holding the offset, and the offset within it.
        case found(Segment, Int)
    }

    /// The segment holding `offset`, found under the lock without copying the segment list (reads of a region
    /// run several times per sample).
    private func lookUp(_ offset: Int) -> Lookup {
        storage.withLock { state in
            if state.segments.isEmpty { return .empty }
            guard let (index, local) = Self.locate(offset, in: state.ends) else { return .outside }
            return .found(state.segments[index], local)
        }
    }

    /// The segment holding `offset` and the offset within it, from a snapshot; nil when `offset` is past the end.
    private static func locate(_ offset: Int, in ends: [Int]) -> (index: Int, local: Int)? {
        guard offset >= 0, let last = ends.last, offset < last else { return nil }
        var low = 0, high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > offset { high = middle } else { low = middle + 1 }
        }
        let start = low == 0 ? 0 : ends[low - 1]
        return (low, offset - start)
    }

    // MARK: Building

    /// Appends a segment, joining it to the last one when it continues the same memory block.
    func append(_ segment: Segment) -> OSStatus {
        storage.withLock { state in
            let total = state.ends.last ?? 0
            let (newTotal, overflow) = total.addingReportingOverflow(segment.length)
            if overflow { return kCMBlockBufferBadLengthParameterErr }
            if case .memory(let block) = segment.source, let last = state.segments.last,
               case .memory(let lastBlock) = last.source, lastBlock === block,
               last.offset + last.length == segment.offset {
                state.segments[state.segments.count - 1] = Segment(source: last.source, offset: last.offset,
                                                                   length: last.length + segment.length)
                state.ends[state.ends.count - 1] = newTotal
                return kCMBlockBufferNoErr
            }
            state.segments.append(segment)
            state.ends.append(newTotal)
            return kCMBlockBufferNoErr
        }
    }

    /// Appends `length` bytes of `memoryBlock` (or of a block allocated here) starting at `offset` within it.
    func appendMemory(
        _ memoryBlock: UnsafeMutableRawPointer?, blockLength: Int, provider: MemoryBlock.Provider,
        offsetToData: Int, dataLength: Int, flags: CMBlockBufferFlags
    ) -> OSStatus {
        guard blockLength > 0 else { return kCMBlockBufferBadLengthParameterErr }
        guard offsetToData >= 0, offsetToData <= blockLength else { return kCMBlockBufferBadOffsetParameterErr }
        guard dataLength >= 0, dataLength <= blockLength - offsetToData else {
            return kCMBlockBufferBadLengthParameterErr
        }
        if case .customSource(let source) = provider, source.version != kCMBlockBufferCustomBlockSourceVersion {
            return kCMBlockBufferBadCustomBlockSourceErr
        }
        let block: MemoryBlock
        if let memoryBlock {
            block = MemoryBlock(supplied: memoryBlock, length: blockLength, provider: provider)
        } else {
            block = MemoryBlock(unallocatedLength: blockLength, provider: provider)
            if flags & kCMBlockBufferAssureMemoryNowFlag != 0, case .failure(let error) = block.assure() {
                return error.status
            }
        }
        return append(Segment(source: .memory(block), offset: offsetToData, length: dataLength))
    }

    /// Appends `length` bytes of an existing block that lives as long as the segments using it (file mappings).
    func appendExisting(_ block: MemoryBlock, offset: Int, length: Int) -> OSStatus {
        guard offset >= 0, offset <= block.length else { return kCMBlockBufferBadOffsetParameterErr }
        guard length >= 0, length <= block.length - offset else { return kCMBlockBufferBadLengthParameterErr }
        return append(Segment(source: .memory(block), offset: offset, length: length))
    }

    /// Appends a reference to `dataLength` bytes of `target` at `offsetToData` (zero meaning "the rest of it").
    func appendReference(
        to target: CMBlockBuffer, offsetToData: Int, dataLength: Int, flags: CMBlockBufferFlags
    ) -> OSStatus {
        guard offsetToData >= 0 else { return kCMBlockBufferBadOffsetParameterErr }
        guard dataLength >= 0 else { return kCMBlockBufferBadLengthParameterErr }
        let permitEmpty = flags & kCMBlockBufferPermitEmptyReferenceFlag != 0
        let (targetSegments, targetEnds) = target.snapshot()
        let available = targetEnds.last ?? 0
        if targetSegments.isEmpty && !permitEmpty { return kCMBlockBufferEmptyBBufErr }
        let length: Int
        if dataLength == 0 {
            // CMBlockBuffer.h: zero means the target's total available data length starting at offsetToData.
            guard offsetToData <= available else { return kCMBlockBufferBadOffsetParameterErr }
            length = available - offsetToData
        } else {
            length = dataLength
        }
        let (end, overflow) = offsetToData.addingReportingOverflow(length)
        if overflow { return kCMBlockBufferBadLengthParameterErr }
        let fitsNow = end <= available
        if !fitsNow && !permitEmpty {
            return offsetToData > available ? kCMBlockBufferBadOffsetParameterErr : kCMBlockBufferBadLengthParameterErr
        }
        // A buffer can never keep a live reference to itself: it would be its own owner and its own source.
        let keepReference = target !== self && (flags & kCMBlockBufferDontOptimizeDepthFlag != 0 || !fitsNow)
        if !keepReference {
            guard fitsNow else { return kCMBlockBufferBadLengthParameterErr }
            return appendSegments(Self.slice(targetSegments, ends: targetEnds, offset: offsetToData, length: length))
        }
        if target.reaches(self) { return kCMBlockBufferBadPointerParameterErr }
        return append(Segment(source: .reference(target), offset: offsetToData, length: length))
    }

    private func appendSegments(_ pieces: [Segment]) -> OSStatus {
        for piece in pieces {
            let status = append(piece)
            if status != kCMBlockBufferNoErr { return status }
        }
        return kCMBlockBufferNoErr
    }

    /// The segments covering `offset..<offset+length` of a snapshot, trimmed to it.
    private static func slice(_ segments: [Segment], ends: [Int], offset: Int, length: Int) -> [Segment] {
        guard length > 0, let (first, local) = locate(offset, in: ends) else { return [] }
        var result: [Segment] = []
        var remaining = length
        var index = first
        var skip = local
        while remaining > 0, index < segments.count {
            let segment = segments[index]
            let take = min(segment.length - skip, remaining)
            result.append(Segment(source: segment.source, offset: segment.offset + skip, length: take))
            remaining -= take
            skip = 0
            index += 1
        }
        return result
    }

    /// Whether `other` is reachable from this buffer through live references (so referencing it would make a cycle).
    private func reaches(_ other: CMBlockBuffer) -> Bool {
        var pending: [CMBlockBuffer] = [self]
        var visited = Set<ObjectIdentifier>()
        while let buffer = pending.popLast() {
            if buffer === other { return true }
            guard visited.insert(ObjectIdentifier(buffer)).inserted else { continue }
            for segment in buffer.snapshot().segments {
                if case .reference(let target) = segment.source { pending.append(target) }
            }
        }
        return false
    }

    // MARK: Reading and writing

    /// The address of the byte at `offset` and how many bytes follow it contiguously.
    ///
    /// Follows live references iteratively, so a long chain cannot exhaust the stack. With `assure`, unallocated
    /// blocks on the way are allocated; without, they give `kCMBlockBufferUnallocatedBlockErr`.
    func region(at offset: Int, assure: Bool) -> Result<UnsafeMutableRawBufferPointer, CMBlockBufferStatusError> {
        var buffer = self
        var position = offset
        var limit = Int.max
        for _ in 0..<CoreMediaLimits.maximumReferenceHops {
            let segment: Segment, local: Int
            switch buffer.lookUp(position) {
            case .empty: return .failure(CMBlockBufferStatusError(kCMBlockBufferEmptyBBufErr))
            case .outside: return .failure(CMBlockBufferStatusError(kCMBlockBufferBadOffsetParameterErr))
            case .found(let found, let offsetInSegment): (segment, local) = (found, offsetInSegment)
            }
            limit = min(limit, segment.length - local)
            switch segment.source {
            case .memory(let block):
                let base: UnsafeMutableRawPointer
                if assure {
                    switch block.assure() {
                    case .success(let address): base = address
                    case .failure(let error): return .failure(error)
                    }
                } else {
                    guard let address = block.allocatedAddress else {
                        return .failure(CMBlockBufferStatusError(kCMBlockBufferUnallocatedBlockErr))
                    }
                    base = address
                }
                return .success(UnsafeMutableRawBufferPointer(start: base + segment.offset + local, count: limit))
            case .reference(let target):
                buffer = target
                position = segment.offset + local
            }
        }
        return .failure(CMBlockBufferStatusError(kCMBlockBufferBadPointerParameterErr))
    }

    /// The contiguous pieces that make up `offset..<offset+length`, all resolved before any is used, so that a
    /// failure leaves the caller's data untouched.
    func pieces(offset: Int, length: Int, assure: Bool)
        -> Result<[UnsafeMutableRawBufferPointer], CMBlockBufferStatusError>
    {
        guard offset >= 0 else { return .failure(CMBlockBufferStatusError(kCMBlockBufferBadOffsetParameterErr)) }
        guard length >= 0 else { return .failure(CMBlockBufferStatusError(kCMBlockBufferBadLengthParameterErr)) }
        let total = totalLength
        if hasNoSegments { return .failure(CMBlockBufferStatusError(kCMBlockBufferEmptyBBufErr)) }
        guard offset < total || (offset == total && length == 0) else {
            return .failure(CMBlockBufferStatusError(kCMBlockBufferBadOffsetParameterErr))
        }
        guard length <= total - offset else {
            return .failure(CMBlockBufferStatusError(kCMBlockBufferBadLengthParameterErr))
        }
        var result: [UnsafeMutableRawBufferPointer] = []
        var position = offset
        let end = offset + length
        while position < end {
            switch region(at: position, assure: assure) {
            case .failure(let error):
                return .failure(error)
            case .success(let region):
                let take = min(region.count, end - position)
                result.append(UnsafeMutableRawBufferPointer(rebasing: region[0..<take]))
                position += take
            }
        }
        return .success(result)
    }

    /// Copies `length` bytes at `offset` into `destination`.
    func copyBytes(offset: Int, length: Int, into destination: UnsafeMutableRawPointer) -> OSStatus {
        switch pieces(offset: offset, length: length, assure: false) {
        case .failure(let error):
            return error.status
        case .success(let pieces):
            var written = 0
            for piece in pieces {
                if let base = piece.baseAddress {
                    (destination + written).copyMemory(from: base, byteCount: piece.count)
                }
                written += piece.count
            }
            return kCMBlockBufferNoErr
        }
    }

    /// Copies `length` bytes from `source` into the buffer at `offset`, allocating blocks as needed.
    func replaceBytes(offset: Int, length: Int, from source: UnsafeRawPointer) -> OSStatus {
        switch pieces(offset: offset, length: length, assure: true) {
        case .failure(let error):
            return error.status
        case .success(let pieces):
            var read = 0
            for piece in pieces {
                piece.baseAddress?.copyMemory(from: source + read, byteCount: piece.count)
                read += piece.count
            }
            return kCMBlockBufferNoErr
        }
    }

    /// Sets `length` bytes at `offset` to `byte`, allocating blocks as needed.
    func fillBytes(offset: Int, length: Int, with byte: UInt8) -> OSStatus {
        switch pieces(offset: offset, length: length, assure: true) {
        case .failure(let error):
            return error.status
        case .success(let pieces):
            for piece in pieces where piece.count > 0 {
                piece.baseAddress?.initializeMemory(as: UInt8.self, repeating: byte, count: piece.count)
            }
            return kCMBlockBufferNoErr
        }
    }

    /// Allocates every block the buffer uses that is not allocated yet.
    func assureAllBlocks() -> OSStatus {
        if hasNoSegments { return kCMBlockBufferEmptyBBufErr }
        let total = totalLength
        if total == 0 { return kCMBlockBufferNoErr }
        switch pieces(offset: 0, length: total, assure: true) {
        case .failure(let error): return error.status
        case .success: return kCMBlockBufferNoErr
        }
    }

    /// Whether `length` bytes at `offset` are contiguous in memory (length zero: the rest of the buffer).
    ///
    /// Allocation is not required: an unallocated block is one piece of memory.
    func isContiguous(offset: Int, length: Int) -> Bool {
        let total = totalLength
        guard !hasNoSegments, offset >= 0, offset < total, length >= 0 else { return false }
        let wanted = length == 0 ? total - offset : length
        guard wanted <= total - offset else { return false }
        return contiguousLength(at: offset) >= wanted
    }

    /// How many bytes at `offset` lie in one piece of memory, following references without allocating.
    private func contiguousLength(at offset: Int) -> Int {
        var buffer = self
        var position = offset
        var limit = Int.max
        for _ in 0..<CoreMediaLimits.maximumReferenceHops {
            guard case .found(let segment, let local) = buffer.lookUp(position) else { return 0 }
            limit = min(limit, segment.length - local)
            switch segment.source {
            case .memory: return limit
            case .reference(let target):
                buffer = target
                position = segment.offset + local
            }
        }
        return 0
    }
}

extension CMBlockBuffer: Hashable {
    /// Identity, as Core Foundation compares block buffers.
    public static func == (lhs: CMBlockBuffer, rhs: CMBlockBuffer) -> Bool { lhs === rhs }
    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
