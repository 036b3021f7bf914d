import Foundation

/// The one first-in first-out queue between two stages of the engines (an export's pictures and packets, an
/// output's read-ahead), bounded by a count and a byte total.
///
/// - **Back pressure with a resume threshold.** A producer that finds the queue full is held until the consumer has
///   brought it down to `resumeCount` elements and `resumeBytes` bytes, so that producer and consumer hand over
///   batches instead of waking each other for every element (a context switch per sample was half the cost of a
///   remux). With the threshold just under the bound, a held producer goes on as soon as there is room.
/// - **Both kinds of waiter.** Worker threads block (`put`, `take`); Swift tasks suspend on a continuation
///   (`put`/`take` `async`), so a cooperative thread is never parked. A task cancelled while it waits is resumed
///   at once and throws `CancellationError`.
/// - **A producer that parks instead of waiting** (a read-ahead worker, which holds no thread while full) asks
///   `admitsStep()`; the `take` that reaches the threshold says so (`Polled.releasedProducer`), and the taker
///   schedules the producer again.
/// - **Ends.** `finish()` and `fail(_:)` end the queue after what is queued; `cancel()` drops what is queued. Each
///   wakes every waiter, blocked or suspended, so a stopped stage never leaves anyone waiting. `reopen()` starts
///   it over (an output read again over other time ranges).
///
/// Elements are handed from one side to the other, never shared: each is referenced by the queue or by its taker.
/// A taken slot is emptied at once, so the queue keeps no consumed element alive (a picture was a frame of memory).
// Safe because `condition` guards every `var`, and an element is only ever reachable from one side at a time.
final class BoundedQueue<Element, Failure: Error>: @unchecked Sendable {
    /// What a taker gets: an element, or how the queue ended once it is drained.
    enum Taken {
        case element(Element)
        case finished
        case failed(Failure)
        case cancelled

        /// The element, or nil for any end.
        var element: Element? {
            if case .element(let element) = self { return element }
            return nil
        }
    }

    /// What `poll()` found: an answer, or an empty open queue as of `mark` (wait for a change after it).
    enum Polled {
        case taken(Taken)
        case empty(mark: Int)
    }

    /// The two sides' waits: takers wait for an element or an end, producers for room.
    private enum Side {
        case takers, producers
    }

    private enum End {
        case finished, failed(Failure), cancelled
    }

    /// Largest number of queued elements.
    let maximumCount: Int
    /// Largest total cost; a single element costing more is still accepted when the queue is empty.
    let maximumBytes: Int
    /// A held producer goes on once at most this many elements are queued…
    let resumeCount: Int
    /// …and at most this many bytes.
    let resumeBytes: Int

    private let condition = NSCondition()
    /// Queued elements from `head` on.
    private var items: [(element: Element?, cost: Int)] = []
    private var head = 0
    private var bytes = 0
    private var end: End?
    /// A producer found the queue full and is held until the resume threshold.
    private var producerHeld = false
    /// Each side's changes: a waiter waits for its side's generation to move past the one it saw (signalled under
    /// `condition`, so a generation read under it is never stale). Suspended tasks wait on these.
    private let takersChanged = ChangeSignal()
    private let producersChanged = ChangeSignal()
    /// Threads blocked in `condition.wait()` (none: no broadcast needed).
    private var blockedThreads = 0

    /// A queue of at most `maximumCount` elements and `maximumBytes` bytes. A held producer resumes when the
    /// queue is down to `resumeCount` elements and `resumeBytes` bytes: by default as soon as there is room.
    init(maximumCount: Int, maximumBytes: Int = .max, resumeCount: Int? = nil, resumeBytes: Int? = nil) {
        self.maximumCount = max(1, maximumCount)
        self.maximumBytes = max(1, maximumBytes)
        self.resumeCount = min(max(0, resumeCount ?? self.maximumCount - 1), self.maximumCount - 1)
        self.resumeBytes = min(max(0, resumeBytes ?? self.maximumBytes), self.maximumBytes)
    }

    // MARK: Producer

