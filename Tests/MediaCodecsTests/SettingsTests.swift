import Foundation
import Testing
import CoreMedia
import CoreVideo
import VideoToolbox
@testable import MediaCodecs

/// A settings dictionary that must fail, and the key the error must name.
struct BadSettings: CustomStringConvertible, Sendable {
    let why: String
    let key: String
    nonisolated(unsafe) let settings: [String: Any]
    var description: String { why }
}

private nonisolated(unsafe) let h264: [String: Any] = [AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 320, AVVideoHeightKey: 240]
private func with(_ base: [String: Any], _ changes: [String: Any]) -> [String: Any] { base.merging(changes) { $1 } }
private func compression(_ properties: [String: Any], codec: AVVideoCodecType = .h264) -> [String: Any] {
    with(h264, [AVVideoCodecKey: codec, AVVideoCompressionPropertiesKey: properties])
}
private nonisolated(unsafe) let aac: [String: Any] = [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 48_000, AVNumberOfChannelsKey: 2]
private let cp = AVVideoCompressionPropertiesKey

@Suite("Output settings")
struct SettingsTests {
    static let badVideo: [BadSettings] = [
        .init(why: "no codec", key: AVVideoCodecKey, settings: [AVVideoWidthKey: 320, AVVideoHeightKey: 240]),
        .init(why: "codec with no encoder", key: AVVideoCodecKey, settings: with(h264, [AVVideoCodecKey: AVVideoCodecType.proResRAW])),
        .init(why: "codec of the wrong type", key: AVVideoCodecKey, settings: with(h264, [AVVideoCodecKey: 42])),
        .init(why: "unknown top-level key", key: "AVVideoFrobnicate", settings: with(h264, ["AVVideoFrobnicate": true])),
        .init(why: "odd width for 4:2:0", key: AVVideoWidthKey, settings: with(h264, [AVVideoWidthKey: 321])),
        .init(why: "odd height for 4:2:0", key: AVVideoHeightKey, settings: with(h264, [AVVideoHeightKey: 239])),
        .init(why: "negative width", key: AVVideoWidthKey, settings: with(h264, [AVVideoWidthKey: -320])),
        .init(why: "width without height", key: AVVideoHeightKey, settings: [AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 320]),
        .init(why: "width as text", key: AVVideoWidthKey, settings: with(h264, [AVVideoWidthKey: "320"])),
        .init(why: "fractional width", key: AVVideoWidthKey, settings: with(h264, [AVVideoWidthKey: 320.5])),
        .init(why: "unknown scaling mode", key: AVVideoScalingModeKey, settings: with(h264, [AVVideoScalingModeKey: "Stretch"])),
        .init(why: "negative bit rate", key: "\(cp).AverageBitRate", settings: compression([AVVideoAverageBitRateKey: -1])),
        .init(why: "bit rate as a Boolean", key: "\(cp).AverageBitRate", settings: compression([AVVideoAverageBitRateKey: true])),
        .init(why: "quality above 1", key: "\(cp).Quality", settings: compression([AVVideoQualityKey: 1.5])),
        .init(why: "zero key frame interval", key: "\(cp).MaxKeyFrameInterval", settings: compression([AVVideoMaxKeyFrameIntervalKey: 0])),
        .init(why: "negative key frame interval duration", key: "\(cp).MaxKeyFrameIntervalDuration",
              settings: compression([AVVideoMaxKeyFrameIntervalDurationKey: -1.0])),
        .init(why: "HEVC profile for H.264", key: "\(cp).ProfileLevel", settings: compression([AVVideoProfileLevelKey: kVTProfileLevel_HEVC_Main_AutoLevel])),
        .init(why: "H.264 profile for HEVC", key: "\(cp).ProfileLevel",
              settings: compression([AVVideoProfileLevelKey: AVVideoProfileLevelH264High41], codec: .hevc)),
        .init(why: "profile x264 lacks", key: "\(cp).ProfileLevel", settings: compression([AVVideoProfileLevelKey: kVTProfileLevel_H264_Extended_AutoLevel])),
        .init(why: "profile string that is no profile", key: "\(cp).ProfileLevel", settings: compression([AVVideoProfileLevelKey: "High"])),
        .init(why: "CABAC in Baseline", key: "\(cp).H264EntropyMode",
              settings: compression([AVVideoProfileLevelKey: AVVideoProfileLevelH264Baseline31, AVVideoH264EntropyModeKey: AVVideoH264EntropyModeCABAC])),
        .init(why: "unknown entropy mode", key: "\(cp).H264EntropyMode", settings: compression([AVVideoH264EntropyModeKey: "Huffman"])),
        .init(why: "entropy mode for HEVC", key: "\(cp).H264EntropyMode",
              settings: compression([AVVideoH264EntropyModeKey: AVVideoH264EntropyModeCAVLC], codec: .hevc)),
        .init(why: "bit rate for ProRes", key: "\(cp).AverageBitRate", settings: compression([AVVideoAverageBitRateKey: 1_000_000], codec: .proRes422)),
        .init(why: "unknown compression property", key: "\(cp).Sharpness", settings: compression(["Sharpness": 3])),
        .init(why: "zero frame rate", key: "\(cp).ExpectedFrameRate", settings: compression([AVVideoExpectedSourceFrameRateKey: 0])),
        .init(why: "more non-droppable frames than frames", key: "\(cp).AverageNonDroppableFrameRate",
              settings: compression([AVVideoExpectedSourceFrameRateKey: 30, AVVideoAverageNonDroppableFrameRateKey: 60])),
        .init(why: "malformed data rate limits", key: "\(cp).DataRateLimits", settings: compression([kVTCompressionPropertyKey_DataRateLimits as String: [100_000]])),
        .init(why: "colour properties missing the matrix", key: "\(AVVideoColorPropertiesKey).YCbCrMatrix",
              settings: with(h264, [AVVideoColorPropertiesKey: [AVVideoColorPrimariesKey: AVVideoColorPrimaries_ITU_R_709_2,
                                                                AVVideoTransferFunctionKey: AVVideoTransferFunction_ITU_R_709_2]])),
        .init(why: "unknown primaries", key: "\(AVVideoColorPropertiesKey).ColorPrimaries",
              settings: with(h264, [AVVideoColorPropertiesKey: [AVVideoColorPrimariesKey: "Martian", AVVideoTransferFunctionKey: AVVideoTransferFunction_ITU_R_709_2,
                                                                AVVideoYCbCrMatrixKey: AVVideoYCbCrMatrix_ITU_R_709_2]])),
        .init(why: "colour properties not a dictionary", key: AVVideoColorPropertiesKey, settings: with(h264, [AVVideoColorPropertiesKey: "HD"])),
        .init(why: "zero pixel aspect spacing", key: "\(AVVideoPixelAspectRatioKey).HorizontalSpacing",
              settings: with(h264, [AVVideoPixelAspectRatioKey: [AVVideoPixelAspectRatioHorizontalSpacingKey: 0, AVVideoPixelAspectRatioVerticalSpacingKey: 1]])),
        .init(why: "clean aperture larger than the picture", key: AVVideoCleanApertureKey,
              settings: with(h264, [AVVideoCleanApertureKey: [AVVideoCleanApertureWidthKey: 400, AVVideoCleanApertureHeightKey: 240,
                                                              AVVideoCleanApertureHorizontalOffsetKey: 0, AVVideoCleanApertureVerticalOffsetKey: 0]])),
        .init(why: "clean aperture missing a key", key: "\(AVVideoCleanApertureKey).CleanApertureVerticalOffset",
              settings: with(h264, [AVVideoCleanApertureKey: [AVVideoCleanApertureWidthKey: 300, AVVideoCleanApertureHeightKey: 200,
                                                              AVVideoCleanApertureHorizontalOffsetKey: 0]])),
        .init(why: "hardware encoder required", key: "\(AVVideoEncoderSpecificationKey).RequireHardwareAcceleratedVideoEncoder",
              settings: with(h264, [AVVideoEncoderSpecificationKey: ["RequireHardwareAcceleratedVideoEncoder": true]])),
    ]

