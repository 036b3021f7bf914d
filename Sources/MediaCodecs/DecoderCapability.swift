import CoreMedia
import FFmpegBridge

/// Whether the codec layer has a decoder for a format: the answer `VideoDecoderSession` and `AudioDecoderSession`
/// give when opened on it, without opening a decoder.
///
/// It maps a format description to a codec exactly as the sessions do (`VideoCodecDescription.codec(forSubtype:)`,
/// `AudioCodecDescription.codec(forFormatID:)`; linear PCM by `PCMLayout`, the layouts the converter reads) and asks
/// the FFmpeg bridge whether this build has a decoder for the codec (`FFCodec.isDecodable`, FFmpeg's decoder
/// lookup). The setup bytes (avcC, hvcC, magic cookie) are not read here: they are only checked when a session opens,
/// which then fails with the cause, as reading a track whose codec is known but whose setup is damaged should.
package enum DecoderCapability {
    /// Whether samples of `description` (video or audio) can be decoded; `false` for other media types, which
    /// carry no codec for this layer to decode.
    package static func canDecode(_ description: CMFormatDescription) -> Bool {
        switch CMFormatDescriptionGetMediaType(description) {
        case kCMMediaType_Video:
            return canDecode(videoCodec: CMFormatDescriptionGetMediaSubType(description))
        case kCMMediaType_Audio:
            guard let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(description)?.pointee else { return false }
            if asbd.mFormatID == kAudioFormatLinearPCM {
                if case .success = PCMLayout.make(asbd) { return true }
                return false
            }
            return canDecode(audioFormatID: asbd.mFormatID)
        default:
            return false
        }
    }

    /// Whether video stored under the sample description type `videoCodec` (`'avc1'`, `'hvc1'`, `'apcn'`, …) has a
    /// decoder here.
    package static func canDecode(videoCodec: FourCharCode) -> Bool {
        VideoCodecDescription.codec(forSubtype: videoCodec)?.isDecodable ?? false
    }

    /// Whether audio of the Core Audio format `audioFormatID` (`kAudioFormatMPEG4AAC`, …) has a decoder here. Linear
    /// PCM always has: it is converted, not decoded.
    package static func canDecode(audioFormatID: AudioFormatID) -> Bool {
        if audioFormatID == kAudioFormatLinearPCM { return true }
        return AudioCodecDescription.codec(forFormatID: audioFormatID)?.isDecodable ?? false
    }
}
