import CoreVideo
import Foundation

/// The pool behind `AVVideoCompositionRenderContext.newPixelBuffer()`: buffers of the render size with the
/// compositor's required attributes, at most `limit` alive at once, so a compositor that leaks buffers cannot make
/// memory grow without bound. The limit is what the pipeline needs (the requests in flight, the read-ahead, a
/// margin) or `ReadingLimits.renderPoolBytes` worth of buffers, whichever is more: a caller that keeps composed
/// frames (thumbnails, a test collecting a clip) keeps a fair number before the pool refuses.
///
/// At the limit, a request waits for a buffer to come back (composed frames flow on downstream and are released)
/// for up to `patience`, then answers `nil`, as Apple's `newPixelBuffer()` does on failure. It is woken by the pool's
/// `kCVPixelBufferPoolFreeBufferNotification` (posted when a buffer returns after the threshold was hit), not by
/// polling. `stop()` ends waits at once (the reading was cancelled).
///
/// Thread safety: the pool is thread-safe; `stopped` and `returns` are guarded by `returned`.
// Safe because the pool is thread-safe; `returned` guards `stopped` and `returns`.
final class RenderBufferPool: @unchecked Sendable {
    let pool: CVPixelBufferPool
    let limit: Int
    let patience: Duration
    private let returned = NSCondition()
    private var stopped = false
    /// Buffers the pool announced as returned so far: a waiter retries once this moves.
    private var returns = 0
    private var observer: (any NSObjectProtocol)?

    init(attributes: [String: Any], width: Int, height: Int, minimumLimit: Int, patience: Duration = .seconds(10))
        throws(CVError) {
        var attributes = attributes
        attributes[kCVPixelBufferWidthKey as String] = width
        attributes[kCVPixelBufferHeightKey as String] = height
        pool = try CVPixelBufferPool(poolAttributes: [:], pixelBufferAttributes: attributes)
        limit = max(minimumLimit, ReadingLimits.renderPoolBytes / max(1, pool.geometry.allocationSize))
        self.patience = patience
        observer = NotificationCenter.default.addObserver(
            forName: Notification.Name(kCVPixelBufferPoolFreeBufferNotification as String), object: pool, queue: nil
        ) { [weak self] _ in
            guard let self else { return }
            returned.withLock {
                returns += 1
                returned.broadcast()
            }
        }
    }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    /// The pixel format every buffer of the pool has.
    var pixelFormat: OSType { pool.geometry.layout.pixelFormat }

    func makeBuffer() -> CVPixelBuffer? {
        let deadline = Date(timeIntervalSinceNow: Double(patience.components.seconds)
                            + Double(patience.components.attoseconds) * 1e-18)
        while true {
            let (isStopped, seen) = returned.withLock { (stopped, returns) }
            if isStopped { return nil }
            do {
                return try pool.makePixelBuffer(allocationThreshold: limit)
            } catch where error.status == kCVReturnWouldExceedAllocationThreshold {
                // Wait for a return announced after the attempt began (one announced before it is seen at once).
                let woken: Bool = returned.withLock {
                    while returns == seen, !stopped {
                        if !returned.wait(until: deadline) { return returns != seen || stopped }
                    }
                    return true
                }
                guard woken else { return nil }
            } catch {
                return nil
            }
        }
    }

    func stop() {
        returned.withLock {
            stopped = true
            returned.broadcast()
        }
    }
}