    @Test("every bad video settings dictionary fails, naming the key", arguments: badVideo)
    func badVideoSettings(_ bad: BadSettings) {
        do {
            _ = try VideoEncoderSettings(outputSettings: bad.settings)
            Issue.record("accepted: \(bad.why)")
        } catch {
            #expect(error.key == bad.key, "\(bad.why): \(error)")
        }
    }

    static let badAudio: [BadSettings] = [
        .init(why: "no format", key: AVFormatIDKey, settings: [AVSampleRateKey: 48_000]),
        .init(why: "format with no encoder (HE-AAC)", key: AVFormatIDKey, settings: with(aac, [AVFormatIDKey: kAudioFormatMPEG4AAC_HE])),
        .init(why: "AMR: no encoder in Debian's FFmpeg", key: AVFormatIDKey, settings: with(aac, [AVFormatIDKey: kAudioFormatAMR])),
        .init(why: "unknown key", key: "AVEncoderLoudness", settings: with(aac, ["AVEncoderLoudness": 3])),
        .init(why: "negative bit rate", key: AVEncoderBitRateKey, settings: with(aac, [AVEncoderBitRateKey: -128_000])),
        .init(why: "both bit rate keys", key: AVEncoderBitRatePerChannelKey,
              settings: with(aac, [AVEncoderBitRateKey: 128_000, AVEncoderBitRatePerChannelKey: 64_000])),
        .init(why: "bit rate above AAC's ceiling", key: AVEncoderBitRateKey, settings: with(aac, [AVEncoderBitRateKey: 2_000_000])),
        .init(why: "sample rate AAC has no index for", key: AVSampleRateKey, settings: with(aac, [AVSampleRateKey: 44_000])),
        .init(why: "fractional sample rate", key: AVSampleRateKey, settings: with(aac, [AVSampleRateKey: 44_100.5])),
        .init(why: "zero channels", key: AVNumberOfChannelsKey, settings: with(aac, [AVNumberOfChannelsKey: 0])),
        .init(why: "more channels than AAC carries here", key: AVNumberOfChannelsKey, settings: with(aac, [AVNumberOfChannelsKey: 9])),
        .init(why: "layout disagreeing with the channel count", key: AVChannelLayoutKey,
              settings: with(aac, [AVChannelLayoutKey: layoutData(kAudioChannelLayoutTag_MPEG_5_1_A)])),
        .init(why: "layout that is not a layout", key: AVChannelLayoutKey, settings: with(aac, [AVChannelLayoutKey: Data([1, 2, 3])])),
        .init(why: "bit rate for a lossless format", key: AVEncoderBitRateKey,
              settings: [AVFormatIDKey: kAudioFormatAppleLossless, AVEncoderBitRateKey: 500_000]),
        .init(why: "20-bit ALAC", key: AVEncoderBitDepthHintKey, settings: [AVFormatIDKey: kAudioFormatAppleLossless, AVEncoderBitDepthHintKey: 20]),
        .init(why: "linear PCM keys for AAC", key: AVLinearPCMBitDepthKey, settings: with(aac, [AVLinearPCMBitDepthKey: 16])),
        .init(why: "12-bit linear PCM", key: AVLinearPCMBitDepthKey, settings: [AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: 12]),
        .init(why: "16-bit float", key: AVLinearPCMBitDepthKey,
              settings: [AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: 16, AVLinearPCMIsFloatKey: true]),
        .init(why: "unknown strategy", key: AVEncoderBitRateStrategyKey, settings: with(aac, [AVEncoderBitRateStrategyKey: "AVAudioBitRateStrategy_Whatever"])),
        .init(why: "VBR quality without the variable strategy", key: AVEncoderAudioQualityForVBRKey,
              settings: with(aac, [AVEncoderAudioQualityForVBRKey: AVAudioQuality.high.rawValue])),
        .init(why: "quality out of range", key: AVEncoderAudioQualityKey, settings: with(aac, [AVEncoderAudioQualityKey: 200])),
        .init(why: "Boolean as a channel count", key: AVNumberOfChannelsKey, settings: with(aac, [AVNumberOfChannelsKey: true])),
    ]

