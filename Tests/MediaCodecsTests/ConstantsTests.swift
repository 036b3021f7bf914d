import Foundation
import Testing
@testable import MediaCodecs

/// Every settings constant's raw value, each against the source that states it:
/// - [H] Apple's AVVideoSettings.h (MacOSX10.15.sdk via phracker/MacOSX-SDKs), whose `/* @"…" */` comments give the
///   codec strings, and the 2008 AVAudioSettings.h enum (`AVAudioQualityMin = 0` … `AVAudioQualityMax = 0x7F`).
/// - [A] Literals AVFoundation/AVFAudio compare settings against (decompiled `AVAVVideoSettingsVideoOutputSettings`,
///   `AVPixelBufferAttributesVideoOutputSettings`, `AVOutputSettingsAssistant` and `-[AVAudioConverter
///   setSampleRateConverterAlgorithm:]`); Darling's test suite asserts `AVVideoScalingModeKey` and
///   `AVVideoScalingModeResizeAspectFill` against the real framework.
/// - [VT] VideoToolbox's `kVTCompressionPropertyKey_…`/`kVTProfileLevel_…` strings (AVVideoSettings.h: compression
///   properties are VideoToolbox keys), as Darling asserts for `ExpectedFrameRate`, `MaxKeyFrameIntervalDuration`,
///   `H264_High_AutoLevel`.
/// - [SDK] The SDK value as known from Apple's headers, where no public text states it (see AVVideoSettings.swift).
@Suite("Apple's settings constants")
struct ConstantsTests {
    static let video: [(String, String, String)] = [
        (AVVideoCodecType.h264.rawValue, "avc1", "H"), (AVVideoCodecType.hevc.rawValue, "hvc1", "H"),
        (AVVideoCodecType.hevcWithAlpha.rawValue, "muxa", "H"), (AVVideoCodecType.jpeg.rawValue, "jpeg", "H"),
        (AVVideoCodecType.proRes4444.rawValue, "ap4h", "H"), (AVVideoCodecType.proRes422.rawValue, "apcn", "H"),
        (AVVideoCodecType.proRes422HQ.rawValue, "apch", "H"), (AVVideoCodecType.proRes422LT.rawValue, "apcs", "H"),
        (AVVideoCodecType.proRes422Proxy.rawValue, "apco", "H"), (AVVideoCodecType.appleProRes4444XQ.rawValue, "ap4x", "SDK"),
        (AVVideoCodecType.proResRAW.rawValue, "aprn", "SDK"), (AVVideoCodecType.proResRAWHQ.rawValue, "aprh", "SDK"),
        (AVVideoCodecType.JPEGXL.rawValue, "jxlc", "SDK"),
        (AVVideoCodecKey, "AVVideoCodecKey", "A"), (AVVideoWidthKey, "AVVideoWidthKey", "A"), (AVVideoHeightKey, "AVVideoHeightKey", "A"),
        (AVVideoScalingModeKey, "AVVideoScalingModeKey", "A"), (AVVideoScalingModeFit, "AVVideoScalingModeFit", "A"),
        (AVVideoScalingModeResize, "AVVideoScalingModeResize", "A"), (AVVideoScalingModeResizeAspect, "AVVideoScalingModeResizeAspect", "A"),
        (AVVideoScalingModeResizeAspectFill, "AVVideoScalingModeResizeAspectFill", "A"),
        (AVVideoColorPropertiesKey, "AVVideoColorPropertiesKey", "A"), (AVVideoAllowWideColorKey, "AVVideoAllowWideColorKey", "A"),
        (AVVideoPixelAspectRatioKey, "AVVideoPixelAspectRatioKey", "A"), (AVVideoCleanApertureKey, "AVVideoCleanApertureKey", "A"),
        (AVVideoCompressionPropertiesKey, "AVVideoCompressionPropertiesKey", "A"),
        (AVVideoDecompressionPropertiesKey, "AVVideoDecompressionPropertiesKey", "A"),
        (AVVideoAverageBitRateKey, "AverageBitRate", "A"), (AVVideoQualityKey, "Quality", "A"),
        (AVVideoMaxKeyFrameIntervalKey, "MaxKeyFrameInterval", "A"), (AVVideoMaxKeyFrameIntervalDurationKey, "MaxKeyFrameIntervalDuration", "A"),
        (AVVideoH264EntropyModeKey, "H264EntropyMode", "A"), (AVVideoExpectedSourceFrameRateKey, "ExpectedFrameRate", "A"),
        (AVVideoAllowFrameReorderingKey, "AllowFrameReordering", "A"),
        (AVVideoAverageNonDroppableFrameRateKey, "AverageNonDroppableFrameRate", "A"), (AVVideoProfileLevelKey, "ProfileLevel", "A"),
        (AVVideoEncoderSpecificationKey, "AVVideoEncoderSpecificationKey", "SDK"),
        (AVVideoColorPrimariesKey, "ColorPrimaries", "VT"), (AVVideoTransferFunctionKey, "TransferFunction", "VT"),
        (AVVideoYCbCrMatrixKey, "YCbCrMatrix", "VT"),
        (AVVideoColorPrimaries_ITU_R_709_2, "ITU_R_709_2", "VT"), (AVVideoColorPrimaries_EBU_3213, "EBU_3213", "VT"),
        (AVVideoColorPrimaries_SMPTE_C, "SMPTE_C", "VT"), (AVVideoColorPrimaries_P3_D65, "P3_D65", "VT"),
        (AVVideoColorPrimaries_ITU_R_2020, "ITU_R_2020", "VT"), (AVVideoTransferFunction_ITU_R_709_2, "ITU_R_709_2", "VT"),
        (AVVideoTransferFunction_SMPTE_240M_1995, "SMPTE_240M_1995", "VT"), (AVVideoTransferFunction_SMPTE_ST_2084_PQ, "SMPTE_ST_2084_PQ", "VT"),
        (AVVideoTransferFunction_ITU_R_2100_HLG, "ITU_R_2100_HLG", "VT"), (AVVideoTransferFunction_Linear, "Linear", "VT"),
        (AVVideoTransferFunction_IEC_sRGB, "IEC_sRGB", "VT"), (AVVideoYCbCrMatrix_ITU_R_709_2, "ITU_R_709_2", "VT"),
        (AVVideoYCbCrMatrix_ITU_R_601_4, "ITU_R_601_4", "VT"), (AVVideoYCbCrMatrix_SMPTE_240M_1995, "SMPTE_240M_1995", "VT"),
        (AVVideoYCbCrMatrix_ITU_R_2020, "ITU_R_2020", "VT"),
        (AVVideoH264EntropyModeCAVLC, "CAVLC", "VT"), (AVVideoH264EntropyModeCABAC, "CABAC", "VT"),
        (AVVideoPixelAspectRatioHorizontalSpacingKey, "HorizontalSpacing", "SDK"), (AVVideoPixelAspectRatioVerticalSpacingKey, "VerticalSpacing", "SDK"),
        (AVVideoCleanApertureWidthKey, "CleanApertureWidth", "SDK"), (AVVideoCleanApertureHeightKey, "CleanApertureHeight", "SDK"),
        (AVVideoCleanApertureHorizontalOffsetKey, "CleanApertureHorizontalOffset", "SDK"),
        (AVVideoCleanApertureVerticalOffsetKey, "CleanApertureVerticalOffset", "SDK"),
        (AVVideoProfileLevelH264Baseline30, "H264_Baseline_3_0", "VT"), (AVVideoProfileLevelH264Baseline31, "H264_Baseline_3_1", "VT"),
        (AVVideoProfileLevelH264Baseline41, "H264_Baseline_4_1", "VT"), (AVVideoProfileLevelH264BaselineAutoLevel, "H264_Baseline_AutoLevel", "VT"),
        (AVVideoProfileLevelH264Main30, "H264_Main_3_0", "VT"), (AVVideoProfileLevelH264Main31, "H264_Main_3_1", "VT"),
        (AVVideoProfileLevelH264Main32, "H264_Main_3_2", "VT"), (AVVideoProfileLevelH264Main41, "H264_Main_4_1", "VT"),
        (AVVideoProfileLevelH264MainAutoLevel, "H264_Main_AutoLevel", "VT"), (AVVideoProfileLevelH264High40, "H264_High_4_0", "VT"),
        (AVVideoProfileLevelH264High41, "H264_High_4_1", "VT"), (AVVideoProfileLevelH264HighAutoLevel, "H264_High_AutoLevel", "VT"),
    ]

