/// How timecode text is displayed (`tcmi`, QuickTime "Timecode media information atom").
package struct TimecodeMediaInformationBox: SingleTypeBox {
    package static let type: FourCC = "tcmi"
    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// Font number.
    package var textFont: UInt16 = 0
    /// Font face (bold, italic… bits).
    package var textFace: UInt16 = 0
    /// Point size.
    package var textSize: UInt16 = 12
    /// Reserved 16 bits after the size (writers put zero).
    package var reserved: UInt16 = 0
    /// Text red, green, blue.
    package var textColor: [UInt16] = [0, 0, 0]
    /// Background red, green, blue.
    package var backgroundColor: [UInt16] = [0xFFFF, 0xFFFF, 0xFFFF]
    /// Font name (Pascal string).
    package var fontName: [UInt8] = []

    /// Defaults: 12 pt black on white.
    package init(fontName: String = "") { self.fontName = Array(fontName.utf8) }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        textFont = try reader.readUInt16()
        textFace = try reader.readUInt16()
        textSize = try reader.readUInt16()
        reserved = try reader.readUInt16()
        textColor = try reader.readUInt16Array(count: 3)
        backgroundColor = try reader.readUInt16Array(count: 3)
        fontName = try reader.readPascalString()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        guard textColor.count == 3, backgroundColor.count == 3 else {
            throw BoxWriteError(Self.type, "colours need 3 components")
        }
        writer.writeFullBoxHeader(fullBoxHeader)
        for value in [textFont, textFace, textSize, reserved] + textColor + backgroundColor { writer.writeUInt16(value) }
        try writer.writePascalString(fontName, in: Self.type)
    }
}
