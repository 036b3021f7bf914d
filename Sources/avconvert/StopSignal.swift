import Foundation

/// The first stopping signal (SIGINT, SIGTERM, SIGHUP) received, recorded from a signal source's queue and read by
/// the main task.
// Safe because `lock` guards `first`.
final class StopSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var first: Int32?

    /// The signal's number, if one came.
    var number: Int32? { lock.withLock { first } }

    /// Records `number` unless an earlier signal was recorded.
    func record(_ number: Int32) {
        lock.withLock { if first == nil { first = number } }
    }
}
