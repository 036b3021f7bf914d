/// Sample sizes in 4, 8 or 16 bits each (`stz2`, ISO/IEC 14496-12 §8.7.3.3).
package struct CompactSampleSizeBox: SingleTypeBox {
    package static let type: FourCC = "stz2"
    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// The 24 reserved bits before the field size, as stored.
    package var reserved: UInt32 = 0
    /// Bits per size: 4, 8 or 16.
    package var fieldSize: UInt8
    /// One size per sample.
    package var sizes: [UInt16]
    /// With 4-bit sizes and an odd count, the unused low nibble of the last byte, as stored (0 by the spec).
    package var paddingNibble: UInt8 = 0

    /// A table; every size must fit `fieldSize` bits.
    package init(fieldSize: UInt8, sizes: [UInt16]) {
        self.fieldSize = fieldSize
        self.sizes = sizes
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        reserved = try reader.readUInt24()
        fieldSize = try reader.readUInt8()
        let count = try reader.readUInt32()
        switch fieldSize {
        case 16:
            sizes = try reader.readUInt16Array(count: try reader.checkCount(count, elementSize: 2, "sample size"))
        case 8:
            let n = try reader.checkCount(count, elementSize: 1, "sample size")
            sizes = try reader.readBytes(count: n).map(UInt16.init)
        case 4:
            guard let n = Int(exactly: count), n / 2 + n % 2 <= reader.readableBytes else {
                throw reader.error(.countExceedsData, "\(count) 4-bit sizes do not fit in \(reader.readableBytes) bytes")
            }
            let packed = try reader.readBytes(count: n / 2 + n % 2)
            var unpacked: [UInt16] = []
            unpacked.reserveCapacity(n)
            for i in 0..<n {
                let byte = packed[i / 2]
                unpacked.append(UInt16(i % 2 == 0 ? byte >> 4 : byte & 0x0F))
            }
            sizes = unpacked
            if n % 2 == 1 { paddingNibble = packed[n / 2] & 0x0F }
        default:
            throw reader.error(.invalidValue, "field size \(fieldSize) is not 4, 8 or 16")
        }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        let limit: UInt16 = fieldSize == 4 ? 0xF : fieldSize == 8 ? 0xFF : 0xFFFF
        guard [4, 8, 16].contains(fieldSize) else { throw BoxWriteError(Self.type, "field size must be 4, 8 or 16") }
        guard sizes.allSatisfy({ $0 <= limit }) else {
            throw BoxWriteError(Self.type, "a size exceeds the \(fieldSize)-bit field")
        }
        writer.writeFullBoxHeader(fullBoxHeader)
        writer.writeUInt24(reserved)
        writer.writeUInt8(fieldSize)
        try writer.writeCount(sizes.count, in: Self.type)
        switch fieldSize {
        case 16:
            for size in sizes { writer.writeUInt16(size) }
        case 8:
            writer.writeBytes(sizes.map { UInt8($0) })
        default:
            for pair in stride(from: 0, to: sizes.count, by: 2) {
                let low = pair + 1 < sizes.count ? UInt8(sizes[pair + 1]) : paddingNibble & 0x0F
                writer.writeUInt8(UInt8(sizes[pair]) << 4 | low)
            }
        }
    }
}