    /// Adds `element`, blocking the thread while the queue is full; false when the queue has ended (the element is
    /// dropped).
    @discardableResult
    func put(_ element: Element, cost: Int = 0) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch offer(element, cost: cost) {
            case .added: return true
            case .ended: return false
            case .full(let mark): waitBlocking(.producers, after: mark)
            }
        }
    }

    /// Adds `element`, suspending while the queue is full; false when the queue has ended. Throws when the task is
    /// cancelled while it waits (the element is then not added).
    func put(_ element: Element, cost: Int = 0) async throws(CancellationError) -> Bool {
        while true {
            let offered = condition.withLock { offer(element, cost: cost) }
            switch offered {
            case .added: return true
            case .ended: return false
            case .full(let mark): try await suspend(.producers, after: mark)
            }
        }
    }

    /// Whether a producer that parks instead of waiting may make more: the queue is open, not holding its
    /// producer, and has room for at least one more byte. When it has not, the producer is held until a `take`
    /// reports `releasedProducer`.
    func admitsStep() -> Bool {
        condition.withLock {
            guard end == nil else { return false }
            if !producerHeld, !isFull(adding: 1) { return true }
            producerHeld = true
            return false
        }
    }

    /// How many more elements and bytes the queue takes before it is full (at least one of each, as an empty
    /// queue takes one element of any cost): what a producer that parks may make in one step.
    var room: (count: Int, bytes: Int) {
        condition.withLock { (max(1, maximumCount - count), max(1, maximumBytes - bytes)) }
    }

    /// Whether the producer is held (full, and not yet down to the resume threshold).
    var isHoldingProducer: Bool { condition.withLock { producerHeld } }

    /// Adds everything one step of a parked producer made, over the bound if need be (a step that was admitted
    /// finishes; a decoder step yields at most a few pictures). Nothing is added once the queue has ended.
    func append(contentsOf elements: [(element: Element, cost: Int)]) {
        condition.withLock {
            guard end == nil else { return }
            for (element, cost) in elements {
                items.append((element, cost))
                bytes += cost
            }
            changed(.takers)
        }
    }

    /// Wakes the takers without adding anything: a taker that found the queue empty while the producer was busy
    /// looks again (the producer may now let the taker run its next step).
    func nudge() {
        condition.withLock { changed(.takers) }
    }

    // MARK: Taker

    /// The next element, blocking the thread while the queue is empty and open.
    func take() -> Taken {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch pollLocked().polled {
            case .taken(let taken): return taken
            case .empty(let mark): waitBlocking(.takers, after: mark)
            }
        }
    }

    /// The next element, suspending while the queue is empty and open. Throws when the task is cancelled while it
    /// waits.
    func take() async throws(CancellationError) -> Taken {
        while true {
            switch poll().polled {
            case .taken(let taken): return taken
            case .empty(let mark): try await suspend(.takers, after: mark)
            }
        }
    }

    /// The next element or end if there is one, without waiting; else the mark to wait after. `releasedProducer`
    /// is true when this take brought a held producer down to the resume threshold: a parked producer should then
    /// be scheduled again.
    func poll() -> (polled: Polled, releasedProducer: Bool) {
        condition.withLock { pollLocked() }
    }

    /// Blocks the thread until the takers' side changes after `mark` (an element, an end, a nudge).
    func waitForChange(after mark: Int) {
        condition.withLock { waitBlocking(.takers, after: mark) }
    }

    /// Suspends until the takers' side changes after `mark`; throws when the task is cancelled.
    func change(after mark: Int) async throws(CancellationError) {
        try await suspend(.takers, after: mark)
    }

    // MARK: Ends

    /// Ends the queue: takers get what is queued, then `.finished`.
    func finish() { close(.finished, dropping: false) }

    /// Ends the queue with `failure`: takers get what is queued, then `.failed(failure)`.
    func fail(_ failure: Failure) { close(.failed(failure), dropping: false) }

    /// Drops what is queued and ends the queue: every later `put` fails and takers get `.cancelled` (or the failure
    /// already recorded, which stays the answer).
    func cancel() { close(.cancelled, dropping: true) }

    /// Empties the queue and opens it again.
    func reopen() {
        condition.withLock {
            dropAll()
            end = nil
            producerHeld = false
            changed(.takers)
            changed(.producers)
        }
    }

    /// True once `cancel()` was called (and not reopened since).
    var isCancelled: Bool {
        condition.withLock {
            if case .cancelled = end { return true }
            return false
        }
    }

    /// Elements and bytes queued now.
    var occupancy: (count: Int, bytes: Int) { condition.withLock { (count, bytes) } }

    // MARK: Under the lock

    private enum Offer {
        case added
        case ended
        case full(mark: Int)
    }

    private func offer(_ element: Element, cost: Int) -> Offer {
        guard end == nil else { return .ended }
        if producerHeld || isFull(adding: cost) {
            producerHeld = true
            return .full(mark: generation(.producers))
        }
        items.append((element, cost))
        bytes += cost
        changed(.takers)
        return .added
    }

    /// Takes the next element or end; also says whether a held producer was released.
    private func pollLocked() -> (polled: Polled, releasedProducer: Bool) {
        guard count > 0 else {
            switch end {
            case nil: return (.empty(mark: generation(.takers)), false)
            case .finished: return (.taken(.finished), false)
            case .failed(let failure): return (.taken(.failed(failure)), false)
            case .cancelled: return (.taken(.cancelled), false)
            }
        }
        let (element, cost) = items[head]
        items[head].element = nil
        head += 1
        bytes -= cost
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 64, head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        let released = producerHeld && count <= resumeCount && bytes <= resumeBytes
        if released {
            producerHeld = false
            changed(.producers)
        }
        // A popped slot always held an element.
        return (.taken(.element(element!)), released)
    }

    private func close(_ reason: End, dropping: Bool) {
        condition.withLock {
            if dropping { dropAll() }
            switch (end, reason) {
            case (.failed?, .cancelled): break
            case (nil, _), (_, .cancelled): end = reason
            default: break
            }
            changed(.takers)
            changed(.producers)
        }
    }

    private func dropAll() {
        items = []
        head = 0
        bytes = 0
    }

    /// Records a change for `side` (the lock is held): wakes its blocked threads and its suspended tasks.
    private func changed(_ side: Side) {
        signal(side).signal()
        if blockedThreads > 0 { condition.broadcast() }
    }

    private func signal(_ side: Side) -> ChangeSignal {
        side == .takers ? takersChanged : producersChanged
    }

    private func generation(_ side: Side) -> Int { signal(side).generation }

    /// Blocks until `side` changes after `mark` (the lock is held, and released while waiting).
    private func waitBlocking(_ side: Side, after mark: Int) {
        blockedThreads += 1
        while generation(side) == mark { condition.wait() }
        blockedThreads -= 1
    }

    /// Suspends until `side` changes after `mark`, or the task is cancelled (then throws). `ChangeSignal` resumes a
    /// cancelled waiter at once.
    private func suspend(_ side: Side, after mark: Int) async throws(CancellationError) {
        await signal(side).wait(after: mark)
        if Task.isCancelled { throw CancellationError() }
    }

    /// Elements queued.
    private var count: Int { items.count - head }

    /// Whether adding `cost` more would pass the bound (a single element is always accepted into an empty queue).
    private func isFull(adding cost: Int) -> Bool {
        count >= maximumCount || (count > 0 && bytes + cost > maximumBytes)
    }
}
