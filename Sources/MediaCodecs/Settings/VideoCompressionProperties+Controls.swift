import VideoToolbox

extension VideoCompressionProperties.EncoderControls {
    /// Reads the controls; each is checked on its own here, and against the rate-control keys by `checkAgainst`.
    init(_ r: inout SettingsReader, codec: AVVideoCodecType) throws(CodecSettingsError) {
        func positive(_ key: String, upTo limit: Int = .max) throws(CodecSettingsError) -> Int? {
            guard let value = try r.int(key) else { return nil }
            guard value > 0, value <= limit else {
                throw CodecSettingsError(.invalidValue, key: r.keyPath(key), "must be in 1...\(limit), not \(value)")
            }
            return value
        }
        realTime = try r.bool(kVTCompressionPropertyKey_RealTime as String)
        // H.264 and 8-bit HEVC quantisers run 0...51 (H.264 §7.4.2.2; x265 takes the same range).
        for (key, path) in [(kVTCompressionPropertyKey_MinAllowedFrameQP as String, \Self.minQP),
                            (kVTCompressionPropertyKey_MaxAllowedFrameQP as String, \Self.maxQP)] {
            guard let qp = try r.int(key) else { continue }
            guard (0...51).contains(qp) else {
                throw CodecSettingsError(.invalidValue, key: r.keyPath(key), "a quantiser must be in 0...51, not \(qp)")
            }
            self[keyPath: path] = qp
        }
        if let low = minQP, let high = maxQP, low > high {
            throw CodecSettingsError(.conflict, key: r.keyPath(kVTCompressionPropertyKey_MinAllowedFrameQP as String),
                                     "the smallest allowed quantiser \(low) is above the largest \(high)")
        }
        // Both encoders keep at most 16 reference frames (H.264 A.3.1 max_num_ref_frames, x265 --ref 1...16).
        referenceFrames = try positive(kVTCompressionPropertyKey_ReferenceBufferCount as String, upTo: 16)
        if let level = try r.int(kVTCompressionPropertyKey_SpatialAdaptiveQPLevel as String) {
            switch Int32(clamping: level) {
            case kVTQPModulationLevel_Default: break
            case kVTQPModulationLevel_Disable: disablesAdaptiveQuantization = true
            default:
                throw CodecSettingsError(.invalidValue, key: r.keyPath(kVTCompressionPropertyKey_SpatialAdaptiveQPLevel as String),
                                         "must be kVTQPModulationLevel_Default (-1) or kVTQPModulationLevel_Disable (0), not \(level)")
            }
        }
        // Allowing open GOPs is a permission: closed ones satisfy it.
        forbidsOpenGOP = try r.bool(kVTCompressionPropertyKey_AllowOpenGOP as String) == false
        if let delay = try r.int(kVTCompressionPropertyKey_MaxFrameDelayCount as String), delay != kVTUnlimitedFrameDelayCount {
            guard delay >= 0 else {
                throw CodecSettingsError(.invalidValue, key: r.keyPath(kVTCompressionPropertyKey_MaxFrameDelayCount as String),
                                         "must be a frame count or kVTUnlimitedFrameDelayCount (-1), not \(delay)")
            }
            maxFrameDelay = delay
        }
        maxSliceBytes = try positive(kVTCompressionPropertyKey_MaxH264SliceBytes as String)
        constantBitRate = try positive(kVTCompressionPropertyKey_ConstantBitRate as String)
        vbvMaxBitRate = try positive(kVTCompressionPropertyKey_VBVMaxBitRate as String)
        if let seconds = try r.double(kVTCompressionPropertyKey_VBVBufferDuration as String) {
            guard seconds > 0, seconds <= 60 else {
                throw CodecSettingsError(.invalidValue, key: r.keyPath(kVTCompressionPropertyKey_VBVBufferDuration as String),
                                         "must be in (0, 60] seconds, not \(seconds)")
            }
            vbvBufferDuration = seconds
        }
        if let percent = try r.double(kVTCompressionPropertyKey_VBVInitialDelayPercentage as String) {
            guard percent > 0, percent <= 100 else {
                throw CodecSettingsError(.invalidValue, key: r.keyPath(kVTCompressionPropertyKey_VBVInitialDelayPercentage as String),
                                         "must be in (0, 100] percent, not \(percent)")
            }
            vbvInitialDelayPercentage = percent
        }
        // x264 and x265 look ahead at most 250 frames.
        lookAheadFrames = try positive(kVTCompressionPropertyKey_SuggestedLookAheadFrameCount as String, upTo: 250)
    }