    @Test("every bad audio settings dictionary fails, naming the key", arguments: badAudio)
    func badAudioSettings(_ bad: BadSettings) {
        do {
            _ = try AudioEncoderSettings(outputSettings: bad.settings)
            Issue.record("accepted: \(bad.why)")
        } catch {
            #expect(error.key == bad.key, "\(bad.why): \(error)")
        }
    }

    static let badDecodeOutput: [BadSettings] = [
        .init(why: "compressed output", key: AVFormatIDKey, settings: [AVFormatIDKey: kAudioFormatMPEG4AAC]),
        .init(why: "converter quality (Apple: not supported by track outputs)", key: AVSampleRateConverterAudioQualityKey,
              settings: [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateConverterAudioQualityKey: AVAudioQuality.max.rawValue]),
        .init(why: "encoder key", key: AVEncoderBitRateKey, settings: [AVFormatIDKey: kAudioFormatLinearPCM, AVEncoderBitRateKey: 128_000]),
        .init(why: "pixel format with no layout here", key: kCVPixelBufferPixelFormatTypeKey as String,
              settings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_64ARGB]),
        .init(why: "pixel format as text", key: kCVPixelBufferPixelFormatTypeKey as String, settings: [kCVPixelBufferPixelFormatTypeKey as String: "BGRA"]),
        .init(why: "compression key in uncompressed settings", key: AVVideoCompressionPropertiesKey,
              settings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA, AVVideoCompressionPropertiesKey: [:] as [String: Any]]),
        .init(why: "field extraction", key: "\(AVVideoDecompressionPropertiesKey).FieldMode",
              settings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA,
                         AVVideoDecompressionPropertiesKey: ["FieldMode": "TopFieldOnly"]]),
    ]

    @Test("every bad decode output settings dictionary fails, naming the key", arguments: badDecodeOutput)
    func badDecodeSettings(_ bad: BadSettings) {
        do {
            if bad.settings[AVFormatIDKey] != nil {
                _ = try AudioDecoderOutputSettings(outputSettings: bad.settings)
            } else {
                _ = try VideoDecoderOutputSettings(outputSettings: bad.settings)
            }
            Issue.record("accepted: \(bad.why)")
        } catch {
            #expect(error.key == bad.key, "\(bad.why): \(error)")
        }
    }

    @Test("values arrive as any Swift type: Int32, Double, NSNumber, String for the codec, Data for the layout")
    func lenientValues() throws {
        let video = try VideoEncoderSettings(outputSettings: [
            AVVideoCodecKey: "avc1", AVVideoWidthKey: Int32(640), AVVideoHeightKey: NSNumber(value: 480),
            AVVideoCompressionPropertiesKey: [AVVideoAverageBitRateKey: 2e6, AVVideoAllowFrameReorderingKey: NSNumber(value: false),
                                              AVVideoMaxKeyFrameIntervalDurationKey: 2] as [String: Any]])
        #expect(video.codec == .h264 && video.width == 640 && video.height == 480)
        #expect(video.compression.averageBitRate == 2_000_000 && video.compression.allowsFrameReordering == false)
        let audio = try AudioEncoderSettings(outputSettings: [AVFormatIDKey: NSNumber(value: kAudioFormatMPEG4AAC), AVSampleRateKey: 44_100.0,
                                                              AVNumberOfChannelsKey: UInt8(2),
                                                              AVChannelLayoutKey: layoutData(kAudioChannelLayoutTag_Stereo)])
        #expect(audio.sampleRate == 44_100 && audio.channelCount == 2 && audio.channelLayout?.tag == kAudioChannelLayoutTag_Stereo)
    }

    @Test("the compat sample's settings are accepted as written")
    func compatSampleSettings() throws {
        // /work/shared/compat/Sources/CompatSample/WriteMovie.swift and ReadMovie.swift.
        let video = try VideoEncoderSettings(outputSettings: [
            AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 640, AVVideoHeightKey: 360,
            AVVideoCompressionPropertiesKey: [AVVideoAverageBitRateKey: 1_500_000, AVVideoMaxKeyFrameIntervalKey: 30,
                                              AVVideoProfileLevelKey: AVVideoProfileLevelH264HighAutoLevel] as [String: Any]])
        #expect(video.compression.profileLevel?.profile == "High" && video.compression.profileLevel?.level == nil)
        _ = try AudioEncoderSettings(outputSettings: [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100,
                                                      AVNumberOfChannelsKey: 2, AVEncoderBitRateKey: 128_000])
        _ = try VideoDecoderOutputSettings(outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA])
        let pcm = try AudioDecoderOutputSettings(outputSettings: [AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: 16,
                                                                  AVLinearPCMIsFloatKey: false, AVLinearPCMIsBigEndianKey: false,
                                                                  AVLinearPCMIsNonInterleaved: false])
        #expect(pcm.bitDepth == 16 && !pcm.isFloat)
    }

    @Test("canApply: settings against file types")
    func fileTypes() {
        func ok(_ settings: [String: Any], _ media: String, _ type: String) -> Bool {
            if case .success = OutputSettingsSupport.check(settings, mediaType: media, fileType: type) { return true }
            return false
        }
        let prores = with(h264, [AVVideoCodecKey: AVVideoCodecType.proRes422])
        #expect(ok(h264, "vide", "public.mpeg-4"))
        #expect(ok(prores, "vide", "com.apple.quicktime-movie"))
        #expect(!ok(prores, "vide", "public.mpeg-4"))
        #expect(!ok(h264, "vide", "com.apple.m4a-audio"))
        #expect(ok(aac, "soun", "com.apple.m4a-audio"))
        let pcm: [String: Any] = [AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: 16, AVLinearPCMIsBigEndianKey: true]
        #expect(!ok(pcm, "soun", "public.mpeg-4"))
        #expect(!ok(pcm, "soun", "com.microsoft.waveform-audio"), "WAVE is little-endian")
        #expect(ok(pcm, "soun", "public.aiff-audio"))
        if case .failure(let error) = OutputSettingsSupport.check(prores, mediaType: "vide", fileType: "public.mpeg-4") {
            #expect(error.key == AVVideoCodecKey)
        }
    }
}

/// `AVChannelLayoutKey` data for a layout tag.
func layoutData(_ tag: AudioChannelLayoutTag) -> Data {
    ChannelLayout(tag: tag).withUnsafeAudioChannelLayout { pointer, size in Data(bytes: pointer, count: size) }
}
