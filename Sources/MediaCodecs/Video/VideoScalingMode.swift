import CoreVideo
import FFmpegBridge
import Raster

/// How a picture of one size is fitted into another: Apple's four `AVVideoScalingMode…` values, plus the
/// behaviour with no scaling mode at all (`stretch`: VideoToolbox's default `kVTScalingMode_Normal`, the whole
/// source stretched to the whole destination).
///
/// The definitions (AVVideoSettings.h, and the VideoToolbox modes AVFoundation maps them to):
/// - `fit`: crop to the source's clean aperture; keep its picture aspect ratio by making the output width or height
///   smaller than asked if needed; never scale a small source up (the output is then the source's size).
/// - `resize`: crop to the source's clean aperture and stretch it to the output, aspect ratio not kept.
/// - `resizeAspect`: the source's clean aperture, aspect ratio kept, fitted inside the output; the rest is black.
/// - `resizeAspectFill`: the source's clean aperture, aspect ratio kept, filling the output; the excess is cropped.
///
/// "Aspect ratio" is the picture's display aspect ratio: pixel counts times the pixel aspect ratio.
package enum VideoScalingMode: String, Sendable, Hashable, CaseIterable {
    case stretch
    case fit
    case resize
    case resizeAspect
    case resizeAspectFill

    /// The mode an `AVVideoScalingModeKey` value names.
    package init?(settingsValue: String) {
        switch settingsValue {
        case AVVideoScalingModeFit: self = .fit
        case AVVideoScalingModeResize: self = .resize
        case AVVideoScalingModeResizeAspect: self = .resizeAspect
        case AVVideoScalingModeResizeAspectFill: self = .resizeAspectFill
        default: return nil
        }
    }

    /// The four values `AVVideoScalingModeKey` takes.
    package static let settingsValues = [AVVideoScalingModeFit, AVVideoScalingModeResize, AVVideoScalingModeResizeAspect,
                                         AVVideoScalingModeResizeAspectFill]
}

/// A rectangle in pixels, as doubles while being computed.
package struct PixelRect: Hashable, Sendable {
    package var x: Double, y: Double, width: Double, height: Double

    /// A rectangle.
    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// The geometry of one picture for scaling: its size, clean aperture and pixel aspect ratio.
package struct PictureGeometry: Hashable, Sendable {
    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int
    /// The clean aperture, in pixels from the top-left corner (the whole picture when untagged).
    package var cleanAperture: PixelRect
    /// Horizontal over vertical pixel spacing (1 for square pixels).
    package var pixelAspectRatio: Double

    /// A picture of square pixels, all of it clean.
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cleanAperture = PixelRect(x: 0, y: 0, width: Double(width), height: Double(height))
        pixelAspectRatio = 1
    }

    /// The geometry of a pixel buffer, from its size and its clean aperture and pixel aspect ratio attachments.
    package init(of buffer: CVBuffer) {
        self.init(width: buffer.width, height: buffer.height)
        if let clap = buffer.attachment(kCVImageBufferCleanApertureKey as String).flatMap({ AttributeValue.dictionary($0.value) }),
           let rect = Self.cleanAperture(clap, width: width, height: height) {
            cleanAperture = rect
        }
        if let pasp = buffer.attachment(kCVImageBufferPixelAspectRatioKey as String).flatMap({ AttributeValue.dictionary($0.value) }),
           let h = AttributeValue.double(pasp[kCVImageBufferPixelAspectRatioHorizontalSpacingKey as String]),
           let v = AttributeValue.double(pasp[kCVImageBufferPixelAspectRatioVerticalSpacingKey as String]),
           h > 0, v > 0, h.isFinite, v.isFinite {
            pixelAspectRatio = h / v
        }
    }

    /// A clean aperture dictionary (Core Video's keys) as a rectangle inside a `width` x `height` picture, or `nil`
    /// when it is malformed or falls outside the picture.
    package static func cleanAperture(_ clap: [String: Any], width: Int, height: Int) -> PixelRect? {
        guard let w = AttributeValue.double(clap[kCVImageBufferCleanApertureWidthKey as String]),
              let h = AttributeValue.double(clap[kCVImageBufferCleanApertureHeightKey as String]),
              w > 0, h > 0, w <= Double(width), h <= Double(height) else { return nil }
        let dx = AttributeValue.double(clap[kCVImageBufferCleanApertureHorizontalOffsetKey as String]) ?? 0
        let dy = AttributeValue.double(clap[kCVImageBufferCleanApertureVerticalOffsetKey as String]) ?? 0
        // QuickTime 'clap': the aperture is centred on the picture's centre plus the offsets (down is positive).
        let rect = PixelRect(x: (Double(width) - w) / 2 + dx, y: (Double(height) - h) / 2 + dy, width: w, height: h)
        guard rect.x >= -0.5, rect.y >= -0.5, rect.x + w <= Double(width) + 0.5, rect.y + h <= Double(height) + 0.5
        else { return nil }
        return rect
    }

    /// The clean aperture's display aspect ratio (width over height, pixel aspect ratio applied).
    package var cleanApertureAspectRatio: Double { cleanAperture.width * pixelAspectRatio / cleanAperture.height }
}

