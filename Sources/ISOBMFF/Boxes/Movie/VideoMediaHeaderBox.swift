/// Video media header (`vmhd`, ISO/IEC 14496-12 §12.1.2; QuickTime "Video media information header atom").
package struct VideoMediaHeaderBox: SingleTypeBox {
    package static let type: FourCC = "vmhd"
    /// Version and flags; ISO requires flags 1 (QuickTime's "no lean ahead").
    package var fullBoxHeader = FullBoxHeader(version: 0, flags: 1)
    /// Transfer mode (0 copy).
    package var graphicsMode: UInt16 = 0
    /// Red, green, blue for the transfer mode.
    package var opColor: [UInt16] = [0, 0, 0]

    /// A header with copy mode.
    package init() {}

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        graphicsMode = try reader.readUInt16()
        opColor = try reader.readUInt16Array(count: 3)
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        guard opColor.count == 3 else { throw BoxWriteError(Self.type, "opColor needs 3 components") }
        writer.writeFullBoxHeader(fullBoxHeader)
        writer.writeUInt16(graphicsMode)
        for value in opColor { writer.writeUInt16(value) }
    }
}
