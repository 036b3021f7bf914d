// VideoToolbox's compression constants that AVFoundation's output settings use (VTCompressionProperties.h).
//
// Apple's headers declare these as opaque `CFStringRef`s. Their values are their own names without the
// `kVTProfileLevel_` / `kVTCompressionPropertyKey_` prefix: AVFoundation documents the same strings for its
// equivalents (`AVVideoProfileLevelH264HighAutoLevel` is "H264_High_AutoLevel", `AVVideoAverageBitRateKey` is
// "AverageBitRate", and AVVideoSettings.h states they equal VideoToolbox's), and third-party VideoToolbox
// re-implementations use the same strings. Values not documented that way follow the same pattern and are
// marked "(by Apple's naming pattern)".

// MARK: H.264 profiles and levels

/// H.264 Baseline profile, level 1.3.
nonisolated(unsafe) public let kVTProfileLevel_H264_Baseline_1_3: CFString = "H264_Baseline_1_3"

/// H.264 Baseline profile, level 3.0.
nonisolated(unsafe) public let kVTProfileLevel_H264_Baseline_3_0: CFString = "H264_Baseline_3_0"

/// H.264 Baseline profile, level 3.1.
nonisolated(unsafe) public let kVTProfileLevel_H264_Baseline_3_1: CFString = "H264_Baseline_3_1"

/// H.264 Baseline profile, level 3.2.
nonisolated(unsafe) public let kVTProfileLevel_H264_Baseline_3_2: CFString = "H264_Baseline_3_2"

/// H.264 Baseline profile, level 4.0.
nonisolated(unsafe) public let kVTProfileLevel_H264_Baseline_4_0: CFString = "H264_Baseline_4_0"

/// H.264 Baseline profile, level 4.1.
nonisolated(unsafe) public let kVTProfileLevel_H264_Baseline_4_1: CFString = "H264_Baseline_4_1"

/// H.264 Baseline profile, level 4.2.
nonisolated(unsafe) public let kVTProfileLevel_H264_Baseline_4_2: CFString = "H264_Baseline_4_2"

/// H.264 Baseline profile, level 5.0.
nonisolated(unsafe) public let kVTProfileLevel_H264_Baseline_5_0: CFString = "H264_Baseline_5_0"

/// H.264 Baseline profile, level 5.1.
nonisolated(unsafe) public let kVTProfileLevel_H264_Baseline_5_1: CFString = "H264_Baseline_5_1"

/// H.264 Baseline profile, level 5.2.
nonisolated(unsafe) public let kVTProfileLevel_H264_Baseline_5_2: CFString = "H264_Baseline_5_2"

/// H.264 Baseline profile, level chosen by the encoder.
nonisolated(unsafe) public let kVTProfileLevel_H264_Baseline_AutoLevel: CFString = "H264_Baseline_AutoLevel"

/// H.264 Main profile, level 3.0.
nonisolated(unsafe) public let kVTProfileLevel_H264_Main_3_0: CFString = "H264_Main_3_0"

/// H.264 Main profile, level 3.1.
nonisolated(unsafe) public let kVTProfileLevel_H264_Main_3_1: CFString = "H264_Main_3_1"

/// H.264 Main profile, level 3.2.
nonisolated(unsafe) public let kVTProfileLevel_H264_Main_3_2: CFString = "H264_Main_3_2"

/// H.264 Main profile, level 4.0.
nonisolated(unsafe) public let kVTProfileLevel_H264_Main_4_0: CFString = "H264_Main_4_0"

/// H.264 Main profile, level 4.1.
nonisolated(unsafe) public let kVTProfileLevel_H264_Main_4_1: CFString = "H264_Main_4_1"

/// H.264 Main profile, level 4.2.
nonisolated(unsafe) public let kVTProfileLevel_H264_Main_4_2: CFString = "H264_Main_4_2"

/// H.264 Main profile, level 5.0.
nonisolated(unsafe) public let kVTProfileLevel_H264_Main_5_0: CFString = "H264_Main_5_0"

/// H.264 Main profile, level 5.1.
nonisolated(unsafe) public let kVTProfileLevel_H264_Main_5_1: CFString = "H264_Main_5_1"

