import CoreVideo
import FFmpegBridge
import VideoToolbox

/// A compressed-video settings dictionary (`AVAssetWriterInput(mediaType: .video, outputSettings:)`), checked key
/// by key and turned into typed values. Construction fails with a `CodecSettingsError` naming the first key that is
/// unknown, of the wrong type, impossible, or not something this build can encode; nothing is ignored.
///
/// What every key does is in the decision table of `Sources/MediaCodecs/README.md`.
package struct VideoEncoderSettings: Sendable {
    /// The codec asked for.
    package var codec: AVVideoCodecType
    /// Output width (`AVVideoWidthKey`); `nil` takes the source's.
    package var width: Int?
    /// Output height (`AVVideoHeightKey`).
    package var height: Int?
    /// How sources of another size are fitted (`AVVideoScalingModeKey`; default: stretched whole).
    package var scalingMode: VideoScalingMode
    /// Colour to tag and convert the matrix to (`AVVideoColorPropertiesKey`); `nil` keeps the source's.
    package var color: VideoColorDescription?
    /// `AVVideoAllowWideColorKey`, when given.
    package var allowsWideColor: Bool?
    /// Pixel aspect ratio (`AVVideoPixelAspectRatioKey`).
    package var pixelAspectRatio: (horizontal: Int, vertical: Int)?
    /// Clean aperture (`AVVideoCleanApertureKey`) as Core Video's dictionary.
    package var cleanAperture: CleanAperture?
    /// The compression properties.
    package var compression: VideoCompressionProperties
    /// `kVTVideoEncoderSpecification_EnableLowLatencyRateControl` in the encoder specification: encode for
    /// real-time communication (as a live source).
    package var lowLatencyRateControl = false
    /// The encoder the codec maps to.
    package var encoder: FFEncoderImplementation

    /// A clean aperture in pixels (width, height, offsets of its centre from the picture's centre).
    package struct CleanAperture: Hashable, Sendable {
        package var width: Int, height: Int, horizontalOffset: Int, verticalOffset: Int

        /// Core Video's dictionary (`kCVImageBufferCleanAperture…Key`), which format descriptions share.
        package var dictionary: [String: Int] {
            [kCVImageBufferCleanApertureWidthKey as String: width, kCVImageBufferCleanApertureHeightKey as String: height,
             kCVImageBufferCleanApertureHorizontalOffsetKey as String: horizontalOffset,
             kCVImageBufferCleanApertureVerticalOffsetKey as String: verticalOffset]
        }
    }

    /// The top-level keys a compressed-video settings dictionary takes.
    package static let topLevelKeys = [AVVideoCodecKey, AVVideoWidthKey, AVVideoHeightKey, AVVideoScalingModeKey,
                                       AVVideoColorPropertiesKey, AVVideoAllowWideColorKey, AVVideoPixelAspectRatioKey,
                                       AVVideoCleanApertureKey, AVVideoCompressionPropertiesKey,
                                       AVVideoEncoderSpecificationKey]

    /// The codecs this build encodes, with their encoder.
    package static func encoder(for codec: AVVideoCodecType) -> FFEncoderImplementation? {
        let implementation: FFEncoderImplementation
        switch codec {
        case .h264: implementation = .libx264
        case .hevc: implementation = .libx265
        case .proRes422, .proRes422HQ, .proRes422LT, .proRes422Proxy, .proRes4444, .appleProRes4444XQ:
            implementation = .proresKS
        case .jpeg: implementation = .mjpeg
        default: return nil
        }
        return implementation.isAvailable ? implementation : nil
    }

    /// Checks and reads a settings dictionary.
    package init(outputSettings: [String: Any]) throws(CodecSettingsError) {
        var reader = SettingsReader(outputSettings)
        guard let codecName = try reader.string(AVVideoCodecKey) else {
            throw CodecSettingsError(.missingKey, key: AVVideoCodecKey, "a compressed-video settings dictionary must name a codec")
        }
        codec = AVVideoCodecType(rawValue: codecName)
        guard let encoder = Self.encoder(for: codec) else {
            let known: [AVVideoCodecType] = [.h264, .hevc, .proRes422, .proRes422HQ, .proRes422LT, .proRes422Proxy,
                                             .proRes4444, .appleProRes4444XQ, .jpeg]
            throw CodecSettingsError(.unsupported, key: AVVideoCodecKey,
                                     "no encoder for '\(codecName)' in this build; it encodes \(known.filter { Self.encoder(for: $0) != nil }.map(\.rawValue).joined(separator: ", "))")
        }
        self.encoder = encoder
        width = try reader.int(AVVideoWidthKey)
        height = try reader.int(AVVideoHeightKey)
        if (width == nil) != (height == nil) {
            throw CodecSettingsError(.missingKey, key: width == nil ? AVVideoWidthKey : AVVideoHeightKey,
                                     "a width and a height are given together or not at all")
        }
        for (key, value) in [(AVVideoWidthKey, width), (AVVideoHeightKey, height)] {
            guard let value else { continue }
            guard (1...Limits.maximumPictureDimension).contains(value) else {
                throw CodecSettingsError(.invalidValue, key: key, "\(value) is outside 1...\(Limits.maximumPictureDimension)")
            }
        }
        scalingMode = .stretch
        if let mode = try reader.choice(AVVideoScalingModeKey, from: VideoScalingMode.settingsValues) {
            scalingMode = VideoScalingMode(settingsValue: mode) ?? .stretch
        }
        color = try Self.readColor(&reader, key: AVVideoColorPropertiesKey)
        allowsWideColor = try reader.bool(AVVideoAllowWideColorKey)
        pixelAspectRatio = try Self.readPixelAspectRatio(&reader, key: AVVideoPixelAspectRatioKey)
        cleanAperture = try Self.readCleanAperture(&reader, key: AVVideoCleanApertureKey)
        if var specification = try reader.dictionary(AVVideoEncoderSpecificationKey) {
            lowLatencyRateControl = try Self.readEncoderSpecification(&specification)
        }
        var compressionReader = try reader.dictionary(AVVideoCompressionPropertiesKey)
        if compressionReader != nil {
            // Before macOS 10.9/iOS 7 these two belonged inside the compression properties (AVVideoSettings.h);
            // Apple still takes them there.
            // VideoToolbox's own key takes the same dictionary.
            for ratioKey in [AVVideoPixelAspectRatioKey, kVTCompressionPropertyKey_PixelAspectRatio as String] {
                guard let ratio = try Self.readPixelAspectRatio(&compressionReader!, key: ratioKey) else { continue }
                guard pixelAspectRatio == nil || pixelAspectRatio! == ratio else {
                    throw CodecSettingsError(.conflict, key: compressionReader!.keyPath(ratioKey),
                                             "differs from the pixel aspect ratio given elsewhere in the settings")
                }
                pixelAspectRatio = ratio
            }
            if let clap = try Self.readCleanAperture(&compressionReader!, key: AVVideoCleanApertureKey) {
                guard cleanAperture == nil || cleanAperture == clap else {
                    throw CodecSettingsError(.conflict, key: compressionReader!.keyPath(AVVideoCleanApertureKey),
                                             "differs from the top-level \(AVVideoCleanApertureKey)")
                }
                cleanAperture = clap
            }
        }
        compression = try VideoCompressionProperties(reader: &compressionReader, codec: codec)
        try reader.finish("a compressed-video settings dictionary")
        try validate()
    }

    /// Cross-key checks: sizes the codec can store, clean apertures inside the picture, profiles that fit the codec.
    private func validate() throws(CodecSettingsError) {
        let step = inputPixelFormat.chromaStep
        if let width, let height, scalingMode != .fit {
            guard width % step.x == 0 else {
                throw CodecSettingsError(.invalidValue, key: AVVideoWidthKey,
                                         "\(codec.rawValue) stores \(inputPixelFormat) pictures, so the width must be a multiple of \(step.x); \(width) is not")
            }
            guard height % step.y == 0 else {
                throw CodecSettingsError(.invalidValue, key: AVVideoHeightKey,
                                         "\(codec.rawValue) stores \(inputPixelFormat) pictures, so the height must be a multiple of \(step.y); \(height) is not")
            }
        }
        if let clap = cleanAperture, let width, let height {
            guard clap.width <= width, clap.height <= height else {
                throw CodecSettingsError(.invalidValue, key: AVVideoCleanApertureKey,
                                         "a \(clap.width)x\(clap.height) clean aperture does not fit a \(width)x\(height) picture")
            }
            guard abs(clap.horizontalOffset) * 2 <= width - clap.width, abs(clap.verticalOffset) * 2 <= height - clap.height else {
                throw CodecSettingsError(.invalidValue, key: AVVideoCleanApertureKey,
                                         "the offsets move the clean aperture outside the \(width)x\(height) picture")
            }
        }
    }

    /// The pixel format the encoder is fed (sources in any other format are converted).
    package var inputPixelFormat: FFPixelFormat {
        switch codec {
        case .h264:
            switch compression.profileLevel?.x264Profile?.profile {
            case .high10: return .yuv420p10le
            case .high422: return .yuv422p
            default: return .yuv420p
            }
        case .hevc:
            switch compression.profileLevel?.x265Profile {
            case .main10: return .yuv420p10le
            case .main422_10: return .yuv422p10le
            default: return .yuv420p
            }
        case .proRes4444, .appleProRes4444XQ: return .yuva444p10le
        case .jpeg: return .yuvj420p
        default: return .yuv422p10le
        }
    }

    /// The ProRes profile a ProRes codec type names.
    var proResProfile: FFProResProfile? {
        switch codec {
        case .proRes422Proxy: return .proxy
        case .proRes422LT: return .lt
        case .proRes422: return .standard
        case .proRes422HQ: return .hq
        case .proRes4444: return .p4444
        case .appleProRes4444XQ: return .p4444XQ
        default: return nil
        }
    }

    // MARK: Shared readers

    /// `AVVideoColorPropertiesKey`: all three keys, each a value Core Video names and a codec can signal.
    static func readColor(_ reader: inout SettingsReader, key: String) throws(CodecSettingsError) -> VideoColorDescription? {
        guard var color = try reader.dictionary(key) else { return nil }
        let primaries = [AVVideoColorPrimaries_ITU_R_709_2, AVVideoColorPrimaries_EBU_3213, AVVideoColorPrimaries_SMPTE_C,
                         AVVideoColorPrimaries_P3_D65, AVVideoColorPrimaries_ITU_R_2020]
        let transfers = [AVVideoTransferFunction_ITU_R_709_2, AVVideoTransferFunction_SMPTE_240M_1995,
                         AVVideoTransferFunction_SMPTE_ST_2084_PQ, AVVideoTransferFunction_ITU_R_2100_HLG,
                         AVVideoTransferFunction_Linear, AVVideoTransferFunction_IEC_sRGB]
        let matrices = [AVVideoYCbCrMatrix_ITU_R_709_2, AVVideoYCbCrMatrix_ITU_R_601_4, AVVideoYCbCrMatrix_SMPTE_240M_1995,
                        AVVideoYCbCrMatrix_ITU_R_2020]
        let result = VideoColorDescription(primaries: try color.choice(AVVideoColorPrimariesKey, from: primaries),
                                           transferFunction: try color.choice(AVVideoTransferFunctionKey, from: transfers),
                                           yCbCrMatrix: try color.choice(AVVideoYCbCrMatrixKey, from: matrices))
        // AVVideoSettings.h: "Clients who specify AVVideoColorPropertiesKey must specify a color primary, transfer
        // function, and Y'CbCr matrix."
        for (name, value) in [(AVVideoColorPrimariesKey, result.primaries), (AVVideoTransferFunctionKey, result.transferFunction),
                              (AVVideoYCbCrMatrixKey, result.yCbCrMatrix)] where value == nil {
            throw CodecSettingsError(.missingKey, key: color.keyPath(name), "colour properties need all three of primaries, transfer function and matrix")
        }
        try color.finish("AVVideoColorPropertiesKey")
        return result
    }

    /// `AVVideoPixelAspectRatioKey`: two positive whole spacings.
    static func readPixelAspectRatio(_ reader: inout SettingsReader, key: String) throws(CodecSettingsError)
        -> (horizontal: Int, vertical: Int)? {
        guard var ratio = try reader.dictionary(key) else { return nil }
        let h = try ratio.int(AVVideoPixelAspectRatioHorizontalSpacingKey)
        let v = try ratio.int(AVVideoPixelAspectRatioVerticalSpacingKey)
        try ratio.finish("AVVideoPixelAspectRatioKey")
        for (name, value) in [(AVVideoPixelAspectRatioHorizontalSpacingKey, h), (AVVideoPixelAspectRatioVerticalSpacingKey, v)] {
            guard let value else { throw CodecSettingsError(.missingKey, key: ratio.keyPath(name), "both spacings are required") }
            guard value > 0, value <= Int(Int32.max) else {
                throw CodecSettingsError(.invalidValue, key: ratio.keyPath(name), "\(value) is not a positive 32-bit spacing")
            }
        }
        return (h!, v!)
    }

    /// `AVVideoCleanApertureKey`: positive width and height, whole offsets.
    static func readCleanAperture(_ reader: inout SettingsReader, key: String) throws(CodecSettingsError) -> CleanAperture? {
        guard var clap = try reader.dictionary(key) else { return nil }
        let width = try clap.int(AVVideoCleanApertureWidthKey)
        let height = try clap.int(AVVideoCleanApertureHeightKey)
        let horizontal = try clap.int(AVVideoCleanApertureHorizontalOffsetKey)
        let vertical = try clap.int(AVVideoCleanApertureVerticalOffsetKey)
        try clap.finish("AVVideoCleanApertureKey")
        for (name, value) in [(AVVideoCleanApertureWidthKey, width), (AVVideoCleanApertureHeightKey, height),
                              (AVVideoCleanApertureHorizontalOffsetKey, horizontal), (AVVideoCleanApertureVerticalOffsetKey, vertical)] {
            guard let value else { throw CodecSettingsError(.missingKey, key: clap.keyPath(name), "all four clean aperture values are required") }
            guard abs(value) <= Limits.maximumPictureDimension else {
                throw CodecSettingsError(.invalidValue, key: clap.keyPath(name), "\(value) is outside ±\(Limits.maximumPictureDimension)")
            }
        }
        guard width! > 0 else { throw CodecSettingsError(.invalidValue, key: clap.keyPath(AVVideoCleanApertureWidthKey), "must be positive") }
        guard height! > 0 else { throw CodecSettingsError(.invalidValue, key: clap.keyPath(AVVideoCleanApertureHeightKey), "must be positive") }
        return CleanAperture(width: width!, height: height!, horizontalOffset: horizontal!, verticalOffset: vertical!)
    }

    /// `AVVideoEncoderSpecificationKey`: there is one software encoder per codec and no hardware one, so requiring
    /// hardware, a GPU or another encoder fails, and preferring them (a preference) is satisfied by software.
    /// Returns whether low-latency rate control was asked for.
    static func readEncoderSpecification(_ reader: inout SettingsReader) throws(CodecSettingsError) -> Bool {
        _ = try reader.bool(kVTVideoEncoderSpecification_EnableHardwareAcceleratedVideoEncoder as String)
        _ = try reader.int(kVTVideoEncoderSpecification_PreferredEncoderGPURegistryID as String)
        if try reader.bool(kVTVideoEncoderSpecification_RequireHardwareAcceleratedVideoEncoder as String) == true {
            throw CodecSettingsError(.unsupported, key: reader.keyPath(kVTVideoEncoderSpecification_RequireHardwareAcceleratedVideoEncoder as String),
                                     "there is no hardware-accelerated video encoder here")
        }
        if try reader.int(kVTVideoEncoderSpecification_RequiredEncoderGPURegistryID as String) != nil {
            throw CodecSettingsError(.unsupported, key: reader.keyPath(kVTVideoEncoderSpecification_RequiredEncoderGPURegistryID as String),
                                     "there is no GPU encoder here")
        }
        if let id = try reader.string(kVTVideoEncoderSpecification_EncoderID as String) {
            throw CodecSettingsError(.unsupported, key: reader.keyPath(kVTVideoEncoderSpecification_EncoderID as String),
                                     "there is no encoder '\(id)' here: each codec has one software encoder, chosen by AVVideoCodecKey")
        }
        let lowLatency = try reader.bool(kVTVideoEncoderSpecification_EnableLowLatencyRateControl as String) == true
        try reader.finish("AVVideoEncoderSpecificationKey")
        return lowLatency
    }
}
