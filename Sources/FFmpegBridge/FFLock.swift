#if canImport(Glibc)
import Glibc
#endif

/// A plain mutex for the bridge's owners: each FFmpeg context may be used by one thread at a time, and this
/// serialises callers. (Synchronization's `Mutex` needs its protected value to be `sending`, which a class holding
/// C pointers cannot be, so the owners keep their state beside this lock.)
final class FFLock: @unchecked Sendable {
    // Heap-allocated so the pthread mutex never moves.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the lock held.
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
