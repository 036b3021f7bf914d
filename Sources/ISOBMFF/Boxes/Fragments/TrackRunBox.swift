/// A run of contiguous samples in a track fragment (`trun`, ISO/IEC 14496-12 §8.8.8).
///
/// Stored column-wise: each per-sample field is an array that is present exactly when its flag is set, so a run
/// costs 4 bytes per present field per sample and parses in one pass. Version 1 composition offsets are signed;
/// version 0 ones are read as the same signed bit pattern (see `CompositionOffsetBox`).
package struct TrackRunBox: SingleTypeBox {
    package static let type: FourCC = "trun"

    /// 0 or 1 (signed composition offsets).
    package var version: UInt8
    /// Number of samples.
    package var sampleCount: UInt32
    /// Flag 0x1: offset of the first sample's data from the base data offset.
    package var dataOffset: Int32?
    /// Flag 0x4: flags of the first sample, overriding the defaults (a sync sample starting a run of non-sync ones).
    package var firstSampleFlags: SampleFlags?
    /// Flag 0x100: per-sample durations.
    package var sampleDurations: [UInt32]?
    /// Flag 0x200: per-sample sizes.
    package var sampleSizes: [UInt32]?
    /// Flag 0x400: per-sample flags (raw `SampleFlags` bits).
    package var sampleFlags: [UInt32]?
    /// Flag 0x800: per-sample composition offsets.
    package var sampleCompositionTimeOffsets: [Int32]?
    /// Flag bits this library does not know, kept as stored.
    package var otherFlags: UInt32 = 0

    /// A run of `sampleCount` samples; every given array must hold `sampleCount` values.
    package init(version: UInt8 = 0, sampleCount: UInt32, dataOffset: Int32? = nil, firstSampleFlags: SampleFlags? = nil,
                 sampleDurations: [UInt32]? = nil, sampleSizes: [UInt32]? = nil, sampleFlags: [UInt32]? = nil,
                 sampleCompositionTimeOffsets: [Int32]? = nil) {
        self.version = version
        self.sampleCount = sampleCount
        self.dataOffset = dataOffset
        self.firstSampleFlags = firstSampleFlags
        self.sampleDurations = sampleDurations
        self.sampleSizes = sampleSizes
        self.sampleFlags = sampleFlags
        self.sampleCompositionTimeOffsets = sampleCompositionTimeOffsets
    }

    /// The flags as written.
    package var flags: UInt32 {
        var flags = otherFlags
        if dataOffset != nil { flags |= 0x1 }
        if firstSampleFlags != nil { flags |= 0x4 }
        if sampleDurations != nil { flags |= 0x100 }
        if sampleSizes != nil { flags |= 0x200 }
        if sampleFlags != nil { flags |= 0x400 }
        if sampleCompositionTimeOffsets != nil { flags |= 0x800 }
        return flags
    }

    private static let knownFlags: UInt32 = 0x1 | 0x4 | 0x100 | 0x200 | 0x400 | 0x800

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        let full = try reader.readFullBoxHeader(maximumVersion: 1)
        version = full.version
        let flags = full.flags
        otherFlags = flags & ~Self.knownFlags
        sampleCount = try reader.readUInt32()
        dataOffset = flags & 0x1 != 0 ? try reader.readInt32() : nil
        firstSampleFlags = flags & 0x4 != 0 ? SampleFlags(rawValue: try reader.readUInt32()) : nil
        let hasDuration = flags & 0x100 != 0, hasSize = flags & 0x200 != 0
        let hasFlags = flags & 0x400 != 0, hasOffset = flags & 0x800 != 0
        let fieldCount = [hasDuration, hasSize, hasFlags, hasOffset].filter { $0 }.count
        guard fieldCount > 0 else { return }
        let recordSize = fieldCount * 4
        let n = try reader.checkCount(sampleCount, elementSize: recordSize, "track run sample")
        // One tight strided pass per present column, straight into uninitialised storage.
        func column(_ position: Int) -> (UnsafeRawBufferPointer) -> [UInt32] {
            { raw in
                [UInt32](unsafeUninitializedCapacity: n) { buffer, initialized in
                    var at = position * 4
                    for i in 0..<n {
                        buffer[i] = raw.bigEndianUInt32(at: at)
                        at &+= recordSize
                    }
                    initialized = n
                }
            }
        }
        let table = try reader.readSlice(count: n * recordSize)
        var position = 0
        func next(_ present: Bool) throws(BoxParseError) -> [UInt32]? {
            guard present else { return nil }
            var window = table
            defer { position += 1 }
            return try window.withUnsafeBytes(count: window.readableBytes, column(position))
        }
        sampleDurations = try next(hasDuration)
        sampleSizes = try next(hasSize)
        sampleFlags = try next(hasFlags)
        sampleCompositionTimeOffsets = try next(hasOffset)?.map { Int32(bitPattern: $0) }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        let n = Int(sampleCount)
        for (name, count) in [("durations", sampleDurations?.count), ("sizes", sampleSizes?.count),
                              ("flags", sampleFlags?.count), ("composition offsets", sampleCompositionTimeOffsets?.count)] {
            if let count, count != n {
                throw BoxWriteError(Self.type, "\(count) sample \(name) for \(n) samples")
            }
        }
        writer.writeFullBoxHeader(version: version, flags: flags)
        writer.writeUInt32(sampleCount)
        if let dataOffset { writer.writeInt32(dataOffset) }
        if let firstSampleFlags { writer.writeUInt32(firstSampleFlags.rawValue) }
        let fieldCount = [sampleDurations != nil, sampleSizes != nil, sampleFlags != nil,
                          sampleCompositionTimeOffsets != nil].filter { $0 }.count
        guard fieldCount > 0 else { return }
        writer.writeTable(count: n * fieldCount * 4) { raw in
            var at = 0
            for i in 0..<n {
                if let sampleDurations { raw.storeBigEndian(sampleDurations[i], at: at); at += 4 }
                if let sampleSizes { raw.storeBigEndian(sampleSizes[i], at: at); at += 4 }
                if let sampleFlags { raw.storeBigEndian(sampleFlags[i], at: at); at += 4 }
                if let sampleCompositionTimeOffsets {
                    raw.storeBigEndian(UInt32(bitPattern: sampleCompositionTimeOffsets[i]), at: at)
                    at += 4
                }
            }
        }
    }
}
