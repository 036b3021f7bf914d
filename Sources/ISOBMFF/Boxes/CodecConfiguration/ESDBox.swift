/// The MPEG-4 elementary stream descriptor box (`esds`, ISO/IEC 14496-14 §5.6): AAC, MP3, MPEG-4 Visual
/// configuration in MP4, and inside QuickTime's `wave`.
package struct ESDBox: SingleTypeBox {
    package static let type: FourCC = "esds"
    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// The ES descriptor.
    package var descriptor: ESDescriptor

    /// A box holding `descriptor`.
    package init(descriptor: ESDescriptor) { self.descriptor = descriptor }

    /// The decoder configuration.
    package var decoderConfig: DecoderConfigDescriptor? { descriptor.decoderConfig }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        let start = reader.offset
        let (tag, payload, fieldSize) = try MPEG4Descriptor.readHeader(&reader)
        guard tag == MPEG4Descriptor.esDescriptorTag else {
            throw reader.error(.invalidValue, "expected an ES_Descriptor (tag 3), found tag \(tag)", at: start)
        }
        var body = payload
        descriptor = try ESDescriptor(parsing: &body, lengthFieldSize: fieldSize)
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        try descriptor.write(to: &writer, in: Self.type)
    }
}
