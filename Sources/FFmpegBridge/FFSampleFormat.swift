internal import CFFmpeg

/// How audio samples are stored: the numeric type, and planar (one plane per channel) or packed (interleaved).
package enum FFSampleFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Unsigned 8-bit, interleaved.
    case u8
    /// Signed 16-bit, interleaved.
    case s16
    /// Signed 32-bit, interleaved (24-bit sources are left-justified in it).
    case s32
    /// Signed 64-bit, interleaved.
    case s64
    /// 32-bit float, interleaved.
    case f32
    /// 64-bit float, interleaved.
    case f64
    /// Unsigned 8-bit, one plane per channel.
    case u8Planar
    /// Signed 16-bit, one plane per channel.
    case s16Planar
    /// Signed 32-bit, one plane per channel.
    case s32Planar
    /// Signed 64-bit, one plane per channel.
    case s64Planar
    /// 32-bit float, one plane per channel.
    case f32Planar
    /// 64-bit float, one plane per channel.
    case f64Planar

    package var description: String { rawValue }

    /// Whether each channel has its own plane.
    package var isPlanar: Bool {
        switch self {
        case .u8Planar, .s16Planar, .s32Planar, .s64Planar, .f32Planar, .f64Planar: return true
        default: return false
        }
    }

    /// Whether samples are floating point.
    package var isFloat: Bool { self == .f32 || self == .f64 || self == .f32Planar || self == .f64Planar }

    /// Bytes per sample of one channel.
    package var bytesPerSample: Int {
        switch self {
        case .u8, .u8Planar: return 1
        case .s16, .s16Planar: return 2
        case .s32, .s32Planar, .f32, .f32Planar: return 4
        case .s64, .s64Planar, .f64, .f64Planar: return 8
        }
    }

    /// The same numeric type, packed.
    package var packed: FFSampleFormat { FFSampleFormat(av_get_packed_sample_fmt(avValue)) ?? self }

    /// The same numeric type, planar.
    package var planar: FFSampleFormat { FFSampleFormat(av_get_planar_sample_fmt(avValue)) ?? self }

    /// How many planes `channelCount` channels occupy.
    package func planeCount(channelCount: Int) -> Int { isPlanar ? channelCount : 1 }

    /// Bytes one plane needs for `frameCount` frames of `channelCount` channels.
    package func bytesPerPlane(frameCount: Int, channelCount: Int) -> Int {
        frameCount * bytesPerSample * (isPlanar ? 1 : channelCount)
    }

    var avValue: AVSampleFormat {
        switch self {
        case .u8: return AV_SAMPLE_FMT_U8
        case .s16: return AV_SAMPLE_FMT_S16
        case .s32: return AV_SAMPLE_FMT_S32
        case .s64: return AV_SAMPLE_FMT_S64
        case .f32: return AV_SAMPLE_FMT_FLT
        case .f64: return AV_SAMPLE_FMT_DBL
        case .u8Planar: return AV_SAMPLE_FMT_U8P
        case .s16Planar: return AV_SAMPLE_FMT_S16P
        case .s32Planar: return AV_SAMPLE_FMT_S32P
        case .s64Planar: return AV_SAMPLE_FMT_S64P
        case .f32Planar: return AV_SAMPLE_FMT_FLTP
        case .f64Planar: return AV_SAMPLE_FMT_DBLP
        }
    }

    init?(_ format: AVSampleFormat) {
        guard let match = FFSampleFormat.allCases.first(where: { $0.avValue == format }) else { return nil }
        self = match
    }
}
