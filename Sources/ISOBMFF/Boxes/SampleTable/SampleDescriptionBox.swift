/// The codec configurations of a track (`stsd`, ISO/IEC 14496-12 §8.5.2; QuickTime "Sample description atom"):
/// one sample entry per configuration, read according to the media handler.
package struct SampleDescriptionBox: SingleTypeBox, BoxContainer {
    package static let type: FourCC = "stsd"
    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// The sample entries; a sample's description index is 1-based into this list.
    package var children: BoxList

    /// A table with the given entries.
    package init(entries: BoxList) { children = entries }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        let count = try reader.readUInt32()
        children = try BoxList.parse(&reader, scope: .sampleDescriptions, count: count)
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        try writer.writeCount(children.count, in: Self.type)
        try children.write(to: &writer)
    }
}
