/// The decode time of a track fragment's first sample (`tfdt`, ISO/IEC 14496-12 §8.8.12).
package struct TrackFragmentBaseMediaDecodeTimeBox: SingleTypeBox {
    package static let type: FourCC = "tfdt"
    /// 0: 32-bit time; 1: 64-bit.
    package var version: UInt8
    /// Flags (zero).
    package var flags: UInt32 = 0
    /// Decode time in the media timescale.
    package var baseMediaDecodeTime: UInt64

    /// A box; `version` defaults to the smallest that holds the time.
    package init(version: UInt8? = nil, baseMediaDecodeTime: UInt64) {
        self.version = version ?? minimalVersion(for: baseMediaDecodeTime)
        self.baseMediaDecodeTime = baseMediaDecodeTime
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        let full = try reader.readFullBoxHeader(maximumVersion: 1)
        version = full.version
        flags = full.flags
        baseMediaDecodeTime = try reader.readVersionedUInt(version: version)
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(version: version, flags: flags)
        try writer.writeVersionedUInt(baseMediaDecodeTime, version: version, field: "decode time", in: Self.type)
    }
}
