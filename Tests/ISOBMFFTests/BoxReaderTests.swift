import MediaFormats
import Testing
@testable import ISOBMFF

@Suite("BoxReader")
struct ByteReaderTests {
    @Test("read consumes, peek does not, get reads at an index")
    func grammar() throws {
        var reader = BoxReader([0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08], baseOffset: 100)
        #expect(reader.peekUInt16() == 0x0001)
        #expect(reader.readerIndex == 0)
        #expect(try reader.readUInt16() == 0x0001)
        #expect(reader.getUInt32(at: 4) == 0x0405_0607)
        #expect(reader.readerIndex == 2)
        #expect(try reader.readUInt24() == 0x02_0304)
        #expect(reader.offset == 105)
        #expect(try reader.readUInt32() == 0x0506_0708)
        #expect(reader.isAtEnd)
        #expect(reader.peekUInt8() == nil)
        #expect(reader.getUInt64(at: 2) == nil)
    }

    @Test("short data throws with the absolute offset and path, never traps")
    func shortData() {
        var reader = BoxReader([1, 2, 3], baseOffset: 1000, path: "moov/trak[2]/mdia")
        do {
            _ = try reader.readUInt32()
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .unexpectedEnd)
            #expect(error.offset == 1000)
            #expect(error.path.description == "moov/trak[2]/mdia")
        }
        #expect(throws: BoxParseError.self) { try reader.readBytes(count: 4) }
        #expect(throws: BoxParseError.self) { try reader.readBytes(count: -1) }
        #expect(throws: BoxParseError.self) { try reader.skip(10) }
        #expect(throws: BoxParseError.self) { try reader.readUInt(size: 9) }
    }

    @Test("counts are refused before allocating when the bytes cannot hold them")
    func countsAreCheckedAgainstRemainingBytes() {
        let reader = BoxReader(Array(repeating: 0, count: 40))
        #expect(throws: BoxParseError.self) { try reader.checkCount(UInt32.max, elementSize: 4, "entry") }
        #expect(throws: BoxParseError.self) { try reader.checkCount(11, elementSize: 4, "entry") }
        #expect(throws: BoxParseError.self) { try reader.checkCount(Int.max, elementSize: 8, "entry") }
        #expect((try? reader.checkCount(10, elementSize: 4, "entry")) == 10)
    }

    @Test("integer and fixed-point fields")
    func numbers() throws {
        var reader = BoxReader([0xFF, 0xFE, 0x00, 0x01, 0x80, 0x00, 0x01, 0x00, 0x40, 0x00, 0x00, 0x00,
                                 0x3F, 0xF0, 0, 0, 0, 0, 0, 0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x02])
        #expect(try reader.readInt16() == -2)
        #expect(try reader.readFixed16x16().doubleValue == 1.5)
        #expect(try reader.readFixed8x8() == .one)
        #expect(try reader.readFixed2x30() == .one)
        #expect(try reader.readFloat64() == 1.0)
        #expect(try reader.readUInt(size: 3) == 0)
        #expect(try reader.readUInt(size: 5) == 0x0102)
        #expect(Fixed16x16(-1.25).rawValue == -0x1_4000)
        #expect(UnsignedFixed16x16(1e12).rawValue == UInt32.max)
        #expect(Fixed8x8(Double.nan).rawValue == 0)
    }

    @Test("packed ISO 639-2/T and Macintosh language codes")
    func languages() {
        #expect(PackedLanguageCode(iso639: "und") == .undetermined)
        #expect(PackedLanguageCode(iso639: "eng")?.rawValue == 0x15C7)
        #expect(PackedLanguageCode(rawValue: 0x15C7).iso639Code == "eng")
        #expect(PackedLanguageCode(macintoshCode: 0).iso639Code == "eng")
        #expect(PackedLanguageCode(macintoshCode: 14).iso639Code == "ell")
        #expect(PackedLanguageCode(macintoshCode: 128).iso639Code == "cym")
        #expect(PackedLanguageCode(macintoshCode: 100).iso639Code == nil)
        #expect(PackedLanguageCode.unspecified.iso639Code == nil)
        #expect(PackedLanguageCode(iso639: "EN") == nil)
    }

    @Test("strings: C, Pascal, fixed Pascal fields, UTF-16 with a byte-order mark, Mac OS Roman")
    func strings() throws {
        var reader = BoxReader(Array("abc".utf8) + [0] + [2] + Array("hi".utf8) + Array("tail".utf8))
        #expect(try reader.readCStringField() == CStringField("abc"))
        #expect(try reader.readPascalString() == Array("hi".utf8))
        #expect(try reader.readCStringField() == CStringField(bytes: Array("tail".utf8), isTerminated: false))
        #expect(TextEncoding.decodeDetectingByteOrderMark([0xFE, 0xFF, 0x00, 0x41, 0x00, 0xE9]) == "Aé")
        #expect(TextEncoding.decodeDetectingByteOrderMark([0xFF, 0xFE, 0x41, 0x00]) == "A")
        #expect(TextEncoding.decodeDetectingByteOrderMark([0xEF, 0xBB, 0xBF, 0x41]) == "A")
        // Mac OS Roman: 0x8E é, 0xA9 ©, 0xDB €.
        #expect(TextEncoding.macRoman.decode([0x8E, 0xA9, 0xDB]) == "é©€")
        #expect(TextEncoding.macRoman.encode("é©€") == [0x8E, 0xA9, 0xDB])
        #expect(TextEncoding.decodeUTF8OrMacRoman([0x43, 0x8E]) == "Cé")
        let field = PascalStringField("Apple ProRes 422", size: 32)
        #expect(field.rawBytes.count == 32)
        #expect(field.text == "Apple ProRes 422")
        #expect(PascalStringField(String(repeating: "é", count: 40), size: 32).text == String(repeating: "é", count: 15))
        var text = BoxReader(Array("x".utf8))
        #expect(try text.readUTF8String(count: 1) == "x")
        var invalid = BoxReader([0xFF])
        #expect(try invalid.readUTF8String(count: 1) == nil)
    }

    @Test("big tables parse in one pass")
    func tables() throws {
        var writer = BoxWriter()
        writer.writeUInt32Array([1, 2, UInt32.max])
        writer.writeUInt64Array([1 << 40])
        var reader = BoxReader(writer.bytes)
        #expect(try reader.readUInt32Array(count: 3) == [1, 2, UInt32.max])
        #expect(try reader.readUInt64Array(count: 1) == [1 << 40])
        #expect(throws: BoxParseError.self) { try reader.readUInt32Array(count: 1) }
    }
}
