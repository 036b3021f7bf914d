import MediaContainer

/// The keys of Audio File Services' info dictionary (`kAFInfoDictionary_…` in AudioToolbox's AudioFile.h; the
/// values are the header's strings). CAF `info` chunks store these strings as their keys; RIFF `INFO` and AIFF text
/// chunks are mapped onto them, so every audio file's text metadata arrives in one vocabulary, in the `.audioFile`
/// key space.
package enum AudioFileInfoKey {
    package static let artist = "artist"
    package static let album = "album"
    package static let tempo = "tempo"
    package static let keySignature = "key signature"
    package static let timeSignature = "time signature"
    package static let trackNumber = "track number"
    package static let year = "year"
    package static let composer = "composer"
    package static let lyricist = "lyricist"
    package static let genre = "genre"
    package static let title = "title"
    package static let recordedDate = "recorded date"
    package static let comments = "comments"
    package static let copyright = "copyright"
    package static let sourceEncoder = "source encoder"
    package static let encodingApplication = "encoding application"
    package static let nominalBitRate = "nominal bit rate"
    package static let channelLayout = "channel layout"
    package static let approximateDurationInSeconds = "approximate duration in seconds"
    package static let sourceBitDepth = "source bit depth"
    package static let isrc = "ISRC"
    package static let subtitle = "subtitle"
}

/// Apple's metadata base data type identifiers (`kCMMetadataBaseDataType_…` raw values, CMMetadata.h).
enum MetadataDataType {
    static let utf8 = "com.apple.metadata.datatype.UTF-8"
    static let rawData = "com.apple.metadata.datatype.raw-data"
    static let jpeg = "com.apple.metadata.datatype.JPEG"
    static let png = "com.apple.metadata.datatype.PNG"
    static let bmp = "com.apple.metadata.datatype.BMP"
}

extension MetadataEntry {
    /// A UTF-8 string item in the audio-file key space under an info dictionary key.
    static func audioFileText(_ key: String, _ value: String) -> MetadataEntry {
        MetadataEntry(keySpace: .audioFile, key: .string(key), value: .string(value), dataType: MetadataDataType.utf8)
    }

    /// A UTF-8 string item in the audio-file key space under the chunk's own four-character code (a RIFF INFO
    /// entry with no info dictionary equivalent).
    static func audioFileText(code: UInt32, _ value: String) -> MetadataEntry {
        MetadataEntry(keySpace: .audioFile, key: .fourCC(code), value: .string(value), dataType: MetadataDataType.utf8)
    }
}
