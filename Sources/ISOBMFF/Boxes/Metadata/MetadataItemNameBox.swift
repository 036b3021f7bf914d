import MediaFormats

/// The name of a freeform (`----`) metadata item (`name` in an `ilst` item, Apple iTunes metadata): `iTunSMPB`,
/// `iTunNORM`…
package struct MetadataItemNameBox: SingleTypeBox {
    package static let type: FourCC = "name"
    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// The name as stored (UTF-8, no terminator).
    package var name: [UInt8]

    /// A name.
    package init(_ name: String) { self.name = Array(name.utf8) }
    /// The name as text.
    package var text: String { TextEncoding.decodeUTF8OrMacRoman(name) }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        name = reader.readRemainingBytes()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        writer.writeBytes(name)
    }
}
