/// A sample entry this library does not interpret (hint tracks, closed captions, unknown handlers): its coding name,
/// data reference index and the rest of its payload, as stored.
package struct UnknownSampleEntry: SampleEntry {
    package var boxType: FourCC
    package var header: SampleEntryHeader
    /// The payload after the 8-byte sample entry header.
    package var payload: [UInt8]

    /// An entry of type `type`.
    package init(type: FourCC, dataReferenceIndex: UInt16 = 1, payload: [UInt8]) {
        boxType = type
        header = SampleEntryHeader(dataReferenceIndex: dataReferenceIndex)
        self.payload = payload
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        boxType = reader.path.lastType ?? FourCC(rawValue: 0)
        header = try reader.readSampleEntryHeader()
        payload = reader.readRemainingBytes()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        try writer.writeSampleEntryHeader(header)
        writer.writeBytes(payload)
    }
}
