import CoreVideo
import FFmpegBridge
import VideoToolbox

/// How `VideoEncoderSettings` become an FFmpeg encoder configuration, once the output size and colour are known.
/// The mapping of every key is tabulated in `Sources/MediaCodecs/README.md`.
struct VideoEncoderPlan {
    /// The encoder configuration.
    var configuration: FFVideoEncoderConfiguration
    /// The nominal frame rate, frames per second (timestamps are counted in frames of this rate).
    var frameRate: FFRational
    /// The longest time between forced key frames, when `AVVideoMaxKeyFrameIntervalDurationKey` is set.
    var maxKeyFrameIntervalDuration: Double?

    /// x264's and x265's preset when nothing asks for another: FFmpeg's and both encoders' own default.
    static let defaultPreset = "medium"

    /// Frames of rate-control look-ahead in real time when frame reordering is asked for: enough for x264's and
    /// x265's adaptive B-frame decision over their default three B-frames, a third of a second at 30 fps.
    static let realTimeLookahead = 10

    /// The frame rate to count timestamps in: the expected source frame rate as an exact rational when it is a
    /// whole or NTSC (×1000/1001) rate, else to a thousandth; 30 when the settings give none (only a rate-control
    /// hint either way: timestamps are carried exactly whatever it is).
    static func frameRate(_ expected: Double?) -> FFRational {
        guard let fps = expected else { return FFRational(30, 1) }
        let whole = fps.rounded()
        if abs(fps - whole) < 1e-6 { return FFRational(Int32(whole), 1) }
        let ntsc = (fps * 1.001).rounded()
        if abs(fps - ntsc * 1000 / 1001) < 1e-4 { return FFRational(Int32(ntsc * 1000), 1001) }
        return FFRational(Int32((fps * 1000).rounded()), 1000)
    }

