/// A BCP 47 language tag for the media (`elng`, ISO/IEC 14496-12 §8.4.6), refining `mdhd`'s ISO 639 code.
package struct ExtendedLanguageBox: SingleTypeBox {
    package static let type: FourCC = "elng"
    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// The tag, such as `en-US` or `zh-Hant`.
    package var languageTag: CStringField

    /// A box with the given tag.
    package init(languageTag: CStringField) { self.languageTag = languageTag }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        languageTag = try reader.readCStringField()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        writer.writeCStringField(languageTag)
    }
}
