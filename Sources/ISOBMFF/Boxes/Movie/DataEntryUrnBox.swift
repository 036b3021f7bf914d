/// A data reference by URN (`urn `, ISO/IEC 14496-12 §8.7.2): a name and an optional location.
package struct DataEntryUrnBox: SingleTypeBox {
    package static let type: FourCC = "urn "
    /// Version and flags.
    package var fullBoxHeader = FullBoxHeader()
    /// The URN.
    package var name: CStringField
    /// Where to find it, if given.
    package var location: CStringField?

    /// A reference to `name`.
    package init(name: CStringField, location: CStringField? = nil) {
        self.name = name
        self.location = location
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        name = try reader.readCStringField()
        location = reader.isAtEnd ? nil : try reader.readCStringField()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        writer.writeCStringField(name)
        if let location { writer.writeCStringField(location) }
    }
}
