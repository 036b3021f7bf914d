/// One FLAC metadata block (FLAC format, METADATA_BLOCK): the last-block flag, the type and the data. A `dfLa`
/// payload after its version and flags is a run of them, STREAMINFO first (Encapsulation of FLAC in ISO Base
/// Media File Format §3.3.2).
package struct FLACMetadataBlock: Hashable, Sendable {
    /// `METADATA_BLOCK_TYPE` of STREAMINFO.
    package static let streamInfoType: UInt8 = 0
    /// Bytes of STREAMINFO's data.
    package static let streamInfoSize = 34

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

    /// Reads blocks until the last-block flag or the end of the reader (a truncated run keeps what was complete).
    package static func readBlocks(_ reader: inout ByteReader) throws(MediaFormatError) -> [FLACMetadataBlock] {
        var blocks: [FLACMetadataBlock] = []
        while reader.readableBytes >= 4 {
            let typeByte = try reader.readUInt8()
            let length = Int(try reader.readUInt24())
            blocks.append(FLACMetadataBlock(isLast: typeByte & 0x80 != 0, blockType: typeByte & 0x7F,
                                            data: try reader.readBytes(count: length)))
            if typeByte & 0x80 != 0 { break }
        }
        return blocks
    }

    /// Appends `blocks`, each a header byte, a 24-bit length and its data.
    package static func write(_ blocks: [FLACMetadataBlock], to writer: inout ByteWriter) throws(MediaFormatError) {
        for block in blocks {
            guard block.data.count <= 0xFF_FFFF else {
                throw MediaFormatError(.unrepresentable, at: Int64(writer.count), "a FLAC metadata block holds less than 16 MiB")
            }
            writer.writeUInt8((block.isLast ? 0x80 : 0) | block.blockType & 0x7F)
            writer.writeUInt24(UInt32(block.data.count))
            writer.writeBytes(block.data)
        }
    }
}