    static let audio: [(String, String, String)] = [
        (AVFormatIDKey, "AVFormatIDKey", "SDK"), (AVSampleRateKey, "AVSampleRateKey", "SDK"),
        (AVNumberOfChannelsKey, "AVNumberOfChannelsKey", "SDK"), (AVChannelLayoutKey, "AVChannelLayoutKey", "SDK"),
        (AVLinearPCMBitDepthKey, "AVLinearPCMBitDepthKey", "SDK"), (AVLinearPCMIsBigEndianKey, "AVLinearPCMIsBigEndianKey", "SDK"),
        (AVLinearPCMIsFloatKey, "AVLinearPCMIsFloatKey", "SDK"), (AVLinearPCMIsNonInterleaved, "AVLinearPCMIsNonInterleaved", "SDK"),
        (AVEncoderAudioQualityKey, "AVEncoderAudioQualityKey", "SDK"), (AVEncoderAudioQualityForVBRKey, "AVEncoderAudioQualityForVBRKey", "SDK"),
        (AVEncoderBitRateKey, "AVEncoderBitRateKey", "SDK"), (AVEncoderBitRatePerChannelKey, "AVEncoderBitRatePerChannelKey", "SDK"),
        (AVEncoderBitRateStrategyKey, "AVEncoderBitRateStrategyKey", "SDK"), (AVEncoderBitDepthHintKey, "AVEncoderBitDepthHintKey", "SDK"),
        (AVAudioBitRateStrategy_Constant, "AVAudioBitRateStrategy_Constant", "SDK"),
        (AVAudioBitRateStrategy_LongTermAverage, "AVAudioBitRateStrategy_LongTermAverage", "SDK"),
        (AVAudioBitRateStrategy_VariableConstrained, "AVAudioBitRateStrategy_VariableConstrained", "SDK"),
        (AVAudioBitRateStrategy_Variable, "AVAudioBitRateStrategy_Variable", "SDK"),
        (AVSampleRateConverterAlgorithmKey, "AVSampleRateConverterAlgorithmKey", "SDK"),
        (AVSampleRateConverterAudioQualityKey, "AVSampleRateConverterAudioQualityKey", "SDK"),
        (AVSampleRateConverterAlgorithm_Normal, "AVSampleRateConverterAlgorithm_Normal", "A"),
        (AVSampleRateConverterAlgorithm_Mastering, "AVSampleRateConverterAlgorithm_Mastering", "A"),
        (AVSampleRateConverterAlgorithm_MinimumPhase, "AVSampleRateConverterAlgorithm_MinimumPhase", "A"),
    ]

