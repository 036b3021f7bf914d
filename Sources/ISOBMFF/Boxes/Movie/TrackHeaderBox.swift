/// Track identity, duration and presentation (`tkhd`, ISO/IEC 14496-12 §8.3.2; QuickTime "Track header atom").
package struct TrackHeaderBox: SingleTypeBox {
    package static let type: FourCC = "tkhd"

    /// The `tkhd` flags.
    package struct Flags: OptionSet, Hashable, Sendable {
        package var rawValue: UInt32
        package init(rawValue: UInt32) { self.rawValue = rawValue }
        /// The track is enabled.
        package static let enabled = Flags(rawValue: 0x1)
        /// The track is used in the presentation.
        package static let inMovie = Flags(rawValue: 0x2)
        /// The track is used when previewing.
        package static let inPreview = Flags(rawValue: 0x4)
        /// Width and height give an aspect ratio, not a size (ISO/IEC 14496-12 §8.3.2.3).
        package static let sizeIsAspectRatio = Flags(rawValue: 0x8)
    }

    /// 0: 32-bit times; 1: 64-bit times.
    package var version: UInt8
    /// Enabled, in movie, in preview…
    package var flags: Flags
    /// Seconds since 1904-01-01 UTC.
    package var creationTime: UInt64
    /// Seconds since 1904-01-01 UTC.
    package var modificationTime: UInt64
    /// The track's ID (never 0).
    package var trackID: UInt32
    /// Reserved field after the track ID, as stored.
    package var reserved1: UInt32 = 0
    /// Duration in the movie's timescale (after edits).
    package var duration: UInt64
    /// Reserved 8 bytes after the duration, as stored.
    package var reserved2: UInt64 = 0
    /// Front-to-back order; lower is closer to the viewer.
    package var layer: Int16
    /// Tracks with the same non-zero group are alternatives of each other.
    package var alternateGroup: Int16
    /// Audio volume (1.0 full; 0 for video).
    package var volume: Fixed8x8
    /// Reserved field after the volume, as stored.
    package var reserved3: UInt16 = 0
    /// Transformation of the track's visual presentation (rotation lives here).
    package var matrix: TransformationMatrix
    /// Presentation width in pixels (16.16).
    package var width: UnsignedFixed16x16
    /// Presentation height in pixels (16.16).
    package var height: UnsignedFixed16x16

    /// A header; `version` defaults to the smallest that holds the times.
    package init(version: UInt8? = nil, flags: Flags = [.enabled, .inMovie], creationTime: UInt64 = 0,
                 modificationTime: UInt64 = 0, trackID: UInt32, duration: UInt64, layer: Int16 = 0,
                 alternateGroup: Int16 = 0, volume: Fixed8x8 = Fixed8x8(rawValue: 0),
                 matrix: TransformationMatrix = .identity, width: UnsignedFixed16x16 = UnsignedFixed16x16(rawValue: 0),
                 height: UnsignedFixed16x16 = UnsignedFixed16x16(rawValue: 0)) {
        self.version = version ?? minimalVersion(for: creationTime, modificationTime, duration)
        self.flags = flags
        self.creationTime = creationTime
        self.modificationTime = modificationTime
        self.trackID = trackID
        self.duration = duration
        self.layer = layer
        self.alternateGroup = alternateGroup
        self.volume = volume
        self.matrix = matrix
        self.width = width
        self.height = height
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        let full = try reader.readFullBoxHeader(maximumVersion: 1)
        version = full.version
        flags = Flags(rawValue: full.flags)
        creationTime = try reader.readVersionedUInt(version: version)
        modificationTime = try reader.readVersionedUInt(version: version)
        trackID = try reader.readUInt32()
        reserved1 = try reader.readUInt32()
        duration = try reader.readVersionedUInt(version: version)
        reserved2 = try reader.readUInt64()
        layer = try reader.readInt16()
        alternateGroup = try reader.readInt16()
        volume = try reader.readFixed8x8()
        reserved3 = try reader.readUInt16()
        matrix = try reader.readMatrix()
        width = try reader.readUnsignedFixed16x16()
        height = try reader.readUnsignedFixed16x16()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(version: version, flags: flags.rawValue)
        try writer.writeVersionedUInt(creationTime, version: version, field: "creation time", in: Self.type)
        try writer.writeVersionedUInt(modificationTime, version: version, field: "modification time", in: Self.type)
        writer.writeUInt32(trackID)
        writer.writeUInt32(reserved1)
        try writer.writeVersionedUInt(duration, version: version, field: "duration", in: Self.type)
        writer.writeUInt64(reserved2)
        writer.writeInt16(layer)
        writer.writeInt16(alternateGroup)
        writer.writeFixed(volume)
        writer.writeUInt16(reserved3)
        writer.writeMatrix(matrix)
        writer.writeFixed(width)
        writer.writeFixed(height)
    }
}
