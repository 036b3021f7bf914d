/// Which samples belong to which group description, run-length coded (`sbgp`, ISO/IEC 14496-12 §8.9.2).
package struct SampleToGroupBox: SingleTypeBox {
    package static let type: FourCC = "sbgp"

    /// `sampleCount` consecutive samples mapped to description `groupDescriptionIndex` (0: none; in fragments,
    /// values above 0x10000 index the fragment's own `sgpd`).
    package struct Entry: Hashable, Sendable {
        /// Number of samples in the run.
        package var sampleCount: UInt32
        /// 1-based index into the matching `sgpd`, or 0.
        package var groupDescriptionIndex: UInt32

        /// A run.
        package init(sampleCount: UInt32, groupDescriptionIndex: UInt32) {
            self.sampleCount = sampleCount
            self.groupDescriptionIndex = groupDescriptionIndex
        }
    }

    /// 0, or 1 with a grouping type parameter.
    package var version: UInt8
    /// Flags (zero).
    package var flags: UInt32 = 0
    /// The grouping type, matching an `sgpd`.
    package var groupingType: FourCC
    /// Version 1: distinguishes groupings of the same type.
    package var groupingTypeParameter: UInt32?
    /// The runs in decode order.
    package var entries: [Entry]

    /// A map; version 1 when a parameter is given.
    package init(groupingType: FourCC, groupingTypeParameter: UInt32? = nil, entries: [Entry]) {
        version = groupingTypeParameter == nil ? 0 : 1
        self.groupingType = groupingType
        self.groupingTypeParameter = groupingTypeParameter
        self.entries = entries
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        let full = try reader.readFullBoxHeader(maximumVersion: 1)
        version = full.version
        flags = full.flags
        groupingType = try reader.readFourCC()
        groupingTypeParameter = version == 1 ? try reader.readUInt32() : nil
        entries = try reader.readRecords(count: try reader.readUInt32(), recordSize: 8, "sample-to-group") { raw, at in
            Entry(sampleCount: raw.bigEndianUInt32(at: at), groupDescriptionIndex: raw.bigEndianUInt32(at: at + 4))
        }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(version: version, flags: flags)
        writer.writeFourCC(groupingType)
        if version == 1 {
            guard let groupingTypeParameter else {
                throw BoxWriteError(Self.type, "version 1 needs a grouping type parameter")
            }
            writer.writeUInt32(groupingTypeParameter)
        }
        try writer.writeCount(entries.count, in: Self.type)
        writer.writeRecords(entries, recordSize: 8) { entry, raw, at in
            raw.storeBigEndian(entry.sampleCount, at: at)
            raw.storeBigEndian(entry.groupDescriptionIndex, at: at + 4)
        }
    }
}