    @Test("video settings strings", arguments: 0..<video.count)
    func videoConstant(index: Int) {
        let (value, expected, source) = Self.video[index]
        #expect(value == expected, "[\(source)]")
    }

    @Test("audio settings strings", arguments: 0..<audio.count)
    func audioConstant(index: Int) {
        let (value, expected, source) = Self.audio[index]
        #expect(value == expected, "[\(source)]")
    }

    @Test("AVAudioQuality raw values (AVAudioSettings.h)")
    func audioQuality() {
        #expect(AVAudioQuality.min.rawValue == 0 && AVAudioQuality.low.rawValue == 0x20 && AVAudioQuality.medium.rawValue == 0x40)
        #expect(AVAudioQuality.high.rawValue == 0x60 && AVAudioQuality.max.rawValue == 0x7F)
    }

    @Test("the H.264 profile constants parse to the profile and level they name")
    func profiles() {
        #expect(ProfileLevel(AVVideoProfileLevelH264Baseline30) == ProfileLevel("H264_Baseline_3_0"))
        #expect(ProfileLevel(AVVideoProfileLevelH264Main32)?.level == "3.2")
        #expect(ProfileLevel(AVVideoProfileLevelH264High40)?.level == "4")
        #expect(ProfileLevel(AVVideoProfileLevelH264HighAutoLevel)?.level == nil)
        #expect(ProfileLevel("HEVC_Main10_AutoLevel")?.codec == .hevc)
    }
}