/// H.264 Main profile, level 5.2.
nonisolated(unsafe) public let kVTProfileLevel_H264_Main_5_2: CFString = "H264_Main_5_2"

/// H.264 Main profile, level chosen by the encoder.
nonisolated(unsafe) public let kVTProfileLevel_H264_Main_AutoLevel: CFString = "H264_Main_AutoLevel"

/// H.264 High profile, level 3.0.
nonisolated(unsafe) public let kVTProfileLevel_H264_High_3_0: CFString = "H264_High_3_0"

/// H.264 High profile, level 3.1.
nonisolated(unsafe) public let kVTProfileLevel_H264_High_3_1: CFString = "H264_High_3_1"

/// H.264 High profile, level 3.2.
nonisolated(unsafe) public let kVTProfileLevel_H264_High_3_2: CFString = "H264_High_3_2"

/// H.264 High profile, level 4.0.
nonisolated(unsafe) public let kVTProfileLevel_H264_High_4_0: CFString = "H264_High_4_0"

/// H.264 High profile, level 4.1.
nonisolated(unsafe) public let kVTProfileLevel_H264_High_4_1: CFString = "H264_High_4_1"

/// H.264 High profile, level 4.2.
nonisolated(unsafe) public let kVTProfileLevel_H264_High_4_2: CFString = "H264_High_4_2"

/// H.264 High profile, level 5.0.
nonisolated(unsafe) public let kVTProfileLevel_H264_High_5_0: CFString = "H264_High_5_0"

/// H.264 High profile, level 5.1.
nonisolated(unsafe) public let kVTProfileLevel_H264_High_5_1: CFString = "H264_High_5_1"

/// H.264 High profile, level 5.2.
nonisolated(unsafe) public let kVTProfileLevel_H264_High_5_2: CFString = "H264_High_5_2"

/// H.264 High profile, level chosen by the encoder.
nonisolated(unsafe) public let kVTProfileLevel_H264_High_AutoLevel: CFString = "H264_High_AutoLevel"

/// H.264 Extended profile, level 5.0.
nonisolated(unsafe) public let kVTProfileLevel_H264_Extended_5_0: CFString = "H264_Extended_5_0"

/// H.264 Extended profile, level chosen by the encoder.
nonisolated(unsafe) public let kVTProfileLevel_H264_Extended_AutoLevel: CFString = "H264_Extended_AutoLevel"

/// H.264 Constrained Baseline profile, level chosen by the encoder.
nonisolated(unsafe) public let kVTProfileLevel_H264_ConstrainedBaseline_AutoLevel: CFString = "H264_ConstrainedBaseline_AutoLevel"

/// H.264 Constrained High profile, level chosen by the encoder.
nonisolated(unsafe) public let kVTProfileLevel_H264_ConstrainedHigh_AutoLevel: CFString = "H264_ConstrainedHigh_AutoLevel"

// MARK: HEVC profiles

/// HEVC Main profile, level chosen by the encoder.
nonisolated(unsafe) public let kVTProfileLevel_HEVC_Main_AutoLevel: CFString = "HEVC_Main_AutoLevel"

/// HEVC Main 10 profile, level chosen by the encoder.
nonisolated(unsafe) public let kVTProfileLevel_HEVC_Main10_AutoLevel: CFString = "HEVC_Main10_AutoLevel"

/// HEVC Main 4:2:2 10 profile, level chosen by the encoder.
nonisolated(unsafe) public let kVTProfileLevel_HEVC_Main42210_AutoLevel: CFString = "HEVC_Main42210_AutoLevel"

/// HEVC Monochrome profile, level chosen by the encoder.
nonisolated(unsafe) public let kVTProfileLevel_HEVC_Monochrome_AutoLevel: CFString = "HEVC_Monochrome_AutoLevel"

/// HEVC Monochrome 10 profile, level chosen by the encoder.
nonisolated(unsafe) public let kVTProfileLevel_HEVC_Monochrome10_AutoLevel: CFString = "HEVC_Monochrome10_AutoLevel"

// MARK: Compression property keys

/// Read-only: frames submitted but not yet emitted (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_NumberOfPendingFrames: CFString = "NumberOfPendingFrames"

