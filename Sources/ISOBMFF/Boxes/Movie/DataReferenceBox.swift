/// The table of data references that sample entries index (`dref`, ISO/IEC 14496-12 §8.7.2; QuickTime "Data
/// reference atom"): `url `, `urn `, QuickTime `alis` and others, as child boxes.
package struct DataReferenceBox: SingleTypeBox, BoxContainer {
    package static let type: FourCC = "dref"
    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// The entries; a sample entry's `dataReferenceIndex` is 1-based into this list.
    package var children: BoxList

    /// A table with the given entries.
    package init(entries: BoxList) { children = entries }

    /// A table with one self-contained entry: the samples are in this file.
    package static let selfContained = DataReferenceBox(entries: [DataEntryUrlBox(location: nil)])

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        let count = try reader.readUInt32()
        children = try BoxList.parse(&reader, scope: .standard, count: count)
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        guard let count = UInt32(exactly: children.count) else { throw BoxWriteError(Self.type, "too many entries") }
        writer.writeUInt32(count)
        try children.write(to: &writer)
    }
}
