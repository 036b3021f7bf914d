/// A track fragment's track and the defaults its runs use (`tfhd`, ISO/IEC 14496-12 §8.8.7). Each optional field
/// is present exactly when its flag is set; the flags are derived from the fields when writing.
package struct TrackFragmentHeaderBox: SingleTypeBox {
    package static let type: FourCC = "tfhd"

    /// Version (zero).
    package var version: UInt8 = 0
    /// The track.
    package var trackID: UInt32
    /// Flag 0x1: data offsets count from here instead of the `moof` (or the previous fragment's end).
    package var baseDataOffset: UInt64?
    /// Flag 0x2: overrides `trex`'s description index.
    package var sampleDescriptionIndex: UInt32?
    /// Flag 0x8: overrides `trex`'s default duration.
    package var defaultSampleDuration: UInt32?
    /// Flag 0x10: overrides `trex`'s default size.
    package var defaultSampleSize: UInt32?
    /// Flag 0x20: overrides `trex`'s default flags.
    package var defaultSampleFlags: SampleFlags?
    /// Flag 0x10000: the fragment has no samples; it only spans `defaultSampleDuration`.
    package var durationIsEmpty = false
    /// Flag 0x20000: without a base data offset, offsets count from this `moof` (CMAF requires this).
    package var defaultBaseIsMoof = false
    /// Flag bits this library does not know, kept as stored.
    package var otherFlags: UInt32 = 0

    /// A header for `trackID` with the given overrides.
    package init(trackID: UInt32, baseDataOffset: UInt64? = nil, sampleDescriptionIndex: UInt32? = nil,
                 defaultSampleDuration: UInt32? = nil, defaultSampleSize: UInt32? = nil,
                 defaultSampleFlags: SampleFlags? = nil, durationIsEmpty: Bool = false, defaultBaseIsMoof: Bool = false) {
        self.trackID = trackID
        self.baseDataOffset = baseDataOffset
        self.sampleDescriptionIndex = sampleDescriptionIndex
        self.defaultSampleDuration = defaultSampleDuration
        self.defaultSampleSize = defaultSampleSize
        self.defaultSampleFlags = defaultSampleFlags
        self.durationIsEmpty = durationIsEmpty
        self.defaultBaseIsMoof = defaultBaseIsMoof
    }

    /// The flags as written.
    package var flags: UInt32 {
        var flags = otherFlags
        if baseDataOffset != nil { flags |= 0x1 }
        if sampleDescriptionIndex != nil { flags |= 0x2 }
        if defaultSampleDuration != nil { flags |= 0x8 }
        if defaultSampleSize != nil { flags |= 0x10 }
        if defaultSampleFlags != nil { flags |= 0x20 }
        if durationIsEmpty { flags |= 0x1_0000 }
        if defaultBaseIsMoof { flags |= 0x2_0000 }
        return flags
    }

    private static let knownFlags: UInt32 = 0x1 | 0x2 | 0x8 | 0x10 | 0x20 | 0x1_0000 | 0x2_0000

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        let full = try reader.readFullBoxHeader()
        version = full.version
        let flags = full.flags
        trackID = try reader.readUInt32()
        baseDataOffset = flags & 0x1 != 0 ? try reader.readUInt64() : nil
        sampleDescriptionIndex = flags & 0x2 != 0 ? try reader.readUInt32() : nil
        defaultSampleDuration = flags & 0x8 != 0 ? try reader.readUInt32() : nil
        defaultSampleSize = flags & 0x10 != 0 ? try reader.readUInt32() : nil
        defaultSampleFlags = flags & 0x20 != 0 ? SampleFlags(rawValue: try reader.readUInt32()) : nil
        durationIsEmpty = flags & 0x1_0000 != 0
        defaultBaseIsMoof = flags & 0x2_0000 != 0
        otherFlags = flags & ~Self.knownFlags
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(version: version, flags: flags)
        writer.writeUInt32(trackID)
        if let baseDataOffset { writer.writeUInt64(baseDataOffset) }
        if let sampleDescriptionIndex { writer.writeUInt32(sampleDescriptionIndex) }
        if let defaultSampleDuration { writer.writeUInt32(defaultSampleDuration) }
        if let defaultSampleSize { writer.writeUInt32(defaultSampleSize) }
        if let defaultSampleFlags { writer.writeUInt32(defaultSampleFlags.rawValue) }
    }
}
