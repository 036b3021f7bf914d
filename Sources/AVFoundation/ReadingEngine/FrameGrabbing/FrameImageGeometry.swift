import CoreGraphics
import CoreMedia
import Foundation
import MediaCodecs

/// The shape of a generator's images of one video format (AVAssetImageGenerator.h): the aperture mode's size
/// (`CMVideoFormatDescriptionGetPresentationDimensions`: the clean aperture and the pixel aspect ratio, the pixel
/// aspect ratio only, or neither), turned by the track's preferred transform when asked, then scaled down — never
/// up — to fit `maximumSize` (the turned image's bounds, when turned).
///
/// The decoder scales (in Y′CbCr, before converting to RGB) to `decodeWidth` x `decodeHeight`; a transform is then
/// drawn by the compositing kernel (quarter turns are exact pixel moves).
struct FrameImageGeometry: Equatable, Sendable {
    /// The size pictures are decoded and scaled to, before any turn.
    var decodeWidth: Int
    var decodeHeight: Int
    /// How the decoder's converter fits the picture: cropped to the clean aperture (`.resize`) or whole (`.stretch`).
    var scalingMode: VideoScalingMode
    /// Decoded pixels → image pixels (origin top-left), when the image is turned; nil when it is not.
    var turn: CGAffineTransform?
    /// The image's size.
    var width: Int
    var height: Int

    /// The geometry for pictures described by `description`, shown with `preferredTransform`.
    static func make(description: CMFormatDescription, preferredTransform: CGAffineTransform,
                     settings: FrameGrabSettings) -> FrameImageGeometry {
        let aperture = settings.apertureMode
        let size = CMVideoFormatDescriptionGetPresentationDimensions(
            description, usePixelAspectRatio: aperture != .encodedPixels, useCleanAperture: aperture == .cleanAperture)
        var linear = CGAffineTransform.identity
        if settings.appliesPreferredTrackTransform {
            let t = preferredTransform
            linear = CGAffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: 0, ty: 0)
        }
        return make(width: Double(size.width), height: Double(size.height), linear: linear,
                    maximumSize: settings.maximumSize,
                    scalingMode: aperture == .cleanAperture ? .resize : .stretch)
    }

    /// The geometry of a `width` x `height` picture turned by `linear` (no translation) and fitted into `maximumSize`.
    static func make(width: Double, height: Double, linear: CGAffineTransform, maximumSize: CGSize,
                     scalingMode: VideoScalingMode) -> FrameImageGeometry {
        let bounds = CGRect(x: 0, y: 0, width: max(1, width), height: max(1, height)).applying(linear)
        let scale = fitScale(width: bounds.width, height: bounds.height, into: maximumSize)
        let decodeWidth = rounded(max(1, width) * scale), decodeHeight = rounded(max(1, height) * scale)
        guard !linear.isIdentity, abs(linear.a * linear.d - linear.b * linear.c) > 1e-9 else {
            return FrameImageGeometry(decodeWidth: decodeWidth, decodeHeight: decodeHeight, scalingMode: scalingMode,
                                      turn: nil, width: decodeWidth, height: decodeHeight)
        }
        // Turn the decoded (already scaled) picture: the same linear map, moved so that its bounds start at 0, 0.
        let decoded = CGRect(x: 0, y: 0, width: decodeWidth, height: decodeHeight)
        let turned = decoded.applying(linear)
        let turn = linear.concatenating(CGAffineTransform(translationX: -turned.minX, y: -turned.minY))
        return FrameImageGeometry(decodeWidth: decodeWidth, decodeHeight: decodeHeight, scalingMode: scalingMode,
                                  turn: turn, width: rounded(turned.width), height: rounded(turned.height))
    }

    /// The factor (at most 1) that fits `width` x `height` into `maximum`; a zero or negative bound leaves its
    /// dimension free.
    static func fitScale(width: Double, height: Double, into maximum: CGSize) -> Double {
        var scale = 1.0
        if maximum.width > 0, width > 0 { scale = min(scale, Double(maximum.width) / width) }
        if maximum.height > 0, height > 0 { scale = min(scale, Double(maximum.height) / height) }
        return scale
    }

    /// A whole number of pixels, at least one.
    static func rounded(_ value: Double) -> Int {
        guard value.isFinite else { return 1 }
        return max(1, min(Int(value.rounded()), ReadingLimits.maximumRenderDimension))
    }
}
