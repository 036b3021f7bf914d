/// Defaults for a track's fragments (`trex`, ISO/IEC 14496-12 §8.8.3).
package struct TrackExtendsBox: SingleTypeBox {
    package static let type: FourCC = "trex"
    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// The track these defaults apply to.
    package var trackID: UInt32
    /// Default 1-based `stsd` index.
    package var defaultSampleDescriptionIndex: UInt32
    /// Default sample duration in the media timescale.
    package var defaultSampleDuration: UInt32
    /// Default sample size in bytes.
    package var defaultSampleSize: UInt32
    /// Default sample flags.
    package var defaultSampleFlags: SampleFlags

    /// Defaults for track `trackID`.
    package init(trackID: UInt32, defaultSampleDescriptionIndex: UInt32 = 1, defaultSampleDuration: UInt32 = 0,
                 defaultSampleSize: UInt32 = 0, defaultSampleFlags: SampleFlags = SampleFlags(rawValue: 0)) {
        self.trackID = trackID
        self.defaultSampleDescriptionIndex = defaultSampleDescriptionIndex
        self.defaultSampleDuration = defaultSampleDuration
        self.defaultSampleSize = defaultSampleSize
        self.defaultSampleFlags = defaultSampleFlags
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        trackID = try reader.readUInt32()
        defaultSampleDescriptionIndex = try reader.readUInt32()
        defaultSampleDuration = try reader.readUInt32()
        defaultSampleSize = try reader.readUInt32()
        defaultSampleFlags = SampleFlags(rawValue: try reader.readUInt32())
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        for value in [trackID, defaultSampleDescriptionIndex, defaultSampleDuration, defaultSampleSize,
                      defaultSampleFlags.rawValue] {
            writer.writeUInt32(value)
        }
    }
}
