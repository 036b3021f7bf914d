import Dispatch
import Foundation

/// Hands segments to the caller's handler in order on one serial queue, so that the handler never runs under the
/// writer's lock (a handler may ask the writer anything) and a slow handler does not hold up the muxer. `close()`
/// stops delivery (a cancelled or failed writer hands out nothing further: segments still queued are dropped);
/// `drain()` waits until every queued segment was delivered.
///
/// Memory: the bytes waiting for the handler are counted, and `isBackedUp` past
/// `MovieWriterLimits.undeliveredSegmentBytes`, which the writer reports as not ready for more media; `delivered`
/// is called after each segment so the caller can ask again. (Without it, a fast source and a slower handler queued
/// the whole file: 433 MB for 600 s of 1080p read from a mapped file.)
// Safe because `lock` guards `closed` and `pendingBytes`; the handler runs only on the serial `queue`.
final class SegmentDelivery: @unchecked Sendable {
    // Safe to share: `closed` and `pendingBytes` are guarded by `lock`; `queue` is serial, the closures Sendable.
    private let queue = DispatchQueue(label: "MovieFile.SegmentDelivery")
    private let handler: @Sendable (MovieSegment) -> Void
    private let delivered: @Sendable () -> Void
    private let lock = NSLock()
    private var closed = false
    private var pendingBytes = 0
    /// Marks the queue's thread, so that a handler that finishes the writer does not wait for itself.
    private let onQueue = DispatchSpecificKey<Bool>()

    init(handler: @escaping @Sendable (MovieSegment) -> Void, delivered: @escaping @Sendable () -> Void) {
        self.handler = handler
        self.delivered = delivered
        queue.setSpecific(key: onQueue, value: true)
    }

    /// True while more than the limit waits for the handler.
    var isBackedUp: Bool { lock.withLock { pendingBytes > MovieWriterLimits.undeliveredSegmentBytes } }

    /// Queues `segment` for the handler.
    func deliver(_ segment: MovieSegment) {
        let bytes = segment.data.count
        lock.withLock { pendingBytes += bytes }
        queue.async { [self] in
            let open = lock.withLock { !closed }
            if open { handler(segment) }
            lock.withLock { pendingBytes -= bytes }
            if open { delivered() }
        }
    }

    /// Waits until every segment queued so far was handed over (or dropped by `close()`).
    func drain() {
        guard DispatchQueue.getSpecific(key: onQueue) != true else { return }
        queue.sync {}
    }

    /// Stops delivery: segments not yet handed over are dropped. A delivery already running completes.
    func close() { lock.withLock { closed = true } }
}
