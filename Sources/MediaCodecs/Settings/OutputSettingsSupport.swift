import CoreAudioTypes

/// "Would these settings work?" for the writer layer (`AVAssetWriter.canApply(outputSettings:forMediaType:)`,
/// `canAdd(_:)`): the settings are checked in full, then against what the file type can hold.
package enum OutputSettingsSupport {
    /// AVFileType raw values (UTIs) this layer knows, with the codecs each holds. QuickTime holds everything;
    /// MPEG-4 family files hold no ProRes, JPEG or linear PCM (Apple's writer refuses them); WAVE holds
    /// little-endian linear PCM only, AIFF big-endian integer PCM, AIFC and CAF any linear PCM.
    private static let videoCodecs: [String: Set<AVVideoCodecType>] = [
        "com.apple.quicktime-movie": [.h264, .hevc, .hevcWithAlpha, .proRes422, .proRes422HQ, .proRes422LT, .proRes422Proxy,
                                      .proRes4444, .appleProRes4444XQ, .jpeg],
        "public.mpeg-4": [.h264, .hevc, .hevcWithAlpha],
        "com.apple.m4v-video": [.h264, .hevc, .hevcWithAlpha],
        "public.3gpp": [.h264],
        "public.3gpp2": [.h264],
    ]
    private static let audioFormats: [String: Set<AudioFormatID>] = [
        "com.apple.quicktime-movie": [kAudioFormatMPEG4AAC, kAudioFormatAppleLossless, kAudioFormatLinearPCM, kAudioFormatFLAC,
                                      kAudioFormatOpus],
        "public.mpeg-4": [kAudioFormatMPEG4AAC, kAudioFormatAppleLossless, kAudioFormatFLAC, kAudioFormatOpus],
        "com.apple.m4v-video": [kAudioFormatMPEG4AAC, kAudioFormatAppleLossless],
        "com.apple.m4a-audio": [kAudioFormatMPEG4AAC, kAudioFormatAppleLossless, kAudioFormatFLAC, kAudioFormatOpus],
        "public.3gpp": [kAudioFormatMPEG4AAC],
        "public.3gpp2": [kAudioFormatMPEG4AAC],
        "com.apple.coreaudio-format": [kAudioFormatMPEG4AAC, kAudioFormatAppleLossless, kAudioFormatLinearPCM, kAudioFormatFLAC,
                                       kAudioFormatOpus],
        "com.microsoft.waveform-audio": [kAudioFormatLinearPCM],
        "public.aiff-audio": [kAudioFormatLinearPCM],
        "public.aifc-audio": [kAudioFormatLinearPCM],
    ]

    /// Whether `outputSettings` are valid and can be written to `fileType` (an AVFileType raw value; `nil` checks the
    /// settings alone). `mediaType` is Apple's `AVMediaType` raw value: `"vide"` or `"soun"`.
    package static func check(_ outputSettings: [String: Any], mediaType: String, fileType: String?) -> Result<Void, CodecSettingsError> {
        do throws(CodecSettingsError) {
            switch mediaType {
            case "vide":
                let settings = try VideoEncoderSettings(outputSettings: outputSettings)
                if let fileType {
                    guard let allowed = videoCodecs[fileType] else {
                        throw CodecSettingsError(.conflict, key: AVVideoCodecKey, "file type \(fileType) holds no video")
                    }
                    guard allowed.contains(settings.codec) else {
                        throw CodecSettingsError(.conflict, key: AVVideoCodecKey, "file type \(fileType) cannot hold \(settings.codec.rawValue) video")
                    }
                }
            case "soun":
                let settings = try AudioEncoderSettings(outputSettings: outputSettings)
                if let fileType {
                    guard let allowed = audioFormats[fileType] else {
                        throw CodecSettingsError(.conflict, key: AVFormatIDKey, "file type \(fileType) is not one this writer knows for audio")
                    }
                    guard allowed.contains(settings.formatID) else {
                        throw CodecSettingsError(.conflict, key: AVFormatIDKey, "file type \(fileType) cannot hold audio format \(settings.formatID)")
                    }
                    if let pcm = settings.linearPCM {
                        if fileType == "com.microsoft.waveform-audio", pcm.isBigEndian || pcm.isNonInterleaved {
                            throw CodecSettingsError(.conflict, key: pcm.isBigEndian ? AVLinearPCMIsBigEndianKey : AVLinearPCMIsNonInterleaved,
                                                     "WAVE files hold interleaved little-endian samples")
                        }
                        if fileType == "public.aiff-audio", !pcm.isBigEndian || pcm.isFloat || pcm.isNonInterleaved {
                            throw CodecSettingsError(.conflict, key: !pcm.isBigEndian ? AVLinearPCMIsBigEndianKey : AVLinearPCMIsFloatKey,
                                                     "AIFF files hold interleaved big-endian integer samples (use AIFC for others)")
                        }
                    }
                }
            default:
                throw CodecSettingsError(.unsupported, key: "mediaType", "output settings apply to video (\"vide\") or audio (\"soun\"), not \(mediaType)")
            }
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}
