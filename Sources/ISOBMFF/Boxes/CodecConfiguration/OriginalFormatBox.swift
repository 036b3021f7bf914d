/// The original coding name (`frma`, ISO/IEC 14496-12 §8.12.2): of a protected entry (`encv` → `avc1`), or in
/// QuickTime's `wave` the format its parameters configure.
package struct OriginalFormatBox: SingleTypeBox {
    package static let type: FourCC = "frma"
    /// The coding name.
    package var dataFormat: FourCC

    /// A box naming `dataFormat`.
    package init(dataFormat: FourCC) { self.dataFormat = dataFormat }
    package init(parsing reader: inout BoxReader) throws(BoxParseError) { dataFormat = try reader.readFourCC() }
    package func write(to writer: inout BoxWriter) throws(BoxWriteError) { writer.writeFourCC(dataFormat) }
}
