import CoreMedia
import Foundation

/// The requests a compositor is working on, in composition-time order: a bounded window, so a compositor that
/// answers later (on its own threads) works on several frames at once while memory stays bounded, and the frames
/// still leave in order.
///
/// Waiting for the oldest request is where a compositor that never answers would hang a reading: after
/// `patience` the window reports the request (a diagnostic naming its composition time), and goes on waiting
/// until the request ends or `cancel()` is called.
///
/// Thread safety: `condition` guards every `var`; requests end on any thread.
// Safe because `condition` guards every `var`.
final class RequestWindow: @unchecked Sendable {
    /// A request started and, once it ended, how.
    private final class Entry {
        let time: CMTime
        let duration: CMTime
        var outcome: AVAsynchronousVideoCompositionRequest.Outcome?

        init(time: CMTime, duration: CMTime) {
            self.time = time
            self.duration = duration
        }
    }

    /// The most requests in flight.
    let capacity: Int
    private let patience: Duration
    private let report: @Sendable (String) -> Void
    private let condition = NSCondition()
    private var entries: [Entry] = []
    private var cancelled = false

    init(capacity: Int, patience: Duration, report: @escaping @Sendable (String) -> Void) {
        self.capacity = capacity
        self.patience = patience
        self.report = report
    }

    /// Whether another request may start.
    var hasRoom: Bool { condition.withLock { entries.count < capacity } }

    /// Whether no request is in flight.
    var isEmpty: Bool { condition.withLock { entries.isEmpty } }

    /// Registers a request for `time` and returns the completion to hand it: the request's outcome is recorded
    /// (on whatever thread the compositor finishes it) and the waiting compose worker woken.
    func open(time: CMTime, duration: CMTime) -> @Sendable (AVAsynchronousVideoCompositionRequest.Outcome) -> Void {
        let entry = Entry(time: time, duration: duration)
        condition.withLock { entries.append(entry) }
        let box = UncheckedEntry(entry: entry)
        return { [self] outcome in
            condition.withLock {
                box.entry.outcome = outcome
                condition.broadcast()
            }
        }
    }

    /// Waits for the oldest request to end and removes it; `nil` when the window is empty or was cancelled.
    func takeOldest() -> (time: CMTime, duration: CMTime, outcome: AVAsynchronousVideoCompositionRequest.Outcome)? {
        condition.lock()
        defer { condition.unlock() }
        var reported = false
        let deadline = Date(timeIntervalSinceNow: Double(patience.components.seconds)
                            + Double(patience.components.attoseconds) * 1e-18)
        while true {
            if cancelled { return nil }
            guard let oldest = entries.first else { return nil }
            if let outcome = oldest.outcome {
                entries.removeFirst()
                return (oldest.time, oldest.duration, outcome)
            }
            if reported {
                condition.wait()
            } else if !condition.wait(until: deadline), oldest.outcome == nil, !cancelled {
                reported = true
                let seconds = String(format: "%.6f", oldest.time.seconds)
                condition.unlock()
                report("the custom video compositor has not finished the request for composition time \(seconds) s "
                       + "after \(patience); still waiting (cancelling the reading or export ends the wait)")
                condition.lock()
            }
        }
    }

    /// Ends every wait; later takes return `nil`.
    func cancel() {
        condition.withLock {
            cancelled = true
            condition.broadcast()
        }
    }

    /// An entry handed to a completion closure, which runs on the compositor's thread and only touches the entry
    /// under `condition`.
    // Safe because the completion that carries it touches the entry only under the window's `condition`.
    private struct UncheckedEntry: @unchecked Sendable {
        let entry: Entry
    }
}
