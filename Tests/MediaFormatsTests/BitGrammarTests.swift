import Testing
import MediaFormats

@Suite("Bit reader and writer: MSB-first fields and Exp-Golomb codes")
struct BitGrammarTests {
    @Test("bit fields round trip; reading past the end throws with the byte offset")
    func bits() throws {
        var writer = BitWriter()
        writer.writeBits(0b101, count: 3)
        writer.writeBits(0x1FF, count: 9)
        #expect(writer.bytes == [0b1011_1111, 0b1111_0000])
        var reader = BitReader(writer.bytes, baseOffset: 20)
        #expect(reader.peekBits(3) == 0b101)
        #expect(try reader.readBits(3) == 0b101)
        #expect(try reader.readBits(9) == 0x1FF)
        do {
            _ = try reader.readBits(5)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .unexpectedEnd && error.offset == 21)
        }
        #expect(reader.peekBits(5) == nil)
    }

    @Test("widths up to 64 bits are read; wider requests are errors, not traps")
    func wideFields() throws {
        var writer = BitWriter()
        writer.writeFlag(true)
        writer.writeBits(UInt64.max - 1, count: 64)
        writer.writeBits(0x1_2345_6789, count: 33)
        var reader = BitReader(writer.bytes)
        #expect(try reader.readFlag())
        #expect(try reader.readBits(64) == UInt64.max - 1)
        #expect(try reader.readBits(33) == 0x1_2345_6789)
        #expect(throws: MediaFormatError.self) { try reader.readBits(65) }
        #expect(throws: MediaFormatError.self) { try reader.readBits(-1) }
    }

    @Test("alignment: the writer pads with zeros, the reader skips to the next byte")
    func alignment() throws {
        var writer = BitWriter()
        writer.writeBits(1, count: 1)
        writer.alignToByte()
        writer.writeBytes([0xAB])
        #expect(writer.bytes == [0x80, 0xAB] && writer.isByteAligned)
        var reader = BitReader(writer.bytes)
        _ = try reader.readBits(1)
        reader.alignToByte()
        #expect(reader.remainingBytes == [0xAB] && reader.isByteAligned)
    }

    /// Code numbers and bit strings from ITU-T H.264 Table 9-2 and Table 9-3.
    @Test("Exp-Golomb ue(v) and se(v): the codes of H.264 Tables 9-2 and 9-3, and round trips at the limits")
    func expGolomb() throws {
        var reader = BitReader([0b1_010_011_0, 0b0100_0010, 0b1_0000000])
        #expect(try reader.readUnsignedExpGolomb() == 0)   // 1
        #expect(try reader.readUnsignedExpGolomb() == 1)   // 010
        #expect(try reader.readUnsignedExpGolomb() == 2)   // 011
        #expect(try reader.readUnsignedExpGolomb() == 3)   // 00100
        #expect(try reader.readSignedExpGolomb() == -2)    // 00101: code 4
        var writer = BitWriter()
        let unsigned: [UInt32] = [0, 1, 7, 255, 65_535, UInt32.max - 1]
        let signed: [Int32] = [0, 1, -1, 1000, -1000, Int32.max, Int32.min + 1]
        for value in unsigned { writer.writeUnsignedExpGolomb(value) }
        for value in signed { writer.writeSignedExpGolomb(value) }
        var back = BitReader(writer.bytes)
        for value in unsigned { #expect(try back.readUnsignedExpGolomb() == value) }
        for value in signed { #expect(try back.readSignedExpGolomb() == value) }
        var tooLong = BitReader([UInt8](repeating: 0, count: 5) + [0xFF])
        #expect(throws: MediaFormatError.self) { try tooLong.readUnsignedExpGolomb() }
    }
}
