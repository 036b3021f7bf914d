/// A QuickTime text sample entry (`text`, QuickTime "Text sample description"), as QuickTime chapter and caption
/// tracks use. FFmpeg writes `text` entries in the 3GPP `tx3g` layout instead (a font table box 30 bytes in); those
/// are refused here so that the registry's alternative, `TextSampleEntry`, reads them.
package struct QuickTimeTextSampleEntry: SampleEntry, BoxContainer {
    package var boxType: FourCC { "text" }
    package var header: SampleEntryHeader
    /// Auto-scale, scroll, keyed text… flags.
    package var displayFlags: UInt32 = 0
    /// 0 left, 1 centre, -1 right.
    package var textJustification: Int32 = 0
    /// Background red, green, blue (16 bits each).
    package var backgroundColor: [UInt16] = [0, 0, 0]
    /// Default text box: top, left, bottom, right.
    package var defaultTextBox: [Int16] = [0, 0, 0, 0]
    /// Reserved 8 bytes.
    package var reserved1: UInt64 = 0
    /// Font number.
    package var fontNumber: Int16 = 0
    /// Font face (bold, italic… bits).
    package var fontFace: UInt16 = 0
    /// Reserved byte.
    package var reserved2: UInt8 = 0
    /// Reserved 16 bits.
    package var reserved3: UInt16 = 0
    /// Text red, green, blue.
    package var foregroundColor: [UInt16] = [0xFFFF, 0xFFFF, 0xFFFF]
    /// Font name (Pascal string); `nil` when the entry ends before it.
    package var textName: [UInt8]? = []
    /// Extension atoms, if any.
    package var children: BoxList

    /// An entry with the defaults above.
    package init(dataReferenceIndex: UInt16 = 1, children: BoxList = []) {
        header = SampleEntryHeader(dataReferenceIndex: dataReferenceIndex)
        self.children = children
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        if reader.peekFourCC(skipping: 8 + 30 + 4) == "ftab" {
            throw reader.error(.invalidValue, "a 'text' entry in the 3GPP timed text layout, not QuickTime's")
        }
        header = try reader.readSampleEntryHeader()
        displayFlags = try reader.readUInt32()
        textJustification = try reader.readInt32()
        backgroundColor = try reader.readUInt16Array(count: 3)
        defaultTextBox = try reader.readUInt16Array(count: 4).map { Int16(bitPattern: $0) }
        reserved1 = try reader.readUInt64()
        fontNumber = try reader.readInt16()
        fontFace = try reader.readUInt16()
        reserved2 = try reader.readUInt8()
        reserved3 = try reader.readUInt16()
        foregroundColor = try reader.readUInt16Array(count: 3)
        textName = reader.isAtEnd ? nil : try reader.readPascalString()
        children = try BoxList.parse(&reader, scope: .standard)
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        guard backgroundColor.count == 3, foregroundColor.count == 3, defaultTextBox.count == 4 else {
            throw BoxWriteError(boxType, "colours need 3 components and the text box 4 edges")
        }
        try writer.writeSampleEntryHeader(header)
        writer.writeUInt32(displayFlags)
        writer.writeInt32(textJustification)
        for value in backgroundColor { writer.writeUInt16(value) }
        for edge in defaultTextBox { writer.writeInt16(edge) }
        writer.writeUInt64(reserved1)
        writer.writeInt16(fontNumber)
        writer.writeUInt16(fontFace)
        writer.writeUInt8(reserved2)
        writer.writeUInt16(reserved3)
        for value in foregroundColor { writer.writeUInt16(value) }
        if let textName { try writer.writePascalString(textName, in: boxType) }
        try children.write(to: &writer)
    }
}