/// Where a scaled picture comes from and goes to.
package struct ScalingPlan: Hashable, Sendable {
    /// The part of the source used.
    package var sourceRect: RasterRect
    /// Where it lands in the destination.
    package var destinationRect: RasterRect

    /// Plans scaling `source` into a `destination`-sized picture whose pixels have `destinationPixelAspectRatio`.
    /// Rectangle corners fall on the chroma grids of the two formats (their subsampling as log2 steps).
    package static func make(mode: VideoScalingMode, source: PictureGeometry, destinationWidth: Int,
                             destinationHeight: Int, destinationPixelAspectRatio: Double = 1,
                             sourceAlignment: (x: Int, y: Int) = (1, 1),
                             destinationAlignment: (x: Int, y: Int) = (1, 1)) -> ScalingPlan {
        let whole = PixelRect(x: 0, y: 0, width: Double(source.width), height: Double(source.height))
        let full = PixelRect(x: 0, y: 0, width: Double(destinationWidth), height: Double(destinationHeight))
        var from = mode == .stretch ? whole : source.cleanAperture
        var to = full
        let sourceAspect = from.width * source.pixelAspectRatio / from.height
        let destinationAspect = full.width * destinationPixelAspectRatio / full.height
        switch mode {
        case .stretch, .resize, .fit:
            break
        case .resizeAspect:
            if sourceAspect > destinationAspect {
                let height = full.width * destinationPixelAspectRatio / sourceAspect
                to = PixelRect(x: 0, y: (full.height - height) / 2, width: full.width, height: height)
            } else {
                let width = full.height * sourceAspect / destinationPixelAspectRatio
                to = PixelRect(x: (full.width - width) / 2, y: 0, width: width, height: full.height)
            }
        case .resizeAspectFill:
            if sourceAspect > destinationAspect {
                let width = from.height * destinationAspect / source.pixelAspectRatio
                from = PixelRect(x: from.x + (from.width - width) / 2, y: from.y, width: width, height: from.height)
            } else {
                let height = from.width * source.pixelAspectRatio / destinationAspect
                from = PixelRect(x: from.x, y: from.y + (from.height - height) / 2, width: from.width, height: height)
            }
        }
        return ScalingPlan(sourceRect: align(from, within: source.width, source.height, sourceAlignment),
                           destinationRect: align(to, within: destinationWidth, destinationHeight, destinationAlignment))
    }

    /// The output size `AVVideoScalingModeFit` gives for `source` and a requested `width` x `height`: the clean
    /// aperture's display size shrunk to fit (never grown), in pixels of `destinationPixelAspectRatio`, rounded to
    /// multiples of the alignment.
    package static func fitSize(source: PictureGeometry, width: Int, height: Int, destinationPixelAspectRatio: Double = 1,
                                alignment: (x: Int, y: Int) = (2, 2)) -> (width: Int, height: Int) {
        let displayWidth = source.cleanAperture.width * source.pixelAspectRatio / destinationPixelAspectRatio
        let displayHeight = source.cleanAperture.height
        let scale = min(1, Double(width) / displayWidth, Double(height) / displayHeight)
        func rounded(_ value: Double, _ step: Int, limit: Int) -> Int {
            let steps = max(1, Int((value / Double(step)).rounded()))
            return min(steps * step, (limit / step) * step)
        }
        return (rounded(displayWidth * scale, alignment.x, limit: width),
                rounded(displayHeight * scale, alignment.y, limit: height))
    }

    /// The integer rectangle nearest `rect`, its corner on the alignment grid, kept inside the picture.
    private static func align(_ rect: PixelRect, within width: Int, _ height: Int, _ step: (x: Int, y: Int)) -> RasterRect {
        func snap(_ value: Double, _ step: Int) -> Int { Int((value / Double(step)).rounded()) * step }
        let x = min(max(0, snap(rect.x, step.x)), max(0, width - step.x))
        let y = min(max(0, snap(rect.y, step.y)), max(0, height - step.y))
        let right = min(width, max(x + 1, Int((rect.x + rect.width).rounded())))
        let bottom = min(height, max(y + 1, Int((rect.y + rect.height).rounded())))
        return RasterRect(x: x, y: y, width: right - x, height: bottom - y)
    }
}
