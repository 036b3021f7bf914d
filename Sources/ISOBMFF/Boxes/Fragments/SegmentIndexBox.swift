/// An index of subsegments (`sidx`, ISO/IEC 14496-12 §8.16.3): their sizes, durations and stream access points.
package struct SegmentIndexBox: SingleTypeBox {
    package static let type: FourCC = "sidx"

    /// One subsegment (or a nested `sidx`).
    package struct Reference: Hashable, Sendable {
        /// True when the reference is to another `sidx`, false for media.
        package var referencesIndex: Bool
        /// Bytes from the first byte of this subsegment to the next (31 bits).
        package var referencedSize: UInt32
        /// Duration in the index's timescale.
        package var subsegmentDuration: UInt32
        /// True when the subsegment starts with a stream access point.
        package var startsWithSAP: Bool
        /// SAP type 0…6 (3 bits).
        package var sapType: UInt8
        /// Presentation time of the SAP relative to the subsegment start (28 bits).
        package var sapDeltaTime: UInt32

        /// A reference.
        package init(referencesIndex: Bool = false, referencedSize: UInt32, subsegmentDuration: UInt32,
                     startsWithSAP: Bool, sapType: UInt8, sapDeltaTime: UInt32 = 0) {
            self.referencesIndex = referencesIndex
            self.referencedSize = referencedSize
            self.subsegmentDuration = subsegmentDuration
            self.startsWithSAP = startsWithSAP
            self.sapType = sapType
            self.sapDeltaTime = sapDeltaTime
        }
    }

    /// 0: 32-bit times; 1: 64-bit.
    package var version: UInt8
    /// Flags (zero).
    package var flags: UInt32 = 0
    /// The stream (track ID) the index is about.
    package var referenceID: UInt32
    /// Units per second of the times below.
    package var timescale: UInt32
    /// Presentation time of the first subsegment.
    package var earliestPresentationTime: UInt64
    /// Bytes from the end of this box to the first subsegment.
    package var firstOffset: UInt64
    /// Reserved 16 bits, as stored.
    package var reserved: UInt16 = 0
    /// The subsegments in order.
    package var references: [Reference]

    /// An index; `version` defaults to the smallest that holds the times.
    package init(version: UInt8? = nil, referenceID: UInt32, timescale: UInt32, earliestPresentationTime: UInt64,
                 firstOffset: UInt64, references: [Reference]) {
        self.version = version ?? minimalVersion(for: earliestPresentationTime, firstOffset)
        self.referenceID = referenceID
        self.timescale = timescale
        self.earliestPresentationTime = earliestPresentationTime
        self.firstOffset = firstOffset
        self.references = references
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        let full = try reader.readFullBoxHeader(maximumVersion: 1)
        version = full.version
        flags = full.flags
        referenceID = try reader.readUInt32()
        timescale = try reader.readUInt32()
        earliestPresentationTime = try reader.readVersionedUInt(version: version)
        firstOffset = try reader.readVersionedUInt(version: version)
        reserved = try reader.readUInt16()
        let count = UInt32(try reader.readUInt16())
        references = try reader.readRecords(count: count, recordSize: 12, "segment index reference") { raw, at in
            let first = raw.bigEndianUInt32(at: at), third = raw.bigEndianUInt32(at: at + 8)
            return Reference(referencesIndex: first >> 31 != 0, referencedSize: first & 0x7FFF_FFFF,
                             subsegmentDuration: raw.bigEndianUInt32(at: at + 4), startsWithSAP: third >> 31 != 0,
                             sapType: UInt8((third >> 28) & 7), sapDeltaTime: third & 0x0FFF_FFFF)
        }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        guard let count = UInt16(exactly: references.count) else {
            throw BoxWriteError(Self.type, "at most 65535 references, not \(references.count)")
        }
        for reference in references where reference.referencedSize > 0x7FFF_FFFF || reference.sapType > 7
            || reference.sapDeltaTime > 0x0FFF_FFFF {
            throw BoxWriteError(Self.type, "reference \(reference) has a field too large for its bits")
        }
        writer.writeFullBoxHeader(version: version, flags: flags)
        writer.writeUInt32(referenceID)
        writer.writeUInt32(timescale)
        try writer.writeVersionedUInt(earliestPresentationTime, version: version, field: "earliest time", in: Self.type)
        try writer.writeVersionedUInt(firstOffset, version: version, field: "first offset", in: Self.type)
        writer.writeUInt16(reserved)
        writer.writeUInt16(count)
        for reference in references {
            writer.writeUInt32((reference.referencesIndex ? 1 << 31 : 0) | reference.referencedSize)
            writer.writeUInt32(reference.subsegmentDuration)
            writer.writeUInt32((reference.startsWithSAP ? 1 << 31 : 0) | UInt32(reference.sapType) << 28
                               | reference.sapDeltaTime)
        }
    }
}
