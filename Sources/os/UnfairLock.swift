// os_unfair_lock as Apple's C API spells it: a 32-bit lock word the caller stores (in a class, or in memory it
// allocates) and passes by address. The word works as on Apple platforms: it records its owner, a thread that
// does not own it cannot unlock it, and it is not recursive. The futex code is in COSUnfairLock.
internal import COSUnfairLock

/// A lock word for `os_unfair_lock_lock`; zero (`os_unfair_lock()`) is unlocked.
public struct os_unfair_lock_s: Sendable {
    /// The lock word: zero when unlocked, else the owner's thread id (and a waiters bit).
    public var _os_unfair_lock_opaque: UInt32

    /// An unlocked lock (`OS_UNFAIR_LOCK_INIT`).
    public init() { _os_unfair_lock_opaque = 0 }

    /// A lock with the given word, as Swift's import of the C struct offers.
    public init(_os_unfair_lock_opaque: UInt32) { self._os_unfair_lock_opaque = _os_unfair_lock_opaque }
}

/// Apple's name for the lock type.
public typealias os_unfair_lock = os_unfair_lock_s

/// A pointer to a lock, as the lock functions take it.
public typealias os_unfair_lock_t = UnsafeMutablePointer<os_unfair_lock_s>

/// The word inside the lock, where the C functions work. The struct has the one stored UInt32, so its address is
/// the word's.
private func word(_ lock: os_unfair_lock_t) -> UnsafeMutablePointer<UInt32> {
    UnsafeMutableRawPointer(lock).assumingMemoryBound(to: UInt32.self)
}

/// Takes the lock, waiting while another thread holds it. Taking a lock the thread already holds deadlocks (Apple
/// crashes instead); the lock is not recursive.
public func os_unfair_lock_lock(_ lock: os_unfair_lock_t) {
    cos_unfair_lock_lock(word(lock))
}

/// Takes the lock if no thread holds it; whether it did.
public func os_unfair_lock_trylock(_ lock: os_unfair_lock_t) -> Bool {
    cos_unfair_lock_trylock(word(lock))
}

/// Releases the lock. Like Apple's, a thread that does not hold the lock may not unlock it: that stops the process.
public func os_unfair_lock_unlock(_ lock: os_unfair_lock_t) {
    guard cos_unfair_lock_unlock(word(lock)) else {
        fatalError("os_unfair_lock_unlock: unlock of an os_unfair_lock not owned by the current thread")
    }
}

/// Stops the process unless the calling thread holds the lock.
public func os_unfair_lock_assert_owner(_ lock: os_unfair_lock_t) {
    precondition(cos_unfair_lock_is_owner(word(lock)), "os_unfair_lock_assert_owner: the current thread does not own the lock")
}

/// Stops the process if the calling thread holds the lock.
public func os_unfair_lock_assert_not_owner(_ lock: os_unfair_lock_t) {
    precondition(!cos_unfair_lock_is_owner(word(lock)), "os_unfair_lock_assert_not_owner: the current thread owns the lock")
}

/// Whether the calling thread holds the lock (for OSAllocatedUnfairLock's preconditions).
func unfairLockIsOwned(_ lock: os_unfair_lock_t) -> Bool {
    cos_unfair_lock_is_owner(word(lock))
}
