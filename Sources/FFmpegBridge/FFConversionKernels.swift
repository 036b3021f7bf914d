/// libyuv YCbCr → 32-bit RGB entry points by source layout.
enum FFYUVToRGBKernel: Equatable {
    case nv12, nv21, i420, i422, i444, i010, p010

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

    var name: String {
        switch self {
        case .nv12: return "NV12"
        case .nv21: return "NV21"
        case .i420: return "I420"
        case .i422: return "I422"
        case .i444: return "I444"
        case .i010: return "I010"
        case .p010: return "P010"
        }
    }
}

/// libyuv 32-bit RGB → YCbCr entry points (BT.601 only: libyuv has no other matrices in this direction).
enum FFRGBToYUVKernel: CustomStringConvertible {
    case argbToNV12, abgrToNV12, argbToI420, argbToJ420, abgrToI420, abgrToJ420

    init?(source: FFPixelFormat, destination: FFPixelFormat, fullRange: Bool) {
        let bgra = source == .bgra
        switch (destination, fullRange) {
        case (.nv12, false): self = bgra ? .argbToNV12 : .abgrToNV12
        case (.yuv420p, false): self = bgra ? .argbToI420 : .abgrToI420
        case (.yuv420p, true), (.yuvj420p, true): self = bgra ? .argbToJ420 : .abgrToJ420
        default: return nil
        }
    }

    var description: String {
        switch self {
        case .argbToNV12: return "ARGBToNV12"
        case .abgrToNV12: return "ABGRToNV12"
        case .argbToI420: return "ARGBToI420"
        case .argbToJ420: return "ARGBToJ420"
        case .abgrToI420: return "ABGRToI420"
        case .abgrToJ420: return "ABGRToJ420"
        }
    }
}

/// libyuv scalers by layout.
enum FFScaleKernel: CustomStringConvertible {
    case i420, i422, i444, nv12, rgb32, gray

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

    var description: String {
        switch self {
        case .i420: return "I420Scale"
        case .i422: return "I422Scale"
        case .i444: return "I444Scale"
        case .nv12: return "NV12Scale"
        case .rgb32: return "ARGBScale"
        case .gray: return "ScalePlane"
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
