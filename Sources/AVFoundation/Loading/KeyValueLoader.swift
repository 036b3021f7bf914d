import Foundation
import Synchronization

/// The loading state of one object's keys (an asset, a track, a metadata item): each key is computed by whoever
/// asks first, every other asker waits for that computation, and once it succeeds the key is loaded until
/// `invalidateFinishedValues()`.
///
/// What a loaded key costs is a bit: its value is kept only when its `LoadableKey` says so (objects, and values
/// that take work to compute); the others are computed again on each read (`LoadableKeyTable` says why). Keys that
/// are loading, failed or cancelled, rare and short-lived, are kept by name in a dictionary that is empty, and
/// takes no storage, when there are none. A file of 20,000 tracks has 20,000 of these.
///
/// Thread safety: the state is under a `Mutex` stored inline; computations run outside it, so a slow file parse
/// never blocks `status(of:)`. Waiters (continuations of `load(_:)`, completion handlers of
/// `loadValuesAsynchronously(forKeys:completionHandler:)`) are resumed outside it, exactly once each. A thread
/// that blocks on a key another thread computes (two synchronous property reads at once) waits on one condition
/// shared by every loader, which a finishing load broadcasts when its loader has such a thread.
final class KeyValueLoader: Sendable {
    /// Called when a key's load finishes: `nil` on success, the error on failure or cancellation.
    typealias Waiter = @Sendable ((any Error)?) -> Void

    /// How many keys a loader can record loaded: the bits of `State.loaded`.
    static let slotCount = UInt64.bitWidth

    /// Where computations run. A queue of our own rather than a global one: computations block on file I/O, and
    /// queues created by clients draw on libdispatch's overcommitting pool, which adds threads when some block,
    /// whereas the global queues stay at one thread per core (on Linux a blocked global pool stalls for about a
    /// second before libdispatch notices).
    static let loadingQueue = DispatchQueue(label: "AVFoundation.key-value-loading", qos: .userInitiated,
                                            attributes: .concurrent)

    /// How many computations have been sent to `loadingQueue`, counted so that a test can check which loads make
    /// the trip (values an object holds do not; see `LoadableKey.isHeld`).
    static let queuedComputations = Atomic<Int>(0)

    /// Where threads wait for a key that another thread is computing, for every loader: such waits are rare, and a
    /// condition per object cost three allocations per track.
    private static let blockedThreads = NSCondition()

    /// A key that is not loaded and not unasked.
    private enum Unsettled {
        case loading(generation: Int, waiters: [Int: Waiter])
        case failed(any Error)
        case cancelled
    }

    /// A loaded value handed between threads. Unchecked: loaded values are immutable values or thread-safe objects
    /// (tracks, metadata items, format descriptions), as Apple's are.
    private struct LoadedValue: @unchecked Sendable {
        let value: Any
    }

    private struct State {
        /// Bit `slot` is set while the key of that slot is loaded.
        var loaded: UInt64 = 0
        /// The values of loaded keys that keep theirs, by slot: the first inline (a track that keeps only
        /// `playable` allocates nothing for it), the others in a list.
        var firstKeptValue: (slot: Int, value: LoadedValue)?
        var otherKeptValues: [(slot: Int, value: LoadedValue)] = []
        /// Keys loading, failed or cancelled, by name (an unknown key asked for by name fails too).
        var unsettled: [String: Unsettled] = [:]
        /// Bumped by `cancelAll()`: a computation finishing for an older generation was cancelled and is discarded.
        var generation = 0
        var nextWaiterID = 0
        /// Threads of this loader waiting on `blockedThreads`.
        var blockedThreadCount = 0

        func isLoaded(_ key: LoadableKey) -> Bool { loaded & (1 << UInt64(key.slot)) != 0 }

        /// The entry of `name` in `unsettled`, without hashing the name when there is none (nearly always).
        func unsettledEntry(_ name: String) -> Unsettled? { unsettled.isEmpty ? nil : unsettled[name] }

        func keptValue(of key: LoadableKey) -> LoadedValue? {
            if let first = firstKeptValue, first.slot == key.slot { return first.value }
            return otherKeptValues.first { $0.slot == key.slot }?.value
        }

        mutating func keep(_ value: LoadedValue, of key: LoadableKey) {
            if firstKeptValue == nil {
                firstKeptValue = (key.slot, value)
            } else {
                otherKeptValues.append((key.slot, value))
            }
        }

        /// Forgets `name`'s entry; the dictionary's storage goes with its last entry.
        mutating func settle(_ name: String) {
            unsettled[name] = nil
            if unsettled.isEmpty { unsettled = [:] }
        }
    }

    private let state = Mutex(State())

    // MARK: Reading the state

    /// The status of `key` and, when it failed, its error.
    func status(of key: LoadableKey) -> (AVKeyValueStatus, (any Error)?) {
        state.withLock { state in
            switch state.unsettledEntry(key.name) {
            case .loading?: (.loading, nil)
            case .failed(let error)?: (.failed, error)
            case .cancelled?: (.cancelled, nil)
            case nil: (state.isLoaded(key) ? .loaded : .unknown, nil)
            }
        }
    }

