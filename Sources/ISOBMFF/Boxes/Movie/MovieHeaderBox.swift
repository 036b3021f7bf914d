/// Movie-wide timing and presentation (`mvhd`, ISO/IEC 14496-12 §8.2.2; QuickTime "Movie header atom").
package struct MovieHeaderBox: SingleTypeBox {
    package static let type: FourCC = "mvhd"
    /// 0: 32-bit times; 1: 64-bit times.
    package var version: UInt8
    /// Flags (none are defined).
    package var flags: UInt32 = 0
    /// Seconds since 1904-01-01 UTC.
    package var creationTime: UInt64
    /// Seconds since 1904-01-01 UTC.
    package var modificationTime: UInt64
    /// Units per second of `duration` and of edit-list segment durations.
    package var timescale: UInt32
    /// Length of the longest track, in `timescale` units.
    package var duration: UInt64
    /// Preferred playback rate (1.0 is normal).
    package var rate: Fixed16x16
    /// Preferred volume (1.0 is full).
    package var volume: Fixed8x8
    /// Reserved bytes after the volume, kept as stored (zero in conforming files).
    package var reserved: [UInt8] = [UInt8](repeating: 0, count: 10)
    /// Transformation of the whole movie.
    package var matrix: TransformationMatrix
    /// QuickTime preview start (ISO: `pre_defined`, zero).
    package var previewTime: UInt32 = 0
    /// QuickTime preview duration.
    package var previewDuration: UInt32 = 0
    /// QuickTime poster time.
    package var posterTime: UInt32 = 0
    /// QuickTime selection start.
    package var selectionTime: UInt32 = 0
    /// QuickTime selection duration.
    package var selectionDuration: UInt32 = 0
    /// QuickTime current time.
    package var currentTime: UInt32 = 0
    /// A value larger than every track ID in use.
    package var nextTrackID: UInt32

    /// A header; `version` defaults to the smallest that holds the times.
    package init(version: UInt8? = nil, creationTime: UInt64 = 0, modificationTime: UInt64 = 0, timescale: UInt32,
                 duration: UInt64, rate: Fixed16x16 = .one, volume: Fixed8x8 = .one,
                 matrix: TransformationMatrix = .identity, nextTrackID: UInt32) {
        self.version = version ?? minimalVersion(for: creationTime, modificationTime, duration)
        self.creationTime = creationTime
        self.modificationTime = modificationTime
        self.timescale = timescale
        self.duration = duration
        self.rate = rate
        self.volume = volume
        self.matrix = matrix
        self.nextTrackID = nextTrackID
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        let full = try reader.readFullBoxHeader(maximumVersion: 1)
        version = full.version
        flags = full.flags
        creationTime = try reader.readVersionedUInt(version: version)
        modificationTime = try reader.readVersionedUInt(version: version)
        timescale = try reader.readUInt32()
        duration = try reader.readVersionedUInt(version: version)
        rate = try reader.readFixed16x16()
        volume = try reader.readFixed8x8()
        reserved = try reader.readBytes(count: 10)
        matrix = try reader.readMatrix()
        previewTime = try reader.readUInt32()
        previewDuration = try reader.readUInt32()
        posterTime = try reader.readUInt32()
        selectionTime = try reader.readUInt32()
        selectionDuration = try reader.readUInt32()
        currentTime = try reader.readUInt32()
        nextTrackID = try reader.readUInt32()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        guard reserved.count == 10 else { throw BoxWriteError(Self.type, "reserved must be 10 bytes") }
        writer.writeFullBoxHeader(version: version, flags: flags)
        try writer.writeVersionedUInt(creationTime, version: version, field: "creation time", in: Self.type)
        try writer.writeVersionedUInt(modificationTime, version: version, field: "modification time", in: Self.type)
        writer.writeUInt32(timescale)
        try writer.writeVersionedUInt(duration, version: version, field: "duration", in: Self.type)
        writer.writeFixed(rate)
        writer.writeFixed(volume)
        writer.writeBytes(reserved)
        writer.writeMatrix(matrix)
        for value in [previewTime, previewDuration, posterTime, selectionTime, selectionDuration, currentTime, nextTrackID] {
            writer.writeUInt32(value)
        }
    }
}
