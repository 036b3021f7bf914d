/// FLAC configuration (`dfLa`, Encapsulation of FLAC in ISO Base Media File Format §3.3.2 FLACSpecificBox): the
/// stream's metadata blocks (STREAMINFO first).
package struct FLACSpecificBox: SingleTypeBox {
    package static let type: FourCC = "dfLa"

    /// One metadata block.
    package struct MetadataBlock: Hashable, Sendable {
        /// The last-metadata-block flag as stored.
        package var isLast: Bool
        /// 0 STREAMINFO, 4 VORBIS_COMMENT…
        package var blockType: UInt8
        /// The block's data.
        package var data: [UInt8]

        /// A block.
        package init(isLast: Bool, blockType: UInt8, data: [UInt8]) {
            self.isLast = isLast
            self.blockType = blockType
            self.data = data
        }
    }

    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// The blocks in order.
    package var blocks: [MetadataBlock]

    /// A configuration.
    package init(blocks: [MetadataBlock]) { self.blocks = blocks }

    /// The STREAMINFO block's data (34 bytes).
    package var streamInfo: [UInt8]? { blocks.first { $0.blockType == 0 }?.data }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        blocks = []
        while reader.readableBytes >= 4 {
            let typeByte = try reader.readUInt8()
            let length = Int(try reader.readUInt24())
            blocks.append(MetadataBlock(isLast: typeByte & 0x80 != 0, blockType: typeByte & 0x7F,
                                        data: try reader.readBytes(count: length)))
            if typeByte & 0x80 != 0 { break }
        }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        for block in blocks {
            guard block.data.count <= 0xFF_FFFF else { throw BoxWriteError(Self.type, "a block holds less than 16 MiB") }
            writer.writeUInt8((block.isLast ? 0x80 : 0) | block.blockType & 0x7F)
            writer.writeUInt24(UInt32(block.data.count))
            writer.writeBytes(block.data)
        }
    }
}
