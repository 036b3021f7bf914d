// The keys and values of video settings dictionaries (Apple's AVVideoSettings.h).
//
// Where the values come from. Apple's documentation pages give none of these strings. The top-level keys
// (`"AVVideoCodecKey"`, `"AVVideoWidthKey"`, `"AVVideoScalingModeKey"`, …) and the scaling-mode values are the
// strings AVFoundation itself compares settings against (they appear as literals in AVFoundation's
// `AVAVVideoSettingsVideoOutputSettings` and `AVPixelBufferAttributesVideoOutputSettings` validation code; Darling's
// test suite asserts `AVVideoScalingModeKey` and `AVVideoScalingModeResizeAspectFill` against the real framework).
// The keys inside `AVVideoCompressionPropertiesKey` and `AVVideoColorPropertiesKey` are VideoToolbox's own
// compression-property strings (AVVideoSettings.h: "you can also include keys from VTCompressionProperties.h";
// AVFoundation validates them against the encoder's supported-property dictionary), so `AVVideoAverageBitRateKey`
// is `kVTCompressionPropertyKey_AverageBitRate` = `"AverageBitRate"` and so on. The clean-aperture and
// pixel-aspect-ratio sub-keys and the H.264 profile/level strings are the SDK values as known from Apple's headers
// (the profile strings equal `kVTProfileLevel_…`, which AVVideoSettings.h says may be used interchangeably).

// MARK: Codec and size

/// The codec, an `AVVideoCodecType` (or its string).
public let AVVideoCodecKey: String = "AVVideoCodecKey"
/// Width of the encoded picture in pixels (AVVideoSettings.h: use even values for 4:2:0 codecs such as H.264).
public let AVVideoWidthKey: String = "AVVideoWidthKey"
/// Height of the encoded picture in pixels.
public let AVVideoHeightKey: String = "AVVideoHeightKey"

// MARK: Pixel aspect ratio and clean aperture

/// The pixel aspect ratio: a dictionary of `AVVideoPixelAspectRatioHorizontalSpacingKey` and `…VerticalSpacingKey`.
public let AVVideoPixelAspectRatioKey: String = "AVVideoPixelAspectRatioKey"
/// Horizontal spacing of the pixel aspect ratio (a number).
public let AVVideoPixelAspectRatioHorizontalSpacingKey: String = "HorizontalSpacing"
/// Vertical spacing of the pixel aspect ratio (a number).
public let AVVideoPixelAspectRatioVerticalSpacingKey: String = "VerticalSpacing"

/// The clean aperture: the region shown during playback, centred on the picture and moved by the offsets
/// (positive horizontal moves right, positive vertical moves down; AVVideoSettings.h).
public let AVVideoCleanApertureKey: String = "AVVideoCleanApertureKey"
/// Width of the clean aperture (a number).
public let AVVideoCleanApertureWidthKey: String = "CleanApertureWidth"
/// Height of the clean aperture (a number).
public let AVVideoCleanApertureHeightKey: String = "CleanApertureHeight"
/// Horizontal offset of the clean aperture from the centre (a number).
public let AVVideoCleanApertureHorizontalOffsetKey: String = "CleanApertureHorizontalOffset"
/// Vertical offset of the clean aperture from the centre (a number).
public let AVVideoCleanApertureVerticalOffsetKey: String = "CleanApertureVerticalOffset"

// MARK: Scaling

/// How pictures of another size are fitted to the output size (one of the `AVVideoScalingMode…` strings).
public let AVVideoScalingModeKey: String = "AVVideoScalingModeKey"
/// Crop to the source's clean aperture and keep its aspect ratio by making the output width or height smaller if
/// needed; never scales a small source up (AVVideoSettings.h).
public let AVVideoScalingModeFit: String = "AVVideoScalingModeFit"
/// Crop to the source's clean aperture and stretch the rest to the output size, not keeping the aspect ratio.
public let AVVideoScalingModeResize: String = "AVVideoScalingModeResize"
/// Keep the source's aspect ratio and fill the rest of the output with black (letterbox or pillarbox).
public let AVVideoScalingModeResizeAspect: String = "AVVideoScalingModeResizeAspect"
/// Keep the source's aspect ratio and crop the picture to fill the output.
public let AVVideoScalingModeResizeAspectFill: String = "AVVideoScalingModeResizeAspectFill"

