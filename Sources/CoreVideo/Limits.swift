// Every limit CoreVideo enforces, in one place, each with the reason for its number.

/// CoreVideo's limits.
package enum Limits {
    /// Rows and planes start at least this many bytes apart (64 bytes: one cache line, the AVX-512 vector width,
    /// and what libyuv, swscale and x264 need for their aligned fast paths). Apple's Metal-compatible buffers use
    /// the same 64 bytes.
    package static let minimumAlignment = 64

    /// The largest `kCVPixelBufferBytesPerRowAlignmentKey` or `kCVPixelBufferPlaneAlignmentKey` honoured: one
    /// 4 KiB page. Anything larger is almost certainly a mistake and would waste memory on every row.
    package static let maximumAlignment = 4096

    /// The largest width or height of a pixel buffer. 32768 is four times 8K UHD and more than any level of
    /// H.264, HEVC or AV1 allows, while keeping every size computation far from integer overflow.
    package static let maximumDimension = 32_768

    /// The largest single pixel buffer allocation, 2 GiB: an 8K 128-bit RGBA float frame is 0.5 GiB.
    package static let maximumAllocationBytes = 1 << 31

    /// The largest extension (`kCVPixelBufferExtendedPixels…Key`) on any side, in pixels. Codecs ask for a few
    /// dozen pixels (motion vectors pointing outside the picture); 1024 leaves room and bounds the allocation.
    package static let maximumExtendedPixels = 1024

    /// The largest `kCVPixelBufferPoolMinimumBufferCountKey`: the pool allocates this many buffers up front.
    package static let maximumPoolMinimumBufferCount = 256

    /// How many unused buffers a pool keeps on its free list (beyond its minimum count). A decoder with a deep
    /// reorder queue and a display queue rarely has more than 16 frames in flight; buffers returned beyond this
    /// are freed at once, so a pool's idle memory stays bounded whatever its maximum buffer age.
    package static let maximumFreeBuffersPerPool = 16

    /// Apple's default `kCVPixelBufferPoolMaximumBufferAgeKey`: one second (CVPixelBufferPool.h).
    package static let defaultMaximumBufferAge: Double = 1.0
}