    /// Fails when a control contradicts the rate-control keys.
    func checkAgainst(averageBitRate: Int?, quality: Double?, dataRateLimits: [(bytes: Int, seconds: Double)]?,
                      reader r: SettingsReader) throws(CodecSettingsError) {
        if constantBitRate != nil {
            for (present, key) in [(averageBitRate != nil, AVVideoAverageBitRateKey), (quality != nil, AVVideoQualityKey),
                                   (dataRateLimits != nil, kVTCompressionPropertyKey_DataRateLimits as String),
                                   (vbvMaxBitRate != nil, kVTCompressionPropertyKey_VBVMaxBitRate as String)] where present {
                throw CodecSettingsError(.conflict, key: r.keyPath(kVTCompressionPropertyKey_ConstantBitRate as String),
                                         "a constant bit rate sets the rate and its peak; drop \(key)")
            }
        }
        if vbvMaxBitRate != nil, dataRateLimits != nil {
            throw CodecSettingsError(.conflict, key: r.keyPath(kVTCompressionPropertyKey_VBVMaxBitRate as String),
                                     "DataRateLimits already set the peak rate and buffer; give one or the other")
        }
        if let peak = vbvMaxBitRate, let rate = averageBitRate, rate > peak {
            throw CodecSettingsError(.conflict, key: r.keyPath(AVVideoAverageBitRateKey),
                                     "\(rate) b/s is above the \(peak) b/s VBVMaxBitRate allows")
        }
        if vbvMaxBitRate == nil, constantBitRate == nil {
            for (present, key) in [(vbvBufferDuration != nil, kVTCompressionPropertyKey_VBVBufferDuration as String),
                                   (vbvInitialDelayPercentage != nil, kVTCompressionPropertyKey_VBVInitialDelayPercentage as String)]
                where present {
                throw CodecSettingsError(.conflict, key: r.keyPath(key), "needs VBVMaxBitRate or ConstantBitRate to size the buffer")
            }
        }
    }
}

extension VideoCompressionProperties {
    /// Accepts a hint after checking its type.
    static func checkHint(_ r: inout SettingsReader, key: String, type: VideoCompressionKeyCatalog.HintType) throws(CodecSettingsError) {
        switch type {
        case .bool: _ = try r.bool(key)
        case .number: _ = try r.double(key)
        case .positiveNumber:
            if let value = try r.double(key), value <= 0 {
                throw CodecSettingsError(.invalidValue, key: r.keyPath(key), "must be positive, not \(value)")
            }
        }
    }

    /// Accepts the keys that state a fact about the output when the fact holds for what is encoded here.
    func checkStatedFacts(_ r: inout SettingsReader, codec: AVVideoCodecType) throws(CodecSettingsError) {
        if let fields = try r.int(kVTCompressionPropertyKey_FieldCount as String), fields != 1 {
            throw CodecSettingsError(.unsupported, key: r.keyPath(kVTCompressionPropertyKey_FieldCount as String),
                                     "interlaced encoding is not offered here; only 1 (progressive) holds, not \(fields)")
        }
        if try r.bool(kVTCompressionPropertyKey_ProgressiveScan as String) == false {
            throw CodecSettingsError(.unsupported, key: r.keyPath(kVTCompressionPropertyKey_ProgressiveScan as String),
                                     "interlaced encoding is not offered here")
        }
        let hasAlpha = codec == .proRes4444 || codec == .appleProRes4444XQ
        if let depth = try r.int(kVTCompressionPropertyKey_Depth as String), depth != (hasAlpha ? 32 : 24) {
            throw CodecSettingsError(.unsupported, key: r.keyPath(kVTCompressionPropertyKey_Depth as String),
                                     "\(codec.rawValue) is encoded at depth \(hasAlpha ? 32 : 24) here, not \(depth)")
        }
        if let bits = try r.int(kVTCompressionPropertyKey_OutputBitDepth as String) {
            let encoded: Int
            switch codec {
            case .h264: encoded = ["High10", "High422"].contains(profileLevel?.profile ?? "") ? 10 : 8
            case .hevc: encoded = [.main10, .main422_10].contains(profileLevel?.x265Profile) ? 10 : 8
            case .jpeg: encoded = 8
            default: encoded = 10
            }
            guard bits == encoded else {
                throw CodecSettingsError(.conflict, key: r.keyPath(kVTCompressionPropertyKey_OutputBitDepth as String),
                                         "these settings encode \(codec.rawValue) at \(encoded) bits; choose the bit depth with AVVideoProfileLevelKey (HEVC_Main10_AutoLevel for 10 bits)")
            }
        }
        if let mode = try r.string(kVTCompressionPropertyKey_HDRMetadataInsertionMode as String), mode != kVTHDRMetadataInsertionMode_None as String {
            throw CodecSettingsError(.unsupported, key: r.keyPath(kVTCompressionPropertyKey_HDRMetadataInsertionMode as String),
                                     "HDR metadata is not inserted here; only \(kVTHDRMetadataInsertionMode_None as String) holds, not '\(mode)'")
        }
    }
}
