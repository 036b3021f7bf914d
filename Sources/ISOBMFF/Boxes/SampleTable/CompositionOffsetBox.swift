/// Composition (presentation) minus decode time per sample, run-length coded (`ctts`, ISO/IEC 14496-12 §8.6.1.3).
///
/// Version 0 declares the offsets unsigned and version 1 signed, but QuickTime and others wrote negative offsets in
/// version 0 files, so both are read as signed 32-bit values: a version-0 value of 2³¹ or more (never a sensible
/// unsigned offset) comes out negative. The bit pattern is kept, so writing is exact either way.
package struct CompositionOffsetBox: SingleTypeBox {
    package static let type: FourCC = "ctts"

    /// `sampleCount` consecutive samples with composition offset `sampleOffset`.
    package struct Entry: Hashable, Sendable {
        /// Number of samples in the run.
        package var sampleCount: UInt32
        /// Composition time minus decode time, in the media timescale.
        package var sampleOffset: Int32

        /// A run.
        package init(sampleCount: UInt32, sampleOffset: Int32) {
            self.sampleCount = sampleCount
            self.sampleOffset = sampleOffset
        }
    }

    /// 0: offsets declared unsigned; 1: signed.
    package var version: UInt8
    /// Flags (zero).
    package var flags: UInt32 = 0
    /// The runs in decode order.
    package var entries: [Entry]

    /// A table; `version` defaults to 1 when an offset is negative, 0 otherwise.
    package init(version: UInt8? = nil, entries: [Entry]) {
        self.version = version ?? (entries.contains { $0.sampleOffset < 0 } ? 1 : 0)
        self.entries = entries
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        let full = try reader.readFullBoxHeader(maximumVersion: 1)
        version = full.version
        flags = full.flags
        entries = try reader.readRecords(count: try reader.readUInt32(), recordSize: 8, "composition offset") { raw, at in
            Entry(sampleCount: raw.bigEndianUInt32(at: at), sampleOffset: Int32(bitPattern: raw.bigEndianUInt32(at: at + 4)))
        }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(version: version, flags: flags)
        try writer.writeCount(entries.count, in: Self.type)
        writer.writeRecords(entries, recordSize: 8) { entry, raw, at in
            raw.storeBigEndian(entry.sampleCount, at: at)
            raw.storeBigEndian(UInt32(bitPattern: entry.sampleOffset), at: at + 4)
        }
    }
}