    /// Builds the configuration; `realTime` for a live source (`expectsMediaDataInRealTime`).
    init(settings: VideoEncoderSettings, width: Int, height: Int, color: VideoColorDescription,
         twoPass: FFTwoPassMode?, threadCount: Int?, realTime: Bool = false,
         instructionSet: EncoderInstructionSet? = nil) throws(CodecSettingsError) {
        let compression = settings.compression
        let format = settings.inputPixelFormat
        frameRate = Self.frameRate(compression.expectedSourceFrameRate)
        var c = FFVideoEncoderConfiguration(encoder: settings.encoder, width: width, height: height, pixelFormat: format,
                                            timeBase: FFRational(frameRate.denominator, frameRate.numerator),
                                            frameRate: frameRate,
                                            colorProperties: color.ffProperties(range: format.isJPEGRange ? .full : .limited))
        c.threadCount = threadCount
        if let ratio = settings.pixelAspectRatio {
            c.sampleAspectRatio = FFRational(Int32(ratio.horizontal), Int32(ratio.vertical))
        }
        let key = { (name: String) in AVVideoCompressionPropertiesKey + "." + name }
        let isX26x = settings.codec == .h264 || settings.codec == .hevc

        // Rate control.
        switch settings.codec {
        case .h264, .hevc:
            if let quality = compression.quality {
                // Quality 1 is lossless (CRF 0), 0 the coarsest x264/x265 quantiser (CRF 51).
                c.quality = .constantRateFactor(51 * (1 - quality))
                if let rate = compression.averageBitRate {
                    // Both keys: the bit rate caps the quality encode (a one-second VBV buffer at that rate).
                    c.maxBitRate = rate
                    c.bufferSize = rate
                }
            } else if let rate = compression.averageBitRate {
                c.bitRate = rate
            }
            if let limits = compression.dataRateLimits {
                // The tightest (bytes, seconds) pair sets the VBV peak rate; its byte count, the buffer.
                let tightest = limits.min { Double($0.bytes) / $0.seconds < Double($1.bytes) / $1.seconds }!
                let peak = Int((Double(tightest.bytes) * 8 / tightest.seconds).rounded(.down))
                c.maxBitRate = max(1, peak)
                c.bufferSize = tightest.bytes * 8
                if let rate = c.bitRate, rate > peak {
                    throw CodecSettingsError(.conflict, key: key(AVVideoAverageBitRateKey),
                                             "\(rate) b/s is above the \(peak) b/s that DataRateLimits allow")
                }
                if c.bitRate == nil, c.quality == nil {
                    // A peak alone: x264/x265 need a target; use the peak rate, capped by the same buffer.
                    c.bitRate = peak
                }
            }
        case .jpeg:
            if let rate = compression.averageBitRate {
                c.bitRate = rate
            } else {
                // Quality 1 is the finest JPEG quantiser scale (1), 0 the coarsest (31); 0.75 when unspecified, a
                // typical photo-JPEG default.
                let quality = compression.quality ?? 0.75
                c.quality = .quantizer(max(1, min(31, Int((31 - 30 * quality).rounded()))))
            }
        default:
            c.profile = settings.proResProfile.map { .prores($0) }
        }

        // Key frames.
        if compression.allowsTemporalCompression == false { c.maxKeyFrameInterval = 1 }
        if let interval = compression.maxKeyFrameInterval, isX26x {
            c.maxKeyFrameInterval = min(interval, c.maxKeyFrameInterval ?? interval)
        }
        if let seconds = compression.maxKeyFrameIntervalDuration, seconds > 0, isX26x {
            // x264/x265 count their key-frame interval in frames at the nominal rate; the session also forces a key
            // frame whenever the real timestamps reach the limit, so the limit holds whatever the frame rate is.
            let frames = max(1, Int((seconds * Double(frameRate.numerator) / Double(frameRate.denominator)).rounded(.down)))
            c.maxKeyFrameInterval = min(frames, c.maxKeyFrameInterval ?? frames)
            maxKeyFrameIntervalDuration = seconds
        } else {
            maxKeyFrameIntervalDuration = nil
        }

        // Frame reordering and droppable frames.
        var x264Params: [String] = []
        var x265Params: [String] = []
        if isX26x {
            let forbidsB = compression.profileLevel?.x264Profile?.forbidsBFrames == true && settings.codec == .h264
            if compression.allowsFrameReordering == false || forbidsB || c.maxKeyFrameInterval == 1 {
                c.maxBFrames = 0
            }
            if let nonDroppable = compression.averageNonDroppableFrameRate {
                // Droppable frames are non-reference B-frames: with a fixed pattern of n B-frames between references
                // (no B-pyramid, no adaptive placement), references are 1 in n + 1 frames.
                let fps = Double(frameRate.numerator) / Double(frameRate.denominator)
                let bFrames = max(0, Int((fps / nonDroppable).rounded()) - 1)
                if bFrames > 0 {
                    if c.maxBFrames == 0 {
                        throw CodecSettingsError(.conflict, key: key(AVVideoAverageNonDroppableFrameRateKey),
                                                 "\(nonDroppable) non-droppable frames per second at \(fps) fps needs B-frames, which the other settings forbid")
                    }
                    c.maxBFrames = min(16, bFrames)
                    x264Params += ["b-adapt=0", "b-pyramid=none"]
                    x265Params += ["b-adapt=0", "b-pyramid=0"]
                } else {
                    c.maxBFrames = 0
                }
            }
        }

        // VideoToolbox's own controls (x264 and x265 only: the other codecs do not list them).
        let controls = compression.controls
        if isX26x {
            try Self.apply(controls, to: &c, x264: &x264Params, x265: &x265Params, key: key)
        }
        let realTime = realTime || controls.realTime == true || settings.lowLatencyRateControl
        if controls.maxFrameDelay != nil, twoPass != nil {
            throw CodecSettingsError(.conflict, key: key(kVTCompressionPropertyKey_MaxFrameDelayCount as String),
                                     "a multi-pass encode holds every frame until its last pass; drop the frame delay limit")
        }

        // Real time: frames leave the encoder as they come, as Apple's real-time encoding does (a live recording
        // killed mid-way then loses at most its last fragment, not also the encoder's look-ahead): x264/x265's
        // zero-latency tuning (no look-ahead, no frame reordering, sliced threads), or, when reordering is asked
        // for, only as much look-ahead as the B-frames need.
        if realTime || controls.maxFrameDelay != nil, isX26x, twoPass == nil {
            // A frame-delay limit of any size is met by handing each frame back as it comes.
            if compression.allowsFrameReordering == true && c.maxBFrames != 0 && controls.maxFrameDelay == nil {
                x264Params += ["rc-lookahead=\(Self.realTimeLookahead)", "sync-lookahead=0"]
                x265Params += ["rc-lookahead=\(Self.realTimeLookahead)"]
            } else {
                c.tune = "zerolatency"
                c.maxBFrames = 0
                // zerolatency asks for sliced threads, but FFmpeg's libx264 wrapper turns them off unless the
                // context's thread type is slice alone; frame threads would hold back one frame per extra thread.
                if settings.codec == .h264 { c.options["thread_type"] = "slice" }
            }
        }

        // Profile and level.
        if let profile = compression.profileLevel {
            if settings.codec == .h264, let x264 = profile.x264Profile?.profile {
                c.profile = .h264(x264)
            } else if settings.codec == .hevc, let x265 = profile.x265Profile {
                c.profile = .hevc(x265)
            }
            c.level = profile.level
        }
        if let cabac = compression.usesCABAC { c.options["coder"] = cabac ? "cabac" : "cavlc" }

        // Speed.
        if isX26x { c.preset = compression.prioritizesSpeed == true ? "veryfast" : Self.defaultPreset }
        c.twoPass = twoPass
        if twoPass != nil, !isX26x {
            throw CodecSettingsError(.unsupported, key: AVVideoCodecKey, "multi-pass encoding needs H.264 or HEVC, not \(settings.codec.rawValue)")
        }
        if let instructionSet, isX26x {
            let names = "asm=" + instructionSet.encoderNames.joined(separator: ",")
            x264Params.append(names)
            x265Params.append(names)
        }
        if settings.codec == .h264, !x264Params.isEmpty { c.options["x264-params"] = x264Params.joined(separator: ":") }
        if settings.codec == .hevc, !x265Params.isEmpty { c.options["x265-params"] = x265Params.joined(separator: ":") }
        configuration = c
    }

