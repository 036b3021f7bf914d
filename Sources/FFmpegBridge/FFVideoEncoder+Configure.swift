internal import CFFmpeg
#if canImport(Glibc)
import Glibc
#endif

/// x264's and x265's preset names (x264 --fullhelp; x265 --help).
private let x26xPresets: Set<String> = [
    "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo",
]
private let x264Tunes: Set<String> = [
    "film", "animation", "grain", "stillimage", "psnr", "ssim", "fastdecode", "zerolatency",
]
private let x265Tunes: Set<String> = ["psnr", "ssim", "grain", "zerolatency", "fastdecode", "animation"]
/// H.264 Annex A levels (Table A-1) and HEVC Annex A levels (Table A.8).
private let h264Levels: Set<String> = [
    "1", "1b", "1.1", "1.2", "1.3", "2", "2.1", "2.2", "3", "3.1", "3.2", "4", "4.1", "4.2", "5", "5.1", "5.2",
    "6", "6.1", "6.2",
]
private let hevcLevels: Set<String> = [
    "1", "2", "2.1", "3", "3.1", "4", "4.1", "5", "5.1", "5.2", "6", "6.1", "6.2",
]

extension FFVideoEncoder {
    /// The pixel formats an encoder accepts.
    package static func supportedPixelFormats(of encoder: FFEncoderImplementation) -> [FFPixelFormat] {
        guard let codec = try? encoder.findEncoder(), var formats = codec.pointee.pix_fmts else { return [] }
        var result: [FFPixelFormat] = []
        while formats.pointee != AV_PIX_FMT_NONE {
            result.append(FFPixelFormat(formats.pointee))
            formats += 1
        }
        return result
    }

