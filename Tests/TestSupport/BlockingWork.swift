import Dispatch

/// Runs `body`, which blocks (waits for an export, a child process, a semaphore), on a Dispatch thread and
/// suspends until it is done, so the wait does not hold one of the few threads of Swift concurrency's cooperative
/// pool: on a 2-core machine two blocked tests starve every async test beside them. Keep `#expect` outside `body`:
/// the test library attributes an issue to a test through the task it is recorded in.
@discardableResult
public func blockingWork<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
}
