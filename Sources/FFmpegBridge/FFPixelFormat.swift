internal import CFFmpeg

/// A pixel format: how a picture's samples are laid out in planes.
///
/// The named constants are the formats the layer above maps to CoreVideo pixel formats; a decoder may still
/// produce another FFmpeg format (a 12-bit HEVC stream, say), which is representable, has a `name`, and converts
/// through `FFImageConverter` like any other.
package struct FFPixelFormat: Hashable, Sendable, CustomStringConvertible {
    /// FFmpeg's `AVPixelFormat` value.
    let rawValue: Int32

    init(_ format: AVPixelFormat) { rawValue = format.rawValue }

    init?(rawValue: Int32) {
        guard rawValue >= 0, av_pix_fmt_desc_get(AVPixelFormat(rawValue: rawValue)) != nil else { return nil }
        self.rawValue = rawValue
    }

    var avValue: AVPixelFormat { AVPixelFormat(rawValue: rawValue) }

    /// Looks a format up by FFmpeg's name (`yuv420p`, `p010le`).
    package init?(name: String) {
        let format = av_get_pix_fmt(name)
        guard format != AV_PIX_FMT_NONE else { return nil }
        self.init(format)
    }

    /// FFmpeg's name for the format.
    package var name: String {
        av_get_pix_fmt_name(avValue).map { String(cString: $0) } ?? "pixfmt(\(rawValue))"
    }

    package var description: String { name }

    // 4:2:0
    /// 8-bit Y, Cb, Cr planes, chroma halved both ways (I420).
    package static let yuv420p = FFPixelFormat(AV_PIX_FMT_YUV420P)
    /// `yuv420p` flagged full range (FFmpeg's JPEG variant).
    package static let yuvj420p = FFPixelFormat(AV_PIX_FMT_YUVJ420P)
    /// 8-bit Y plane and interleaved CbCr plane (CoreVideo's 420v/420f).
    package static let nv12 = FFPixelFormat(AV_PIX_FMT_NV12)
    /// 8-bit Y plane and interleaved CrCb plane.
    package static let nv21 = FFPixelFormat(AV_PIX_FMT_NV21)
    /// 10-bit planar 4:2:0 in little-endian 16-bit words, low bits used.
    package static let yuv420p10le = FFPixelFormat(AV_PIX_FMT_YUV420P10LE)
    /// 10-bit bi-planar 4:2:0 in little-endian 16-bit words, high bits used (CoreVideo's x420).
    package static let p010le = FFPixelFormat(AV_PIX_FMT_P010LE)
    /// 8-bit planar 4:2:0 with an alpha plane.
    package static let yuva420p = FFPixelFormat(AV_PIX_FMT_YUVA420P)
    // 4:2:2
    /// 8-bit planar 4:2:2.
    package static let yuv422p = FFPixelFormat(AV_PIX_FMT_YUV422P)
    /// `yuv422p` flagged full range.
    package static let yuvj422p = FFPixelFormat(AV_PIX_FMT_YUVJ422P)
    /// 8-bit bi-planar 4:2:2.
    package static let nv16 = FFPixelFormat(AV_PIX_FMT_NV16)
    /// 10-bit planar 4:2:2 (ProRes 422's native format).
    package static let yuv422p10le = FFPixelFormat(AV_PIX_FMT_YUV422P10LE)
    /// 10-bit bi-planar 4:2:2, high bits used (CoreVideo's x422).
    package static let p210le = FFPixelFormat(AV_PIX_FMT_P210LE)
    /// 8-bit packed 4:2:2, bytes Cb Y0 Cr Y1 (CoreVideo's 2vuy).
    package static let uyvy422 = FFPixelFormat(AV_PIX_FMT_UYVY422)
    /// 8-bit packed 4:2:2, bytes Y0 Cb Y1 Cr (CoreVideo's yuvs).
    package static let yuyv422 = FFPixelFormat(AV_PIX_FMT_YUYV422)
    // 4:4:4
    /// 8-bit planar 4:4:4.
    package static let yuv444p = FFPixelFormat(AV_PIX_FMT_YUV444P)
    /// `yuv444p` flagged full range.
    package static let yuvj444p = FFPixelFormat(AV_PIX_FMT_YUVJ444P)
    /// 8-bit bi-planar 4:4:4.
    package static let nv24 = FFPixelFormat(AV_PIX_FMT_NV24)
    /// 10-bit planar 4:4:4.
    package static let yuv444p10le = FFPixelFormat(AV_PIX_FMT_YUV444P10LE)
    /// 10-bit bi-planar 4:4:4, high bits used (CoreVideo's x444).
    package static let p410le = FFPixelFormat(AV_PIX_FMT_P410LE)
    /// 16-bit planar 4:4:4.
    package static let yuv444p16le = FFPixelFormat(AV_PIX_FMT_YUV444P16LE)
    /// 10-bit planar 4:4:4 with alpha (ProRes 4444's native format).
    package static let yuva444p10le = FFPixelFormat(AV_PIX_FMT_YUVA444P10LE)
    /// 16-bit planar 4:4:4 with alpha.
    package static let yuva444p16le = FFPixelFormat(AV_PIX_FMT_YUVA444P16LE)
    /// 16-bit packed A Y Cb Cr, little-endian words (CoreVideo's y416 is the same components).
    package static let ayuv64le = FFPixelFormat(AV_PIX_FMT_AYUV64LE)
    // Grey.
    /// 8-bit luma only.
    package static let gray = FFPixelFormat(AV_PIX_FMT_GRAY8)
    /// 10-bit luma only, little-endian words.
    package static let gray10le = FFPixelFormat(AV_PIX_FMT_GRAY10LE)
    /// 16-bit luma only, little-endian words.
    package static let gray16le = FFPixelFormat(AV_PIX_FMT_GRAY16LE)
    // RGB.
    /// Bytes B G R A (CoreVideo's 32BGRA; libyuv's "ARGB").
    package static let bgra = FFPixelFormat(AV_PIX_FMT_BGRA)
    /// Bytes A R G B (CoreVideo's 32ARGB).
    package static let argb = FFPixelFormat(AV_PIX_FMT_ARGB)
    /// Bytes R G B A (CoreVideo's 32RGBA; libyuv's "ABGR").
    package static let rgba = FFPixelFormat(AV_PIX_FMT_RGBA)
    /// Bytes A B G R (CoreVideo's 32ABGR).
    package static let abgr = FFPixelFormat(AV_PIX_FMT_ABGR)
    /// Bytes R G B (CoreVideo's 24RGB).
    package static let rgb24 = FFPixelFormat(AV_PIX_FMT_RGB24)
    /// Bytes B G R (CoreVideo's 24BGR).
    package static let bgr24 = FFPixelFormat(AV_PIX_FMT_BGR24)
    /// 16-bit little-endian R G B A (CoreVideo's 64RGBALE).
    package static let rgba64le = FFPixelFormat(AV_PIX_FMT_RGBA64LE)
    /// 16-bit big-endian R G B A (CoreVideo's 64ARGB order differs; this is FFmpeg's RGBA64BE).
    package static let rgba64be = FFPixelFormat(AV_PIX_FMT_RGBA64BE)
    /// Planar G B R (x265 and FFV1 decode RGB to it).
    package static let gbrp = FFPixelFormat(AV_PIX_FMT_GBRP)
    /// 10-bit planar G B R.
    package static let gbrp10le = FFPixelFormat(AV_PIX_FMT_GBRP10LE)

    /// Every named format.
    package static let named: [FFPixelFormat] = [
        .yuv420p, .yuvj420p, .nv12, .nv21, .yuv420p10le, .p010le, .yuva420p,
        .yuv422p, .yuvj422p, .nv16, .yuv422p10le, .p210le, .uyvy422, .yuyv422,
        .yuv444p, .yuvj444p, .nv24, .yuv444p10le, .p410le, .yuv444p16le, .yuva444p10le, .yuva444p16le, .ayuv64le,
        .gray, .gray10le, .gray16le,
        .bgra, .argb, .rgba, .abgr, .rgb24, .bgr24, .rgba64le, .rgba64be, .gbrp, .gbrp10le,
    ]

    // MARK: Layout

    private var descriptor: UnsafePointer<AVPixFmtDescriptor> {
        // Every FFPixelFormat is made from a valid AVPixelFormat, which always has a descriptor.
        guard let descriptor = av_pix_fmt_desc_get(avValue) else {
            preconditionFailure("FFPixelFormat invariant: \(rawValue) has a descriptor")
        }
        return descriptor
    }

    /// How many planes a picture in this format has.
    package var planeCount: Int { Int(av_pix_fmt_count_planes(avValue)) }

    /// Number of components (3 for YUV or RGB, 4 with alpha, 1 for grey).
    package var componentCount: Int { Int(descriptor.pointee.nb_components) }

    /// Bits per component (8, 10, 16).
    package var bitDepth: Int { Int(descriptor.pointee.comp.0.depth) }

    /// Whether the format stores RGB rather than YCbCr (or grey).
    package var isRGB: Bool { descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0 }

    /// Whether the format has an alpha component.
    package var hasAlpha: Bool { descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0 }

    /// Whether the format is luma only.
    package var isGray: Bool { componentCount <= 2 && !isRGB }

    /// Whether this is YCbCr (including grey).
    package var isYUV: Bool { !isRGB }

    /// log2 of the horizontal chroma subsampling (1 for 4:2:0 and 4:2:2).
    package var chromaShiftX: Int { Int(descriptor.pointee.log2_chroma_w) }

    /// log2 of the vertical chroma subsampling (1 for 4:2:0).
    package var chromaShiftY: Int { Int(descriptor.pointee.log2_chroma_h) }

    /// Whether one of FFmpeg's "J" formats, which mean full range by definition.
    package var isJPEGRange: Bool {
        self == .yuvj420p || self == .yuvj422p || self == .yuvj444p
    }

    /// Whether the format's words are big-endian.
    package var isBigEndian: Bool { descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_BE) != 0 }

    /// The smallest bytes-per-row of each plane for a picture `width` pixels wide.
    package func minimumBytesPerRow(width: Int) -> [Int] {
        var lines: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        let result = withUnsafeMutableBytes(of: &lines) { raw in
            av_image_fill_linesizes(raw.baseAddress!.assumingMemoryBound(to: Int32.self), avValue, Int32(width))
        }
        guard result >= 0 else { return [] }
        return Array([Int(lines.0), Int(lines.1), Int(lines.2), Int(lines.3)].prefix(planeCount))
    }

    /// How many rows plane `plane` has in a picture `height` pixels tall (chroma planes of subsampled formats
    /// have fewer, rounding up).
    package func rowCount(ofPlane plane: Int, height: Int) -> Int {
        if plane == 0 || isRGB || plane == 3 || planeCount == 1 { return height }
        return (height + (1 << chromaShiftY) - 1) >> chromaShiftY
    }

    /// How many pixels wide plane `plane` is (chroma planes of subsampled formats are narrower, rounding up).
    package func pixelWidth(ofPlane plane: Int, width: Int) -> Int {
        if plane == 0 || isRGB || plane == 3 || planeCount == 1 { return width }
        return (width + (1 << chromaShiftX) - 1) >> chromaShiftX
    }
}
