import CoreMedia
import Foundation

/// Whether a decoder exists for a track's codec: the hook `AVAssetTrack.isDecodable` asks.
///
/// The codec layer (MediaCodecs, over Debian's FFmpeg 5.1) has no package-level "can you decode this format
/// description" query yet; until it has one and registers it here, this is a conservative table of exactly the
/// formats its decoder sessions accept (VideoDecoderSession, AudioDecoderSession): a codec missing here reports not
/// decodable rather than failing later. `registerDecoderQuery` replaces the table with the codec layer's own answer.
enum DecoderAvailability {
    /// Asks the codec layer whether it can decode a format; `nil` until a codec layer registers.
    typealias Query = @Sendable (CMFormatDescription) -> Bool

    nonisolated(unsafe) private static var registeredQuery: Query?
    private static let queryLock = NSLock()

    /// Makes `query` the answer to `canDecode`, replacing the built-in table.
    static func registerDecoderQuery(_ query: @escaping Query) {
        queryLock.withLock { registeredQuery = query }
    }

    /// Whether samples described by `format` can be decoded.
    static func canDecode(_ format: CMFormatDescription) -> Bool {
        if let query = queryLock.withLock({ registeredQuery }) { return query(format) }
        let mediaType = CMFormatDescriptionGetMediaType(format)
        let subType = CMFormatDescriptionGetMediaSubType(format)
        switch mediaType {
        case kCMMediaType_Video: return videoCodecs.contains(subType)
        case kCMMediaType_Audio: return audioCodecs.contains(subType)
        // Text, captions, timecode and timed metadata need no codec: their samples are read as they are.
        case kCMMediaType_Text, kCMMediaType_Subtitle, kCMMediaType_ClosedCaption, kCMMediaType_TimeCode,
             kCMMediaType_Metadata:
            return true
        default: return false
        }
    }

    /// Video sample description types VideoDecoderSession decodes: H.264 (ISO/IEC 14496-15 avc1/avc3), HEVC
    /// (hvc1/hev1), ProRes, Motion JPEG, MPEG-4 Part 2 (mp4v) and AV1 (av01, through libdav1d).
    static let videoCodecs: Set<FourCharCode> = Set([
        "avc1", "avc3", "hvc1", "hev1", "apco", "apcs", "apcn", "apch", "ap4h", "ap4x", "jpeg", "mjpa", "dmb1", "mp4v",
        "av01",
    ].compactMap(FourCharCodeText.code))

    /// Audio format IDs AudioDecoderSession decodes: AAC (LC, HE, HE v2), ALAC, MP3, AMR-NB/WB, Opus, FLAC, AC-3,
    /// E-AC-3 and linear PCM.
    static let audioCodecs: Set<FourCharCode> = [
        kAudioFormatMPEG4AAC, kAudioFormatMPEG4AAC_HE, kAudioFormatMPEG4AAC_HE_V2, kAudioFormatAppleLossless,
        kAudioFormatMPEGLayer3, kAudioFormatAMR, kAudioFormatAMR_WB, kAudioFormatOpus, kAudioFormatFLAC,
        kAudioFormatAC3, kAudioFormatEnhancedAC3, kAudioFormatLinearPCM,
    ]
}
