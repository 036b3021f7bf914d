/// A QuickTime data reference by Macintosh alias (`alis`, QuickTime "Data reference atom"). Flag 1 means the data
/// is in this file and the alias record is empty; otherwise the record is kept raw.
package struct DataEntryAliasBox: SingleTypeBox {
    package static let type: FourCC = "alis"
    /// Version and flags (flag 1: self-contained).
    package var fullBoxHeader = FullBoxHeader(version: 0, flags: 1)
    /// The alias record.
    package var aliasRecord: [UInt8] = []

    /// A self-contained entry.
    package init() {}

    /// True when the media data is in this file.
    package var isSelfContained: Bool { fullBoxHeader.flags & 1 != 0 }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        aliasRecord = reader.readRemainingBytes()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        writer.writeBytes(aliasRecord)
    }
}
