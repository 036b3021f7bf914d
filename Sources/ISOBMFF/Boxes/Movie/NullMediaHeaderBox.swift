/// Header for media with no type-specific header (`nmhd`, ISO/IEC 14496-12 §8.4.5.2).
package struct NullMediaHeaderBox: SingleTypeBox {
    package static let type: FourCC = "nmhd"
    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()

    /// An empty header.
    package init() {}
    package init(parsing reader: inout BoxReader) throws(BoxParseError) { fullBoxHeader = try reader.readFullBoxHeader() }
    package func write(to writer: inout BoxWriter) throws(BoxWriteError) { writer.writeFullBoxHeader(fullBoxHeader) }
}
