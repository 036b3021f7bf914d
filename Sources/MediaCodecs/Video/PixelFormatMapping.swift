import CoreVideo
import FFmpegBridge

/// Which FFmpeg pixel format stores the same bytes as a Core Video pixel format, and with which range.
///
/// Two formats correspond only when their memory layouts are identical plane for plane (so a decoded frame can be
/// wrapped without copying, and a pixel buffer handed to an encoder as is): `'420v'` is NV12, `'y420'` is I420,
/// `'x420'` is P010 (10 bits in the high bits of little-endian words), `'BGRA'` is FFmpeg's `bgra`, and so on.
/// Core Video formats FFmpeg 5.1 has no layout for (`'b64a'`, half-float and float RGBA, `'v210'`) are absent.
package enum PixelFormatMapping {
    /// One correspondence.
    package struct Entry: Sendable {
        /// The Core Video format.
        package let pixelFormat: OSType
        /// The FFmpeg format with the same layout.
        package let ffFormat: FFPixelFormat
        /// The sample range a YCbCr format implies (`.full` for RGB and grey, whose samples use every code).
        package let range: FFColorRange
    }

    /// Every correspondence, in Core Video format order of preference for a given FFmpeg format.
    package static let entries: [Entry] = {
        var list: [Entry] = []
        func add(_ cv: OSType, _ ff: FFPixelFormat?, _ range: FFColorRange) {
            if let ff { list.append(Entry(pixelFormat: cv, ffFormat: ff, range: range)) }
        }
        add(kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, .nv12, .limited)
        add(kCVPixelFormatType_420YpCbCr8BiPlanarFullRange, .nv12, .full)
        add(kCVPixelFormatType_420YpCbCr8Planar, .yuv420p, .limited)
        add(kCVPixelFormatType_420YpCbCr8PlanarFullRange, .yuv420p, .full)
        add(kCVPixelFormatType_420YpCbCr8PlanarFullRange, .yuvj420p, .full)
        add(kCVPixelFormatType_422YpCbCr8BiPlanarVideoRange, .nv16, .limited)
        add(kCVPixelFormatType_422YpCbCr8BiPlanarFullRange, .nv16, .full)
        add(kCVPixelFormatType_444YpCbCr8BiPlanarVideoRange, .nv24, .limited)
        add(kCVPixelFormatType_444YpCbCr8BiPlanarFullRange, .nv24, .full)
        add(kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange, .p010le, .limited)
        add(kCVPixelFormatType_420YpCbCr10BiPlanarFullRange, .p010le, .full)
        add(kCVPixelFormatType_422YpCbCr10BiPlanarVideoRange, .p210le, .limited)
        add(kCVPixelFormatType_422YpCbCr10BiPlanarFullRange, .p210le, .full)
        add(kCVPixelFormatType_444YpCbCr10BiPlanarVideoRange, .p410le, .limited)
        add(kCVPixelFormatType_444YpCbCr10BiPlanarFullRange, .p410le, .full)
        add(kCVPixelFormatType_422YpCbCr8, .uyvy422, .limited)
        add(kCVPixelFormatType_422YpCbCr8_yuvs, .yuyv422, .limited)
        add(kCVPixelFormatType_422YpCbCr8FullRange, .yuyv422, .full)
        add(kCVPixelFormatType_32BGRA, .bgra, .full)
        add(kCVPixelFormatType_32ARGB, .argb, .full)
        add(kCVPixelFormatType_32RGBA, .rgba, .full)
        add(kCVPixelFormatType_32ABGR, .abgr, .full)
        add(kCVPixelFormatType_24RGB, .rgb24, .full)
        add(kCVPixelFormatType_24BGR, .bgr24, .full)
        add(kCVPixelFormatType_OneComponent8, .gray, .full)
        add(kCVPixelFormatType_OneComponent16, .gray16le, .full)
        add(kCVPixelFormatType_16Gray, FFPixelFormat(name: "gray16be"), .full)
        add(kCVPixelFormatType_OneComponent32Float, FFPixelFormat(name: "grayf32le"), .full)
        return list
    }()

    /// The FFmpeg layout and range of a Core Video format, or `nil` when FFmpeg has no such layout.
    package static func ffFormat(for pixelFormat: OSType) -> Entry? {
        entries.first { $0.pixelFormat == pixelFormat }
    }

    /// The Core Video format with exactly the layout of `format` and the given range, or `nil`.
    /// An unspecified range counts as limited for YCbCr (what decoders mean by it) and is irrelevant otherwise.
    package static func pixelFormat(for format: FFPixelFormat, range: FFColorRange) -> OSType? {
        if format.isJPEGRange { return entries.first { $0.ffFormat == format }?.pixelFormat }
        let wanted: FFColorRange = format.isYUV && !format.isGray ? (range == .full ? .full : .limited) : .full
        return entries.first { $0.ffFormat == format && $0.range == wanted }?.pixelFormat
    }

    /// Whether Core Video can allocate the format here and FFmpeg can convert to and from it.
    package static func isConvertible(_ pixelFormat: OSType) -> Bool {
        guard let entry = ffFormat(for: pixelFormat), PixelFormatLayout.layout(for: pixelFormat) != nil else {
            return false
        }
        return FFImageConverter.canConvert(from: entry.ffFormat, to: .yuv420p)
            && FFImageConverter.canConvert(from: .yuv420p, to: entry.ffFormat)
    }

    /// Every Core Video format the codec layer can produce and accept.
    package static var convertibleFormats: [OSType] {
        var seen = Set<OSType>()
        return entries.map(\.pixelFormat).filter { seen.insert($0).inserted && isConvertible($0) }
    }
}
