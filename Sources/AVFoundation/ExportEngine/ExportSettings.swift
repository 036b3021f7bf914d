import CoreAudioTypes
import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs
import MediaFormats
import VideoToolbox

/// The settings dictionaries a preset turns into for one source track: the encoder's output settings (the same
/// keys an `AVAssetWriterInput` takes) and the reader's decode settings.
enum ExportSettings {
    /// Sample rates AAC signals directly (ISO/IEC 14496-3 Table 1.18, samplingFrequencyIndex 0…11), ascending.
    static let aacSampleRates = AudioSpecificConfig.samplingFrequencies.prefix(12).reversed().map(Double.init)

    /// The AAC sample rate for a source rate: the source's own when AAC has it and it is within `maximum`, else the
    /// lowest AAC rate above it (so no bandwidth is lost: 44.1 kHz for a 37.8 kHz source), capped at the highest one
    /// within `maximum` (48 kHz for 96 kHz with a 48 kHz cap).
    static func aacSampleRate(_ source: Double, maximum: Double) -> Double {
        let allowed = aacSampleRates.filter { $0 <= maximum }
        guard source > 0 else { return 44_100 }
        return allowed.first { $0 >= source } ?? allowed.last ?? 44_100
    }

    /// The AAC bit rate: `perChannel` × channels, within AAC's ceiling of 6144 bits per channel per 1024-sample
    /// frame (ISO/IEC 14496-3 §4.5.3.2), which binds at low sample rates.
    static func aacBitRate(perChannel: Int, channels: Int, sampleRate: Double) -> Int {
        let ceiling = Int(6144 * sampleRate / 1024)
        return min(perChannel, ceiling) * max(1, channels)
    }

    // MARK: Video

    /// The output of a video track: its encoded size and the encoder's settings.
    struct VideoPlan {
        var width: Int
        var height: Int
        var settings: [String: Any]
        /// Whether the encoder can run two passes over these settings (H.264/HEVC with a target bit rate).
        var supportsMultiPass: Bool
    }

    /// The encoder settings for `track` under `video`.
    static func videoPlan(_ video: ExportPreset.Video, track: ExportSource.Track) -> VideoPlan {
        videoPlan(video, displaySize: track.displaySize, frameRate: track.nominalFrameRate,
                  isHighBitDepth: track.isHighBitDepth)
    }

    /// The encoder settings for pictures of `displaySize` at `frameRate` (0: unknown) under `video`: a track's, or
    /// a video composition's render size and frame duration.
    static func videoPlan(_ video: ExportPreset.Video, displaySize: CGSize, frameRate nominal: Double,
                          isHighBitDepth: Bool) -> VideoPlan {
        let size = ExportGeometry.outputSize(display: displaySize, box: video.boundingBox, alignment: video.alignment)
        let frameRate = nominal > 0 ? min(nominal, 240) : 30
        var settings: [String: Any] = [AVVideoCodecKey: video.codec.rawValue, AVVideoWidthKey: size.width,
                                       AVVideoHeightKey: size.height]
        var compression: [String: Any] = [:]
        var multiPass = false
        switch video.rate {
        case .bitsPerPixel(let bits):
            let rate = bits * Double(size.width * size.height) * frameRate
            compression[AVVideoAverageBitRateKey] = max(ExportSettings.minimumVideoBitRate, Int(rate.rounded()))
            multiPass = true
        case .quality(let quality):
            compression[AVVideoQualityKey] = quality
        case .codecDefined:
            break
        }
        if video.codec == .h264 || video.codec == .hevc || video.codec == .hevcWithAlpha {
            var profile = video.profileLevel
            if video.codec == .hevc, isHighBitDepth { profile = kVTProfileLevel_HEVC_Main10_AutoLevel as String }
            if let profile { compression[AVVideoProfileLevelKey] = profile }
            compression[AVVideoAllowFrameReorderingKey] = video.allowsFrameReordering
            // A hint in whole frames per second: a track of a frame every 3 s (nominal 0.33) rounded to 0, which
            // the encoder refuses; such a track is hinted at 1.
            compression[AVVideoExpectedSourceFrameRateKey] = max(1, Int(frameRate.rounded()))
            compression[AVVideoMaxKeyFrameIntervalDurationKey] = ExportSettings.keyFrameIntervalSeconds
        }
        if !compression.isEmpty { settings[AVVideoCompressionPropertiesKey] = compression }
        return VideoPlan(width: size.width, height: size.height, settings: settings, supportsMultiPass: multiPass)
    }

