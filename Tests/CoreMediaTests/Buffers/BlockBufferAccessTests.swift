import CoreMedia
import Foundation
import Testing

@Suite("CMBlockBuffer: non-contiguous data, references and contiguity")
struct BlockBufferAccessTests {
    @Test("CopyDataBytes crosses segment boundaries", arguments: [
        (0, 37), (5, 10), (9, 2), (10, 1), (0, 1), (36, 1), (3, 30), (19, 18),
    ])
    func copyAcrossSegments(offset: Int, length: Int) throws {
        let buffer = try makeSegmentedBuffer([10, 7, 1, 19])
        #expect(CMBlockBufferGetDataLength(buffer) == 37)
        #expect(try bytes(of: buffer, offset: offset, length: length) == Array(patternBytes(37)[offset..<offset + length]))
    }

    @Test("GetDataPointer reports the contiguous run at an offset and the total length")
    func dataPointerContiguity() throws {
        let buffer = try makeSegmentedBuffer([10, 7, 1, 19])
        for (offset, expectedRun) in [(0, 10), (4, 6), (9, 1), (10, 7), (16, 1), (17, 1), (18, 19), (36, 1)] {
            var run = -1, total = -1
            var pointer: UnsafeMutablePointer<CChar>?
            #expect(CMBlockBufferGetDataPointer(buffer, atOffset: offset, lengthAtOffsetOut: &run,
                                                totalLengthOut: &total, dataPointerOut: &pointer) == noErr)
            #expect(run == expectedRun, "run at \(offset)")
            #expect(total == 37)
            #expect(UInt8(bitPattern: pointer!.pointee) == patternBytes(37)[offset])
        }
        var run = 0
        #expect(CMBlockBufferGetDataPointer(buffer, atOffset: 37, lengthAtOffsetOut: &run, totalLengthOut: nil,
                                            dataPointerOut: nil) == kCMBlockBufferBadOffsetParameterErr)
        #expect(CMBlockBufferGetDataPointer(buffer, atOffset: -1, lengthAtOffsetOut: nil, totalLengthOut: nil,
                                            dataPointerOut: nil) == kCMBlockBufferBadOffsetParameterErr)
        #expect(CMBlockBufferIsRangeContiguous(buffer, atOffset: 0, length: 10))
        #expect(!CMBlockBufferIsRangeContiguous(buffer, atOffset: 0, length: 11))
        #expect(CMBlockBufferIsRangeContiguous(buffer, atOffset: 18, length: 0), "zero length: the rest (19 bytes)")
        #expect(!CMBlockBufferIsRangeContiguous(buffer, atOffset: 17, length: 0))
        #expect(!CMBlockBufferIsRangeContiguous(buffer, atOffset: 30, length: 8), "past the end")
        #expect(!CMBlockBufferIsRangeContiguous(buffer, atOffset: 37, length: 1))
    }

    @Test("References share memory, subset it, and keep their data after the source goes")
    func references() throws {
        var source: CMBlockBuffer? = try makeSegmentedBuffer([10, 10])
        var middle: CMBlockBuffer?
        #expect(CMBlockBufferCreateWithBufferReference(allocator: nil, referenceBuffer: source!, offsetToData: 5,
                                                       dataLength: 10, flags: 0, blockBufferOut: &middle) == noErr)
        var rest: CMBlockBuffer?
        #expect(CMBlockBufferCreateWithBufferReference(allocator: nil, referenceBuffer: source!, offsetToData: 12,
                                                       dataLength: 0, flags: 0, blockBufferOut: &rest) == noErr)
        #expect(CMBlockBufferGetDataLength(rest!) == 8, "zero length refers to the rest")
        var sourcePointer: UnsafeMutablePointer<CChar>?, referencePointer: UnsafeMutablePointer<CChar>?
        CMBlockBufferGetDataPointer(source!, atOffset: 5, lengthAtOffsetOut: nil, totalLengthOut: nil,
                                    dataPointerOut: &sourcePointer)
        CMBlockBufferGetDataPointer(middle!, atOffset: 0, lengthAtOffsetOut: nil, totalLengthOut: nil,
                                    dataPointerOut: &referencePointer)
        #expect(sourcePointer == referencePointer, "no copy")
        // A write through the source is seen through the reference.
        #expect(CMBlockBufferFillDataBytes(with: 99, blockBuffer: source!, offsetIntoDestination: 6,
                                           dataLength: 1) == noErr)
        source = nil
        var expected = Array(patternBytes(20)[5..<15])
        expected[1] = 99
        #expect(try bytes(of: middle!) == expected)
        #expect(try bytes(of: rest!) == Array(patternBytes(20)[12..<20]))
    }

    @Test("Appending references builds one buffer from pieces of others without copying")
    func appendReferences() throws {
        let first = try makeSegmentedBuffer([8])
        let second = try makeSegmentedBuffer([8, 8])
        var joined: CMBlockBuffer?
        CMBlockBufferCreateEmpty(allocator: nil, capacity: 4, flags: 0, blockBufferOut: &joined)
        #expect(CMBlockBufferIsEmpty(joined!))
        #expect(CMBlockBufferAppendBufferReference(joined!, targetBBuf: second, offsetToData: 6, dataLength: 4,
                                                   flags: 0) == noErr)
        #expect(CMBlockBufferAppendBufferReference(joined!, targetBBuf: first, offsetToData: 0, dataLength: 0,
                                                   flags: kCMBlockBufferDontOptimizeDepthFlag) == noErr)
        #expect(CMBlockBufferAppendBufferReference(joined!, targetBBuf: joined!, offsetToData: 0, dataLength: 4,
                                                   flags: kCMBlockBufferDontOptimizeDepthFlag) == noErr,
                "a reference to itself is flattened, never kept")
        let expected = Array(patternBytes(16)[6..<10]) + patternBytes(8) + Array(patternBytes(16)[6..<10])
        #expect(try bytes(of: joined!) == expected)
        #expect(!CMBlockBufferIsEmpty(joined!))
    }

    @Test("PermitEmptyReference refers to data that arrives later")
    func permitEmptyReference() throws {
        var target: CMBlockBuffer?
        CMBlockBufferCreateEmpty(allocator: nil, capacity: 0, flags: 0, blockBufferOut: &target)
        var early: CMBlockBuffer?
        #expect(CMBlockBufferCreateWithBufferReference(allocator: nil, referenceBuffer: target!, offsetToData: 0,
                                                       dataLength: 4, flags: 0, blockBufferOut: &early)
                == kCMBlockBufferEmptyBBufErr)
        #expect(CMBlockBufferCreateWithBufferReference(allocator: nil, referenceBuffer: target!, offsetToData: 2,
                                                       dataLength: 4, flags: kCMBlockBufferPermitEmptyReferenceFlag,
                                                       blockBufferOut: &early) == noErr)
        #expect(CMBlockBufferGetDataLength(early!) == 4)
        var scratch = [UInt8](repeating: 0, count: 4)
        #expect(CMBlockBufferCopyDataBytes(early!, atOffset: 0, dataLength: 4, destination: &scratch)
                == kCMBlockBufferEmptyBBufErr, "not there yet")
        let memory = malloc(8)!
        memory.copyMemory(from: patternBytes(8), byteCount: 8)
        CMBlockBufferAppendMemoryBlock(target!, memoryBlock: memory, length: 8, blockAllocator: nil,
                                       customBlockSource: nil, offsetToData: 0, dataLength: 8, flags: 0)
        #expect(try bytes(of: early!) == Array(patternBytes(8)[2..<6]))
        // The target must not come to depend on the buffer that depends on it.
        #expect(CMBlockBufferAppendBufferReference(target!, targetBBuf: early!, offsetToData: 0, dataLength: 4,
                                                   flags: kCMBlockBufferDontOptimizeDepthFlag)
                == kCMBlockBufferBadPointerParameterErr)
    }

    @Test("CreateContiguous references contiguous data and copies the rest")
    func createContiguous() throws {
        let buffer = try makeSegmentedBuffer([10, 10])
        func pointer(_ buffer: CMBlockBuffer, _ offset: Int) -> UnsafeMutablePointer<CChar>? {
            var result: UnsafeMutablePointer<CChar>?
            CMBlockBufferGetDataPointer(buffer, atOffset: offset, lengthAtOffsetOut: nil, totalLengthOut: nil,
                                        dataPointerOut: &result)
            return result
        }
        var shared: CMBlockBuffer?
        #expect(CMBlockBufferCreateContiguous(allocator: nil, sourceBuffer: buffer, blockAllocator: nil,
                                              customBlockSource: nil, offsetToData: 2, dataLength: 6, flags: 0,
                                              blockBufferOut: &shared) == noErr)
        #expect(pointer(shared!, 0) == pointer(buffer, 2))
        var copied: CMBlockBuffer?
        #expect(CMBlockBufferCreateContiguous(allocator: nil, sourceBuffer: buffer, blockAllocator: nil,
                                              customBlockSource: nil, offsetToData: 5, dataLength: 0, flags: 0,
                                              blockBufferOut: &copied) == noErr)
        #expect(CMBlockBufferGetDataLength(copied!) == 15)
        #expect(CMBlockBufferIsRangeContiguous(copied!, atOffset: 0, length: 0))
        #expect(try bytes(of: copied!) == Array(patternBytes(20)[5...]))
        var forced: CMBlockBuffer?
        let counter = BlockSourceCounter()
        var source = counter.source()
        #expect(CMBlockBufferCreateContiguous(allocator: nil, sourceBuffer: buffer, blockAllocator: nil,
                                              customBlockSource: &source, offsetToData: 0, dataLength: 4,
                                              flags: kCMBlockBufferAlwaysCopyDataFlag, blockBufferOut: &forced) == noErr)
        #expect(pointer(forced!, 0) != pointer(buffer, 0))
        #expect(counter.allocations == 1)
        #expect(try bytes(of: forced!) == patternBytes(4))
        forced = nil
        #expect(counter.frees == 1)
    }

    @Test("AccessDataBytes points into the buffer when it can and into the temporary block when it must")
    func accessDataBytes() throws {
        let buffer = try makeSegmentedBuffer([6, 6])
        var temporary = [UInt8](repeating: 0, count: 8)
        try temporary.withUnsafeMutableBytes { (scratch: UnsafeMutableRawBufferPointer) throws in
            var result: UnsafeMutablePointer<CChar>?
            #expect(CMBlockBufferAccessDataBytes(buffer, atOffset: 1, length: 4, temporaryBlock: scratch.baseAddress!,
                                                 returnedPointerOut: &result) == noErr)
            #expect(UnsafeMutableRawPointer(result!) != scratch.baseAddress)
            #expect(CMBlockBufferAccessDataBytes(buffer, atOffset: 2, length: 8, temporaryBlock: scratch.baseAddress!,
                                                 returnedPointerOut: &result) == noErr)
            #expect(UnsafeMutableRawPointer(result!) == scratch.baseAddress)
            #expect(CMBlockBufferAccessDataBytes(buffer, atOffset: 8, length: 8, temporaryBlock: scratch.baseAddress!,
                                                 returnedPointerOut: &result) == kCMBlockBufferBadLengthParameterErr)
            #expect(result == nil)
        }
        #expect(temporary == Array(patternBytes(12)[2..<10]))
    }

    @Test("Replace and Fill write across segments, and a failed one writes nothing")
    func replaceAndFill() throws {
        let buffer = try makeSegmentedBuffer([5, 5, 5])
        let source: [UInt8] = [200, 201, 202, 203, 204, 205, 206]
        #expect(CMBlockBufferReplaceDataBytes(with: source, blockBuffer: buffer, offsetIntoDestination: 4,
                                              dataLength: 7) == noErr)
        var expected = patternBytes(15)
        expected.replaceSubrange(4..<11, with: source)
        #expect(try bytes(of: buffer) == expected)
        #expect(CMBlockBufferReplaceDataBytes(with: source, blockBuffer: buffer, offsetIntoDestination: 10,
                                              dataLength: 7) == kCMBlockBufferBadLengthParameterErr)
        #expect(CMBlockBufferFillDataBytes(with: -1, blockBuffer: buffer, offsetIntoDestination: 12,
                                           dataLength: 9) == kCMBlockBufferBadLengthParameterErr)
        #expect(try bytes(of: buffer) == expected, "failed writes leave the data untouched")
        #expect(CMBlockBufferFillDataBytes(with: -1, blockBuffer: buffer, offsetIntoDestination: 12,
                                           dataLength: 0) == noErr)
        expected.replaceSubrange(12..<15, with: [255, 255, 255])
        #expect(try bytes(of: buffer) == expected)
    }

    @Test("Every misuse returns its documented status")
    func errorStatuses() throws {
        var out: CMBlockBuffer?
        func create(_ memory: UnsafeMutableRawPointer?, _ blockLength: Int, _ offset: Int, _ length: Int,
                    source: UnsafePointer<CMBlockBufferCustomBlockSource>? = nil,
                    flags: CMBlockBufferFlags = 0) -> OSStatus {
            CMBlockBufferCreateWithMemoryBlock(allocator: nil, memoryBlock: memory, blockLength: blockLength,
                                               blockAllocator: nil, customBlockSource: source, offsetToData: offset,
                                               dataLength: length, flags: flags, blockBufferOut: &out)
        }
        #expect(create(nil, 0, 0, 0) == kCMBlockBufferBadLengthParameterErr, "blockLength must not be zero")
        #expect(create(nil, -4, 0, 0) == kCMBlockBufferBadLengthParameterErr)
        #expect(create(nil, 8, 9, 0) == kCMBlockBufferBadOffsetParameterErr)
        #expect(create(nil, 8, -1, 2) == kCMBlockBufferBadOffsetParameterErr)
        #expect(create(nil, 8, 4, 5) == kCMBlockBufferBadLengthParameterErr)
        #expect(create(nil, 8, 4, Int.max) == kCMBlockBufferBadLengthParameterErr)
        #expect(out == nil)

        var badVersion = CMBlockBufferCustomBlockSource()
        badVersion.version = 1
        #expect(create(nil, 8, 0, 8, source: &badVersion) == kCMBlockBufferBadCustomBlockSourceErr)
        var noAllocate = CMBlockBufferCustomBlockSource()
        #expect(create(nil, 8, 0, 8, source: &noAllocate, flags: kCMBlockBufferAssureMemoryNowFlag)
                == kCMBlockBufferBadCustomBlockSourceErr)
        #expect(create(nil, 8, 0, 8, source: &noAllocate) == noErr, "lazily: fails only when allocation is attempted")
        #expect(CMBlockBufferAssureBlockMemory(out!) == kCMBlockBufferBadCustomBlockSourceErr)
        let counter = BlockSourceCounter()
        counter.failAllocation = true
        var failing = counter.source()
        #expect(create(nil, 8, 0, 8, source: &failing, flags: kCMBlockBufferAssureMemoryNowFlag)
                == kCMBlockBufferBlockAllocationFailedErr)

        var empty: CMBlockBuffer?
        CMBlockBufferCreateEmpty(allocator: nil, capacity: .max, flags: 0, blockBufferOut: &empty)
        #expect(CMBlockBufferGetDataLength(empty!) == 0)
        #expect(CMBlockBufferAssureBlockMemory(empty!) == kCMBlockBufferEmptyBBufErr)
        #expect(CMBlockBufferGetDataPointer(empty!, atOffset: 0, lengthAtOffsetOut: nil, totalLengthOut: nil,
                                            dataPointerOut: nil) == kCMBlockBufferEmptyBBufErr)
        #expect(CMBlockBufferCreateContiguous(allocator: nil, sourceBuffer: empty!, blockAllocator: nil,
                                              customBlockSource: nil, offsetToData: 0, dataLength: 0, flags: 0,
                                              blockBufferOut: &out) == kCMBlockBufferEmptyBBufErr)
        #expect(CMBlockBufferAppendBufferReference(empty!, targetBBuf: empty!, offsetToData: 0, dataLength: 1,
                                                   flags: 0) == kCMBlockBufferEmptyBBufErr)
        #expect(!CMBlockBufferIsRangeContiguous(empty!, atOffset: 0, length: 0))

        let full = try makeSegmentedBuffer([4, 4])
        var scratch = [UInt8](repeating: 0, count: 16)
        #expect(CMBlockBufferCopyDataBytes(full, atOffset: 0, dataLength: 0, destination: &scratch)
                == kCMBlockBufferBadLengthParameterErr, "CopyDataBytes: length must not be zero")
        #expect(CMBlockBufferCopyDataBytes(full, atOffset: 8, dataLength: 1, destination: &scratch)
                == kCMBlockBufferBadOffsetParameterErr)
        #expect(CMBlockBufferCopyDataBytes(full, atOffset: 7, dataLength: 2, destination: &scratch)
                == kCMBlockBufferBadLengthParameterErr)
        #expect(CMBlockBufferCopyDataBytes(full, atOffset: 1, dataLength: .max, destination: &scratch)
                == kCMBlockBufferBadLengthParameterErr)
        #expect(CMBlockBufferCreateWithBufferReference(allocator: nil, referenceBuffer: full, offsetToData: 9,
                                                       dataLength: 0, flags: 0, blockBufferOut: &out)
                == kCMBlockBufferBadOffsetParameterErr)
        #expect(CMBlockBufferCreateWithBufferReference(allocator: nil, referenceBuffer: full, offsetToData: 4,
                                                       dataLength: 5, flags: 0, blockBufferOut: &out)
                == kCMBlockBufferBadLengthParameterErr)
        #expect(CMBlockBufferCreateWithBufferReference(allocator: nil, referenceBuffer: full, offsetToData: 1,
                                                       dataLength: .max, flags: kCMBlockBufferPermitEmptyReferenceFlag,
                                                       blockBufferOut: &out) == kCMBlockBufferBadLengthParameterErr)
        #expect(CMBlockBufferCreateContiguous(allocator: nil, sourceBuffer: full, blockAllocator: nil,
                                              customBlockSource: nil, offsetToData: 8, dataLength: 0, flags: 0,
                                              blockBufferOut: &out) == kCMBlockBufferBadOffsetParameterErr)
        #expect(CMBlockBufferCreateContiguous(allocator: nil, sourceBuffer: full, blockAllocator: nil,
                                              customBlockSource: nil, offsetToData: 2, dataLength: 7, flags: 0,
                                              blockBufferOut: &out) == kCMBlockBufferBadLengthParameterErr)
        #expect(CMBlockBufferFillDataBytes(with: 0, blockBuffer: full, offsetIntoDestination: 9, dataLength: 0)
                == kCMBlockBufferBadOffsetParameterErr)
    }
}