// MARK: Colour

/// The colour description of the output: a dictionary with all three of `AVVideoColorPrimariesKey`,
/// `AVVideoTransferFunctionKey` and `AVVideoYCbCrMatrixKey` (AVVideoSettings.h: "all 3 below keys required").
public let AVVideoColorPropertiesKey: String = "AVVideoColorPropertiesKey"
/// Colour primaries (`kVTCompressionPropertyKey_ColorPrimaries`).
public let AVVideoColorPrimariesKey: String = "ColorPrimaries"
/// ITU-R BT.709 primaries.
public let AVVideoColorPrimaries_ITU_R_709_2: String = "ITU_R_709_2"
/// EBU Tech. 3213 primaries.
public let AVVideoColorPrimaries_EBU_3213: String = "EBU_3213"
/// SMPTE C (SMPTE RP 145, SD) primaries.
public let AVVideoColorPrimaries_SMPTE_C: String = "SMPTE_C"
/// Display P3 (P3 D65) primaries.
public let AVVideoColorPrimaries_P3_D65: String = "P3_D65"
/// ITU-R BT.2020 primaries.
public let AVVideoColorPrimaries_ITU_R_2020: String = "ITU_R_2020"
/// Transfer function (`kVTCompressionPropertyKey_TransferFunction`).
public let AVVideoTransferFunctionKey: String = "TransferFunction"
/// ITU-R BT.709 transfer function.
public let AVVideoTransferFunction_ITU_R_709_2: String = "ITU_R_709_2"
/// SMPTE 240M transfer function.
public let AVVideoTransferFunction_SMPTE_240M_1995: String = "SMPTE_240M_1995"
/// SMPTE ST 2084 (PQ) transfer function.
public let AVVideoTransferFunction_SMPTE_ST_2084_PQ: String = "SMPTE_ST_2084_PQ"
/// ITU-R BT.2100 hybrid log-gamma transfer function.
public let AVVideoTransferFunction_ITU_R_2100_HLG: String = "ITU_R_2100_HLG"
/// Linear transfer function.
public let AVVideoTransferFunction_Linear: String = "Linear"
/// IEC 61966-2-1 (sRGB) transfer function.
public let AVVideoTransferFunction_IEC_sRGB: String = "IEC_sRGB"
/// Y'CbCr matrix (`kVTCompressionPropertyKey_YCbCrMatrix`).
public let AVVideoYCbCrMatrixKey: String = "YCbCrMatrix"
/// ITU-R BT.709 matrix.
public let AVVideoYCbCrMatrix_ITU_R_709_2: String = "ITU_R_709_2"
/// ITU-R BT.601 matrix.
public let AVVideoYCbCrMatrix_ITU_R_601_4: String = "ITU_R_601_4"
/// SMPTE 240M matrix.
public let AVVideoYCbCrMatrix_SMPTE_240M_1995: String = "SMPTE_240M_1995"
/// ITU-R BT.2020 matrix.
public let AVVideoYCbCrMatrix_ITU_R_2020: String = "ITU_R_2020"
/// Whether the client can process wide colour (a Boolean; default false, which permits implicit conversion to a
/// non-wide gamut).
public let AVVideoAllowWideColorKey: String = "AVVideoAllowWideColorKey"

// MARK: Compression properties

