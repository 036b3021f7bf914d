import CoreMedia
import Foundation

/// Everything a container writer needs to know about a track before writing starts. Sample descriptions may also be
/// added later (`ContainerWriter.addSampleDescription`), and the edit list, encoder delay, references and metadata
/// set any time before `finish`. A writer whose format cannot hold a property (an audio file has no transform, no
/// language, one track) refuses a value other than the default rather than dropping it.
package struct OutputTrackConfiguration: Sendable {
    /// Where a track's media data goes.
    package enum MediaDataLocation: Sendable, Equatable {
        /// Interleaved by time with the other tracks' chunks (`AVAssetWriterInput.MediaDataLocation
        /// .interleavedWithMainMediaData`).
        case interleavedWithMainMediaData
        /// All of it before the main media data, not interleaved (`.beforeMainMediaDataNotInterleaved`): spooled to
        /// a temporary file while writing and placed at the start of `mdat` by `finish`.
        case beforeMainMediaDataNotInterleaved
        /// In another file: QuickTime sample references. Samples are appended as `.reference(offset:size:)` and no
        /// media data is written; the track's data reference is `url` written relative to `baseURL` when given
        /// (QuickTime movies only).
        case referenced(url: URL, baseURL: URL?)
    }

    /// The handler: `kCMMediaType_Video`, `_Audio`, `_Text`, `_Subtitle`, `_ClosedCaption`, `_TimeCode`, `_Metadata`.
    package var mediaType: CMMediaType
    /// Ticks per second of the track's sample times (`mdhd` timescale).
    package var mediaTimescale: Int32
    /// Sample descriptions known now (index 1, 2…). May be empty when the first arrives with the first sample.
    package var formatDescriptions: [CMFormatDescription]
    /// The track ID, or `nil` for the next free one.
    package var trackID: Int32?
    /// ISO 639-2/T language code (`AVAssetWriterInput.languageCode`).
    package var languageCode: String?
    /// BCP 47 language tag (`extendedLanguageTag`), written as `elng`.
    package var extendedLanguageTag: String?
    /// Whether the track is enabled (`tkhd` flag).
    package var isEnabled = true
    /// Alternate group (`tkhd`); 0 for none.
    package var alternateGroup: Int16 = 0
    /// Layer (`tkhd`): lower is closer to the viewer.
    package var layer: Int16 = 0
    /// Visual transform (`tkhd` matrix; `AVAssetWriterInput.transform`).
    package var transform: TransformMatrix = .identity
    /// Audio volume (`tkhd`), 1.0 full; ignored for other media.
    package var volume: Float = 1
    /// Track width and height (`tkhd`); `nil` takes video's presentation size from its first description.
    package var naturalSize: (width: Double, height: Double)?
    /// Chunk duration; `nil` for the writer's default (0.5 s).
    package var preferredChunkDuration: CMTime?
    /// Chunks of this track start at file offsets that are multiples of this (0 or 1: no alignment).
    package var preferredChunkAlignment = 0
    /// Chunk size limit in bytes; `nil` for the writer's default.
    package var preferredChunkSize: Int?
    /// Where the media data goes.
    package var mediaDataLocation: MediaDataLocation = .interleavedWithMainMediaData
    /// `hdlr` name; `nil` for Apple's ("Core Media Video"…).
    package var handlerName: String?
    /// Encoder delay (priming) in media ticks: the default edit starts after it (AAC's 2112 samples, TN2258).
    package var encoderDelay: Int64 = 0
    /// Encoder padding (remainder) in media ticks, left out of the default edit.
    package var encoderPadding: Int64 = 0
    /// Track-level metadata.
    package var metadata: [MetadataEntry] = []

    /// A track of `mediaType` with `mediaTimescale` and any descriptions known now.
    package init(mediaType: CMMediaType, mediaTimescale: Int32, formatDescriptions: [CMFormatDescription] = []) {
        self.mediaType = mediaType
        self.mediaTimescale = mediaTimescale
        self.formatDescriptions = formatDescriptions
    }
}
