/// A timed metadata sample entry carrying boxed metadata (`mebx`, ISO/IEC 14496-12 §12.3.3.2): its `keys` table
/// declares, per local key ID, the key (`keyd`), data type (`dtyp`) and locale of each metadata item in the samples.
package struct BoxedMetadataSampleEntry: SampleEntry, BoxContainer {
    package var boxType: FourCC { "mebx" }
    package var header: SampleEntryHeader
    /// `keys` (the key table) and `btrt`.
    package var children: BoxList

    /// An entry with the given key table.
    package init(dataReferenceIndex: UInt16 = 1, children: BoxList) {
        header = SampleEntryHeader(dataReferenceIndex: dataReferenceIndex)
        self.children = children
    }

    /// The key table.
    package var keyTable: MetadataKeyTableBox? { children.first(MetadataKeyTableBox.self) }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        header = try reader.readSampleEntryHeader()
        children = try BoxList.parse(&reader, scope: .boxedMetadataEntry)
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        try writer.writeSampleEntryHeader(header)
        try children.write(to: &writer)
    }
}
