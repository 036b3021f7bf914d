import CoreMedia
import Foundation
import Testing

/// Counts the calls of a custom block source's callbacks through its `refCon` (C callbacks cannot capture).
final class BlockSourceCounter {
    var allocations = 0
    var frees = 0
    var freedSizes: [Int] = []
    var failAllocation = false

    /// A custom block source whose callbacks count into this object, which must outlive every block it serves.
    func source() -> CMBlockBufferCustomBlockSource {
        CMBlockBufferCustomBlockSource(
            version: kCMBlockBufferCustomBlockSourceVersion,
            AllocateBlock: { refCon, size in
                let counter = Unmanaged<BlockSourceCounter>.fromOpaque(refCon!).takeUnretainedValue()
                counter.allocations += 1
                return counter.failAllocation ? nil : malloc(size)
            },
            FreeBlock: { refCon, block, size in
                let counter = Unmanaged<BlockSourceCounter>.fromOpaque(refCon!).takeUnretainedValue()
                counter.frees += 1
                counter.freedSizes.append(size)
                free(block)
            },
            refCon: Unmanaged.passUnretained(self).toOpaque())
    }
}

/// Bytes 0, 1, 2, … wrapping at 251 (a prime, so block boundaries never line up with the pattern).
func patternBytes(_ count: Int, start: Int = 0) -> [UInt8] {
    (0..<count).map { UInt8((start + $0) % 251) }
}

/// A block buffer made of `pieces` separately allocated blocks holding `patternBytes` in order.
func makeSegmentedBuffer(_ pieces: [Int]) throws -> CMBlockBuffer {
    var buffer: CMBlockBuffer?
    try #require(CMBlockBufferCreateEmpty(allocator: nil, capacity: 0, flags: 0, blockBufferOut: &buffer) == noErr)
    var start = 0
    for size in pieces {
        let memory = malloc(size)!
        let bytes = patternBytes(size, start: start)
        memory.copyMemory(from: bytes, byteCount: size)
        try #require(CMBlockBufferAppendMemoryBlock(buffer!, memoryBlock: memory, length: size, blockAllocator: nil,
                                                    customBlockSource: nil, offsetToData: 0, dataLength: size,
                                                    flags: 0) == kCMBlockBufferNoErr)
        start += size
    }
    return buffer!
}

func bytes(of buffer: CMBlockBuffer, offset: Int = 0, length: Int? = nil) throws -> [UInt8] {
    let count = length ?? CMBlockBufferGetDataLength(buffer) - offset
    var result = [UInt8](repeating: 0, count: count)
    let status = result.withUnsafeMutableBytes {
        CMBlockBufferCopyDataBytes(buffer, atOffset: offset, dataLength: count, destination: $0.baseAddress!)
    }
    try #require(status == kCMBlockBufferNoErr)
    return result
}

