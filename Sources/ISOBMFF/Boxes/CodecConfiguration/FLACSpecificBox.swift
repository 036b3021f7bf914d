import MediaFormats

/// FLAC configuration (`dfLa`, Encapsulation of FLAC in ISO Base Media File Format §3.3.2 FLACSpecificBox): a full
/// box holding the stream's metadata blocks (STREAMINFO first), in the package's one `FLACMetadataBlock` grammar.
package struct FLACSpecificBox: SingleTypeBox {
    package static let type: FourCC = "dfLa"

    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// The blocks in order.
    package var blocks: [FLACMetadataBlock]

    /// A configuration.
    package init(blocks: [FLACMetadataBlock]) { self.blocks = blocks }

    /// The STREAMINFO block's data (34 bytes).
    package var streamInfo: [UInt8]? { blocks.first { $0.blockType == FLACMetadataBlock.streamInfoType }?.data }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        blocks = try reader.read { bytes throws(MediaFormatError) in try FLACMetadataBlock.readBlocks(&bytes) }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        do { try FLACMetadataBlock.write(blocks, to: &writer) } catch { throw BoxWriteError(Self.type, error) }
    }
}
