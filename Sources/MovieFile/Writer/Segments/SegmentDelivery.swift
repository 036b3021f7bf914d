import Dispatch
import Foundation

/// Hands segments to the caller's handler in order on one serial queue, so that the handler never runs under the
/// writer's lock (a handler may ask the writer anything) and a slow handler does not hold up the muxer. `close()`
/// stops delivery (a cancelled or failed writer hands out nothing further: segments still queued are dropped);
/// `drain()` waits until every queued segment was delivered.
final class SegmentDelivery: @unchecked Sendable {
    // Safe to share: `closed` is guarded by `lock`; `queue` is serial and `handler` is Sendable.
    private let queue = DispatchQueue(label: "MovieFile.SegmentDelivery")
    private let handler: @Sendable (MovieSegment) -> Void
    private let lock = NSLock()
    private var closed = false
    /// Marks the queue's thread, so that a handler that finishes the writer does not wait for itself.
    private let onQueue = DispatchSpecificKey<Bool>()

    init(handler: @escaping @Sendable (MovieSegment) -> Void) {
        self.handler = handler
        queue.setSpecific(key: onQueue, value: true)
    }

    /// Queues `segment` for the handler.
    func deliver(_ segment: MovieSegment) {
        queue.async { [self] in
            guard !lock.withLock({ closed }) else { return }
            handler(segment)
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
