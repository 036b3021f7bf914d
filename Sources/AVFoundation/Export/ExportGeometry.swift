import CoreGraphics
import Foundation

/// The size of an exported picture: the source's displayed picture (clean aperture, pixel aspect ratio applied)
/// fitted into the preset's box, aspect ratio kept, never scaled up, in square pixels on the codec's chroma grid.
///
/// The box has no orientation: "1280x720" bounds the long edge by 1280 and the short edge by 720, so a portrait
/// 1080x1920 picture becomes 720x1280 (as Apple's presets turn a portrait 1080x1920 video into 320x568 with
/// MediumQuality). The track's transform is kept, so the box applies to the picture as stored.
enum ExportGeometry {
    /// The output size for a picture displayed at `display`, fitted into `box` (nil: the source's size).
    static func outputSize(display: CGSize, box: (long: Int, short: Int)?, alignment: (x: Int, y: Int) = (2, 2))
        -> (width: Int, height: Int) {
        let width = max(1, Double(display.width)), height = max(1, Double(display.height))
        var scale = 1.0
        if let box {
            let long = max(width, height), short = min(width, height)
            scale = min(1, Double(box.long) / long, Double(box.short) / short)
        }
        return (align(width * scale, limit: width, step: alignment.x), align(height * scale, limit: height, step: alignment.y))
    }

    /// `value` rounded to the nearest multiple of `step`, never above `limit` (no upscaling by rounding) and never
    /// below one step.
    static func align(_ value: Double, limit: Double, step: Int) -> Int {
        let steps = Double(step)
        var aligned = Int((value / steps).rounded()) * step
        if Double(aligned) > limit { aligned = Int((limit / steps).rounded(.down)) * step }
        return max(step, aligned)
    }

    /// The track transform for the scaled picture: the same rotation and flips, its translation scaled with the
    /// picture (a 90° rotation translates by the picture's height, which shrank with it).
    static func scaledTransform(_ transform: CGAffineTransform, from source: CGSize, to output: (width: Int, height: Int))
        -> CGAffineTransform {
        guard source.width > 0, source.height > 0 else { return transform }
        let sx = Double(output.width) / Double(source.width), sy = Double(output.height) / Double(source.height)
        var scaled = transform
        // The translation moves the rotated picture back into view by one of its edges; which edge depends on the
        // rotation, so each axis scales by the factor of the edge it stands for.
        scaled.tx = transform.tx * (abs(transform.a) >= abs(transform.c) ? sx : sy)
        scaled.ty = transform.ty * (abs(transform.d) >= abs(transform.b) ? sy : sx)
        return scaled
    }
}
