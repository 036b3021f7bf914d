/// A data reference by URL (`url `, ISO/IEC 14496-12 §8.7.2). Flag 1 means "in this file" and then there is no URL.
package struct DataEntryUrlBox: SingleTypeBox {
    package static let type: FourCC = "url "
    /// Version and flags (flag 1: self-contained).
    package var fullBoxHeader: FullBoxHeader
    /// The URL, absent for a self-contained entry.
    package var location: CStringField?

    /// A self-contained entry (`location == nil`) or a reference to `location`.
    package init(location: CStringField?) {
        fullBoxHeader = FullBoxHeader(version: 0, flags: location == nil ? 1 : 0)
        self.location = location
    }

    /// True when the media data is in this file.
    package var isSelfContained: Bool { fullBoxHeader.flags & 1 != 0 }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        // A self-contained entry has no string; bytes after its header are kept as trailing bytes.
        location = fullBoxHeader.flags & 1 != 0 || reader.isAtEnd ? nil : try reader.readCStringField()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        if let location { writer.writeCStringField(location) }
    }
}
