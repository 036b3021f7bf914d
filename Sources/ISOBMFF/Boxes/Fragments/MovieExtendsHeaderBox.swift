/// Duration of the whole fragmented movie (`mehd`, ISO/IEC 14496-12 §8.8.2).
package struct MovieExtendsHeaderBox: SingleTypeBox {
    package static let type: FourCC = "mehd"
    /// 0: 32-bit duration; 1: 64-bit.
    package var version: UInt8
    /// Flags (zero).
    package var flags: UInt32 = 0
    /// Duration in the movie timescale, including every fragment.
    package var fragmentDuration: UInt64

    /// A header; `version` defaults to the smallest that holds the duration.
    package init(version: UInt8? = nil, fragmentDuration: UInt64) {
        self.version = version ?? minimalVersion(for: fragmentDuration)
        self.fragmentDuration = fragmentDuration
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        let full = try reader.readFullBoxHeader(maximumVersion: 1)
        version = full.version
        flags = full.flags
        fragmentDuration = try reader.readVersionedUInt(version: version)
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(version: version, flags: flags)
        try writer.writeVersionedUInt(fragmentDuration, version: version, field: "fragment duration", in: Self.type)
    }
}
