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

    /// The encoder settings for `track` under `video`.
    static func videoPlan(_ video: ExportPreset.Video, track: ExportSource.Track) -> ExportPlan.Video {
        videoPlan(video, displaySize: track.displaySize, frameRate: track.nominalFrameRate,
                  isHighBitDepth: track.isHighBitDepth)
    }

    /// The encoder settings for pictures of `displaySize` at `frameRate` (0: unknown) under `video`: a track's, or
    /// a video composition's render size and frame duration.
    static func videoPlan(_ video: ExportPreset.Video, displaySize: CGSize, frameRate nominal: Double,
                          isHighBitDepth: Bool, composed: Bool = false) -> ExportPlan.Video {
        let size = ExportGeometry.outputSize(display: displaySize, box: video.boundingBox, alignment: video.alignment)
        let frameRate = nominal > 0 ? min(nominal, 240) : 30
        var plan = ExportPlan.Video(codec: video.codec.rawValue, width: size.width, height: size.height,
                                    keepsAlpha: video.keepsAlpha, composed: composed)
        switch video.rate {
        case .bitsPerPixel(let bits):
            let rate = bits * Double(size.width * size.height) * frameRate
            plan.averageBitRate = max(ExportSettings.minimumVideoBitRate, Int(rate.rounded()))
        case .quality(let quality):
            plan.quality = quality
        case .codecDefined:
            break
        }
        if video.codec == .h264 || video.codec == .hevc || video.codec == .hevcWithAlpha {
            var profile = video.profileLevel
            if video.codec == .hevc, isHighBitDepth { profile = kVTProfileLevel_HEVC_Main10_AutoLevel as String }
            plan.profileLevel = profile
            plan.allowsFrameReordering = video.allowsFrameReordering
            // A hint in whole frames per second: a track of a frame every 3 s (nominal 0.33) rounded to 0, which
            // the encoder refuses; such a track is hinted at 1.
            plan.expectedSourceFrameRate = max(1, Int(frameRate.rounded()))
            plan.maxKeyFrameIntervalDuration = ExportSettings.keyFrameIntervalSeconds
        }
        return plan
    }

    /// Key frames at least every 2 seconds: seeking and trimming the output stay cheap, as in Apple's exports of
    /// camera video (key frames every 1–2 s), at a cost of a few percent of the rate.
    static let keyFrameIntervalSeconds = 2.0
    /// Below 64 kb/s x264's rate control cannot hold even a tiny picture steady.
    static let minimumVideoBitRate = 64_000

    /// The pixel formats the reader is asked for: the decoder's own layout when it is one of these (no copy), so
    /// that scaling converts only once. Alpha sources for alpha-keeping codecs decode to BGRA.
    static func decodeSettings(for video: ExportPlan.Video, track: ExportSource.Track) -> [String: Any] {
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

    /// The settings for audio `track` under `audio`.
    static func audioPlan(_ audio: ExportPreset.Audio, track: ExportSource.Track) -> ExportPlan.Audio {
        let sourceRate = track.sampleRate > 0 ? track.sampleRate : 44_100
        let sourceChannels = max(1, track.channelCount)
        switch audio {
        case .aac(let perChannel, let maximumChannels, let maximumRate):
            let rate = aacSampleRate(sourceRate, maximum: maximumRate)
            let channels = min(sourceChannels, maximumChannels)
            return ExportPlan.Audio(formatID: kAudioFormatMPEG4AAC, sampleRate: rate, channels: channels,
                                    bitRate: aacBitRate(perChannel: perChannel, channels: channels, sampleRate: rate))
        case .linearPCM(let depth):
            return ExportPlan.Audio(formatID: kAudioFormatLinearPCM, sampleRate: sourceRate, channels: sourceChannels,
                                    bitDepth: depth,
                                    channelLayout: sourceChannels > 2 ? channelLayoutData(track) : nil)
        }
    }

    /// The source's channel layout as `AVChannelLayoutKey` data, when its format description has one.
    static func channelLayoutData(_ track: ExportSource.Track) -> Data? {
        guard let format = track.formats.first else { return nil }
        var size = 0
        guard let layout = CMAudioFormatDescriptionGetChannelLayout(format, sizeOut: &size), size > 0 else { return nil }
        return Data(bytes: layout, count: size)
    }
}
