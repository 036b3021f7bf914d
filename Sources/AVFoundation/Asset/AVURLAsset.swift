import CoreMedia
import MediaCodecs
import MediaContainer
import Foundation

/// An asset for the media file at a URL (AVAsset.h).
///
/// Only file URLs are opened; a network URL fails to load with `NSURLErrorDomain` `NSURLErrorUnsupportedURL`.
/// The options dictionary takes Apple's keys (`AVURLAssetPreferPreciseDurationAndTimingKey` and the others
/// declared beside it); `AssetOptions` says what each does here.
// Safe because it adds only immutable `let`s to `AVAsset`.
open class AVURLAsset: AVAsset, @unchecked Sendable {
    /// The URL the asset was created with.
    public let url: URL

    /// An asset for `URL` with `options`.
    public init(url URL: URL, options: [String: Any]? = nil) {
        url = URL
        super.init(source: .file(URL, .standard), options: AssetOptions(options))
    }

    /// An asset for `URL` opened with `opener`'s readers (tests register readers of their own).
    init(url URL: URL, options: [String: Any]? = nil, opener: ContainerOpener) {
        url = URL
        super.init(source: .file(URL, opener), options: AssetOptions(options))
    }

    /// An asset over an already-open container reader, for the package's own use (and tests).
    init(url URL: URL, reader: any ContainerReader, options: [String: Any]? = nil) {
        url = URL
        super.init(source: .reader(reader, URL), options: AssetOptions(options))
    }

    /// The file types AVURLAsset opens (uniform type identifiers).
    public class var audiovisualTypes: [AVFileType] {
        [.mov, .mp4, .m4v, .m4a, .mobile3GPP, .mobile3GPP2, .wav, .aiff, .aifc, .caf, .amr, .mp3,
         AVFileType("public.aac-audio")]
    }

    /// The MIME types AVURLAsset opens.
    public class var audiovisualMIMETypes: [String] {
        ["video/quicktime", "video/mp4", "video/x-m4v", "audio/mp4", "audio/x-m4a", "video/3gpp", "audio/3gpp",
         "video/3gpp2", "audio/3gpp2", "audio/wav", "audio/x-wav", "audio/vnd.wave", "audio/aiff", "audio/x-aiff",
         "audio/x-caf", "audio/amr", "audio/mpeg", "audio/mp3", "audio/aac", "audio/aacp"]
    }

    /// Whether media of an extended MIME type ("video/mp4; codecs=\"avc1.64001f, mp4a.40.2\"") can be played: the
    /// container type must be one of `audiovisualMIMETypes` and every codec one with a decoder (RFC 6381 names).
    public class func isPlayableExtendedMIMEType(_ extendedMIMEType: String) -> Bool {
        let parts = extendedMIMEType.split(separator: ";", maxSplits: 1).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard let container = parts.first?.lowercased(), audiovisualMIMETypes.contains(container) else { return false }
        guard parts.count > 1 else { return true }
        let parameters = parts[1]
        guard let range = parameters.range(of: "codecs=", options: .caseInsensitive) else { return true }
        let list = parameters[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
        return list.split(separator: ",").allSatisfy { codec in
            let text = codec.trimmingCharacters(in: .whitespaces)
            let name = String(text.prefix { $0 != "." })
            if let code = FourCharCodeText.code(name), DecoderCapability.canDecode(videoCodec: code) { return true }
            // RFC 6381 §3.3: "mp4a.40.x" is MPEG-4 audio (AAC), "mp4a.6B"/"mp4a.69" MPEG-1/2 layer 3.
            let audio: AudioFormatID? = switch name {
            case "mp4a": text.hasPrefix("mp4a.40") ? kAudioFormatMPEG4AAC
                : (text.lowercased() == "mp4a.6b" || text == "mp4a.69") ? kAudioFormatMPEGLayer3 : nil
            case "ac-3": kAudioFormatAC3
            case "ec-3": kAudioFormatEnhancedAC3
            case "alac": kAudioFormatAppleLossless
            case "fLaC", "flac": kAudioFormatFLAC
            case "Opus", "opus": kAudioFormatOpus
            case "samr": kAudioFormatAMR
            case "sawb": kAudioFormatAMR_WB
            default: nil
            }
            return audio.map { DecoderCapability.canDecode(audioFormatID: $0) } ?? false
        }
    }
}
