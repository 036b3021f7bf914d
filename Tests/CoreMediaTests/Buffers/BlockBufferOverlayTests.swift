import CoreMedia
import Foundation
import Testing
import TestSupport

@Suite("CMBlockBuffer: Swift overlay, mapped files, threads")
struct BlockBufferOverlayTests {
    @Test("Overlay initializers, slices and copies")
    func overlay() throws {
        let buffer = try CMBlockBuffer(length: 16, flags: .assureMemoryNow)
        #expect(buffer.dataLength == 16 && !buffer.isEmpty && buffer.isContiguous)
        try buffer.withUnsafeMutableBytes { bytes in
            for index in bytes.indices { bytes[index] = UInt8(index) }
        }
        #expect(try buffer.dataBytes() == Data(0..<16))
        #expect(try buffer[4..<8].dataBytes() == Data([4, 5, 6, 7]))
        #expect(try buffer[...2].dataBytes() == Data([0, 1, 2]))
        #expect(try buffer[14...].dataBytes() == Data([14, 15]))
        #expect(try buffer[..<1].dataBytes() == Data([0]))
        #expect(buffer[...].dataLength == 16)

        let lazy = try CMBlockBuffer(length: 8)
        #expect(throws: CMBlockBuffer.Error.unallocatedBlock) { try lazy.withUnsafeMutableBytes { _ in } }
        try lazy.assureBlockMemory()
        try lazy.withUnsafeMutableBytes(atOffset: 2) { #expect($0.count == 6) }

        let joined = try CMBlockBuffer()
        #expect(joined.isEmpty)
        try joined.append(bufferReference: buffer[10..<16])
        try joined.append(length: 4, flags: .assureMemoryNow)
        try joined.append(bufferReference: buffer[0..<2])
        #expect(joined.dataLength == 12 && !joined.isContiguous)
        try joined[6..<10].fillDataBytes(with: 0xEE)
        try [UInt8(0xAA), 0xBB].withUnsafeBytes { try joined[0..<2].replaceDataBytes(with: $0) }
        #expect(try joined.dataBytes() == Data([0xAA, 0xBB, 12, 13, 14, 15, 0xEE, 0xEE, 0xEE, 0xEE, 0, 1]))
        #expect(try buffer.dataBytes()[10] == 0xAA, "the reference wrote through to the original memory")

        let contiguous = try joined.makeContiguous()
        #expect(contiguous.isContiguous && contiguous.dataLength == 12)
        #expect(try contiguous.dataBytes() == joined.dataBytes())
        let total = try joined.withContiguousStorage { $0.reduce(0) { $0 + Int($1) } }
        #expect(total == 0xAA + 0xBB + 12 + 13 + 14 + 15 + 4 * 0xEE + 1)

        var small = [UInt8](repeating: 0, count: 4)
        #expect(throws: CMBlockBuffer.Error.insufficientSpace) {
            try small.withUnsafeMutableBytes { try joined.copyDataBytes(to: $0) }
        }
        try small.withUnsafeMutableBytes { try joined[2..<6].copyDataBytes(to: $0) }
        #expect(small == [12, 13, 14, 15])
        #expect(throws: CMBlockBuffer.Error.badLengthParameter) { try joined[10..<20].dataBytes() }
        #expect(throws: CMBlockBuffer.Error.badOffsetParameter) { try joined[-1..<2].dataBytes() }
        #expect(throws: CMBlockBuffer.Error.badLengthParameter) { try joined[0...Int.max].dataBytes() }
        #expect(throws: CMBlockBuffer.Error.badLengthParameter) { try CMBlockBuffer(bufferReference: joined[3..<3]) }
        #expect(throws: CMBlockBuffer.Error.badLengthParameter) { try CMBlockBuffer(length: 0) }
    }

