// Apple's Swift wrapper of os_unfair_lock (macOS 13, iOS 16): the lock and the state it guards in one heap
// allocation, so the lock word's address never moves.

/// An unfair lock, allocated on the heap, guarding a value of type `State`.
// Safe because the state is only reached with the lock held.
public struct OSAllocatedUnfairLock<State>: @unchecked Sendable {
    /// Whether the calling thread must or must not hold the lock, for `precondition(_:)`.
    public enum Ownership: Hashable, Sendable {
        case owner
        case notOwner
    }

    private let storage: ManagedBuffer<State, os_unfair_lock_s>

    /// A lock guarding `initialState`, which may be used from any thread only because the lock guards it.
    public init(uncheckedState initialState: State) {
        storage = ManagedBuffer<State, os_unfair_lock_s>.create(minimumCapacity: 1) { _ in initialState }
        storage.withUnsafeMutablePointerToElements { $0.initialize(to: os_unfair_lock_s()) }
    }

    /// A lock guarding `initialState`.
    public init(initialState: State) where State: Sendable {
        self.init(uncheckedState: initialState)
    }

    /// Runs `body` with the lock held and the state to read or change.
    public func withLock<R>(_ body: @Sendable (inout State) throws -> R) rethrows -> R where R: Sendable {
        try withLockUnchecked(body)
    }

    /// Runs `body` with the lock held, without requiring it or its result to be `Sendable`.
    public func withLockUnchecked<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try storage.withUnsafeMutablePointers { state, lock in
            os_unfair_lock_lock(lock)
            defer { os_unfair_lock_unlock(lock) }
            return try body(&state.pointee)
        }
    }

    /// Runs `body` with the lock held if no thread holds it; nil if one does.
    public func withLockIfAvailable<R>(_ body: @Sendable (inout State) throws -> R) rethrows -> R? where R: Sendable {
        try withLockIfAvailableUnchecked(body)
    }

    /// Runs `body` with the lock held if no thread holds it, without requiring `Sendable`; nil if one does.
    public func withLockIfAvailableUnchecked<R>(_ body: (inout State) throws -> R) rethrows -> R? {
        try storage.withUnsafeMutablePointers { state, lock in
            guard os_unfair_lock_trylock(lock) else { return nil }
            defer { os_unfair_lock_unlock(lock) }
            return try body(&state.pointee)
        }
    }

    /// Stops the process unless the calling thread's ownership of the lock is `condition`.
    public func precondition(_ condition: Ownership) {
        storage.withUnsafeMutablePointerToElements { lock in
            switch condition {
            case .owner: os_unfair_lock_assert_owner(lock)
            case .notOwner: os_unfair_lock_assert_not_owner(lock)
            }
        }
    }
}

extension OSAllocatedUnfairLock where State == () {
    /// A lock that guards no state: `lock()`/`unlock()` or `withLock` around a critical section.
    public init() {
        self.init(uncheckedState: ())
    }

    /// Takes the lock, waiting while another thread holds it.
    public func lock() {
        storage.withUnsafeMutablePointerToElements { os_unfair_lock_lock($0) }
    }

    /// Releases the lock; the calling thread must hold it.
    public func unlock() {
        storage.withUnsafeMutablePointerToElements { os_unfair_lock_unlock($0) }
    }

    /// Takes the lock if no thread holds it; whether it did.
    public func lockIfAvailable() -> Bool {
        storage.withUnsafeMutablePointerToElements { os_unfair_lock_trylock($0) }
    }

    /// Runs `body` with the lock held.
    public func withLock<R>(_ body: @Sendable () throws -> R) rethrows -> R where R: Sendable {
        try withLockUnchecked(body)
    }

    /// Runs `body` with the lock held, without requiring it or its result to be `Sendable`.
    public func withLockUnchecked<R>(_ body: () throws -> R) rethrows -> R {
        try withLockUnchecked { (_: inout ()) in try body() }
    }

    /// Runs `body` with the lock held if no thread holds it; nil if one does.
    public func withLockIfAvailable<R>(_ body: @Sendable () throws -> R) rethrows -> R? where R: Sendable {
        try withLockIfAvailableUnchecked { (_: inout ()) in try body() }
    }
}