    /// Turns VideoToolbox's rate-control and structure properties into x264/x265 settings.
    private static func apply(_ controls: VideoCompressionProperties.EncoderControls, to c: inout FFVideoEncoderConfiguration,
                              x264: inout [String], x265: inout [String], key: (String) -> String) throws(CodecSettingsError) {
        func both(_ option: String) { x264.append(option); x265.append(option) }
        if let qp = controls.minQP { both("qpmin=\(qp)") }
        if let qp = controls.maxQP { both("qpmax=\(qp)") }
        if let refs = controls.referenceFrames { both("ref=\(refs)") }
        if controls.disablesAdaptiveQuantization { both("aq-mode=0") }
        // x264 closes its groups of pictures unless asked; x265 opens them by default.
        if controls.forbidsOpenGOP { x265.append("open-gop=0") }
        if let bytes = controls.maxSliceBytes { x264.append("slice-max-size=\(bytes)") }
        if let frames = controls.lookAheadFrames { both("rc-lookahead=\(frames)") }
        if let rate = controls.constantBitRate {
            // Constant bit rate: the target, the peak and a buffer of the given duration (one second otherwise),
            // filled with padding where the content needs fewer bits (x264 nal-hrd=cbr, x265 strict-cbr).
            c.bitRate = rate
            c.maxBitRate = rate
            c.bufferSize = Int((Double(rate) * (controls.vbvBufferDuration ?? 1)).rounded())
            x264.append("nal-hrd=cbr")
            x265.append("strict-cbr=1")
        } else if let peak = controls.vbvMaxBitRate {
            c.maxBitRate = peak
            c.bufferSize = Int((Double(peak) * (controls.vbvBufferDuration ?? 1)).rounded())
            if c.bitRate == nil, c.quality == nil {
                // A peak alone: x264/x265 need a target; use the peak rate, capped by the same buffer.
                c.bitRate = peak
            }
        }
        if let percent = controls.vbvInitialDelayPercentage { both("vbv-init=\(percent / 100)") }
    }
}
