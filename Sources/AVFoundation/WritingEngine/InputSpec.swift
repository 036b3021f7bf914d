import CoreGraphics
import CoreMedia
import Foundation
import MediaCodecs
import MediaContainer

/// What an input asks of the engine, frozen at `startWriting()` (Apple's inputs cannot be reconfigured once
/// writing has started; `AVAssetWriterInput` refuses changes from then on).
// Safe because it is frozen at `startWriting()` and only read afterwards; its settings dictionaries and format
// hint are never mutated.
struct InputSpec: @unchecked Sendable {
    /// How samples become the file's samples.
    enum Encoding {
        /// Compressed samples are written as they come (`outputSettings` nil).
        case passthrough
        /// Pixel buffers encoded by a `VideoEncoderSession`.
        case video(VideoEncoderSettings)
        /// Linear PCM encoded (or converted) by an `AudioEncoderSession`.
        case audio(AudioEncoderSettings)
    }

    /// Position among the writer's inputs.
    var index: Int
    var mediaType: AVMediaType
    var encoding: Encoding
    var sourceFormatHint: CMFormatDescription?
    var expectsMediaDataInRealTime: Bool
    var transform: CGAffineTransform
    var naturalSize: CGSize
    /// 0: chosen from the samples.
    var mediaTimeScale: CMTimeScale
    var preferredVolume: Float
    var isEnabled: Bool
    var alternateGroup: Int16
    var languageCode: String?
    var extendedLanguageTag: String?
    var metadata: [MetadataEntry]
    var preferredChunkDuration: CMTime
    var preferredChunkAlignment: Int
    var beforeMainMediaData: Bool
    var sampleReferenceBaseURL: URL?
    /// True when the input encodes in two passes (x264/x265 statistics in `directoryForTemporaryFiles`).
    var multiPass: Bool
    /// Segment output with an interval: a video encoder makes the first frame at or past each boundary (`start` +
    /// N × `interval`) a sync frame, so each segment closes on time (AVAssetWriter.h's rule for compression).
    var segmentKeyFrames: (interval: CMTime, start: CMTime)?
    /// Track associations: (type, index of the associated input).
    var associations: [(type: String, target: Int)]

    /// The Core Media media type.
    var cmMediaType: CMMediaType { fourCharCode(mediaType.rawValue) }
}

/// The four-character code a four-character string spells.
func fourCharCode(_ text: String) -> FourCharCode {
    // Without an array: a writer input asks this of every sample appended.
    var code: FourCharCode = 0, length = 0
    for byte in text.utf8.prefix(4) {
        code = code << 8 | FourCharCode(byte)
        length += 1
    }
    for _ in length..<4 { code = code << 8 | 0x20 }
    return code
}