    /// Checks every setting and writes it into the context; returns the x26x parameter strings to merge.
    static func configure(_ core: FFEncoderCore, with c: FFVideoEncoderConfiguration) throws(FFError) {
        let op = "FFVideoEncoder(\(c.encoder.name))"
        let context = core.codecContext
        let name = c.encoder.name
        let isX264 = name == "libx264", isX265 = name == "libx265", isProRes = c.encoder.codec == .prores
        let isX26x = isX264 || isX265
        var x265Params: [String] = []

        // Size and format.
        let limit = FFLimits.maximumPictureDimension
        guard (1...limit).contains(c.width), (1...limit).contains(c.height) else {
            throw FFError(.invalidConfiguration, operation: op, setting: "width/height",
                          message: "\(c.width)x\(c.height) is outside 1...\(limit)")
        }
        let supported = supportedPixelFormats(of: c.encoder)
        guard supported.contains(c.pixelFormat) else {
            throw FFError(.invalidConfiguration, operation: op, setting: "pixelFormat",
                          message: "\(name) does not accept \(c.pixelFormat); it accepts \(supported.map(\.name).joined(separator: ", "))")
        }
        if c.width % (1 << c.pixelFormat.chromaShiftX) != 0 || c.height % (1 << c.pixelFormat.chromaShiftY) != 0 {
            throw FFError(.invalidConfiguration, operation: op, setting: "width/height",
                          message: "\(c.pixelFormat) is chroma-subsampled, so \(c.width)x\(c.height) must be a multiple of \(1 << c.pixelFormat.chromaShiftX)x\(1 << c.pixelFormat.chromaShiftY)")
        }
        context.pointee.width = Int32(c.width)
        context.pointee.height = Int32(c.height)
        context.pointee.pix_fmt = c.pixelFormat.avValue

        // Time.
        guard c.timeBase.isPositive else {
            throw FFError(.invalidConfiguration, operation: op, setting: "timeBase", message: "\(c.timeBase) is not positive")
        }
        let frameRate = c.frameRate ?? FFRational(30, 1)
        guard frameRate.isPositive else {
            throw FFError(.invalidConfiguration, operation: op, setting: "frameRate", message: "\(frameRate) is not positive")
        }
        context.pointee.time_base = AVRational(num: c.timeBase.numerator, den: c.timeBase.denominator)
        context.pointee.framerate = AVRational(num: frameRate.numerator, den: frameRate.denominator)
        if let sar = c.sampleAspectRatio {
            guard sar.isPositive else {
                throw FFError(.invalidConfiguration, operation: op, setting: "sampleAspectRatio", message: "\(sar) is not positive")
            }
            context.pointee.sample_aspect_ratio = AVRational(num: sar.numerator, den: sar.denominator)
        }

        // Rate control.
        if let bitRate = c.bitRate {
            guard bitRate > 0 else {
                throw FFError(.invalidConfiguration, operation: op, setting: "bitRate", message: "\(bitRate) is not positive")
            }
            guard !isProRes else {
                throw FFError(.invalidConfiguration, operation: op, setting: "bitRate",
                              message: "ProRes has no bit-rate control: its rate follows the profile (use quality to set a quantiser)")
            }
            if case .constantRateFactor = c.quality {
                throw FFError(.invalidConfiguration, operation: op, setting: "bitRate",
                              message: "bitRate and a constant rate factor exclude each other; cap a CRF encode with maxBitRate and bufferSize")
            }
            context.pointee.bit_rate = Int64(bitRate)
        }
        if c.maxBitRate != nil || c.bufferSize != nil {
            guard isX26x || c.encoder.codec == .mpeg4 || c.encoder.codec == .mjpeg else {
                throw FFError(.invalidConfiguration, operation: op, setting: "maxBitRate",
                              message: "\(name) has no VBV rate limit")
            }
            guard let maxRate = c.maxBitRate, let bufferSize = c.bufferSize, maxRate > 0, bufferSize > 0 else {
                throw FFError(.invalidConfiguration, operation: op, setting: c.maxBitRate == nil ? "maxBitRate" : "bufferSize",
                              message: "a peak rate needs both maxBitRate and bufferSize, positive")
            }
            if let bitRate = c.bitRate, maxRate < bitRate {
                throw FFError(.invalidConfiguration, operation: op, setting: "maxBitRate",
                              message: "maxBitRate \(maxRate) is below bitRate \(bitRate)")
            }
            context.pointee.rc_max_rate = Int64(maxRate)
            context.pointee.rc_buffer_size = Int32(clamping: bufferSize)
            if isX265 {
                x265Params.append("vbv-maxrate=\(max(1, maxRate / 1000))")
                x265Params.append("vbv-bufsize=\(max(1, bufferSize / 1000))")
            }
        }
        switch c.quality {
        case nil: break
        case .constantRateFactor(let crf):
            guard isX26x else {
                throw FFError(.invalidConfiguration, operation: op, setting: "quality",
                              message: "a constant rate factor is an x264/x265 setting; \(name) takes a quantizer")
            }
            guard (0...51).contains(crf) else {
                throw FFError(.invalidConfiguration, operation: op, setting: "quality", message: "CRF \(crf) is outside 0...51")
            }
            try core.setOption("crf", String(crf), setting: "quality")
        case .quantizer(let q):
            guard !isX26x else {
                throw FFError(.invalidConfiguration, operation: op, setting: "quality",
                              message: "\(name) takes a constant rate factor, not a quantizer")
            }
            let range = isProRes ? 1...224 : 1...31
            guard range.contains(q) else {
                throw FFError(.invalidConfiguration, operation: op, setting: "quality",
                              message: "quantizer \(q) is outside \(range.lowerBound)...\(range.upperBound) for \(name)")
            }
            context.pointee.flags |= AV_CODEC_FLAG_QSCALE
            context.pointee.global_quality = Int32(q) * FF_QP2LAMBDA
        }

        // GOP structure.
        var keyInterval = c.maxKeyFrameInterval
        if let interval = keyInterval, interval < 1 {
            throw FFError(.invalidConfiguration, operation: op, setting: "maxKeyFrameInterval", message: "\(interval) is below 1")
        }
        if let duration = c.maxKeyFrameIntervalDuration {
            guard duration > 0 else {
                throw FFError(.invalidConfiguration, operation: op, setting: "maxKeyFrameIntervalDuration",
                              message: "\(duration) is not positive")
            }
            // frames = duration * timeBase * frameRate, rounded down (a key frame may come early, never late).
            let numerator = duration.multipliedReportingOverflow(
                by: Int64(c.timeBase.numerator) * Int64(frameRate.numerator))
            let denominator = Int64(c.timeBase.denominator) * Int64(frameRate.denominator)
            let frames = numerator.overflow ? Int64.max : max(1, numerator.partialValue / denominator)
            let clamped = Int(min(frames, Int64(Int32.max)))
            keyInterval = min(keyInterval ?? clamped, clamped)
        }
        if let interval = keyInterval, !c.isIntraOnly {
            context.pointee.gop_size = Int32(clamping: interval)
            if isX265 { x265Params.append("keyint=\(interval)") }
        }
        if let bFrames = c.maxBFrames {
            guard (0...16).contains(bFrames) else {
                throw FFError(.invalidConfiguration, operation: op, setting: "maxBFrames", message: "\(bFrames) is outside 0...16")
            }
            if c.isIntraOnly, bFrames > 0 {
                throw FFError(.invalidConfiguration, operation: op, setting: "maxBFrames",
                              message: "\(c.encoder.codec) is intra-only: it has no B-frames")
            }
            context.pointee.max_b_frames = Int32(bFrames)
            if isX265 { x265Params.append("bframes=\(bFrames)") }
        }

        // Profile and level.
        try applyProfile(c, core: core, operation: op)
        if let level = c.level {
            switch c.encoder.codec {
            case .h264 where isX264:
                guard h264Levels.contains(level) else {
                    throw FFError(.invalidConfiguration, operation: op, setting: "level", message: "'\(level)' is not an H.264 level")
                }
                try core.setOption("level", level, setting: "level")
            case .hevc where isX265:
                guard hevcLevels.contains(level) else {
                    throw FFError(.invalidConfiguration, operation: op, setting: "level", message: "'\(level)' is not an HEVC level")
                }
                x265Params.append("level-idc=\(level)")
            default:
                throw FFError(.invalidConfiguration, operation: op, setting: "level", message: "\(name) has no level setting")
            }
        }

        // Speed / tuning.
        if let preset = c.preset {
            guard isX26x else {
                throw FFError(.invalidConfiguration, operation: op, setting: "preset", message: "\(name) has no presets")
            }
            guard x26xPresets.contains(preset) else {
                throw FFError(.invalidConfiguration, operation: op, setting: "preset", message: "'\(preset)' is not an x264/x265 preset")
            }
            try core.setOption("preset", preset, setting: "preset")
        }
        if let tune = c.tune {
            guard isX26x else {
                throw FFError(.invalidConfiguration, operation: op, setting: "tune", message: "\(name) has no tunings")
            }
            guard (isX264 ? x264Tunes : x265Tunes).contains(tune) else {
                throw FFError(.invalidConfiguration, operation: op, setting: "tune", message: "'\(tune)' is not a \(name) tuning")
            }
            try core.setOption("tune", tune, setting: "tune")
        }

        // Colour.
        try applyColor(c, context: context, operation: op)

        // Threads.
        if let threads = c.threadCount {
            guard (1...64).contains(threads) else {
                throw FFError(.invalidConfiguration, operation: op, setting: "threadCount", message: "\(threads) is outside 1...64")
            }
            context.pointee.thread_count = Int32(threads)
            if isX265 { x265Params.append("pools=\(threads)") }
        } else {
            context.pointee.thread_count = 0
        }
        context.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE

        if c.usesGlobalHeader { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }

        // Two-pass.
        if let twoPass = c.twoPass {
            guard isX26x else {
                throw FFError(.invalidConfiguration, operation: op, setting: "twoPass", message: "\(name) has no two-pass mode")
            }
            let directory = twoPass.statisticsDirectory
            guard access(directory, W_OK) == 0 else {
                throw FFError(.invalidConfiguration, operation: op, setting: "twoPass",
                              message: "statistics directory '\(directory)' is missing or not writable")
            }
            let path = directory + (directory.hasSuffix("/") ? "" : "/") + "\(name)-2pass.log"
            if case .secondPass = twoPass, access(path, R_OK) != 0 {
                throw FFError(.invalidConfiguration, operation: op, setting: "twoPass",
                              message: "no first-pass statistics at '\(path)' (run and flush a first pass)")
            }
            let pass = if case .firstPass = twoPass { 1 } else { 2 }
            if isX264 {
                context.pointee.flags |= pass == 1 ? AV_CODEC_FLAG_PASS1 : AV_CODEC_FLAG_PASS2
                try core.setOption("stats", path, setting: "twoPass")
            } else {
                x265Params.append("pass=\(pass)")
                x265Params.append("stats=\(path)")
            }
        }

        // Forced key frames must be IDR (sync samples), not open-GOP I-frames.
        if isX26x { try core.setOption("forced-idr", "1", setting: "forceKeyFrame") }
        // x265 prints to stderr itself, not through av_log, so FFLog's handler cannot capture it; its warnings
        // are notes about parameters it adjusted. Only errors are shown unless FFLog asks for info or more.
        if isX265 {
            let level = FFLog.level
            let x265Level = level < .error ? "none" : level < .info ? "error" : level < .debug ? "info" : "debug"
            x265Params.insert("log-level=\(x265Level)", at: 0)
        }

        // Caller's options last, merging x265-params so both sets apply (the caller's win on repeats).
        var options = c.options
        if isX265 {
            let callerParams = options.removeValue(forKey: "x265-params").map { [$0] } ?? []
            let all = x265Params + callerParams
            if !all.isEmpty { try core.setOption("x265-params", all.joined(separator: ":"), setting: "options") }
        }
        for (key, value) in options.sorted(by: { $0.key < $1.key }) {
            try core.setOption(key, value, setting: "options[\(key)]")
        }
    }

