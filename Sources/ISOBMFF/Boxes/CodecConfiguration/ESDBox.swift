import MediaFormats

/// The MPEG-4 elementary stream descriptor box (`esds`, ISO/IEC 14496-14 §5.6): a full box around the package's one
/// `ESDescriptor` (ISO/IEC 14496-1 §7.2.6.5). AAC, MP3, MPEG-4 Visual configuration in MP4, and inside
/// QuickTime's `wave`.
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
        descriptor = try reader.read { bytes throws(MediaFormatError) in try ESDescriptor(parsing: &bytes) }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        do { try descriptor.write(to: &writer) } catch { throw BoxWriteError(Self.type, error) }
    }
}
