import Foundation

/// The loading state of one object's keys (an asset, a track, a metadata item): each key's value is computed at
/// most once per successful load, by whoever asks first, and every other asker waits for that computation.
///
/// Thread safety: `condition` guards `entries` and `generation`; computations run outside the lock, so a slow
/// file parse never blocks `statusOfValue(forKey:error:)`. Waiters (continuations of `load(_:)`, completion handlers
/// of `loadValuesAsynchronously(forKeys:completionHandler:)`) are resumed outside the lock, exactly once each.
final class KeyValueLoader: @unchecked Sendable {
    /// Called when a key's load finishes: `nil` on success, the error on failure or cancellation.
    typealias Waiter = @Sendable ((any Error)?) -> Void
    /// Computes a key's value; runs on a background queue or on the thread of a synchronous property access.
    typealias Computation = @Sendable () throws -> Any

    private enum Entry {
        case loading(generation: Int, waiters: [Int: Waiter])
        case loaded(Any)
        case failed(any Error)
        case cancelled
    }

    /// Where computations run. A queue of our own rather than a global one: computations block on file I/O, and
    /// queues created by clients draw on libdispatch's overcommitting pool, which adds threads when some block,
    /// whereas the global queues stay at one thread per core (on Linux a blocked global pool stalls for about a
    /// second before libdispatch notices).
    static let loadingQueue = DispatchQueue(label: "AVFoundation.key-value-loading", qos: .userInitiated,
                                            attributes: .concurrent)

    private let condition = NSCondition()
    private var entries: [String: Entry] = [:]
    /// Bumped by `cancelAll()`: a computation finishing for an older generation was cancelled and is discarded.
    private var generation = 0
    private var nextWaiterID = 0

    /// The status of `key` and, when it failed, its error as an `NSError`.
    func status(forKey key: String) -> (AVKeyValueStatus, NSError?) {
        condition.lock()
        defer { condition.unlock() }
        switch entries[key] {
        case nil: return (.unknown, nil)
        case .loading: return (.loading, nil)
        case .loaded: return (.loaded, nil)
        case .failed(let error): return (.failed, error as NSError)
        case .cancelled: return (.cancelled, nil)
        }
    }

    /// The loaded value or the load's error, or `nil` while the key is not (yet) loaded.
    func result(forKey key: String) -> Result<Any, any Error>? {
        condition.lock()
        defer { condition.unlock() }
        switch entries[key] {
        case .loaded(let value): return .success(value)
        case .failed(let error): return .failure(error)
        default: return nil
        }
    }

    /// Starts computing `key` on a background queue unless it is loaded, failed or already loading.
    func startLoading(_ key: String, computation: @escaping Computation) {
        condition.lock()
        switch entries[key] {
        case .loaded, .failed, .loading:
            condition.unlock()
            return
        case nil, .cancelled:
            let started = generation
            entries[key] = .loading(generation: started, waiters: [:])
            condition.unlock()
            Self.loadingQueue.async { [self] in
                let result = Result { try computation() }
                finish(key, generation: started, result: result)
            }
        }
    }

    /// Registers `waiter` to run when `key` stops loading; runs it at once (on this thread) when the key is already
    /// loaded, failed or cancelled. Returns an ID for `removeWaiter`, or `nil` when the waiter already ran.
    @discardableResult
    func addWaiter(forKey key: String, _ waiter: @escaping Waiter) -> Int? {
        condition.lock()
        switch entries[key] {
        case .loading(let started, var waiters):
            let id = nextWaiterID
            nextWaiterID += 1
            waiters[id] = waiter
            entries[key] = .loading(generation: started, waiters: waiters)
            condition.unlock()
            return id
        case .loaded:
            condition.unlock()
            waiter(nil)
        case .failed(let error):
            condition.unlock()
            waiter(error)
        case nil, .cancelled:
            condition.unlock()
            waiter(CancellationError())
        }
        return nil
    }

    /// Removes a waiter that has not run yet; returns it so the caller can run it (with its own error), or `nil`
    /// when it already ran or is running.
    func removeWaiter(forKey key: String, id: Int) -> Waiter? {
        condition.lock()
        defer { condition.unlock() }
        guard case .loading(let started, var waiters) = entries[key], let waiter = waiters.removeValue(forKey: id)
        else { return nil }
        entries[key] = .loading(generation: started, waiters: waiters)
        return waiter
    }

