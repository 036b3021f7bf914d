import CoreMedia
import Foundation
import MediaCodecs
import VideoToolbox

// The presets, as this library makes them. Apple documents the codecs (AVAssetExportSession.h: H.264 or HEVC and AAC,
// "will not scale the video up from a smaller size"; ProRes with LPCM; AAC .m4a "with appropriate iTunes gapless
// playback data") but not sizes or rates. Where Apple's output has been measured and published it is followed:
// a 1920x1080 iPhone video becomes 568x320 with MediumQuality and 224x128 with LowQuality (and a 1080x1920 one
// 320x568 and 124x224), so those presets fit the picture into a box of that long edge. Rates are chosen here and
// documented in docs/export.md:
//
// - H.264 size presets: 0.15 bits per pixel per frame (1280x720 at 30 fps ≈ 4.1 Mb/s, 1920x1080 ≈ 9.3 Mb/s, in the
//   range Apple's exports of camera video show); HEVC size presets 0.09 (HEVC needs about 60 % of H.264's rate for
//   the same quality, the figure Apple gave when introducing HEVC at WWDC 2017).
// - Highest-quality presets: constant quality (x264 CRF 17.9, x265 CRF 20.4: visually transparent for each encoder),
//   because "highest quality" asks for quality, not a rate.
// - ProRes: the codec's profile sets the rate (Apple ProRes White Paper: 147 Mb/s for ProRes 422 and 330 Mb/s for
//   ProRes 4444 at 1920x1080 29.97 fps — 2.37 and 5.31 bits per pixel per frame, used for estimates).
// - Audio: AAC-LC; stereo at most (mono stays mono), the source's sample rate when AAC has it; 128 kb/s stereo for
//   the size presets, 192 kb/s for the highest-quality ones, 256 kb/s (iTunes Plus) for AppleM4A; LowQuality mono
//   48 kb/s, MediumQuality 64 kb/s per channel. ProRes presets: 24-bit linear PCM, every source channel.
extension ExportPreset {
    /// Every preset, in the order `allExportPresets()` lists them.
    static let catalog: [ExportPreset] = {
        let movieTypes: [AVFileType] = [.mov, .m4v, .mp4]
        let sizeAudio = Audio.aac(bitRatePerChannel: 64_000, maximumChannels: 2, maximumSampleRate: 48_000)
        let highAudio = Audio.aac(bitRatePerChannel: 96_000, maximumChannels: 2, maximumSampleRate: 48_000)

        func h264(_ box: (Int, Int)?, _ rate: RatePolicy, profile: String, reordering: Bool = true) -> Video {
            Video(codec: .h264, boundingBox: box.map { (long: $0.0, short: $0.1) }, rate: rate, profileLevel: profile,
                  allowsFrameReordering: reordering, requiresAlpha: false, keepsAlpha: false, estimateBitsPerPixel: 0.25)
        }
        func hevc(_ box: (Int, Int)?, _ rate: RatePolicy, alpha: Bool = false) -> Video {
            Video(codec: alpha ? .hevcWithAlpha : .hevc, boundingBox: box.map { (long: $0.0, short: $0.1) }, rate: rate,
                  profileLevel: kVTProfileLevel_HEVC_Main_AutoLevel as String, allowsFrameReordering: true,
                  requiresAlpha: alpha, keepsAlpha: alpha, estimateBitsPerPixel: 0.15)
        }
        func movie(_ name: String, _ video: Video, _ audio: Audio) -> ExportPreset {
            ExportPreset(name: name, mode: .transcode(video: video, audio: audio), fileTypes: movieTypes, isListed: true)
        }
        let sizeRate = RatePolicy.bitsPerPixel(0.15)
        let hevcSizeRate = RatePolicy.bitsPerPixel(0.09)
        let proResAudio = Audio.linearPCM(bitDepth: 24)

        return [
            movie(AVAssetExportPresetLowQuality,
                  h264((224, 224), .bitsPerPixel(0.12), profile: AVVideoProfileLevelH264BaselineAutoLevel, reordering: false),
                  .aac(bitRatePerChannel: 48_000, maximumChannels: 1, maximumSampleRate: 48_000)),
            movie(AVAssetExportPresetMediumQuality,
                  h264((568, 568), .bitsPerPixel(0.12), profile: AVVideoProfileLevelH264MainAutoLevel),
                  .aac(bitRatePerChannel: 64_000, maximumChannels: 2, maximumSampleRate: 48_000)),
            movie(AVAssetExportPresetHighestQuality,
                  h264(nil, .quality(0.65), profile: AVVideoProfileLevelH264HighAutoLevel), highAudio),
            movie(AVAssetExportPresetHEVCHighestQuality, hevc(nil, .quality(0.6)), highAudio),
            movie(AVAssetExportPresetHEVCHighestQualityWithAlpha, hevc(nil, .quality(0.6), alpha: true), highAudio),
            movie(AVAssetExportPreset640x480, h264((640, 480), sizeRate, profile: AVVideoProfileLevelH264HighAutoLevel), sizeAudio),
            movie(AVAssetExportPreset960x540, h264((960, 540), sizeRate, profile: AVVideoProfileLevelH264HighAutoLevel), sizeAudio),
            movie(AVAssetExportPreset1280x720, h264((1280, 720), sizeRate, profile: AVVideoProfileLevelH264HighAutoLevel),
                  sizeAudio),
            movie(AVAssetExportPreset1920x1080, h264((1920, 1080), sizeRate, profile: AVVideoProfileLevelH264HighAutoLevel),
                  sizeAudio),
            movie(AVAssetExportPreset3840x2160, h264((3840, 2160), sizeRate, profile: AVVideoProfileLevelH264HighAutoLevel),
                  sizeAudio),
            movie(AVAssetExportPresetHEVC1920x1080, hevc((1920, 1080), hevcSizeRate), sizeAudio),
            movie(AVAssetExportPresetHEVC1920x1080WithAlpha, hevc((1920, 1080), hevcSizeRate, alpha: true), sizeAudio),
            movie(AVAssetExportPresetHEVC3840x2160, hevc((3840, 2160), hevcSizeRate), sizeAudio),
            movie(AVAssetExportPresetHEVC3840x2160WithAlpha, hevc((3840, 2160), hevcSizeRate, alpha: true), sizeAudio),
            movie(AVAssetExportPresetHEVC4320x2160, hevc((4320, 2160), hevcSizeRate), sizeAudio),
            movie(AVAssetExportPresetHEVC7680x4320, hevc((7680, 4320), hevcSizeRate), sizeAudio),
            ExportPreset(name: AVAssetExportPresetAppleM4A,
                         mode: .transcode(video: nil, audio: .aac(bitRatePerChannel: 128_000, maximumChannels: 2,
                                                                  maximumSampleRate: 48_000)),
                         fileTypes: [.m4a], isListed: true),
            ExportPreset(name: AVAssetExportPresetAppleProRes422LPCM,
                         mode: .transcode(video: Video(codec: .proRes422, boundingBox: nil, rate: .codecDefined, profileLevel: nil,
                                                       allowsFrameReordering: false, requiresAlpha: false, keepsAlpha: false,
                                                       estimateBitsPerPixel: 2.37),
                                          audio: proResAudio),
                         fileTypes: [.mov], isListed: true),
            ExportPreset(name: AVAssetExportPresetAppleProRes4444LPCM,
                         mode: .transcode(video: Video(codec: .proRes4444, boundingBox: nil, rate: .codecDefined, profileLevel: nil,
                                                       allowsFrameReordering: false, requiresAlpha: false, keepsAlpha: true,
                                                       estimateBitsPerPixel: 5.31),
                                          audio: proResAudio),
                         fileTypes: [.mov], isListed: true),
            ExportPreset(name: AVAssetExportPresetPassthrough, mode: .passthrough,
                         fileTypes: [.mov, .mp4, .m4v, .m4a, .mobile3GPP, .mobile3GPP2, .caf, .wav, .aiff, .aifc, .amr],
                         isListed: false),
        ]
    }()
}
