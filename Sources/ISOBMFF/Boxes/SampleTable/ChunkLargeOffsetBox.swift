/// File offsets of chunks, 64-bit (`co64`, ISO/IEC 14496-12 §8.7.5), for files past 4 GiB.
package struct ChunkLargeOffsetBox: SingleTypeBox {
    package static let type: FourCC = "co64"
    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// Absolute file offset of each chunk.
    package var offsets: [UInt64]

    /// A table of the given offsets.
    package init(offsets: [UInt64]) { self.offsets = offsets }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        let count = try reader.readUInt32()
        offsets = try reader.readUInt64Array(count: try reader.checkCount(count, elementSize: 8, "chunk offset"))
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        try writer.writeCount(offsets.count, in: Self.type)
        writer.writeUInt64Array(offsets)
    }
}