@Suite("CMBlockBuffer: creation, ownership and memory")
struct BlockBufferOwnershipTests {
    @Test("Status and flag values are Apple's (CMBlockBuffer.h)")
    func constants() {
        #expect(kCMBlockBufferNoErr == 0)
        #expect(kCMBlockBufferStructureAllocationFailedErr == -12700)
        #expect(kCMBlockBufferBlockAllocationFailedErr == -12701)
        #expect(kCMBlockBufferBadCustomBlockSourceErr == -12702)
        #expect(kCMBlockBufferBadOffsetParameterErr == -12703)
        #expect(kCMBlockBufferBadLengthParameterErr == -12704)
        #expect(kCMBlockBufferBadPointerParameterErr == -12705)
        #expect(kCMBlockBufferEmptyBBufErr == -12706)
        #expect(kCMBlockBufferUnallocatedBlockErr == -12707)
        #expect(kCMBlockBufferInsufficientSpaceErr == -12708)
        #expect([kCMBlockBufferAssureMemoryNowFlag, kCMBlockBufferAlwaysCopyDataFlag,
                 kCMBlockBufferDontOptimizeDepthFlag, kCMBlockBufferPermitEmptyReferenceFlag] == [1, 2, 4, 8])
        #expect(kCMBlockBufferCustomBlockSourceVersion == 0)
        #expect(CMBlockBuffer.Error.badOffsetParameter.code == -12703)
        #expect(CMBlockBuffer.Error.badOffsetParameter.domain == NSOSStatusErrorDomain)
    }

    @Test("A block allocated now is there and zeroed; a lazy one appears on first write")
    func allocationNowAndLazily() throws {
        var now: CMBlockBuffer?
        #expect(CMBlockBufferCreateWithMemoryBlock(
            allocator: kCFAllocatorDefault, memoryBlock: nil, blockLength: 64, blockAllocator: kCFAllocatorDefault,
            customBlockSource: nil, offsetToData: 8, dataLength: 32, flags: kCMBlockBufferAssureMemoryNowFlag,
            blockBufferOut: &now) == kCMBlockBufferNoErr)
        var length = 0, total = 0
        var pointer: UnsafeMutablePointer<CChar>?
        #expect(CMBlockBufferGetDataPointer(now!, atOffset: 0, lengthAtOffsetOut: &length, totalLengthOut: &total,
                                            dataPointerOut: &pointer) == kCMBlockBufferNoErr)
        #expect(length == 32 && total == 32 && pointer != nil)
        #expect(try bytes(of: now!) == [UInt8](repeating: 0, count: 32))

        var lazy: CMBlockBuffer?
        #expect(CMBlockBufferCreateWithMemoryBlock(
            allocator: nil, memoryBlock: nil, blockLength: 16, blockAllocator: nil, customBlockSource: nil,
            offsetToData: 0, dataLength: 16, flags: 0, blockBufferOut: &lazy) == kCMBlockBufferNoErr)
        #expect(!CMBlockBufferIsEmpty(lazy!), "an unallocated block does not make a buffer empty")
        #expect(CMBlockBufferGetDataLength(lazy!) == 16)
        #expect(CMBlockBufferGetDataPointer(lazy!, atOffset: 0, lengthAtOffsetOut: nil, totalLengthOut: nil,
                                            dataPointerOut: &pointer) == kCMBlockBufferUnallocatedBlockErr)
        var scratch = [UInt8](repeating: 0, count: 16)
        #expect(CMBlockBufferCopyDataBytes(lazy!, atOffset: 0, dataLength: 16, destination: &scratch)
                == kCMBlockBufferUnallocatedBlockErr)
        let source = patternBytes(16)
        #expect(CMBlockBufferReplaceDataBytes(with: source, blockBuffer: lazy!, offsetIntoDestination: 0,
                                              dataLength: 16) == kCMBlockBufferNoErr)
        #expect(try bytes(of: lazy!) == source)

        var other: CMBlockBuffer?
        CMBlockBufferCreateWithMemoryBlock(
            allocator: nil, memoryBlock: nil, blockLength: 16, blockAllocator: nil, customBlockSource: nil,
            offsetToData: 0, dataLength: 16, flags: 0, blockBufferOut: &other)
        #expect(CMBlockBufferAssureBlockMemory(other!) == kCMBlockBufferNoErr)
        #expect(CMBlockBufferGetDataPointer(other!, atOffset: 15, lengthAtOffsetOut: &length, totalLengthOut: nil,
                                            dataPointerOut: &pointer) == kCMBlockBufferNoErr)
        #expect(length == 1)
    }

    @Test("A custom block source frees a supplied block exactly once, after the last reference goes")
    func customSourceFreesSuppliedBlockOnce() throws {
        let counter = BlockSourceCounter()
        var source = counter.source()
        do {
            var original: CMBlockBuffer?
            let memory = malloc(100)!
            #expect(CMBlockBufferCreateWithMemoryBlock(
                allocator: nil, memoryBlock: memory, blockLength: 100, blockAllocator: nil,
                customBlockSource: &source, offsetToData: 10, dataLength: 50, flags: 0,
                blockBufferOut: &original) == kCMBlockBufferNoErr)
            var reference: CMBlockBuffer?
            #expect(CMBlockBufferCreateWithBufferReference(
                allocator: nil, referenceBuffer: original!, offsetToData: 5, dataLength: 20, flags: 0,
                blockBufferOut: &reference) == kCMBlockBufferNoErr)
            var deep: CMBlockBuffer?
            #expect(CMBlockBufferCreateWithBufferReference(
                allocator: nil, referenceBuffer: original!, offsetToData: 0, dataLength: 50,
                flags: kCMBlockBufferDontOptimizeDepthFlag, blockBufferOut: &deep) == kCMBlockBufferNoErr)
            original = nil
            #expect(counter.frees == 0, "references keep the block alive")
            reference = nil
            #expect(counter.frees == 0)
            withExtendedLifetime(deep) {}
        }
        #expect(counter.frees == 1)
        #expect(counter.freedSizes == [100])
        #expect(counter.allocations == 0, "a supplied block is never allocated")
    }

    @Test("A custom block source allocates once on demand and frees once; never-allocated blocks are never freed")
    func customSourceLazyAllocation() throws {
        let counter = BlockSourceCounter()
        var source = counter.source()
        do {
            var buffer: CMBlockBuffer?
            #expect(CMBlockBufferCreateWithMemoryBlock(
                allocator: nil, memoryBlock: nil, blockLength: 32, blockAllocator: nil, customBlockSource: &source,
                offsetToData: 0, dataLength: 32, flags: 0, blockBufferOut: &buffer) == kCMBlockBufferNoErr)
            #expect(counter.allocations == 0)
            #expect(CMBlockBufferFillDataBytes(with: 7, blockBuffer: buffer!, offsetIntoDestination: 0,
                                               dataLength: 0) == kCMBlockBufferNoErr)
            #expect(CMBlockBufferAssureBlockMemory(buffer!) == kCMBlockBufferNoErr)
            #expect(try bytes(of: buffer!) == [UInt8](repeating: 7, count: 32))
            #expect(counter.allocations == 1)
        }
        #expect(counter.frees == 1)
        do {
            var unused: CMBlockBuffer?
            CMBlockBufferCreateWithMemoryBlock(
                allocator: nil, memoryBlock: nil, blockLength: 32, blockAllocator: nil, customBlockSource: &source,
                offsetToData: 0, dataLength: 32, flags: 0, blockBufferOut: &unused)
            withExtendedLifetime(unused) {}
        }
        #expect(counter.allocations == 1 && counter.frees == 1, "no block, no FreeBlock call")
    }

    @Test("kCFAllocatorNull leaves ownership with the caller")
    func nullAllocatorNeverFrees() throws {
        // Memory that `free` would abort on if the block buffer tried to free it: part of a Swift array.
        var storage = patternBytes(48)
        try storage.withUnsafeMutableBytes { (raw: UnsafeMutableRawBufferPointer) throws in
            do {
                var buffer: CMBlockBuffer?
                #expect(CMBlockBufferCreateWithMemoryBlock(
                    allocator: nil, memoryBlock: raw.baseAddress! + 8, blockLength: 32, blockAllocator: kCFAllocatorNull,
                    customBlockSource: nil, offsetToData: 0, dataLength: 32, flags: 0,
                    blockBufferOut: &buffer) == kCMBlockBufferNoErr)
                #expect(try bytes(of: buffer!) == patternBytes(32, start: 8))
                var copy: CMBlockBuffer?
                CMBlockBufferCreateWithBufferReference(allocator: nil, referenceBuffer: buffer!, offsetToData: 0,
                                                       dataLength: 0, flags: 0, blockBufferOut: &copy)
                #expect(CMBlockBufferGetDataLength(copy!) == 32)
            }
        }
        #expect(storage == patternBytes(48))

        // kCFAllocatorNull cannot allocate, so a block to be allocated with it fails.
        var nothing: CMBlockBuffer?
        #expect(CMBlockBufferCreateWithMemoryBlock(
            allocator: nil, memoryBlock: nil, blockLength: 8, blockAllocator: kCFAllocatorNull, customBlockSource: nil,
            offsetToData: 0, dataLength: 8, flags: kCMBlockBufferAssureMemoryNowFlag,
            blockBufferOut: &nothing) == kCMBlockBufferBlockAllocationFailedErr)
        #expect(nothing == nil)
    }

    @Test("Swift-overlay deallocators run exactly once")
    func overlayDeallocator() throws {
        final class Box: @unchecked Sendable { var calls: [Int] = [] }
        let box = Box()
        do {
            let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: 24, alignment: 8)
            let buffer = try CMBlockBuffer(buffer: memory, deallocator: { pointer, size in
                box.calls.append(size)
                pointer.deallocate()
            })
            let slice = try CMBlockBuffer(bufferReference: buffer[4..<12])
            #expect(slice.dataLength == 8)
            withExtendedLifetime(buffer) {}
        }
        #expect(box.calls == [24])
    }
}
