/// How samples are grouped into chunks, run-length coded by chunk (`stsc`, ISO/IEC 14496-12 §8.7.4).
package struct SampleToChunkBox: SingleTypeBox {
    package static let type: FourCC = "stsc"

    /// From `firstChunk` until the next entry's first chunk, each chunk holds `samplesPerChunk` samples described by
    /// `sampleDescriptionIndex`.
    package struct Entry: Hashable, Sendable {
        /// 1-based index of the first chunk of the run.
        package var firstChunk: UInt32
        /// Samples in each chunk of the run.
        package var samplesPerChunk: UInt32
        /// 1-based index into `stsd`.
        package var sampleDescriptionIndex: UInt32

        /// A run.
        package init(firstChunk: UInt32, samplesPerChunk: UInt32, sampleDescriptionIndex: UInt32) {
            self.firstChunk = firstChunk
            self.samplesPerChunk = samplesPerChunk
            self.sampleDescriptionIndex = sampleDescriptionIndex
        }
    }

    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// The runs by increasing first chunk.
    package var entries: [Entry]

    /// A table of the given runs.
    package init(entries: [Entry]) { self.entries = entries }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        entries = try reader.readRecords(count: try reader.readUInt32(), recordSize: 12, "sample-to-chunk") { raw, at in
            Entry(firstChunk: raw.bigEndianUInt32(at: at), samplesPerChunk: raw.bigEndianUInt32(at: at + 4),
                  sampleDescriptionIndex: raw.bigEndianUInt32(at: at + 8))
        }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        try writer.writeCount(entries.count, in: Self.type)
        writer.writeRecords(entries, recordSize: 12) { entry, raw, at in
            raw.storeBigEndian(entry.firstChunk, at: at)
            raw.storeBigEndian(entry.samplesPerChunk, at: at + 4)
            raw.storeBigEndian(entry.sampleDescriptionIndex, at: at + 8)
        }
    }
}
