/// A codec's global header as FFmpeg writes it for codecs without a registered configuration box (`glbl`, FFmpeg
/// movenc: the codec's extradata verbatim).
package struct GlobalHeaderBox: SingleTypeBox {
    package static let type: FourCC = "glbl"
    /// The extradata.
    package var extradata: [UInt8]

    /// A box holding `extradata`.
    package init(extradata: [UInt8]) { self.extradata = extradata }
    package init(parsing reader: inout BoxReader) throws(BoxParseError) { extradata = reader.readRemainingBytes() }
    package func write(to writer: inout BoxWriter) throws(BoxWriteError) { writer.writeBytes(extradata) }
}
