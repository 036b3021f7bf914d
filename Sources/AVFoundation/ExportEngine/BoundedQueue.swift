import Foundation

/// A first-in first-out queue between two pipeline stages, bounded by a count and a byte total: the producer waits
/// while it is full, the consumer while it is empty. `finish()` ends it after what is queued; `cancel()` drops
/// everything and wakes both sides, so a stopped export never leaves a thread waiting.
///
/// Thread safety: `condition` guards every `var`.
final class BoundedQueue<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Queued elements from `head` on; a popped slot is emptied at once, so that the queue never keeps a consumed
    /// element alive (a picture it held on to was a frame of memory each).
    private var items: [(element: Element?, cost: Int)] = []
    private var head = 0
    private var bytes = 0
    private var finished = false
    private var cancelled = false
    /// Largest number of queued elements.
    let maximumCount: Int
    /// Largest total cost; a single element costing more is still accepted when the queue is empty.
    let maximumBytes: Int

    init(maximumCount: Int, maximumBytes: Int = .max) {
        self.maximumCount = max(1, maximumCount)
        self.maximumBytes = max(1, maximumBytes)
    }

    /// Adds `element`, waiting while the queue is full; false when the queue was cancelled (the element is dropped).
    @discardableResult
    func push(_ element: Element, cost: Int = 0) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled, count >= maximumCount || (count > 0 && bytes + cost > maximumBytes) {
            condition.wait()
        }
        guard !cancelled, !finished else { return false }
        items.append((element, cost))
        bytes += cost
        condition.broadcast()
        return true
    }

    /// The next element, waiting while the queue is empty; nil once it is finished and drained, or cancelled.
    func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled, count == 0, !finished { condition.wait() }
        guard !cancelled, count > 0 else { return nil }
        let (element, cost) = items[head]
        items[head].element = nil
        head += 1
        bytes -= cost
        if head > 64, head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return element!
    }

    /// Ends the queue: the consumer gets what is queued, then nil.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Drops everything and wakes both sides; every later push fails and every pop returns nil.
    func cancel() {
        condition.lock()
        cancelled = true
        items = []
        head = 0
        bytes = 0
        condition.broadcast()
        condition.unlock()
    }

    /// True once `cancel()` was called.
    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Elements queued (the lock must be held).
    private var count: Int { items.count - head }
}
