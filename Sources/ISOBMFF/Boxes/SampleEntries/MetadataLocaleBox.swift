/// A key's locale (`loca`, ISO/IEC 14496-12 §12.3.3.3): a BCP 47 string.
package struct MetadataLocaleBox: SingleTypeBox {
    package static let type: FourCC = "loca"
    /// The locale, such as `en_US`.
    package var locale: CStringField

    /// A locale.
    package init(locale: CStringField) { self.locale = locale }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) { locale = try reader.readCStringField() }
    package func write(to writer: inout BoxWriter) throws(BoxWriteError) { writer.writeCStringField(locale) }
}
