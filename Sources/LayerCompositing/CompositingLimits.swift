import Raster

/// The compositor's limits, in one place.
enum CompositingLimits {
    /// Largest side of a composed frame, in pixels: Raster's, so that no draw is refused for its size.
    static let maximumPictureDimension = RasterLimits.maximumPictureDimension

    /// Most conversions the video compositor keeps planned (one per source format, size, colour and cut in use);
    /// past it they are all dropped and planned again. A composition draws a handful of tracks, so this is never
    /// reached by real work, yet a caller that changes sizes every frame cannot grow the cache without end.
    static let maximumConversions = 32
}
