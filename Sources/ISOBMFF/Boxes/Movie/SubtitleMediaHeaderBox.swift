/// Subtitle media header (`sthd`, ISO/IEC 14496-12 §12.6.2).
package struct SubtitleMediaHeaderBox: SingleTypeBox {
    package static let type: FourCC = "sthd"
    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()

    /// An empty header.
    package init() {}
    package init(parsing reader: inout BoxReader) throws(BoxParseError) { fullBoxHeader = try reader.readFullBoxHeader() }
    package func write(to writer: inout BoxWriter) throws(BoxWriteError) { writer.writeFullBoxHeader(fullBoxHeader) }
}
