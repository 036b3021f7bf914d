import CoreGraphics
import CoreVideo
import Foundation

/// One track's frame to draw into a composed frame: the picture, where it goes, which part of it, how opaque.
package struct VideoLayer: Sendable {
    /// The picture: any format the compositor's `PictureConverting` reads (for MediaCodecs' converter, decoders'
    /// 420v/420f/y420, 10-bit, 32BGRA, 32ARGB…).
    /// Y′CbCr pictures are read with the matrix and range their attachments and format give; pictures with alpha
    /// are taken as premultiplied.
    package var source: CVPixelBuffer
    /// Source pixel coordinates (origin top-left, y down) → destination pixel coordinates.
    package var transform: CGAffineTransform
    /// The part of the source to draw, in source pixel coordinates, before the transform; `nil` for all of it.
    /// Edges are rounded to the nearest whole pixel.
    package var crop: CGRect?
    /// 0 (invisible) … 1 (as opaque as the source).
    package var opacity: Float

    /// Describes a layer.
    package init(source: CVPixelBuffer, transform: CGAffineTransform = .identity, crop: CGRect? = nil,
                 opacity: Float = 1) {
        self.source = source
        self.transform = transform
        self.crop = crop
        self.opacity = opacity
    }
}