    /// The status of a key the object does not have: failed once something asked for it, else unknown.
    func statusOfUnknownKey(_ name: String) -> (AVKeyValueStatus, (any Error)?) {
        state.withLock { state in
            if case .failed(let error)? = state.unsettled[name] { return (.failed, error) }
            return (.unknown, nil)
        }
    }

    /// The loaded value (computed again when the key keeps none) or the load's error; `nil` while the key is not
    /// (yet) loaded.
    func result(of key: LoadableKey) -> Result<Any, any Error>? {
        enum Found: Sendable { case nothing, failure(any Error), kept(LoadedValue), recompute }
        let found = state.withLock { state -> Found in
            switch state.unsettledEntry(key.name) {
            case .failed(let error)?: return .failure(error)
            case .loading?, .cancelled?: return .nothing
            case nil:
                guard state.isLoaded(key) else { return .nothing }
                return state.keptValue(of: key).map(Found.kept) ?? .recompute
            }
        }
        switch found {
        case .nothing: return nil
        case .failure(let error): return .failure(error)
        case .kept(let value): return .success(value.value)
        case .recompute: return Result { try key.compute() }
        }
    }

    // MARK: Loading

    /// Starts computing `key` on a background queue unless it is loaded, failed or already loading.
    func startLoading(_ key: LoadableKey) {
        let started = state.withLock { state -> Int? in
            switch state.unsettledEntry(key.name) {
            case .loading?, .failed?: return nil
            case .cancelled?, nil:
                if state.isLoaded(key) { return nil }
                state.unsettled[key.name] = .loading(generation: state.generation, waiters: [:])
                return state.generation
            }
        }
        guard let started else { return }
        Self.queuedComputations.add(1, ordering: .relaxed)
        Self.loadingQueue.async { [self] in
            finish(key, generation: started, result: Result { try key.compute() })
        }
    }

    /// Registers `waiter` to run when `key` stops loading; runs it at once (on this thread) when the key is already
    /// loaded, failed or cancelled, or was never asked for. Returns an ID for `removeWaiter`, or `nil` when the
    /// waiter already ran.
    @discardableResult
    func addWaiter(for key: LoadableKey, _ waiter: @escaping Waiter) -> Int? {
        enum Outcome: Sendable { case registered(Int), finished((any Error)?) }
        let outcome = state.withLock { state -> Outcome in
            switch state.unsettledEntry(key.name) {
            case .loading(let started, var waiters)?:
                let id = state.nextWaiterID
                state.nextWaiterID += 1
                waiters[id] = waiter
                state.unsettled[key.name] = .loading(generation: started, waiters: waiters)
                return .registered(id)
            case .failed(let error)?: return .finished(error)
            case .cancelled?: return .finished(CancellationError())
            case nil: return .finished(state.isLoaded(key) ? nil : CancellationError())
            }
        }
        switch outcome {
        case .registered(let id): return id
        case .finished(let error):
            waiter(error)
            return nil
        }
    }

    /// Removes a waiter that has not run yet; returns it so the caller can run it (with its own error), or `nil`
    /// when it already ran or is running.
    func removeWaiter(for key: LoadableKey, id: Int) -> Waiter? {
        state.withLock { state in
            guard case .loading(let started, var waiters)? = state.unsettled[key.name],
                  let waiter = waiters.removeValue(forKey: id)
            else { return nil }
            state.unsettled[key.name] = .loading(generation: started, waiters: waiters)
            return waiter
        }
    }

