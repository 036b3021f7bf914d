import Foundation

/// A mutex whose `withLock` keeps the body's typed error (Foundation's `NSLock.withLock` is untyped `rethrows`).
final class Lock: @unchecked Sendable {
    private let lock = NSLock()

    /// Runs `body` with the lock held.
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