/// Read-only: whether the encoder and the client share one pixel buffer pool (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_PixelBufferPoolIsShared: CFString = "PixelBufferPoolIsShared"

/// Read-only: the pixel buffer attributes the encoder prefers (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_VideoEncoderPixelBufferAttributes: CFString = "VideoEncoderPixelBufferAttributes"

/// The most frames from one key frame to the next (a number; 0 means no limit).
nonisolated(unsafe) public let kVTCompressionPropertyKey_MaxKeyFrameInterval: CFString = "MaxKeyFrameInterval"

/// The most seconds from one key frame to the next (a number; 0 means no limit).
nonisolated(unsafe) public let kVTCompressionPropertyKey_MaxKeyFrameIntervalDuration: CFString = "MaxKeyFrameIntervalDuration"

/// Whether frames may be predicted from others (false means every frame is a key frame) (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_AllowTemporalCompression: CFString = "AllowTemporalCompression"

/// Whether frames may be encoded out of display order (B-frames).
nonisolated(unsafe) public let kVTCompressionPropertyKey_AllowFrameReordering: CFString = "AllowFrameReordering"

/// Whether open groups of pictures are allowed (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_AllowOpenGOP: CFString = "AllowOpenGOP"

/// The long-term average bit rate, in bits per second.
nonisolated(unsafe) public let kVTCompressionPropertyKey_AverageBitRate: CFString = "AverageBitRate"

/// Hard data-rate limits: an array of alternating byte counts and durations in seconds.
nonisolated(unsafe) public let kVTCompressionPropertyKey_DataRateLimits: CFString = "DataRateLimits"

/// The compression quality, 0.0 (smallest) to 1.0 (best).
nonisolated(unsafe) public let kVTCompressionPropertyKey_Quality: CFString = "Quality"

/// The target quality of the alpha channel (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_TargetQualityForAlpha: CFString = "TargetQualityForAlpha"

/// Whether the output will be joined after other frames (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_MoreFramesBeforeStart: CFString = "MoreFramesBeforeStart"

/// Whether other frames will be joined after the output (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_MoreFramesAfterEnd: CFString = "MoreFramesAfterEnd"

/// Whether to favour speed over quality (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_PrioritizeEncodingSpeedOverQuality: CFString = "PrioritizeEncodingSpeedOverQuality"

/// A constant bit rate, in bits per second (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_ConstantBitRate: CFString = "ConstantBitRate"

/// Read-only: the expected size of an encoded frame (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_EstimatedAverageBytesPerFrame: CFString = "EstimatedAverageBytesPerFrame"

/// The profile and level (a kVTProfileLevel_ value).
nonisolated(unsafe) public let kVTCompressionPropertyKey_ProfileLevel: CFString = "ProfileLevel"

/// The bit depth of the encoded video (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_OutputBitDepth: CFString = "OutputBitDepth"

/// How HDR metadata is inserted into the bitstream (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_HDRMetadataInsertionMode: CFString = "HDRMetadataInsertionMode"

/// The H.264 entropy coder (kVTH264EntropyMode_CAVLC or _CABAC).
nonisolated(unsafe) public let kVTCompressionPropertyKey_H264EntropyMode: CFString = "H264EntropyMode"

/// The pixel depth of the encoded video (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_Depth: CFString = "Depth"

/// The most frames the encoder may hold before emitting one (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_MaxFrameDelayCount: CFString = "MaxFrameDelayCount"

/// The largest H.264 slice, in bytes (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_MaxH264SliceBytes: CFString = "MaxH264SliceBytes"

/// Whether encoding happens in real time (live capture) rather than offline.
nonisolated(unsafe) public let kVTCompressionPropertyKey_RealTime: CFString = "RealTime"

/// Whether to favour power efficiency (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_MaximizePowerEfficiency: CFString = "MaximizePowerEfficiency"

/// The number of source frames, when known (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_SourceFrameCount: CFString = "SourceFrameCount"

/// The expected frame rate, in frames per second.
nonisolated(unsafe) public let kVTCompressionPropertyKey_ExpectedFrameRate: CFString = "ExpectedFrameRate"

/// The fraction of frames in the base temporal layer (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_BaseLayerFrameRateFraction: CFString = "BaseLayerFrameRateFraction"