    private static func applyProfile(_ c: FFVideoEncoderConfiguration, core: FFEncoderCore,
                                     operation op: String) throws(FFError) {
        guard let profile = c.profile else { return }
        let format = c.pixelFormat
        let is420 = format.chromaShiftX == 1 && format.chromaShiftY == 1
        let is422OrLess = format.chromaShiftY <= 1 && format.chromaShiftX == 1
        let mismatch = { (what: String) in
            FFError(.invalidConfiguration, operation: op, setting: "profile", message: what)
        }
        switch profile {
        case .h264(let p):
            guard c.encoder.name == "libx264" else { throw mismatch("an H.264 profile needs libx264, not \(c.encoder.name)") }
            switch p {
            case .baseline, .main, .high:
                guard (is420 || format.isGray) && format.bitDepth == 8 else {
                    throw mismatch("H.264 \(p.rawValue) is 8-bit 4:2:0; pixelFormat is \(format)")
                }
            case .high10:
                guard (is420 || format.isGray) && format.bitDepth <= 10 else {
                    throw mismatch("H.264 High 10 is 4:2:0 up to 10-bit; pixelFormat is \(format)")
                }
            case .high422:
                guard (is422OrLess || format.isGray) && format.bitDepth <= 10 else {
                    throw mismatch("H.264 High 4:2:2 is up to 4:2:2 10-bit; pixelFormat is \(format)")
                }
            case .high444: break
            }
            try core.setOption("profile", p.rawValue, setting: "profile")
        case .hevc(let p):
            guard c.encoder.name == "libx265" else { throw mismatch("an HEVC profile needs libx265, not \(c.encoder.name)") }
            switch p {
            case .main, .mainStillPicture:
                guard (is420 || format.isGray) && format.bitDepth == 8 else {
                    throw mismatch("HEVC \(p.rawValue) is 8-bit 4:2:0; pixelFormat is \(format)")
                }
            case .main10:
                guard (is420 || format.isGray) && format.bitDepth <= 10 else {
                    throw mismatch("HEVC Main 10 is 4:2:0 up to 10-bit; pixelFormat is \(format)")
                }
            case .main422_10:
                guard is422OrLess && format.bitDepth <= 10 else {
                    throw mismatch("HEVC Main 4:2:2 10 is up to 4:2:2 10-bit; pixelFormat is \(format)")
                }
            case .main444_8:
                guard format.bitDepth == 8 else { throw mismatch("HEVC Main 4:4:4 is 8-bit; pixelFormat is \(format)") }
            case .main444_10:
                guard format.bitDepth <= 10 else { throw mismatch("HEVC Main 4:4:4 10 is up to 10-bit; pixelFormat is \(format)") }
            }
            try core.setOption("profile", p.rawValue, setting: "profile")
        case .prores(let p):
            guard c.encoder.codec == .prores else { throw mismatch("a ProRes profile needs a ProRes encoder, not \(c.encoder.name)") }
            if p.is444 {
                guard format == .yuv444p10le || format == .yuva444p10le else {
                    throw mismatch("ProRes \(p) takes yuv444p10le or yuva444p10le; pixelFormat is \(format)")
                }
            } else {
                guard format == .yuv422p10le else {
                    throw mismatch("ProRes \(p) takes yuv422p10le; pixelFormat is \(format)")
                }
            }
            try core.setOption("profile", String(p.rawValue), setting: "profile")
        }
    }

    private static func applyColor(_ c: FFVideoEncoderConfiguration, context: UnsafeMutablePointer<AVCodecContext>,
                                   operation op: String) throws(FFError) {
        var color = c.colorProperties
        if c.pixelFormat.isJPEGRange {
            guard color.range != .limited else {
                throw FFError(.invalidConfiguration, operation: op, setting: "colorProperties.range",
                              message: "\(c.pixelFormat) is full range by definition")
            }
            color.range = .full
        }
        if c.encoder.codec == .mjpeg, !c.pixelFormat.isJPEGRange, color.range != .full {
            // JPEG (JFIF) is full-range YCbCr; limited-range samples would be shown washed out by every decoder.
            throw FFError(.invalidConfiguration, operation: op, setting: "colorProperties.range",
                          message: "Motion JPEG stores full-range YCbCr; convert the pictures to full range (FFImageConverter) and say so here")
        }
        color.apply(to: context)
    }
}
