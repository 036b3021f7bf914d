/// Constant-quality rate control.
package enum FFVideoQuality: Sendable, Hashable {
    /// x264/x265 constant rate factor (0 lossless … 51 worst; 23 is x264's default, 28 x265's).
    case constantRateFactor(Double)
    /// A fixed quantiser scale (1 best … 31 worst) for Motion JPEG, MPEG-4 Part 2 and ProRes (ProRes takes up to
    /// 224 in prores_ks).
    case quantizer(Int)
}

/// Two-pass encoding: the first pass writes statistics into a directory the caller owns, the second reads them.
package enum FFTwoPassMode: Sendable, Hashable {
    /// Analyse: write statistics to `statisticsDirectory` (the packets of this pass are not meant to be kept).
    case firstPass(statisticsDirectory: String)
    /// Encode using the statistics a first pass wrote to `statisticsDirectory`.
    case secondPass(statisticsDirectory: String)

    /// The directory holding the statistics.
    package var statisticsDirectory: String {
        switch self {
        case .firstPass(let directory), .secondPass(let directory): return directory
        }
    }
}

/// Everything a video encoder is created from. Every value set is honoured or creation fails with an `FFError`
/// naming the setting; `nil` means "the encoder's default".
package struct FFVideoEncoderConfiguration: Sendable, Hashable {
    /// The encoder implementation (`.libx264`, `.libx265`, `.proresKS`, `.mjpeg`, …).
    package var encoder: FFEncoderImplementation
    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int
    /// The pixel format frames will arrive in (must be one the encoder accepts; see
    /// `FFVideoEncoder.supportedPixelFormats(of:)`).
    package var pixelFormat: FFPixelFormat
    /// The time base of frame timestamps and of the packets' pts/dts/duration.
    package var timeBase: FFRational
    /// The nominal frame rate (rate control and GOP length in seconds need one). Default: 30 fps.
    package var frameRate: FFRational?
    /// Average bit rate in bits per second.
    package var bitRate: Int?
    /// Peak bit rate in bits per second (VBV/HRD maximum rate); needs `bufferSize`.
    package var maxBitRate: Int?
    /// VBV/HRD buffer size in bits.
    package var bufferSize: Int?
    /// Constant-quality rate control instead of (or, for x264/x265 with `maxBitRate`, capped by) a bit rate.
    package var quality: FFVideoQuality?
    /// Most frames from one key frame to the next (1 = all key frames).
    package var maxKeyFrameInterval: Int?
    /// Longest time from one key frame to the next, in `timeBase` ticks; combined with `frameRate` and
    /// `maxKeyFrameInterval` (the smaller wins).
    package var maxKeyFrameIntervalDuration: Int64?
    /// Most consecutive B-frames; 0 forbids frame reordering.
    package var maxBFrames: Int?
    /// Profile restriction.
    package var profile: FFVideoProfile?
    /// Level, as the standard writes it ("3.1", "4", "5.1"; H.264 also "1b").
    package var level: String?
    /// x264/x265 speed preset ("ultrafast" … "placebo").
    package var preset: String?
    /// x264/x265 tuning ("film", "animation", "grain", "zerolatency", …).
    package var tune: String?
    /// Colour description written into the stream (VUI / ProRes header / JPEG).
    package var colorProperties: FFColorProperties
    /// Pixel aspect ratio written into the stream, when not square.
    package var sampleAspectRatio: FFRational?
    /// Encoding threads; `nil` lets the encoder use every core.
    package var threadCount: Int?
    /// Put parameter sets in `FFVideoEncoder.extradata` (for avcC/hvcC) instead of repeating them in key frames.
    package var usesGlobalHeader: Bool
    /// Two-pass mode, or `nil` for one pass.
    package var twoPass: FFTwoPassMode?
    /// Further FFmpeg options, set last by name on the codec context or the encoder's private options
    /// (`"x264-params": "aq-mode=3"`); an unknown name fails creation.
    package var options: [String: String]

    /// A configuration with defaults for everything but the essentials.
    package init(encoder: FFEncoderImplementation, width: Int, height: Int, pixelFormat: FFPixelFormat,
                 timeBase: FFRational, frameRate: FFRational? = nil, colorProperties: FFColorProperties = .unspecified) {
        self.encoder = encoder
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        self.timeBase = timeBase
        self.frameRate = frameRate
        self.colorProperties = colorProperties
        usesGlobalHeader = true
        options = [:]
    }

    /// Whether every frame of the codec is a key frame.
    var isIntraOnly: Bool { encoder.codec == .prores || encoder.codec == .mjpeg }
}
