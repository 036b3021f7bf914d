/// Sync samples of one track's fragments (`tfra`, ISO/IEC 14496-12 §8.8.10): time, `moof` offset and the sample's
/// position in it.
package struct TrackFragmentRandomAccessBox: SingleTypeBox {
    package static let type: FourCC = "tfra"

    /// One random access point.
    package struct Entry: Hashable, Sendable {
        /// Presentation time in the track's timescale.
        package var time: UInt64
        /// File offset of the `moof` holding the sample.
        package var moofOffset: UInt64
        /// 1-based `traf` number within the `moof`.
        package var trafNumber: UInt32
        /// 1-based `trun` number within the `traf`.
        package var trunNumber: UInt32
        /// 1-based sample number within the `trun`.
        package var sampleNumber: UInt32

        /// An entry.
        package init(time: UInt64, moofOffset: UInt64, trafNumber: UInt32 = 1, trunNumber: UInt32 = 1,
                     sampleNumber: UInt32 = 1) {
            self.time = time
            self.moofOffset = moofOffset
            self.trafNumber = trafNumber
            self.trunNumber = trunNumber
            self.sampleNumber = sampleNumber
        }
    }

    /// 0: 32-bit time and offset; 1: 64-bit.
    package var version: UInt8
    /// Flags (zero).
    package var flags: UInt32 = 0
    /// The track.
    package var trackID: UInt32
    /// The 26 reserved bits before the length sizes, as stored.
    package var reserved: UInt32 = 0
    /// Bytes (1…4) of each entry's `trafNumber`.
    package var trafNumberSize: Int = 1
    /// Bytes (1…4) of each entry's `trunNumber`.
    package var trunNumberSize: Int = 1
    /// Bytes (1…4) of each entry's `sampleNumber`.
    package var sampleNumberSize: Int = 1
    /// The entries.
    package var entries: [Entry]

    /// A table; `version` defaults to the smallest that holds the entries, and number sizes to 1 byte (raise them
    /// when numbers exceed 255).
    package init(version: UInt8? = nil, trackID: UInt32, entries: [Entry]) {
        self.version = version ?? (entries.allSatisfy { $0.time <= UInt64(UInt32.max) && $0.moofOffset <= UInt64(UInt32.max) } ? 0 : 1)
        self.trackID = trackID
        self.entries = entries
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        let full = try reader.readFullBoxHeader(maximumVersion: 1)
        version = full.version
        flags = full.flags
        trackID = try reader.readUInt32()
        let sizes = try reader.readUInt32()
        reserved = sizes >> 6
        trafNumberSize = Int((sizes >> 4) & 3) + 1
        trunNumberSize = Int((sizes >> 2) & 3) + 1
        sampleNumberSize = Int(sizes & 3) + 1
        let entrySize = (version == 1 ? 16 : 8) + trafNumberSize + trunNumberSize + sampleNumberSize
        let n = try reader.checkCount(try reader.readUInt32(), elementSize: entrySize, "random access entry")
        entries = []
        entries.reserveCapacity(n)
        for _ in 0..<n {
            let time = try reader.readVersionedUInt(version: version)
            let offset = try reader.readVersionedUInt(version: version)
            entries.append(Entry(time: time, moofOffset: offset,
                                 trafNumber: UInt32(try reader.readUInt(size: trafNumberSize)),
                                 trunNumber: UInt32(try reader.readUInt(size: trunNumberSize)),
                                 sampleNumber: UInt32(try reader.readUInt(size: sampleNumberSize))))
        }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        for size in [trafNumberSize, trunNumberSize, sampleNumberSize] where !(1...4).contains(size) {
            throw BoxWriteError(Self.type, "number sizes must be 1…4 bytes, not \(size)")
        }
        writer.writeFullBoxHeader(version: version, flags: flags)
        writer.writeUInt32(trackID)
        writer.writeUInt32(reserved << 6 | UInt32(trafNumberSize - 1) << 4 | UInt32(trunNumberSize - 1) << 2
                           | UInt32(sampleNumberSize - 1))
        try writer.writeCount(entries.count, in: Self.type)
        for entry in entries {
            try writer.writeVersionedUInt(entry.time, version: version, field: "time", in: Self.type)
            try writer.writeVersionedUInt(entry.moofOffset, version: version, field: "moof offset", in: Self.type)
            for (value, size) in [(entry.trafNumber, trafNumberSize), (entry.trunNumber, trunNumberSize),
                                  (entry.sampleNumber, sampleNumberSize)] {
                guard UInt64(value) < UInt64(1) << (8 * size) else {
                    throw BoxWriteError(Self.type, "number \(value) does not fit \(size) bytes")
                }
                writer.writeUInt(UInt64(value), size: size)
            }
        }
    }
}
