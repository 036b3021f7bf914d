/// QuickTime base media info (`gmin`, QuickTime "Base media info atom"): graphics mode and balance.
package struct BaseMediaInfoBox: SingleTypeBox {
    package static let type: FourCC = "gmin"
    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// Transfer mode (0x40 dither copy is what QuickTime writes).
    package var graphicsMode: UInt16 = 0x40
    /// Red, green, blue for the transfer mode.
    package var opColor: [UInt16] = [0x8000, 0x8000, 0x8000]
    /// Sound balance.
    package var balance = Fixed8x8(rawValue: 0)
    /// Reserved, as stored.
    package var reserved: UInt16 = 0

    /// QuickTime's defaults.
    package init() {}

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        graphicsMode = try reader.readUInt16()
        opColor = try reader.readUInt16Array(count: 3)
        balance = try reader.readFixed8x8()
        reserved = try reader.readUInt16()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        guard opColor.count == 3 else { throw BoxWriteError(Self.type, "opColor needs 3 components") }
        writer.writeFullBoxHeader(fullBoxHeader)
        writer.writeUInt16(graphicsMode)
        for value in opColor { writer.writeUInt16(value) }
        writer.writeFixed(balance)
        writer.writeUInt16(reserved)
    }
}
