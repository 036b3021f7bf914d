import Testing
import MediaFormats

@Suite("Byte reader and writer: one grammar (read consumes, peek does not, get/set at an index, write appends)")
struct ByteGrammarTests {
    @Test("read consumes, peek does not, get reads at an index")
    func grammar() throws {
        var reader = ByteReader([0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08], baseOffset: 100)
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
        #expect(reader.getBytes(at: 7, count: 3) == nil)
    }

    @Test("little-endian fields, as RIFF and OpusHead store them")
    func littleEndian() throws {
        var reader = ByteReader([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09])
        #expect(reader.peekUInt32(endianness: .little) == 0x0403_0201)
        #expect(try reader.readUInt16(endianness: .little) == 0x0201)
        #expect(try reader.readUInt24(endianness: .little) == 0x05_0403)
        #expect(try reader.readUInt(size: 4, endianness: .little) == 0x0908_0706)
        var writer = ByteWriter()
        writer.writeUInt16(0x0201, endianness: .little)
        writer.writeUInt24(0x05_0403, endianness: .little)
        writer.writeUInt(0x0908_0706, size: 4, endianness: .little)
        #expect(writer.bytes == [1, 2, 3, 4, 5, 6, 7, 8, 9])
    }

    @Test("short data throws with the absolute offset, never traps; peek and get give nil")
    func shortData() {
        var reader = ByteReader([1, 2, 3], baseOffset: 1000)
        do {
            _ = try reader.readUInt32()
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .unexpectedEnd)
            #expect(error.offset == 1000)
        }
        #expect(throws: MediaFormatError.self) { try reader.readBytes(count: 4) }
        #expect(throws: MediaFormatError.self) { try reader.readBytes(count: -1) }
        #expect(throws: MediaFormatError.self) { try reader.skip(10) }
        #expect(throws: MediaFormatError.self) { try reader.readUInt(size: 9) }
        #expect(throws: MediaFormatError.self) { try reader.moveReaderIndex(to: 4) }
        #expect(reader.peekBytes(count: 4) == nil && reader.getUInt16(at: -1) == nil)
        #expect(reader.readerIndex == 0, "a failed read consumes nothing")
    }

    @Test("counts are refused before allocating when the bytes cannot hold them")
    func countsAreCheckedAgainstRemainingBytes() {
        let reader = ByteReader(Array(repeating: 0, count: 40))
        #expect(throws: MediaFormatError.self) { try reader.checkCount(UInt32.max, elementSize: 4, "entry") }
        #expect(throws: MediaFormatError.self) { try reader.checkCount(11, elementSize: 4, "entry") }
        #expect(throws: MediaFormatError.self) { try reader.checkCount(Int.max, elementSize: 8, "entry") }
        #expect((try? reader.checkCount(10, elementSize: 4, "entry")) == 10)
    }

    @Test("slices share the storage and keep absolute offsets; a window cannot be left")
    func slices() throws {
        var reader = ByteReader(Array(0..<16), baseOffset: 50)
        try reader.skip(4)
        var slice = try reader.readSlice(count: 4)
        #expect(slice.offset == 54 && slice.readableBytes == 4)
        #expect(try slice.readUInt32() == 0x0405_0607)
        #expect(slice.getUInt8(at: 8) == nil, "the byte after the window belongs to the parent")
        #expect(reader.getSlice(at: 12, count: 4)?.peekUInt8() == 12)
        #expect(reader.getSlice(at: 12, count: 5) == nil)
        #expect(reader.firstIndex(of: 10) == 10 && reader.firstIndex(of: 2) == nil)
        #expect(reader.firstIndex(of: 2, in: -3..<6) == 2 && reader.firstIndex(of: 15, in: 12..<100) == 15)
        #expect(reader.firstIndex(of: 9, in: 10..<12) == nil)
        #expect(reader.getUInt(at: 1, size: 3) == 0x01_0203 && reader.getUInt(at: 1, size: 3, endianness: .little) == 0x03_0201)
        #expect(reader.getUInt(at: 14, size: 3) == nil && reader.getUInt(at: 0, size: 9) == nil)
    }

    @Test("a reader over memory another object owns (a file mapping) reads in place")
    func mappedMemory() throws {
        final class Owner {
            let pointer = UnsafeMutableRawBufferPointer.allocate(byteCount: 8, alignment: 8)
            init() { pointer.copyBytes(from: [9, 8, 7, 6, 5, 4, 3, 2]) }
            deinit { pointer.deallocate() }
        }
        let owner = Owner()
        var reader = ByteReader(unsafeBytes: UnsafeRawBufferPointer(owner.pointer), owner: owner, baseOffset: 4096)
        #expect(try reader.readUInt32() == 0x0908_0706)
        #expect(reader.offset == 4100)
        #expect(reader.readRemainingBytes() == [5, 4, 3, 2])
    }

    @Test("tables: parse(write(x)) == x in one pass; a record table through the raw buffer")
    func tables() throws {
        var writer = ByteWriter()
        writer.writeUInt32Array([1, 2, UInt32.max])
        writer.writeUInt64Array([1 << 40])
        let records: [(UInt16, UInt16)] = [(1, 2), (3, 4)]
        writer.writeInPlace(count: records.count * 4) { raw in
            for (index, record) in records.enumerated() {
                raw.storeBigEndian(record.0, at: index * 4)
                raw.storeBigEndian(record.1, at: index * 4 + 2)
            }
        }
        var reader = ByteReader(writer.bytes)
        #expect(try reader.readUInt32Array(count: 3) == [1, 2, UInt32.max])
        #expect(try reader.readUInt64Array(count: 1) == [1 << 40])
        let decoded = try reader.withUnsafeBytes(count: 8) { raw in
            (0..<2).map { [raw.bigEndianUInt16(at: $0 * 4), raw.bigEndianUInt16(at: $0 * 4 + 2)] }
        }
        #expect(decoded == [[1, 2], [3, 4]])
        #expect(throws: MediaFormatError.self) { try reader.readUInt32Array(count: 1) }
        #expect(reader.readerIndex == 28, "a refused table consumes nothing")
    }

    @Test("write appends, set patches what was written, insert makes room; patching past the end throws")
    func writer() throws {
        var writer = ByteWriter()
        writer.writeUInt32(0)
        writer.writeInt16(-2)
        writer.writeFloat64(1.0)
        writer.writeCString(Array("ab".utf8))
        writer.writeZeros(2)
        try writer.setUInt32(0xDEAD_BEEF, at: 0)
        #expect(writer.bytes == [0xDE, 0xAD, 0xBE, 0xEF, 0xFF, 0xFE, 0x3F, 0xF0, 0, 0, 0, 0, 0, 0, 0x61, 0x62, 0, 0, 0])
        try writer.insertBytes([7, 7], at: 4)
        #expect(writer.count == 21 && writer.bytes[4...6] == [7, 7, 0xFF])
        #expect(throws: MediaFormatError.self) { try writer.setUInt64(1, at: 20) }
        #expect(throws: MediaFormatError.self) { try writer.setBytes([1], at: -1) }
        var reader = ByteReader(writer.bytes)
        try reader.skip(6)
        #expect(try reader.readInt16() == -2)
        #expect(try reader.readFloat64() == 1.0)
    }
}