    @Test("Attachments on a block buffer, through the C functions and the overlay")
    func attachments() throws {
        let buffer = try CMBlockBuffer(length: 4)
        CMSetAttachment(buffer, key: "A" as CFString, value: 1 as CFTypeRef, attachmentMode: kCMAttachmentMode_ShouldPropagate)
        CMSetAttachment(buffer, key: "B" as CFString, value: "b" as CFTypeRef,
                        attachmentMode: kCMAttachmentMode_ShouldNotPropagate)
        var mode: CMAttachmentMode = 99
        #expect(CMGetAttachment(buffer, key: "A" as CFString, attachmentModeOut: &mode) as? Int == 1)
        #expect(mode == kCMAttachmentMode_ShouldPropagate)
        #expect(buffer.attachments["B"]?.mode == .shouldNotPropagate)
        #expect(buffer.attachments.propagated.keys.sorted() == ["A"])
        let other = try CMBlockBuffer(length: 4)
        CMPropagateAttachments(buffer, destination: other)
        #expect(CMCopyDictionaryOfAttachments(allocator: nil, target: other,
                                              attachmentMode: kCMAttachmentMode_ShouldPropagate)?["A"] as? Int == 1)
        #expect(CMCopyDictionaryOfAttachments(allocator: nil, target: other,
                                              attachmentMode: kCMAttachmentMode_ShouldNotPropagate) == nil)
        other.attachments["A"] = nil
        #expect(CMGetAttachment(other, key: "A" as CFString, attachmentModeOut: nil) == nil)
        CMSetAttachments(other, attachments: ["X": 1, "Y": 2] as CFDictionary, attachmentMode: kCMAttachmentMode_ShouldNotPropagate)
        #expect(other.attachments.nonPropagated.count == 2)
        CMRemoveAttachment(other, key: "X" as CFString)
        #expect(other.attachments.nonPropagated.keys.sorted() == ["Y"])
        CMRemoveAllAttachments(other)
        #expect(other.attachments.nonPropagated.isEmpty)
    }

    @Test("References into a mapped file read the file's bytes without copying")
    func mappedFile() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("payload.bin")
        let content = patternBytes(100_000)
        try Data(content).write(to: url)

        var reader: MappedFile? = try MappedFile(url: url)
        #expect(reader!.length == 100_000)
        let sample = try reader!.makeBlockBuffer(range: 1_000..<5_000)
        #expect(try sample.dataBytes() == Data(content[1_000..<5_000]))
        // Adjacent ranges of the same file join into one contiguous piece.
        try sample.appendReference(to: reader!, range: 5_000..<6_000)
        #expect(CMBlockBufferIsRangeContiguous(sample, atOffset: 0, length: 0))
        try sample.appendReference(to: reader!, range: 90_000..<90_010)
        #expect(!CMBlockBufferIsRangeContiguous(sample, atOffset: 0, length: 0))
        #expect(try sample.dataBytes() == Data(content[1_000..<6_000] + content[90_000..<90_010]))

        #expect(throws: CMBlockBuffer.Error.badLengthParameter) { try reader!.makeBlockBuffer(range: 99_999..<100_001) }
        #expect(throws: CMBlockBuffer.Error.badOffsetParameter) { try reader!.makeBlockBuffer(range: 100_001..<100_002) }
        #expect(throws: CMBlockBuffer.Error.badLengthParameter) { try reader!.makeBlockBuffer(range: 10..<10) }

        // Writes through a block buffer never reach the file (private mapping), and do not fault.
        try sample[0..<4].fillDataBytes(with: 0)
        #expect(try Data(contentsOf: url)[1_000] == content[1_000])
        // The mapping outlives the MappedFile object while a block buffer uses it.
        reader = nil
        #expect(try sample.dataBytes()[10] == content[1_010])

        let empty = directory.file("empty.bin")
        try Data().write(to: empty)
        let emptyFile = try MappedFile(url: empty)
        #expect(emptyFile.length == 0)
        #expect(throws: NSError.self) { try emptyFile.makeBlockBuffer(range: 0..<1) }
        #expect(throws: MappedFile.Failure.self) { try MappedFile(url: directory.file("missing.bin")) }
        #expect(throws: MappedFile.Failure.self) { try MappedFile(url: directory.url) }
    }

    @Test("Concurrent appends and reads keep the buffer consistent")
    func concurrentUse() throws {
        let source = try makeSegmentedBuffer([64])
        let shared = try CMBlockBuffer()
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            if index % 4 == 3 {
                _ = CMBlockBufferGetDataLength(shared)
                _ = try? shared.dataBytes()
            } else {
                _ = CMBlockBufferAppendBufferReference(shared, targetBBuf: source, offsetToData: index % 60,
                                                       dataLength: 4, flags: 0)
            }
        }
        #expect(shared.dataLength == 300 * 4)
        let data = try shared.dataBytes()
        // Every 4-byte piece is a run of the pattern, whatever order the appends landed in.
        for piece in stride(from: 0, to: data.count, by: 4) {
            let first = data[piece]
            #expect(data[piece + 1] == first &+ 1 && data[piece + 3] == first &+ 3)
        }
    }
}
