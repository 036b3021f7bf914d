import VideoToolbox

/// What the encoders here do with the VideoToolbox compression property keys that do not shape their streams:
/// hints they may take or leave (accepted after a type check, as Apple's encoders take hints), properties an encoder
/// only reports (refused, as VideoToolbox refuses setting them), and keys whose values would change the output in ways
/// no encoder here can produce (refused with the reason, never ignored). Keys that shape the stream are read by
/// `VideoCompressionProperties`; a key in neither place is refused as Apple refuses a key an encoder does not list.
enum VideoCompressionKeyCatalog {
    /// How a key is treated.
    enum Treatment {
        /// A hint: the value is type-checked and may be ignored without changing what the output promises.
        case hint(HintType)
        /// Only an encoder can report it.
        case readOnly
        /// Its value would change the output in a way no encoder here can produce.
        case unsupported(String)
    }

    /// The type a hint's value must have.
    enum HintType { case bool, positiveNumber, number }

    /// The treatment of `key`, or `nil` when the key is not one of VideoToolbox's compression properties.
    static func treatment(of key: String) -> Treatment? { treatments[key] }

    private static let treatments: [String: Treatment] = {
        var table: [String: Treatment] = [:]
        // Hints about the job and the machine.
        for key in [kVTCompressionPropertyKey_ExpectedDuration, kVTCompressionPropertyKey_SourceFrameCount,
                    kVTCompressionPropertyKey_MaximumRealTimeFrameRate] {
            table[key as String] = .hint(.positiveNumber)
        }
        for key in [kVTCompressionPropertyKey_MaximizePowerEfficiency, kVTCompressionPropertyKey_MoreFramesBeforeStart,
                    kVTCompressionPropertyKey_MoreFramesAfterEnd] {
            table[key as String] = .hint(.bool)
        }
        // Reported by a session, never set.
        for key in [kVTCompressionPropertyKey_NumberOfPendingFrames, kVTCompressionPropertyKey_PixelBufferPoolIsShared,
                    kVTCompressionPropertyKey_VideoEncoderPixelBufferAttributes,
                    kVTCompressionPropertyKey_EstimatedAverageBytesPerFrame,
                    kVTCompressionPropertyKey_UsingHardwareAcceleratedVideoEncoder, kVTCompressionPropertyKey_EncoderID,
                    kVTCompressionPropertyKey_RecommendedParallelizationLimit,
                    kVTCompressionPropertyKey_RecommendedParallelizedSubdivisionMinimumDuration,
                    kVTCompressionPropertyKey_RecommendedParallelizedSubdivisionMinimumFrameCount,
                    kVTCompressionPropertyKey_SupportedPresetDictionaries, kVTCompressionPropertyKey_UsingGPURegistryID,
                    kVTCompressionPropertyKey_SupportsBaseFrameQP] {
            table[key as String] = .readOnly
        }
        // Output-changing keys no encoder here can honour.
        let colour = "give colour tags in AVVideoColorPropertiesKey, where they are written and converted to"
        table[kVTCompressionPropertyKey_ColorPrimaries as String] = .unsupported(colour)
        table[kVTCompressionPropertyKey_TransferFunction as String] = .unsupported(colour)
        table[kVTCompressionPropertyKey_YCbCrMatrix as String] = .unsupported(colour)
        table[kVTCompressionPropertyKey_GammaLevel as String] = .unsupported("no gamma conversion or gamma tag is written here")
        table[kVTCompressionPropertyKey_ICCProfile as String] = .unsupported("no ICC profile is embedded in video streams here")
        let hdr = "HDR metadata (mastering display, content light level, dynamic metadata) is not written here"
        for key in [kVTCompressionPropertyKey_MasteringDisplayColorVolume, kVTCompressionPropertyKey_ContentLightLevelInfo,
                    kVTCompressionPropertyKey_PreserveDynamicHDRMetadata] {
            table[key as String] = .unsupported(hdr)
        }
        let alpha = "no encoder here writes an alpha channel into H.264 or HEVC (HEVC with alpha is not available)"
        for key in [kVTCompressionPropertyKey_AlphaChannelMode, kVTCompressionPropertyKey_TargetQualityForAlpha,
                    kVTCompressionPropertyKey_PreserveAlphaChannel] {
            table[key as String] = .unsupported(alpha)
        }
        let layers = "temporal scalability (a base layer at a lower rate) is not produced by x264 or x265 here"
        for key in [kVTCompressionPropertyKey_BaseLayerFrameRate, kVTCompressionPropertyKey_BaseLayerFrameRateFraction,
                    kVTCompressionPropertyKey_BaseLayerBitRateFraction] {
            table[key as String] = .unsupported(layers)
        }
        table[kVTCompressionPropertyKey_EnableLTR as String] = .unsupported("long-term-reference control for real-time communication is not offered here")
        table[kVTCompressionPropertyKey_CalculateMeanSquaredError as String] = .unsupported("per-frame quality metrics are not attached here")
        table[kVTCompressionPropertyKey_MultiPassStorage as String] =
            .unsupported("use AVAssetWriterInput.performsMultiPassEncodingIfSupported; the storage is kept by the writer")
        table[kVTCompressionPropertyKey_PixelTransferProperties as String] =
            .unsupported("use AVVideoScalingModeKey and AVVideoColorPropertiesKey for scaling and colour conversion")
        table[kVTCompressionPropertyKey_CleanAperture as String] =
            .unsupported("give the clean aperture as AVVideoCleanApertureKey (its CleanApertureWidth/… keys), where it is written")
        table[kVTCompressionPropertyKey_AspectRatio16x9 as String] = .unsupported("only DV encoders take it, and there are none here")
        table[kVTCompressionPropertyKey_FieldDetail as String] = .unsupported("interlaced encoding is not offered here")
        let stereo = "MV-HEVC (stereo and immersive video) is not encoded here"
        for key in [kVTCompressionPropertyKey_MVHEVCVideoLayerIDs, kVTCompressionPropertyKey_MVHEVCViewIDs,
                    kVTCompressionPropertyKey_MVHEVCLeftAndRightViewIDs, kVTCompressionPropertyKey_HasLeftStereoEyeView,
                    kVTCompressionPropertyKey_HasRightStereoEyeView, kVTCompressionPropertyKey_HeroEye,
                    kVTCompressionPropertyKey_StereoCameraBaseline, kVTCompressionPropertyKey_HorizontalDisparityAdjustment,
                    kVTCompressionPropertyKey_HorizontalFieldOfView, kVTCompressionPropertyKey_ProjectionKind,
                    kVTCompressionPropertyKey_ViewPackingKind, kVTCompressionPropertyKey_CameraCalibrationDataLensCollection] {
            table[key as String] = .unsupported(stereo)
        }
        return table
    }()
}