/// The fraction of the bit rate spent on the base temporal layer (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_BaseLayerBitRateFraction: CFString = "BaseLayerBitRateFraction"

/// The expected total duration, in seconds (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_ExpectedDuration: CFString = "ExpectedDuration"

/// The frame rate of the base temporal layer (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_BaseLayerFrameRate: CFString = "BaseLayerFrameRate"

/// Read-only: whether the encoder accepts a per-frame base QP (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_SupportsBaseFrameQP: CFString = "SupportsBaseFrameQP"

/// The largest quantisation parameter a frame may use (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_MaxAllowedFrameQP: CFString = "MaxAllowedFrameQP"

/// The smallest quantisation parameter a frame may use (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_MinAllowedFrameQP: CFString = "MinAllowedFrameQP"

/// Whether long-term reference frames are used (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_EnableLTR: CFString = "EnableLTR"

/// The clean aperture to record in the output (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_CleanAperture: CFString = "CleanAperture"

/// The pixel aspect ratio to record in the output (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_PixelAspectRatio: CFString = "PixelAspectRatio"

/// The number of fields to record in the output (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_FieldCount: CFString = "FieldCount"

/// The field order to record in the output (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_FieldDetail: CFString = "FieldDetail"

/// Whether the output is flagged 16:9 (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_AspectRatio16x9: CFString = "AspectRatio16x9"

/// Whether the output is flagged progressive (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_ProgressiveScan: CFString = "ProgressiveScan"

/// The colour primaries to record in the output (a kCVImageBufferColorPrimaries_ value).
nonisolated(unsafe) public let kVTCompressionPropertyKey_ColorPrimaries: CFString = "ColorPrimaries"

/// The transfer function to record in the output (a kCVImageBufferTransferFunction_ value).
nonisolated(unsafe) public let kVTCompressionPropertyKey_TransferFunction: CFString = "TransferFunction"

/// The Y'CbCr matrix to record in the output (a kCVImageBufferYCbCrMatrix_ value).
nonisolated(unsafe) public let kVTCompressionPropertyKey_YCbCrMatrix: CFString = "YCbCrMatrix"

/// The ICC profile to record in the output (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_ICCProfile: CFString = "ICCProfile"

/// The mastering display colour volume to record in the output (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_MasteringDisplayColorVolume: CFString = "MasteringDisplayColorVolume"

/// The content light level to record in the output (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_ContentLightLevelInfo: CFString = "ContentLightLevelInfo"

/// The gamma level to record in the output (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_GammaLevel: CFString = "GammaLevel"

/// Whether alpha is straight or premultiplied (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_AlphaChannelMode: CFString = "AlphaChannelMode"

/// Properties for the pixel transfer session that converts source frames (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_PixelTransferProperties: CFString = "PixelTransferProperties"

/// Storage for multi-pass encoding (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_MultiPassStorage: CFString = "MultiPassStorage"

/// The identifier of the encoder to use (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_EncoderID: CFString = "EncoderID"

/// Whether dynamic HDR metadata is kept (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_PreserveDynamicHDRMetadata: CFString = "PreserveDynamicHDRMetadata"

/// The number of reference frames (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_ReferenceBufferCount: CFString = "ReferenceBufferCount"

/// Read-only: whether a hardware encoder is in use (by Apple's naming pattern).
nonisolated(unsafe) public let kVTCompressionPropertyKey_UsingHardwareAcceleratedVideoEncoder: CFString = "UsingHardwareAcceleratedVideoEncoder"

// MARK: Values

/// H.264 context-adaptive variable-length coding.
nonisolated(unsafe) public let kVTH264EntropyMode_CAVLC: CFString = "CAVLC"

/// H.264 context-adaptive binary arithmetic coding.
nonisolated(unsafe) public let kVTH264EntropyMode_CABAC: CFString = "CABAC"

/// `kVTCompressionPropertyKey_MaxFrameDelayCount` value meaning "no limit".
public let kVTUnlimitedFrameDelayCount: Int = -1

/// Per-frame option: encode this frame as a key frame.
nonisolated(unsafe) public let kVTEncodeFrameOptionKey_ForceKeyFrame: CFString = "ForceKeyFrame"
