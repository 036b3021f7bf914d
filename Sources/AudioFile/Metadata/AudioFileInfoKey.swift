import CoreMedia
import MediaContainer

/// The keys of Audio File Services' info dictionary (`kAFInfoDictionary_…` in AudioToolbox's AudioFile.h; the
/// values are the header's strings). CAF `info` chunks store these strings as their keys; RIFF `INFO` and AIFF text
/// chunks are mapped onto them, so every audio file's text metadata arrives in one vocabulary, in the `.audioFile`
/// key space.
package enum AudioFileInfoKey {
    /// `kAFInfoDictionary_Artist`.
    package static let artist = "artist"
    /// `kAFInfoDictionary_Album`.
    package static let album = "album"
    /// `kAFInfoDictionary_Tempo`.
    package static let tempo = "tempo"
    /// `kAFInfoDictionary_KeySignature`.
    package static let keySignature = "key signature"
    /// `kAFInfoDictionary_TimeSignature`.
    package static let timeSignature = "time signature"
    /// `kAFInfoDictionary_TrackNumber`.
    package static let trackNumber = "track number"
    /// `kAFInfoDictionary_Year`.
    package static let year = "year"
    /// `kAFInfoDictionary_Composer`.
    package static let composer = "composer"
    /// `kAFInfoDictionary_Lyricist`.
    package static let lyricist = "lyricist"
    /// `kAFInfoDictionary_Genre`.
    package static let genre = "genre"
    /// `kAFInfoDictionary_Title`.
    package static let title = "title"
    /// `kAFInfoDictionary_RecordedDate`.
    package static let recordedDate = "recorded date"
    /// `kAFInfoDictionary_Comments`.
    package static let comments = "comments"
    /// `kAFInfoDictionary_Copyright`.
    package static let copyright = "copyright"
    /// `kAFInfoDictionary_SourceEncoder`.
    package static let sourceEncoder = "source encoder"
    /// `kAFInfoDictionary_EncodingApplication`.
    package static let encodingApplication = "encoding application"
    /// `kAFInfoDictionary_NominalBitRate`.
    package static let nominalBitRate = "nominal bit rate"
    /// `kAFInfoDictionary_ChannelLayout`.
    package static let channelLayout = "channel layout"
    /// `kAFInfoDictionary_ApproximateDurationInSeconds`.
    package static let approximateDurationInSeconds = "approximate duration in seconds"
    /// `kAFInfoDictionary_SourceBitDepth`.
    package static let sourceBitDepth = "source bit depth"
    /// `kAFInfoDictionary_ISRC`.
    package static let isrc = "ISRC"
    /// `kAFInfoDictionary_SubTitle`.
    package static let subtitle = "subtitle"
}

/// Apple's metadata base data types (CoreMedia's `kCMMetadataBaseDataType_…`) that audio-file metadata uses.
enum MetadataDataType {
    static let utf8 = kCMMetadataBaseDataType_UTF8
    static let rawData = kCMMetadataBaseDataType_RawData
    static let jpeg = kCMMetadataBaseDataType_JPEG
    static let png = kCMMetadataBaseDataType_PNG
    static let bmp = kCMMetadataBaseDataType_BMP
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
