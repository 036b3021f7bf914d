import CoreVideo
import FFmpegBridge
import VideoToolbox

/// The contents of `AVVideoCompressionPropertiesKey`, checked against what the codec's encoder supports, as
/// AVFoundation checks them against the encoder's supported-property dictionary ("Compression property %@ is not
/// supported for video codec type %@").
package struct VideoCompressionProperties: Sendable {
    /// `AVVideoAverageBitRateKey`, bits per second.
    package var averageBitRate: Int?
    /// `AVVideoQualityKey`, 0...1.
    package var quality: Double?
    /// `AVVideoMaxKeyFrameIntervalKey`, frames (1: every frame a key frame).
    package var maxKeyFrameInterval: Int?
    /// `AVVideoMaxKeyFrameIntervalDurationKey`, seconds (`nil` or 0: no limit).
    package var maxKeyFrameIntervalDuration: Double?
    /// `AVVideoAllowFrameReorderingKey`.
    package var allowsFrameReordering: Bool?
    /// `AVVideoProfileLevelKey`.
    package var profileLevel: ProfileLevel?
    /// `AVVideoH264EntropyModeKey`: true for CABAC, false for CAVLC.
    package var usesCABAC: Bool?
    /// `AVVideoExpectedSourceFrameRateKey`, frames per second.
    package var expectedSourceFrameRate: Double?
    /// `AVVideoAverageNonDroppableFrameRateKey`, frames per second.
    package var averageNonDroppableFrameRate: Double?
    /// `kVTCompressionPropertyKey_DataRateLimits`: pairs of (bytes, seconds).
    package var dataRateLimits: [(bytes: Int, seconds: Double)]?
    /// `kVTCompressionPropertyKey_AllowTemporalCompression` (false: every frame a key frame).
    package var allowsTemporalCompression: Bool?
    /// `kVTCompressionPropertyKey_PrioritizeEncodingSpeedOverQuality`.
    package var prioritizesSpeed: Bool?
    /// Encoder controls beyond Apple's AVVideoSettings.h keys (`kVTCompressionPropertyKey_…`).
    package var controls = EncoderControls()

    /// The VideoToolbox compression properties x264 and x265 honour beyond AVVideoSettings.h's keys.
    package struct EncoderControls: Sendable, Equatable {
        /// `RealTime` true: encode as a live source needs (as `expectsMediaDataInRealTime`).
        package var realTime: Bool?
        /// `MinAllowedFrameQP` / `MaxAllowedFrameQP`: bounds on every frame's quantiser.
        package var minQP: Int?
        package var maxQP: Int?
        /// `ReferenceBufferCount`: most reference frames.
        package var referenceFrames: Int?
        /// `SpatialAdaptiveQPLevel` = `kVTQPModulationLevel_Disable`: no adaptive quantisation.
        package var disablesAdaptiveQuantization = false
        /// `AllowOpenGOP` false: every key frame closes its group of pictures.
        package var forbidsOpenGOP = false
        /// `MaxFrameDelayCount` (not unlimited): most frames the encoder may hold before returning one.
        package var maxFrameDelay: Int?
        /// `MaxH264SliceBytes`: largest slice.
        package var maxSliceBytes: Int?
        /// `ConstantBitRate`, bits per second.
        package var constantBitRate: Int?
        /// `VBVMaxBitRate`, bits per second, `VBVBufferDuration`, seconds, and `VBVInitialDelayPercentage`.
        package var vbvMaxBitRate: Int?
        package var vbvBufferDuration: Double?
        package var vbvInitialDelayPercentage: Double?
        /// `SuggestedLookAheadFrameCount`.
        package var lookAheadFrames: Int?
    }

    /// The keys each codec's encoder takes.
    package static func supportedKeys(for codec: AVVideoCodecType) -> [String] {
        switch codec {
        case .h264:
            return [AVVideoAverageBitRateKey, AVVideoQualityKey, AVVideoMaxKeyFrameIntervalKey,
                    AVVideoMaxKeyFrameIntervalDurationKey, AVVideoAllowFrameReorderingKey, AVVideoProfileLevelKey,
                    AVVideoH264EntropyModeKey, AVVideoExpectedSourceFrameRateKey, AVVideoAverageNonDroppableFrameRateKey,
                    kVTCompressionPropertyKey_DataRateLimits as String, kVTCompressionPropertyKey_AllowTemporalCompression as String,
                    kVTCompressionPropertyKey_PrioritizeEncodingSpeedOverQuality as String] + x26xControlKeys
                + [kVTCompressionPropertyKey_MaxH264SliceBytes as String]
        case .hevc:
            return supportedKeys(for: .h264).filter {
                $0 != AVVideoH264EntropyModeKey && $0 != kVTCompressionPropertyKey_MaxH264SliceBytes as String
            }
        case .jpeg:
            // AVFoundation skips its supported-property check for AverageBitRate and MaxKeyFrameInterval with JPEG;
            // both are honoured: a rate-controlled Motion JPEG stream, and an interval every intra-only stream meets.
            return [AVVideoQualityKey, AVVideoAverageBitRateKey, AVVideoMaxKeyFrameIntervalKey]
        default:
            // ProRes has no rate control or GOP: its data rate follows the profile.
            return []
        }
    }

    /// The keys read into `EncoderControls` (x264 and x265 only).
    static let x26xControlKeys = [
        kVTCompressionPropertyKey_RealTime as String, kVTCompressionPropertyKey_MinAllowedFrameQP as String,
        kVTCompressionPropertyKey_MaxAllowedFrameQP as String, kVTCompressionPropertyKey_ReferenceBufferCount as String,
        kVTCompressionPropertyKey_SpatialAdaptiveQPLevel as String, kVTCompressionPropertyKey_AllowOpenGOP as String,
        kVTCompressionPropertyKey_MaxFrameDelayCount as String, kVTCompressionPropertyKey_ConstantBitRate as String,
        kVTCompressionPropertyKey_VBVMaxBitRate as String, kVTCompressionPropertyKey_VBVBufferDuration as String,
        kVTCompressionPropertyKey_VBVInitialDelayPercentage as String, kVTCompressionPropertyKey_SuggestedLookAheadFrameCount as String,
        kVTCompressionPropertyKey_VariableBitRate as String,
    ]

    /// Keys that state a fact about the output rather than shape it; each is accepted when the fact holds here.
    static let statedFactKeys = [
        kVTCompressionPropertyKey_FieldCount as String, kVTCompressionPropertyKey_ProgressiveScan as String, kVTCompressionPropertyKey_Depth as String,
        kVTCompressionPropertyKey_OutputBitDepth as String, kVTCompressionPropertyKey_HDRMetadataInsertionMode as String,
    ]

    /// Reads and checks the properties (`reader` is `nil` when the key is absent).
    init(reader: inout SettingsReader?, codec: AVVideoCodecType) throws(CodecSettingsError) {
        guard var r = reader else { return }
        let supported = Set(Self.supportedKeys(for: codec) + Self.statedFactKeys)
        for key in r.values.keys.sorted() where !supported.contains(key) {
            switch VideoCompressionKeyCatalog.treatment(of: key) {
            case .hint(let type)?:
                try Self.checkHint(&r, key: key, type: type)
            case .readOnly?:
                throw CodecSettingsError(.invalidValue, key: r.keyPath(key),
                                         "compression property \(key) is read-only: an encoder reports it, a caller cannot set it")
            case .unsupported(let why)?:
                throw CodecSettingsError(.unsupported, key: r.keyPath(key), "compression property \(key) cannot be honoured: \(why)")
            case nil:
                throw CodecSettingsError(.unsupported, key: r.keyPath(key),
                                         "compression property \(key) is not supported for video codec type \(codec.rawValue)")
            }
        }
        averageBitRate = try r.int(AVVideoAverageBitRateKey)
        if let rate = averageBitRate, rate <= 0 {
            throw CodecSettingsError(.invalidValue, key: r.keyPath(AVVideoAverageBitRateKey), "must be positive, not \(rate)")
        }
        if let rate = try r.int(kVTCompressionPropertyKey_VariableBitRate as String) {
            // A variable-bit-rate target is what x264's and x265's average-bit-rate control aims at.
            guard averageBitRate == nil else {
                throw CodecSettingsError(.conflict, key: r.keyPath(kVTCompressionPropertyKey_VariableBitRate as String),
                                         "give one target: AverageBitRate or VariableBitRate")
            }
            guard rate > 0 else {
                throw CodecSettingsError(.invalidValue, key: r.keyPath(kVTCompressionPropertyKey_VariableBitRate as String), "must be positive, not \(rate)")
            }
            averageBitRate = rate
        }
        quality = try r.double(AVVideoQualityKey)
        if let quality, !(0...1).contains(quality) {
            throw CodecSettingsError(.invalidValue, key: r.keyPath(AVVideoQualityKey), "must be between 0.0 and 1.0, not \(quality)")
        }
        maxKeyFrameInterval = try r.int(AVVideoMaxKeyFrameIntervalKey)
        if let interval = maxKeyFrameInterval, interval <= 0 {
            throw CodecSettingsError(.invalidValue, key: r.keyPath(AVVideoMaxKeyFrameIntervalKey), "must be positive, not \(interval)")
        }
        maxKeyFrameIntervalDuration = try r.double(AVVideoMaxKeyFrameIntervalDurationKey)
        if let duration = maxKeyFrameIntervalDuration, duration < 0 {
            throw CodecSettingsError(.invalidValue, key: r.keyPath(AVVideoMaxKeyFrameIntervalDurationKey),
                                     "must not be negative (0 means no limit), not \(duration)")
        }
        allowsFrameReordering = try r.bool(AVVideoAllowFrameReorderingKey)
        if let text = try r.string(AVVideoProfileLevelKey) {
            guard let profile = ProfileLevel(text) else {
                throw CodecSettingsError(.invalidValue, key: r.keyPath(AVVideoProfileLevelKey), "'\(text)' is not a profile/level string")
            }
            let matches = (codec == .h264 && profile.codec == .h264) || (codec == .hevc && profile.codec == .hevc)
            guard matches else {
                throw CodecSettingsError(.conflict, key: r.keyPath(AVVideoProfileLevelKey),
                                         "'\(text)' is a \(profile.codec.rawValue) profile; the codec is \(codec.rawValue)")
            }
            if profile.codec == .h264, profile.x264Profile == nil {
                throw CodecSettingsError(.unsupported, key: r.keyPath(AVVideoProfileLevelKey),
                                         "x264 cannot restrict itself to the H.264 \(profile.profile) profile")
            }
            if profile.codec == .hevc, profile.x265Profile == nil {
                throw CodecSettingsError(.unsupported, key: r.keyPath(AVVideoProfileLevelKey),
                                         "x265 cannot restrict itself to the HEVC \(profile.profile) profile")
            }
            if profile.codec == .hevc, let level = profile.level, !["1", "2", "2.1", "3", "3.1", "4", "4.1", "5", "5.1", "5.2",
                                                                   "6", "6.1", "6.2"].contains(level) {
                throw CodecSettingsError(.invalidValue, key: r.keyPath(AVVideoProfileLevelKey), "HEVC has no level \(level)")
            }
            profileLevel = profile
        }
        if let mode = try r.choice(AVVideoH264EntropyModeKey, from: [AVVideoH264EntropyModeCAVLC, AVVideoH264EntropyModeCABAC]) {
            usesCABAC = mode == AVVideoH264EntropyModeCABAC
            if usesCABAC == true, profileLevel?.x264Profile?.profile == .baseline {
                throw CodecSettingsError(.conflict, key: r.keyPath(AVVideoH264EntropyModeKey),
                                         "CABAC is not allowed in the Baseline profile (H.264 A.2.1)")
            }
        }
        expectedSourceFrameRate = try r.double(AVVideoExpectedSourceFrameRateKey)
        if let rate = expectedSourceFrameRate, !(rate > 0 && rate <= 1000) {
            throw CodecSettingsError(.invalidValue, key: r.keyPath(AVVideoExpectedSourceFrameRateKey), "must be in (0, 1000] frames per second, not \(rate)")
        }
        averageNonDroppableFrameRate = try r.double(AVVideoAverageNonDroppableFrameRateKey)
        if let rate = averageNonDroppableFrameRate {
            guard rate > 0 else {
                throw CodecSettingsError(.invalidValue, key: r.keyPath(AVVideoAverageNonDroppableFrameRateKey), "must be positive, not \(rate)")
            }
            if let expected = expectedSourceFrameRate, rate > expected {
                throw CodecSettingsError(.conflict, key: r.keyPath(AVVideoAverageNonDroppableFrameRateKey),
                                         "\(rate) non-droppable frames per second is more than the expected \(expected) frames per second")
            }
        }
        if let raw = r.raw(kVTCompressionPropertyKey_DataRateLimits as String) {
            guard let list = raw as? [Any], !list.isEmpty, list.count % 2 == 0 else {
                throw CodecSettingsError(.wrongType, key: r.keyPath(kVTCompressionPropertyKey_DataRateLimits as String),
                                         "must be an array of (bytes, seconds) pairs")
            }
            var pairs: [(bytes: Int, seconds: Double)] = []
            for index in stride(from: 0, to: list.count, by: 2) {
                guard let bytes = AttributeValue.int(list[index]), let seconds = AttributeValue.double(list[index + 1]),
                      bytes > 0, seconds > 0, seconds.isFinite else {
                    throw CodecSettingsError(.invalidValue, key: r.keyPath(kVTCompressionPropertyKey_DataRateLimits as String),
                                             "pair \(index / 2) must be a positive byte count and a positive number of seconds")
                }
                pairs.append((bytes, seconds))
            }
            dataRateLimits = pairs
        }
        allowsTemporalCompression = try r.bool(kVTCompressionPropertyKey_AllowTemporalCompression as String)
        prioritizesSpeed = try r.bool(kVTCompressionPropertyKey_PrioritizeEncodingSpeedOverQuality as String)
        controls = try EncoderControls(&r, codec: codec)
        try controls.checkAgainst(averageBitRate: averageBitRate, quality: quality, dataRateLimits: dataRateLimits, reader: r)
        try checkStatedFacts(&r, codec: codec)
        if profileLevel?.x264Profile?.forbidsBFrames == true, allowsFrameReordering == true, averageNonDroppableFrameRate != nil {
            throw CodecSettingsError(.conflict, key: r.keyPath(AVVideoAverageNonDroppableFrameRateKey),
                                     "droppable frames need B-frames, which the \(profileLevel!.profile) profile forbids")
        }
        if allowsFrameReordering == false, averageNonDroppableFrameRate != nil, expectedSourceFrameRate.map({ $0 > averageNonDroppableFrameRate! }) ?? true {
            throw CodecSettingsError(.conflict, key: r.keyPath(AVVideoAverageNonDroppableFrameRateKey),
                                     "droppable frames are non-reference B-frames here, which AllowFrameReordering false forbids")
        }
        if averageBitRate != nil, quality != nil, dataRateLimits != nil {
            throw CodecSettingsError(.conflict, key: r.keyPath(kVTCompressionPropertyKey_DataRateLimits as String),
                                     "with both AverageBitRate and Quality, the bit rate already caps the quality encode; drop one of the three")
        }
        if codec == .jpeg, averageBitRate != nil, quality != nil {
            throw CodecSettingsError(.conflict, key: r.keyPath(AVVideoQualityKey),
                                     "Motion JPEG takes either a quality or a bit rate, not both")
        }
        try r.finish("AVVideoCompressionPropertiesKey")
        reader = r
    }

    /// No properties.
    package init() {}
}
