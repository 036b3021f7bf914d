// Compression property keys for rate control and encoder behaviour that VTCompressionProperties.h gained after the
// first set (VTCompressionProperties.swift), with the QP-modulation values. Which of them the encoder honours is in
// Sources/MediaCodecs/README.md. Values follow Apple's naming pattern (the name without the prefix).

// MARK: Rate control

/// A number, bits per second: a variable-bit-rate target.
nonisolated(unsafe) public let kVTCompressionPropertyKey_VariableBitRate: CFString = "VariableBitRate"

/// A number, bits per second: the most the video buffering verifier lets the stream take.
nonisolated(unsafe) public let kVTCompressionPropertyKey_VBVMaxBitRate: CFString = "VBVMaxBitRate"

/// A number, seconds: the size of the video buffering verifier's buffer, as a duration at the peak rate.
nonisolated(unsafe) public let kVTCompressionPropertyKey_VBVBufferDuration: CFString = "VBVBufferDuration"

/// A number, percent: how full the video buffering verifier's buffer is when decoding starts.
nonisolated(unsafe) public let kVTCompressionPropertyKey_VBVInitialDelayPercentage: CFString = "VBVInitialDelayPercentage"

/// A number: how strongly the quantiser adapts to each frame's content (`kVTQPModulationLevel_…`).
nonisolated(unsafe) public let kVTCompressionPropertyKey_SpatialAdaptiveQPLevel: CFString = "SpatialAdaptiveQPLevel"

/// `SpatialAdaptiveQPLevel`: the encoder's own adaptation.
public let kVTQPModulationLevel_Default: Int32 = -1

/// `SpatialAdaptiveQPLevel`: no adaptation, one quantiser per frame.
public let kVTQPModulationLevel_Disable: Int32 = 0

/// A number: how many frames the encoder may look ahead for rate control (a hint).
nonisolated(unsafe) public let kVTCompressionPropertyKey_SuggestedLookAheadFrameCount: CFString = "SuggestedLookAheadFrameCount"

/// A number, frames per second: the highest rate at which a real-time session must keep up (a hint).
nonisolated(unsafe) public let kVTCompressionPropertyKey_MaximumRealTimeFrameRate: CFString = "MaximumRealTimeFrameRate"

/// A Boolean: attach each frame's mean squared error (`kVTSampleAttachmentKey_QualityMetrics`) to its sample.
nonisolated(unsafe) public let kVTCompressionPropertyKey_CalculateMeanSquaredError: CFString = "CalculateMeanSquaredError"

/// A Boolean: keep the source's alpha channel (HEVC with alpha).
nonisolated(unsafe) public let kVTCompressionPropertyKey_PreserveAlphaChannel: CFString = "PreserveAlphaChannel"

// MARK: Read-only encoder information

/// Read-only: how many segments of a source the encoder recommends encoding in parallel.
nonisolated(unsafe) public let kVTCompressionPropertyKey_RecommendedParallelizationLimit: CFString = "RecommendedParallelizationLimit"

/// Read-only: the shortest segment, as a duration, worth encoding in parallel.
nonisolated(unsafe) public let kVTCompressionPropertyKey_RecommendedParallelizedSubdivisionMinimumDuration: CFString = "RecommendedParallelizedSubdivisionMinimumDuration"

/// Read-only: the shortest segment, in frames, worth encoding in parallel.
nonisolated(unsafe) public let kVTCompressionPropertyKey_RecommendedParallelizedSubdivisionMinimumFrameCount: CFString = "RecommendedParallelizedSubdivisionMinimumFrameCount"

/// Read-only: the presets (`kVTCompressionPreset_…`) the encoder offers, each a dictionary of properties.
nonisolated(unsafe) public let kVTCompressionPropertyKey_SupportedPresetDictionaries: CFString = "SupportedPresetDictionaries"

/// Read-only: the registry ID of the GPU the session encodes on.
nonisolated(unsafe) public let kVTCompressionPropertyKey_UsingGPURegistryID: CFString = "UsingGPURegistryID"

// MARK: Presets

/// A preset balancing speed and quality.
nonisolated(unsafe) public let kVTCompressionPreset_Balanced: CFString = "Balanced"

/// A preset favouring quality.
nonisolated(unsafe) public let kVTCompressionPreset_HighQuality: CFString = "HighQuality"

/// A preset favouring speed.
nonisolated(unsafe) public let kVTCompressionPreset_HighSpeed: CFString = "HighSpeed"

/// A preset for video calls.
nonisolated(unsafe) public let kVTCompressionPreset_VideoConferencing: CFString = "VideoConferencing"

// MARK: HDR metadata and alpha values

/// `HDRMetadataInsertionMode`: insert no HDR metadata.
nonisolated(unsafe) public let kVTHDRMetadataInsertionMode_None: CFString = "None"

/// `HDRMetadataInsertionMode`: insert the HDR metadata the source carries.
nonisolated(unsafe) public let kVTHDRMetadataInsertionMode_Auto: CFString = "Auto"

/// `HDRMetadataInsertionMode`: insert metadata that lets SDR displays preserve the range.
nonisolated(unsafe) public let kVTHDRMetadataInsertionMode_RequestSDRRangePreservation: CFString = "RequestSDRRangePreservation"

/// `AlphaChannelMode`: colour values are not multiplied by alpha.
nonisolated(unsafe) public let kVTAlphaChannelMode_StraightAlpha: CFString = "StraightAlpha"

/// `AlphaChannelMode`: colour values are already multiplied by alpha.
nonisolated(unsafe) public let kVTAlphaChannelMode_PremultipliedAlpha: CFString = "PremultipliedAlpha"

// MARK: Per-frame options and sample attachments

/// Per-frame option: the long-term-reference tokens the receiver acknowledged.
nonisolated(unsafe) public let kVTEncodeFrameOptionKey_AcknowledgedLTRTokens: CFString = "AcknowledgedLTRTokens"

/// Per-frame option: encode this frame as a long-term-reference refresh.
nonisolated(unsafe) public let kVTEncodeFrameOptionKey_ForceLTRRefresh: CFString = "ForceLTRRefresh"

/// Per-frame option: the quantiser for this frame.
nonisolated(unsafe) public let kVTEncodeFrameOptionKey_BaseFrameQP: CFString = "BaseFrameQP"

/// Sample attachment: the token a long-term-reference frame must be acknowledged with.
nonisolated(unsafe) public let kVTSampleAttachmentKey_RequireLTRAcknowledgementToken: CFString = "RequireLTRAcknowledgementToken"

/// Sample attachment: a dictionary of quality measures (`kVTSampleAttachmentQualityMetricsKey_…`).
nonisolated(unsafe) public let kVTSampleAttachmentKey_QualityMetrics: CFString = "QualityMetrics"

/// Quality measure: the luma plane's mean squared error.
nonisolated(unsafe) public let kVTSampleAttachmentQualityMetricsKey_LumaMeanSquaredError: CFString = "LumaMeanSquaredError"

/// Quality measure: the blue-difference chroma plane's mean squared error.
nonisolated(unsafe) public let kVTSampleAttachmentQualityMetricsKey_ChromaBlueMeanSquaredError: CFString = "ChromaBlueMeanSquaredError"

/// Quality measure: the red-difference chroma plane's mean squared error.
nonisolated(unsafe) public let kVTSampleAttachmentQualityMetricsKey_ChromaRedMeanSquaredError: CFString = "ChromaRedMeanSquaredError"