    /// Waits until `key` stops loading; throws its error, `CancellationError` when the load was cancelled with
    /// `cancelAll()` or the calling task was cancelled.
    func wait(forKey key: String) async throws {
        let registration = WaiterRegistration()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let id = addWaiter(forKey: key) { error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                }
                // A cancellation that arrived before the waiter was registered found no ID to remove: do it now.
                if registration.set(id), let id, let waiter = removeWaiter(forKey: key, id: id) {
                    waiter(CancellationError())
                }
            }
        } onCancel: {
            // The task was cancelled: resume now if the waiter has not run; the load goes on for other askers.
            if let id = registration.takeForCancellation(), let waiter = removeWaiter(forKey: key, id: id) {
                waiter(CancellationError())
            }
        }
    }

    /// The value of `key`, computing it on this thread if nobody has, or waiting for a computation under way.
    /// A synchronous property access never reports cancellation: after a cancelled load it computes again.
    func value(forKey key: String, computation: Computation) throws -> Any {
        condition.lock()
        while true {
            switch entries[key] {
            case .loaded(let value):
                condition.unlock()
                return value
            case .failed(let error):
                condition.unlock()
                throw error
            case .loading:
                condition.wait()
            case nil, .cancelled:
                let started = generation
                entries[key] = .loading(generation: started, waiters: [:])
                condition.unlock()
                let result = Result { try computation() }
                finish(key, generation: started, result: result)
                return try result.get()
            }
        }
    }

    /// Cancels every load under way: their waiters get `CancellationError` and their keys report `.cancelled`;
    /// results that arrive later are discarded. Loaded and failed keys keep their values.
    func cancelAll() {
        condition.lock()
        generation += 1
        var cancelled: [Waiter] = []
        for (key, entry) in entries {
            if case .loading(_, let waiters) = entry {
                cancelled.append(contentsOf: waiters.values)
                entries[key] = .cancelled
            }
        }
        condition.broadcast()
        condition.unlock()
        for waiter in cancelled { waiter(CancellationError()) }
    }

    /// Forgets every loaded and failed value (loads under way go on), for objects whose properties can change:
    /// `AVMutableMetadataItem` after a setter.
    func invalidateFinishedValues() {
        condition.lock()
        entries = entries.filter { _, entry in
            if case .loading = entry { return true }
            return false
        }
        condition.unlock()
    }

    /// Marks `key` failed without computing it (an unknown key asked for by name).
    func fail(_ key: String, with error: any Error) {
        condition.lock()
        var waiters: [Waiter] = []
        if case .loading(_, let pending) = entries[key] { waiters = Array(pending.values) }
        entries[key] = .failed(error)
        condition.broadcast()
        condition.unlock()
        for waiter in waiters { waiter(error) }
    }

    private func finish(_ key: String, generation started: Int, result: Result<Any, any Error>) {
        condition.lock()
        guard case .loading(let current, let waiters) = entries[key], current == started else {
            // Cancelled while computing: the key stays cancelled until someone asks again.
            condition.unlock()
            return
        }
        switch result {
        case .success(let value): entries[key] = .loaded(value)
        case .failure(let error): entries[key] = .failed(error)
        }
        condition.broadcast()
        condition.unlock()
        let error: (any Error)? = if case .failure(let error) = result { error } else { nil }
        for waiter in waiters.values { waiter(error) }
    }
}

/// The waiter ID of one `wait(forKey:)`, shared with its cancellation handler, which may run before the ID is known.
private final class WaiterRegistration: @unchecked Sendable {
    // `lock` protects both fields.
    private let lock = NSLock()
    private var id: Int?
    private var cancelledEarly = false

    /// Records the waiter's ID; returns whether the task was cancelled before it was known.
    func set(_ newID: Int?) -> Bool {
        lock.withLock {
            id = newID
            return cancelledEarly
        }
    }

    func takeForCancellation() -> Int? {
        lock.withLock {
            cancelledEarly = true
            defer { id = nil }
            return id
        }
    }
}