    /// Waits until `key` stops loading; throws its error, `CancellationError` when the load was cancelled with
    /// `cancelAll()` or the calling task was cancelled.
    func wait(for key: LoadableKey) async throws {
        let registration = WaiterRegistration()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let id = addWaiter(for: key) { error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                }
                // A cancellation that arrived before the waiter was registered found no ID to remove: do it now.
                if registration.set(id), let id, let waiter = removeWaiter(for: key, id: id) {
                    waiter(CancellationError())
                }
            }
        } onCancel: {
            // The task was cancelled: resume now if the waiter has not run; the load goes on for other askers.
            if let id = registration.takeForCancellation(), let waiter = removeWaiter(for: key, id: id) {
                waiter(CancellationError())
            }
        }
    }

    /// The value of `key`, computing it on this thread if nobody has, or waiting for a computation under way.
    /// A synchronous property access never reports cancellation: after a cancelled load it computes again.
    func value(of key: LoadableKey) throws -> Any {
        enum Step: Sendable { case kept(LoadedValue), recompute, failure(any Error), wait, compute(generation: Int) }
        while true {
            let step = state.withLock { state -> Step in
                switch state.unsettledEntry(key.name) {
                case .loading?: return .wait
                case .failed(let error)?: return .failure(error)
                case .cancelled?: break
                case nil:
                    if state.isLoaded(key) { return state.keptValue(of: key).map(Step.kept) ?? .recompute }
                }
                state.unsettled[key.name] = .loading(generation: state.generation, waiters: [:])
                return .compute(generation: state.generation)
            }
            switch step {
            case .kept(let value): return value.value
            case .recompute: return try key.compute()
            case .failure(let error): throw error
            case .wait: waitWhileLoading(key)
            case .compute(let started):
                let result = Result { try key.compute() }
                finish(key, generation: started, result: result)
                return try result.get()
            }
        }
    }

    /// The value of a key the object holds (`LoadableKey.isHeld`), computed on this thread and then recorded
    /// loaded, without the loading state other computations pass through: nothing can wait on a computation that
    /// only reads memory. A key that keeps its value, or is loading, failed or cancelled, takes `value(of:)`.
    func heldValue(of key: LoadableKey) throws -> Any {
        let direct = !key.keepsValue && state.withLock { $0.unsettledEntry(key.name) == nil }
        guard direct, let value = try? key.compute() else { return try value(of: key) }
        state.withLock { state in
            // A load that started meanwhile records its own outcome.
            if state.unsettledEntry(key.name) == nil { state.loaded |= 1 << UInt64(key.slot) }
        }
        return value
    }

    /// Blocks until `key` is no longer loading (or a spurious wake-up: the caller looks again).
    private func waitWhileLoading(_ key: LoadableKey) {
        Self.blockedThreads.lock()
        defer { Self.blockedThreads.unlock() }
        // Looked at again with the condition's lock held: a finish takes that lock to broadcast, so it cannot
        // slip between this look and the wait.
        let loading = state.withLock { state -> Bool in
            guard case .loading? = state.unsettled[key.name] else { return false }
            state.blockedThreadCount += 1
            return true
        }
        guard loading else { return }
        Self.blockedThreads.wait()
        state.withLock { $0.blockedThreadCount -= 1 }
    }

    /// Wakes the threads blocked in `waitWhileLoading` (they look at their keys again).
    private static func wakeBlockedThreads() {
        blockedThreads.lock()
        blockedThreads.broadcast()
        blockedThreads.unlock()
    }

    private func finish(_ key: LoadableKey, generation started: Int, result: Result<Any, any Error>) {
        let outcome: Result<LoadedValue, any Error> = result.map(LoadedValue.init)
        let finished = state.withLock { state -> (waiters: [Waiter], wake: Bool)? in
            guard case .loading(let current, let waiters)? = state.unsettled[key.name], current == started else {
                // Cancelled while computing: the key stays cancelled until someone asks again.
                return nil
            }
            switch outcome {
            case .success(let value):
                state.settle(key.name)
                state.loaded |= 1 << UInt64(key.slot)
                if key.keepsValue { state.keep(value, of: key) }
            case .failure(let error):
                state.unsettled[key.name] = .failed(error)
            }
            return (Array(waiters.values), state.blockedThreadCount > 0)
        }
        guard let finished else { return }
        if finished.wake { Self.wakeBlockedThreads() }
        let error: (any Error)? = if case .failure(let error) = result { error } else { nil }
        for waiter in finished.waiters { waiter(error) }
    }

    // MARK: Cancelling and forgetting

    /// Cancels every load under way: their waiters get `CancellationError` and their keys report `.cancelled`;
    /// results that arrive later are discarded. Loaded and failed keys keep their values.
    func cancelAll() {
        let (cancelled, wake) = state.withLock { state -> ([Waiter], Bool) in
            state.generation += 1
            var cancelled: [Waiter] = []
            for (name, entry) in state.unsettled {
                if case .loading(_, let waiters) = entry {
                    cancelled.append(contentsOf: waiters.values)
                    state.unsettled[name] = .cancelled
                }
            }
            return (cancelled, state.blockedThreadCount > 0)
        }
        if wake { Self.wakeBlockedThreads() }
        for waiter in cancelled { waiter(CancellationError()) }
    }

    /// Forgets every loaded and failed value (loads under way go on), for objects whose properties can change:
    /// `AVMutableMetadataItem` after a setter, a mutable composition after an edit.
    func invalidateFinishedValues() {
        state.withLock { state in
            state.loaded = 0
            state.firstKeptValue = nil
            state.otherKeptValues = []
            for (name, entry) in state.unsettled {
                if case .loading = entry { continue }
                state.settle(name)
            }
        }
    }

    /// Marks a key the object does not have failed (it was asked for by name).
    func failUnknownKey(_ name: String, with error: any Error) {
        state.withLock { $0.unsettled[name] = .failed(error) }
    }
}

/// The waiter ID of one `wait(for:)`, shared with its cancellation handler, which may run before the ID is known.
private final class WaiterRegistration: Sendable {
    private struct State {
        var id: Int?
        var cancelledEarly = false
    }
    private let state = Mutex(State())

    /// Records the waiter's ID; returns whether the task was cancelled before it was known.
    func set(_ newID: Int?) -> Bool {
        state.withLock { state in
            state.id = newID
            return state.cancelledEarly
        }
    }

    func takeForCancellation() -> Int? {
        state.withLock { state in
            state.cancelledEarly = true
            defer { state.id = nil }
            return state.id
        }
    }
}