/// Properties passed down to the video encoder (a dictionary of the keys below and VideoToolbox compression keys).
public let AVVideoCompressionPropertiesKey: String = "AVVideoCompressionPropertiesKey"
/// Average bit rate in bits per second.
public let AVVideoAverageBitRateKey: String = "AverageBitRate"
/// Quality from 0.0 to 1.0 (AVVideoSettings.h: JPEG and HEIC; 1.0 is lossless with HEIC).
public let AVVideoQualityKey: String = "Quality"
/// Most frames from one key frame to the next (1 means key frames only).
public let AVVideoMaxKeyFrameIntervalKey: String = "MaxKeyFrameInterval"
/// Longest time from one key frame to the next, in seconds (0.0 means no limit).
public let AVVideoMaxKeyFrameIntervalDurationKey: String = "MaxKeyFrameIntervalDuration"
/// Whether the encoder may reorder frames (default true: the encoder decides).
public let AVVideoAllowFrameReorderingKey: String = "AllowFrameReordering"
/// The profile and level (`AVVideoProfileLevelH264…` or a `kVTProfileLevel_…` string).
public let AVVideoProfileLevelKey: String = "ProfileLevel"
/// The H.264 entropy coder (`AVVideoH264EntropyModeCAVLC` or `AVVideoH264EntropyModeCABAC`).
public let AVVideoH264EntropyModeKey: String = "H264EntropyMode"
/// Context-based adaptive variable-length coding.
public let AVVideoH264EntropyModeCAVLC: String = "CAVLC"
/// Context-based adaptive binary arithmetic coding.
public let AVVideoH264EntropyModeCABAC: String = "CABAC"
/// The expected source frame rate in frames per second: a hint for rate control, not a frame-rate conversion.
public let AVVideoExpectedSourceFrameRateKey: String = "ExpectedFrameRate"
/// The desired average number of non-droppable (reference) frames per second.
public let AVVideoAverageNonDroppableFrameRateKey: String = "AverageNonDroppableFrameRate"

// MARK: Other dictionaries

/// Properties passed down to the video decoder (a dictionary of VideoToolbox decompression keys).
public let AVVideoDecompressionPropertiesKey: String = "AVVideoDecompressionPropertiesKey"
/// Options for choosing a video encoder (a dictionary of `kVTVideoEncoderSpecification_…` keys).
public let AVVideoEncoderSpecificationKey: String = "AVVideoEncoderSpecificationKey"

// MARK: H.264 profiles and levels (values equal VideoToolbox's `kVTProfileLevel_H264_…` strings)

/// Baseline profile, level 3.0.
public let AVVideoProfileLevelH264Baseline30: String = "H264_Baseline_3_0"
/// Baseline profile, level 3.1.
public let AVVideoProfileLevelH264Baseline31: String = "H264_Baseline_3_1"
/// Baseline profile, level 4.1.
public let AVVideoProfileLevelH264Baseline41: String = "H264_Baseline_4_1"
/// Baseline profile, level chosen by the encoder.
public let AVVideoProfileLevelH264BaselineAutoLevel: String = "H264_Baseline_AutoLevel"
/// Main profile, level 3.0.
public let AVVideoProfileLevelH264Main30: String = "H264_Main_3_0"
/// Main profile, level 3.1.
public let AVVideoProfileLevelH264Main31: String = "H264_Main_3_1"
/// Main profile, level 3.2.
public let AVVideoProfileLevelH264Main32: String = "H264_Main_3_2"
/// Main profile, level 4.1.
public let AVVideoProfileLevelH264Main41: String = "H264_Main_4_1"
/// Main profile, level chosen by the encoder.
public let AVVideoProfileLevelH264MainAutoLevel: String = "H264_Main_AutoLevel"
/// High profile, level 4.0.
public let AVVideoProfileLevelH264High40: String = "H264_High_4_0"
/// High profile, level 4.1.
public let AVVideoProfileLevelH264High41: String = "H264_High_4_1"
/// High profile, level chosen by the encoder.
public let AVVideoProfileLevelH264HighAutoLevel: String = "H264_High_AutoLevel"
