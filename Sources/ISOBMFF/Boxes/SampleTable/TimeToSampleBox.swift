/// Decode durations, run-length coded (`stts`, ISO/IEC 14496-12 §8.6.1.2).
package struct TimeToSampleBox: SingleTypeBox {
    package static let type: FourCC = "stts"

    /// `sampleCount` consecutive samples lasting `sampleDelta` each.
    package struct Entry: Hashable, Sendable {
        /// Number of samples in the run.
        package var sampleCount: UInt32
        /// Decode duration of each, in the media timescale.
        package var sampleDelta: UInt32

        /// A run.
        package init(sampleCount: UInt32, sampleDelta: UInt32) {
            self.sampleCount = sampleCount
            self.sampleDelta = sampleDelta
        }
    }

    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// The runs in decode order.
    package var entries: [Entry]

    /// A table of the given runs.
    package init(entries: [Entry]) { self.entries = entries }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        entries = try reader.readRecords(count: try reader.readUInt32(), recordSize: 8, "time-to-sample") { raw, at in
            Entry(sampleCount: raw.bigEndianUInt32(at: at), sampleDelta: raw.bigEndianUInt32(at: at + 4))
        }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        try writer.writeCount(entries.count, in: Self.type)
        writer.writeRecords(entries, recordSize: 8) { entry, raw, at in
            raw.storeBigEndian(entry.sampleCount, at: at)
            raw.storeBigEndian(entry.sampleDelta, at: at + 4)
        }
    }
}
