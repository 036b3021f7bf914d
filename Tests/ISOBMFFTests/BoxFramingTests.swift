import MediaFormats
import Testing
@testable import ISOBMFF

@Suite("Box headers, children, paths and writing")
struct BoxFramingTests {
    @Test("header forms: 32-bit, largesize, extends to end")
    func headerForms() throws {
        var writer = BoxWriter()
        let compact = writer.beginBox("free")
        writer.writeZeros(4)
        try writer.endBox(compact)
        let large = writer.beginBox("skip", sizeEncoding: .large)
        writer.writeZeros(2)
        try writer.endBox(large)
        let toEnd = writer.beginBox("mdat", sizeEncoding: .extendsToEnd)
        writer.writeZeros(3)
        try writer.endBox(toEnd)
        #expect(writer.bytes == [0, 0, 0, 12] + Array("free".utf8) + [0, 0, 0, 0]
                 + [0, 0, 0, 1] + Array("skip".utf8) + [0, 0, 0, 0, 0, 0, 0, 18, 0, 0]
                 + [0, 0, 0, 0] + Array("mdat".utf8) + [0, 0, 0])

        var reader = BoxReader(writer.bytes, baseOffset: 50)
        var counts: [FourCC: Int] = [:]
        let first = try #require(try reader.readChild(counts: &counts))
        #expect(first.header == BoxHeader(type: "free", offset: 50, size: 12, headerSize: 8, sizeEncoding: .compact))
        let second = try #require(try reader.readChild(counts: &counts))
        #expect(second.header.size == 18 && second.header.headerSize == 16 && second.header.sizeEncoding == .large)
        #expect(second.payload.readableBytes == 2)
        let third = try #require(try reader.readChild(counts: &counts))
        #expect(third.header.size == 11 && third.header.sizeEncoding == .extendsToEnd && third.header.offset == 80)
        #expect(try reader.readChild(counts: &counts) == nil)
    }

    @Test("a compact box that outgrows 32 bits switches to largesize")
    func largesizeSwitch() throws {
        var writer = BoxWriter()
        let outer = writer.beginBox("moov")
        let inner = writer.beginBox("free")
        writer.writeBytes([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16])
        try writer.endBox(inner, largestCompactSize: 20)   // 24 bytes: over the (lowered) limit.
        try writer.endBox(outer, largestCompactSize: 20)
        var reader = BoxReader(writer.bytes)
        var counts: [FourCC: Int] = [:]
        let moov = try #require(try reader.readChild(counts: &counts))
        #expect(moov.header.sizeEncoding == .large && moov.header.size == 48)
        var payload = moov.payload
        let free = try #require(try payload.readChild(counts: &counts))
        #expect(free.header.sizeEncoding == .large && free.header.size == 32)
        #expect(free.payload.peekBytes(count: 16) == Array(1...16))
    }

    @Test("mdat headers reserved as 16 bytes are patched for 32- and 64-bit sizes")
    func mediaDataHeader() throws {
        #expect(MediaDataBox.header(payloadSize: 100) == [0, 0, 0, 8] + Array("wide".utf8) + [0, 0, 0, 108] + Array("mdat".utf8))
        let big = UInt64(5) << 30
        #expect(MediaDataBox.header(payloadSize: big, placeholderType: "free")
                == [0, 0, 0, 1] + Array("mdat".utf8) + [0, 0, 0, 1, 0x40, 0, 0, 0x10])
        var writer = BoxWriter()
        let index = writer.reserveMediaDataHeader()
        writer.writeBytes([9, 9, 9])
        try writer.patchMediaDataHeader(at: index)
        #expect(throws: BoxWriteError.self) { try writer.patchMediaDataHeader(at: writer.count) }
        #expect(throws: MediaFormatError.self) { try writer.setUInt32(1, at: -1) }
        #expect(throws: MediaFormatError.self) { try writer.setUInt64(1, at: writer.count - 4) }
        let scan = try FileScanner.scan(MemorySource(writer.bytes))
        #expect(scan.boxes.map(\.header.type) == ["wide", "mdat"])
        #expect(scan.mediaData.first?.payloadSize == 3)
        #expect(scan.mediaData.first?.payloadOffset == 16)
    }

    @Test("a child that runs past its parent is refused")
    func childPastParent() throws {
        // moov (16 bytes) holding a 'free' that declares 32.
        let bytes: [UInt8] = [0, 0, 0, 16] + Array("moov".utf8) + [0, 0, 0, 32] + Array("free".utf8)
        do {
            _ = try FileScanner.scan(MemorySource(bytes))
            Issue.record("expected an error")
        } catch let error as BoxParseError {
            #expect(error.code == .invalidBoxSize)
            #expect(error.path.description == "moov/free[1]")
            #expect(error.offset == 8)
        }
    }

    @Test("a size smaller than the header is refused")
    func sizeBelowHeader() {
        let bytes: [UInt8] = [0, 0, 0, 4] + Array("moov".utf8)
        #expect(throws: BoxParseError.self) { try FileScanner.scan(MemorySource(bytes)) }
        let large: [UInt8] = [0, 0, 0, 1] + Array("moov".utf8) + [0, 0, 0, 0, 0, 0, 0, 15]
        #expect(throws: BoxParseError.self) { try FileScanner.scan(MemorySource(large)) }
    }

    @Test("nesting deeper than the limit is refused")
    func depthLimit() throws {
        // 40 nested 'moov' boxes: deeper than Limits.maximumDepth.
        var bytes: [UInt8] = []
        for level in 0..<40 {
            let size = UInt32(8 * (40 - level))
            bytes += [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF)] + Array("moov".utf8)
        }
        do {
            _ = try FileScanner.scan(MemorySource(bytes))
            Issue.record("expected an error")
        } catch let error as BoxParseError {
            #expect(error.code == .limitExceeded)
            #expect(error.path.depth == Limits.maximumDepth + 1)
        }
    }

    @Test("box paths print and parse")
    func paths() throws {
        let path = BoxPath.root.appending("moov").appending("trak", index: 1).appending("mdia").appending("minf")
            .appending("stbl").appending("stsz")
        #expect(path.description == "moov/trak[1]/mdia/minf/stbl/stsz")
        #expect(BoxPath.root.appending("moov").appending("udta", index: 2).description == "moov/udta[2]")
        #expect(BoxPath(parsing: "moov/trak[2]/mdia") == BoxPath.root.appending("moov").appending("trak", index: 2).appending("mdia"))
        #expect(BoxPath(parsing: "moov/trak[0]") == nil)
        #expect(BoxPath(parsing: "moov/toolong") == nil)
        #expect(BoxPath.root.description == "/")
    }

    @Test("trailing bytes a parser leaves are kept, written back and recorded")
    func trailingBytes() throws {
        // A 'pasp' with 3 extra bytes.
        let bytes: [UInt8] = [0, 0, 0, 19] + Array("pasp".utf8) + [0, 0, 0, 1, 0, 0, 0, 1, 7, 7, 7]
        let scan = try FileScanner.scan(MemorySource(bytes))
        let node = try #require(scan.boxes.first?.node)
        #expect(node.box as? PixelAspectRatioBox == PixelAspectRatioBox(hSpacing: 1, vSpacing: 1))
        #expect(node.trailingBytes == [7, 7, 7])
        #expect(try Helpers.serialise(node) == bytes)
        #expect(scan.warnings.count == 1)
        #expect(scan.warnings.first?.offset == 16)
    }

    @Test("malformed metadata is kept raw unless strict")
    func metadataRecovery() throws {
        // udta holding a 'meta' whose 'hdlr' child is cut (declares 40 bytes inside a 20-byte meta).
        let meta: [UInt8] = [0, 0, 0, 20] + Array("meta".utf8) + [0, 0, 0, 0] + [0, 0, 0, 40] + Array("hdlr".utf8)
        let bytes: [UInt8] = [0, 0, 0, 28] + Array("udta".utf8) + meta
        let lenient = try FileScanner.scan(MemorySource(bytes))
        let udta = try #require(lenient.first(UserDataBox.self))
        #expect(udta.children.first?.box is UnknownBox)
        #expect(lenient.warnings.contains { $0.message.contains("kept as raw bytes") })
        #expect(try Helpers.serialise(try #require(lenient.boxes.first?.node)) == bytes)
        var options = FileScanner.Options()
        options.parse.recovery = .strict
        #expect(throws: BoxParseError.self) { try FileScanner.scan(MemorySource(bytes), options: options) }
    }

    @Test("unknown boxes and uuid boxes are kept whole")
    func unknownBoxes() throws {
        let uuid: [UInt8] = [0, 0, 0, 28] + Array("uuid".utf8) + Array(0..<16) + [1, 2, 3, 4]
        let unknown: [UInt8] = [0, 0, 0, 10] + Array("abcd".utf8) + [5, 6]
        let scan = try FileScanner.scan(MemorySource(uuid + unknown))
        #expect(scan.first(UUIDBox.self) == UUIDBox(userType: Array(0..<16), payload: [1, 2, 3, 4]))
        #expect(scan.first(UnknownBox.self) == UnknownBox(type: "abcd", payload: [5, 6]))
    }
}
