/// File offsets of chunks, 32-bit (`stco`, ISO/IEC 14496-12 §8.7.5).
package struct ChunkOffsetBox: SingleTypeBox {
    package static let type: FourCC = "stco"
    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// Absolute file offset of each chunk.
    package var offsets: [UInt32]

    /// A table of the given offsets.
    package init(offsets: [UInt32]) { self.offsets = offsets }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        let count = try reader.readUInt32()
        offsets = try reader.readUInt32Array(count: try reader.checkCount(count, elementSize: 4, "chunk offset"))
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        try writer.writeCount(offsets.count, in: Self.type)
        writer.writeUInt32Array(offsets)
    }
}
