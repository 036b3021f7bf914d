import Foundation

/// The process-wide export queue: at most `capacity` exports run at once (`ExportLimits.concurrentExports`); the
/// others wait in order of arrival and start as slots free.
///
/// Thread safety: `lock` guards every `var`; start closures run outside it, on a background queue, so a session's
/// own lock is never taken under the queue's.
// Safe because `lock` guards every `var`.
final class ExportQueue: @unchecked Sendable {
    /// One export's place in the queue.
    struct Ticket: Hashable, Sendable {
        fileprivate let id: UInt64
    }

    /// The queue every export session uses.
    static let shared = ExportQueue(capacity: ExportLimits.concurrentExports)

    /// Exports that may run at once.
    let capacity: Int
    private let lock = NSLock()
    private var nextID: UInt64 = 0
    private var running: Set<Ticket> = []
    private var waiting: [(ticket: Ticket, start: @Sendable () -> Void)] = []

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// A new ticket (not yet queued).
    func makeTicket() -> Ticket {
        lock.withLock {
            nextID += 1
            return Ticket(id: nextID)
        }
    }

    /// Queues `ticket`; `start` runs (on a background queue) once it has a slot, possibly at once.
    func enqueue(_ ticket: Ticket, start: @escaping @Sendable () -> Void) {
        let now: Bool = lock.withLock {
            if running.count < capacity {
                running.insert(ticket)
                return true
            }
            waiting.append((ticket, start))
            return false
        }
        if now { DispatchQueue.global(qos: .userInitiated).async(execute: start) }
    }

    /// Removes a ticket that is still waiting; false when it has a slot already (or was never queued).
    func withdraw(_ ticket: Ticket) -> Bool {
        lock.withLock {
            guard let index = waiting.firstIndex(where: { $0.ticket == ticket }) else { return false }
            waiting.remove(at: index)
            return true
        }
    }

    /// Forgets a ticket: frees its slot (starting the next waiting export) or takes it out of the waiting line.
    func release(_ ticket: Ticket) {
        let next: (@Sendable () -> Void)? = lock.withLock {
            if running.remove(ticket) == nil {
                waiting.removeAll { $0.ticket == ticket }
                return nil
            }
            guard running.count < capacity, !waiting.isEmpty else { return nil }
            let first = waiting.removeFirst()
            running.insert(first.ticket)
            return first.start
        }
        if let next { DispatchQueue.global(qos: .userInitiated).async(execute: next) }
    }

    /// Exports running and waiting now.
    var counts: (running: Int, waiting: Int) { lock.withLock { (running.count, waiting.count) } }
}
