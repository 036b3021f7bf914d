/// A 3GPP timed text sample entry (`tx3g`, 3GPP TS 26.245 §5.16 TextSampleEntry), as MP4 subtitles use: display
/// flags, justification, default colours, text box and style, then `ftab` and others. FFmpeg writes MP4 chapter
/// tracks with this layout under the code `text`, so the code is kept.
package struct TextSampleEntry: SampleEntry, BoxContainer {
    package var boxType: FourCC = "tx3g"
    package var header: SampleEntryHeader
    /// Scroll, karaoke, vertical text… flags.
    package var displayFlags: UInt32 = 0
    /// Horizontal justification: 0 left, 1 centre, -1 right.
    package var horizontalJustification: Int8 = 1
    /// Vertical justification: 0 top, 1 centre, -1 bottom.
    package var verticalJustification: Int8 = -1
    /// Background red, green, blue, alpha.
    package var backgroundColor: [UInt8] = [0, 0, 0, 0]
    /// Default text box: top, left, bottom, right.
    package var defaultTextBox: [Int16] = [0, 0, 0, 0]
    /// Default style: first character.
    package var startChar: UInt16 = 0
    /// Default style: end character.
    package var endChar: UInt16 = 0
    /// Default style: font (an ID in `ftab`).
    package var fontID: UInt16 = 1
    /// Default style: bold 1, italic 2, underline 4.
    package var faceStyleFlags: UInt8 = 0
    /// Default style: font size.
    package var fontSize: UInt8 = 18
    /// Default style: text red, green, blue, alpha.
    package var textColor: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF]
    /// `ftab` (font table) and anything else.
    package var children: BoxList

    /// An entry with the defaults above.
    package init(dataReferenceIndex: UInt16 = 1, children: BoxList = []) {
        header = SampleEntryHeader(dataReferenceIndex: dataReferenceIndex)
        self.children = children
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        boxType = reader.path.lastType ?? "tx3g"
        header = try reader.readSampleEntryHeader()
        displayFlags = try reader.readUInt32()
        horizontalJustification = try reader.readInt8()
        verticalJustification = try reader.readInt8()
        backgroundColor = try reader.readBytes(count: 4)
        defaultTextBox = try reader.readUInt16Array(count: 4).map { Int16(bitPattern: $0) }
        startChar = try reader.readUInt16()
        endChar = try reader.readUInt16()
        fontID = try reader.readUInt16()
        faceStyleFlags = try reader.readUInt8()
        fontSize = try reader.readUInt8()
        textColor = try reader.readBytes(count: 4)
        children = try BoxList.parse(&reader, scope: .standard)
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        guard backgroundColor.count == 4, textColor.count == 4, defaultTextBox.count == 4 else {
            throw BoxWriteError(boxType, "colours need 4 components and the text box 4 edges")
        }
        try writer.writeSampleEntryHeader(header)
        writer.writeUInt32(displayFlags)
        writer.writeInt8(horizontalJustification)
        writer.writeInt8(verticalJustification)
        writer.writeBytes(backgroundColor)
        for edge in defaultTextBox { writer.writeInt16(edge) }
        writer.writeUInt16(startChar)
        writer.writeUInt16(endChar)
        writer.writeUInt16(fontID)
        writer.writeUInt8(faceStyleFlags)
        writer.writeUInt8(fontSize)
        writer.writeBytes(textColor)
        try children.write(to: &writer)
    }
}
