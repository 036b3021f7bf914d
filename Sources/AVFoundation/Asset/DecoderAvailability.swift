import CoreMedia
import Foundation

/// Whether a decoder exists for a track's codec: the hook `AVAssetTrack.isDecodable` asks.
///
/// The codec layer (MediaCodecs, FFmpeg 5.1 underneath) is not wired in yet; until it is, this is a conservative
/// built-in table of the sample description types Debian's FFmpeg 5.1 decodes (`ffmpeg -decoders`): a codec missing
/// here reports not decodable rather than failing later. `registerDecoderQuery` replaces the table with the codec
/// layer's own answer when that module registers itself.
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

    /// Video sample description types with an FFmpeg 5.1 decoder: H.264, HEVC, MPEG-4 Part 2, H.263, MPEG-1/2,
    /// Motion JPEG, ProRes, DV, VP8/VP9, AV1 (libdav1d), PNG, and uncompressed RGB/YUV.
    static let videoCodecs: Set<FourCharCode> = codes([
        "avc1", "avc3", "hvc1", "hev1", "mp4v", "s263", "h263", "mp1v", "mp2v", "m1v ", "m2v1", "jpeg", "mjpa", "mjpb",
        "apch", "apcn", "apcs", "apco", "ap4h", "ap4x", "dvc ", "dvcp", "dvpp", "dv5n", "dv5p", "vp08", "vp09", "av01",
        "png ", "2vuy", "yuv2", "v210", "raw ", "BGRA", "RGBA", "ARGB", "24BG",
    ])

    /// Audio sample description types with an FFmpeg 5.1 decoder: AAC, MP3/MP2, AC-3/E-AC-3, ALAC, FLAC, Opus,
    /// AMR-NB/WB, IMA ADPCM, µ-law/A-law and linear PCM.
    static let audioCodecs: Set<FourCharCode> = codes([
        "aac ", "mp4a", ".mp3", ".mp2", ".mp1", "ac-3", "ec-3", "alac", "fLaC", "opus", "samr", "sawb", "ima4",
        "ulaw", "alaw", "lpcm", "sowt", "twos", "in24", "in32", "fl32", "fl64", "raw ", "NONE",
    ])

    private static func codes(_ names: [String]) -> Set<FourCharCode> {
        Set(names.map { $0.utf8.reduce(0) { $0 << 8 | FourCharCode($1) } })
    }
}
