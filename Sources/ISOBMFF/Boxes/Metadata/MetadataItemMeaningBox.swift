import MediaFormats

/// The domain of a freeform (`----`) metadata item (`mean`, Apple iTunes metadata): `com.apple.iTunes`.
package struct MetadataItemMeaningBox: SingleTypeBox {
    package static let type: FourCC = "mean"
    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// The domain as stored (UTF-8, no terminator).
    package var meaning: [UInt8]

    /// A domain.
    package init(_ meaning: String) { self.meaning = Array(meaning.utf8) }
    /// The domain as text.
    package var text: String { TextEncoding.decodeUTF8OrMacRoman(meaning) }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        meaning = reader.readRemainingBytes()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        writer.writeBytes(meaning)
    }
}
