import Synchronization

/// Lets async code wait for "something may have changed" without parking a thread: the awaitable side of a
/// condition that the engines otherwise announce to callbacks (an input's readiness, a pass's end) or to blocked
/// threads (each side of a `BoundedQueue`).
///
/// Waiting is check-then-wait without a lost wake-up: read `generation`, check the condition, then
/// `wait(after:)` that generation. A `signal()` that came in between has moved the generation on, and the wait
/// returns at once; one that comes later resumes it.
///
/// A waiting task that is cancelled is resumed at once (it then sees `Task.isCancelled`), so cancellation never
/// waits for a signal that may not come.
///
/// Thread safety: `state` guards everything.
final class ChangeSignal: Sendable {
    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var generation = 0
        var nextID = 0
        var waiters: [Waiter] = []
    }

    private let state = Mutex(State())

    /// How many signals there have been: read it before checking the condition waited for.
    var generation: Int { state.withLock { $0.generation } }

    /// Resumes every waiter: the condition may have changed.
    func signal() {
        let resumed: [Waiter] = state.withLock { state in
            state.generation &+= 1
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in resumed { waiter.continuation.resume() }
    }

    /// Suspends until a signal after `generation` (at once if there has been one), or the task is cancelled.
    func wait(after generation: Int) async {
        let id = state.withLock {
            $0.nextID &+= 1
            return $0.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waiting: Bool = state.withLock {
                    // Checked under the lock that `onCancel` takes: a cancellation either finds this waiter or
                    // has set the flag read here.
                    guard $0.generation == generation, !Task.isCancelled else { return false }
                    $0.waiters.append(Waiter(id: id, continuation: continuation))
                    return true
                }
                if !waiting { continuation.resume() }
            }
        } onCancel: {
            let cancelled: Waiter? = state.withLock {
                guard let index = $0.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return $0.waiters.remove(at: index)
            }
            cancelled?.continuation.resume()
        }
    }
}