    /// Key frames at least every 2 seconds: seeking and trimming the output stay cheap, as in Apple's exports of
    /// camera video (key frames every 1–2 s), at a cost of a few percent of the rate.
    static let keyFrameIntervalSeconds = 2.0
    /// Below 64 kb/s x264's rate control cannot hold even a tiny picture steady.
    static let minimumVideoBitRate = 64_000

    /// The pixel formats the reader is asked for: the decoder's own layout when it is one of these (no copy), so
    /// that scaling converts only once. Alpha sources for alpha-keeping codecs decode to BGRA.
    static func decodeSettings(for video: ExportPreset.Video, track: ExportSource.Track) -> [String: Any] {
        let formats: [OSType]
        if video.keepsAlpha, track.hasAlpha {
            formats = [kCVPixelFormatType_32BGRA]
        } else if track.isHighBitDepth {
            formats = [kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange, kCVPixelFormatType_422YpCbCr10BiPlanarVideoRange,
                       kCVPixelFormatType_444YpCbCr10BiPlanarVideoRange, kCVPixelFormatType_420YpCbCr8Planar]
        } else {
            formats = [kCVPixelFormatType_420YpCbCr8Planar, kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange,
                       kCVPixelFormatType_420YpCbCr8PlanarFullRange, kCVPixelFormatType_420YpCbCr8BiPlanarFullRange,
                       kCVPixelFormatType_444YpCbCr8BiPlanarVideoRange]
        }
        return [kCVPixelBufferPixelFormatTypeKey as String: formats.map { NSNumber(value: $0) }]
    }

    // MARK: Audio

    /// The output of an audio track: the reader's decode (or mix) settings and the encoder's settings.
    struct AudioPlan {
        var decode: [String: Any]
        var encode: [String: Any]
        var sampleRate: Double
        var channels: Int
    }

    /// The settings for audio `track` under `audio`.
    static func audioPlan(_ audio: ExportPreset.Audio, track: ExportSource.Track) -> AudioPlan {
        let sourceRate = track.sampleRate > 0 ? track.sampleRate : 44_100
        let sourceChannels = max(1, track.channelCount)
        switch audio {
        case .aac(let perChannel, let maximumChannels, let maximumRate):
            let rate = aacSampleRate(sourceRate, maximum: maximumRate)
            let channels = min(sourceChannels, maximumChannels)
            let encode: [String: Any] = [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: rate,
                                         AVNumberOfChannelsKey: channels,
                                         AVEncoderBitRateKey: aacBitRate(perChannel: perChannel, channels: channels, sampleRate: rate)]
            return AudioPlan(decode: floatPCM(rate: rate, channels: channels), encode: encode, sampleRate: rate, channels: channels)
        case .linearPCM(let depth):
            var encode: [String: Any] = [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: sourceRate,
                                         AVNumberOfChannelsKey: sourceChannels, AVLinearPCMBitDepthKey: depth,
                                         AVLinearPCMIsFloatKey: false, AVLinearPCMIsBigEndianKey: false,
                                         AVLinearPCMIsNonInterleaved: false]
            var decode = floatPCM(rate: sourceRate, channels: sourceChannels)
            if let layout = channelLayoutData(track), sourceChannels > 2 {
                encode[AVChannelLayoutKey] = layout
                decode[AVChannelLayoutKey] = layout
            }
            return AudioPlan(decode: decode, encode: encode, sampleRate: sourceRate, channels: sourceChannels)
        }
    }

    /// 32-bit float, non-interleaved linear PCM: what the reader's mix works in, and what the encoders take without
    /// converting.
    static func floatPCM(rate: Double, channels: Int) -> [String: Any] {
        [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: rate, AVNumberOfChannelsKey: channels,
         AVLinearPCMBitDepthKey: 32, AVLinearPCMIsFloatKey: true, AVLinearPCMIsBigEndianKey: false,
         AVLinearPCMIsNonInterleaved: true]
    }

    /// The source's channel layout as `AVChannelLayoutKey` data, when its format description has one.
    static func channelLayoutData(_ track: ExportSource.Track) -> Data? {
        guard let format = track.formats.first else { return nil }
        var size = 0
        guard let layout = CMAudioFormatDescriptionGetChannelLayout(format, sizeOut: &size), size > 0 else { return nil }
        return Data(bytes: layout, count: size)
    }
}
