/// Every limit of the pixel routines, in one place, with the reason for its value.
package enum RasterLimits {
    /// Largest picture side drawn: the FFmpeg bridge's bound on codec pictures (no codec we wrap goes past 8192),
    /// so that a corrupt size field is refused before pixman or libyuv is asked to address it.
    package static let maximumPictureDimension = 16_384

    /// Most source pixels per destination pixel, each way, that a shrinking draw's filter kernel spans in one step
    /// (`BitmapDrawing`). pixman's separable filters cost the square of the kernel's width per pixel, so larger
    /// shrinks first average the source down by a whole factor, then filter what is left.
    package static let maximumFilterScale = 32
}
