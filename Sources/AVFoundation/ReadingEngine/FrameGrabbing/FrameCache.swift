import CoreGraphics

/// The last images a batch made, by the sample they show: requests with the default tolerance often land on the
/// same sync frame (a hundred times in a minute of two-second groups of pictures name thirty frames), and each is
/// decoded once. Bounded by count and by bytes (`ReadingLimits.frameCacheImages`, `frameCacheBytes`); the oldest
/// go first.
///
/// Not thread-safe: the batch uses it under its lock.
struct FrameCache {
    private var images: [FrameKey: CGImage] = [:]
    private var order: [FrameKey] = []
    private var bytes = 0

    /// The image of `key`, if it is still cached.
    subscript(key: FrameKey) -> CGImage? { images[key] }

    /// Keeps `image` for `key`, dropping the oldest images beyond the bounds.
    mutating func insert(_ image: CGImage, for key: FrameKey) {
        guard images[key] == nil else { return }
        images[key] = image
        order.append(key)
        bytes += image.bytesPerRow * image.height
        while order.count > ReadingLimits.frameCacheImages || (bytes > ReadingLimits.frameCacheBytes && order.count > 1) {
            let oldest = order.removeFirst()
            if let dropped = images.removeValue(forKey: oldest) { bytes -= dropped.bytesPerRow * dropped.height }
        }
    }
}
