import CoreVideo
import Foundation

/// The pool behind `AVVideoCompositionRenderContext.newPixelBuffer()`: buffers of the render size with the
/// compositor's required attributes, at most `limit` alive at once, so a compositor that leaks buffers cannot make
/// memory grow without bound. The limit is what the pipeline needs (the requests in flight, the read-ahead, a
/// margin) or `ReadingLimits.renderPoolBytes` worth of buffers, whichever is more: a caller that keeps composed
/// frames (thumbnails, a test collecting a clip) keeps a fair number before the pool refuses.
///
/// At the limit, a request waits for a buffer to come back (composed frames flow on downstream and are released)
/// for up to `patience`, then answers `nil`, as Apple's `newPixelBuffer()` does on failure. `stop()` ends waits
/// at once (the reading was cancelled).
///
/// Thread safety: the pool is thread-safe; `stopped` is guarded by `lock`.
final class RenderBufferPool: @unchecked Sendable {
    let pool: CVPixelBufferPool
    let limit: Int
    let patience: Duration
    private let lock = NSLock()
    private var stopped = false

    init(attributes: [String: Any], width: Int, height: Int, minimumLimit: Int, patience: Duration = .seconds(10))
        throws(CVError) {
        var attributes = attributes
        attributes[kCVPixelBufferWidthKey as String] = width
        attributes[kCVPixelBufferHeightKey as String] = height
        pool = try CVPixelBufferPool(poolAttributes: [:], pixelBufferAttributes: attributes)
        limit = max(minimumLimit, ReadingLimits.renderPoolBytes / max(1, pool.geometry.allocationSize))
        self.patience = patience
    }

    /// The pixel format every buffer of the pool has.
    var pixelFormat: OSType { pool.geometry.layout.pixelFormat }

    func makeBuffer() -> CVPixelBuffer? {
        let deadline = ContinuousClock.now + patience
        while true {
            if lock.withLock({ stopped }) { return nil }
            do {
                return try pool.makePixelBuffer(allocationThreshold: limit)
            } catch where error.status == kCVReturnWouldExceedAllocationThreshold {
                guard ContinuousClock.now < deadline else { return nil }
                Thread.sleep(forTimeInterval: 0.002)
            } catch {
                return nil
            }
        }
    }

    func stop() {
        lock.withLock { stopped = true }
    }
}
