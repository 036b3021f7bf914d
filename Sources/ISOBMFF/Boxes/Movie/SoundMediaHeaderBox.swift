/// Sound media header (`smhd`, ISO/IEC 14496-12 §12.2.2; QuickTime "Sound media information header atom").
package struct SoundMediaHeaderBox: SingleTypeBox {
    package static let type: FourCC = "smhd"
    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// Stereo balance: -1.0 full left, 0 centre, 1.0 full right.
    package var balance = Fixed8x8(rawValue: 0)
    /// Reserved field, as stored.
    package var reserved: UInt16 = 0

    /// A centred header.
    package init() {}

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        balance = try reader.readFixed8x8()
        reserved = try reader.readUInt16()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        writer.writeFixed(balance)
        writer.writeUInt16(reserved)
    }
}
