/// Media timescale, duration and language (`mdhd`, ISO/IEC 14496-12 §8.4.2; QuickTime "Media header atom").
package struct MediaHeaderBox: SingleTypeBox {
    package static let type: FourCC = "mdhd"
    /// 0: 32-bit times; 1: 64-bit times.
    package var version: UInt8
    /// Flags (none defined).
    package var flags: UInt32 = 0
    /// Seconds since 1904-01-01 UTC.
    package var creationTime: UInt64
    /// Seconds since 1904-01-01 UTC.
    package var modificationTime: UInt64
    /// Units per second of the media's sample times.
    package var timescale: UInt32
    /// Media duration in `timescale` units.
    package var duration: UInt64
    /// ISO 639-2/T packed, or a Macintosh language code in QuickTime files.
    package var language: PackedLanguageCode
    /// QuickTime playback quality (ISO: `pre_defined`, zero).
    package var quality: UInt16 = 0

    /// A header; `version` defaults to the smallest that holds the times.
    package init(version: UInt8? = nil, creationTime: UInt64 = 0, modificationTime: UInt64 = 0, timescale: UInt32,
                 duration: UInt64, language: PackedLanguageCode = .undetermined) {
        self.version = version ?? minimalVersion(for: creationTime, modificationTime, duration)
        self.creationTime = creationTime
        self.modificationTime = modificationTime
        self.timescale = timescale
        self.duration = duration
        self.language = language
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        let full = try reader.readFullBoxHeader(maximumVersion: 1)
        version = full.version
        flags = full.flags
        creationTime = try reader.readVersionedUInt(version: version)
        modificationTime = try reader.readVersionedUInt(version: version)
        timescale = try reader.readUInt32()
        duration = try reader.readVersionedUInt(version: version)
        language = try reader.readLanguage()
        quality = try reader.readUInt16()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(version: version, flags: flags)
        try writer.writeVersionedUInt(creationTime, version: version, field: "creation time", in: Self.type)
        try writer.writeVersionedUInt(modificationTime, version: version, field: "modification time", in: Self.type)
        writer.writeUInt32(timescale)
        try writer.writeVersionedUInt(duration, version: version, field: "duration", in: Self.type)
        writer.writeLanguage(language)
        writer.writeUInt16(quality)
    }
}
