import Raster

// Which of Raster's libyuv kernels serves which FFmpeg pixel format: the planner's vocabulary (`FFConversionStep`).

extension PictureConversion.YCbCrSource {
    /// The libyuv layout a Y′CbCr format converts to 32-bit RGB from (full-range "J" formats as their plain twins).
    init?(_ format: FFPixelFormat) {
        switch format {
        case .nv12: self = .nv12
        case .nv21: self = .nv21
        case .yuv420p, .yuvj420p: self = .i420
        case .yuv422p, .yuvj422p: self = .i422
        case .yuv444p, .yuvj444p: self = .i444
        case .yuv420p10le: self = .i010
        case .p010le: self = .p010
        default: return nil
        }
    }
}

extension PictureConversion.RGBToYCbCrKernel {
    /// The libyuv kernel from BGRA or RGBA `source` to `destination` in BT.601 at the given range, if there is one.
    init?(source: FFPixelFormat, destination: FFPixelFormat, fullRange: Bool) {
        let bgra = source == .bgra
        switch (destination, fullRange) {
        case (.nv12, false): self = bgra ? .argbToNV12 : .abgrToNV12
        case (.yuv420p, false): self = bgra ? .argbToI420 : .abgrToI420
        case (.yuv420p, true), (.yuvj420p, true): self = bgra ? .argbToJ420 : .abgrToJ420
        default: return nil
        }
    }
}

extension PictureConversion.ScaleLayout {
    /// The libyuv scaler for a format, if it has one.
    init?(_ format: FFPixelFormat) {
        switch format {
        case .yuv420p, .yuvj420p: self = .i420
        case .yuv422p, .yuvj422p: self = .i422
        case .yuv444p, .yuvj444p: self = .i444
        case .nv12: self = .nv12
        case .bgra, .rgba, .argb, .abgr: self = .rgb32
        case .gray: self = .gray
        default: return nil
        }
    }
}

extension PictureConversion.YCbCrMatrix {
    /// libyuv's constants for a matrix (it has none for SMPTE 240M).
    init?(_ matrix: FFYCbCrMatrix) {
        switch matrix {
        case .bt601: self = .bt601
        case .bt709: self = .bt709
        case .bt2020: self = .bt2020
        case .smpte240M: return nil
        }
    }
}

extension FFPixelFormat {
    /// The plain format with the same memory layout as a full-range "J" format (swscale wants range given apart).
    var nonJPEGEquivalent: FFPixelFormat {
        switch self {
        case .yuvj420p: return .yuv420p
        case .yuvj422p: return .yuv422p
        case .yuvj444p: return .yuv444p
        default: return self
        }
    }
}
