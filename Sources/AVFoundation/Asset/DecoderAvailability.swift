import CoreMedia
import MediaCodecs

/// Whether a decoder exists for a track's codec: what `AVAssetTrack.isDecodable` and
/// `AVURLAsset.isPlayableExtendedMIMEType(_:)` ask. Video and audio are answered by the codec layer
/// (`DecoderCapability`, which reads a format description as its decoder sessions do and asks FFmpeg for the decoder).
enum DecoderAvailability {
    /// Whether samples described by `format` can be decoded.
    static func canDecode(_ format: CMFormatDescription) -> Bool {
        switch CMFormatDescriptionGetMediaType(format) {
        case kCMMediaType_Video, kCMMediaType_Audio:
            return DecoderCapability.canDecode(format)
        // Text, captions, timecode and timed metadata need no codec: their samples are read as they are.
        case kCMMediaType_Text, kCMMediaType_Subtitle, kCMMediaType_ClosedCaption, kCMMediaType_TimeCode,
             kCMMediaType_Metadata:
            return true
        default: return false
        }
    }
}
