// `@synchronized` as Swift code on Apple platforms spells it: objc_sync_enter / objc_sync_exit, a recursive lock
// per object identity. Apple's runtime keeps the locks in a side table keyed by address; ours is keyed by
// ObjectIdentifier and holds the object weakly, so a dead object's lock is dropped (not leaked) and a new object at
// the same address gets a fresh lock.
import Foundation

// `objc-sync.h` declares the two results in an anonymous C enum, which Swift imports as `Int` constants while the
// functions return `Int32` (`int`); comparisons such as `objc_sync_enter(x) == OBJC_SYNC_SUCCESS` compare across
// integer types.

/// objc_sync_enter and objc_sync_exit succeeded (`OBJC_SYNC_SUCCESS` in Apple's `objc-sync.h`).
public var OBJC_SYNC_SUCCESS: Int { 0 }

/// objc_sync_exit was called on a lock the calling thread does not hold (`OBJC_SYNC_NOT_OWNING_THREAD_ERROR`).
public var OBJC_SYNC_NOT_OWNING_THREAD_ERROR: Int { -1 }

/// Takes the recursive lock of `obj`'s identity, waiting for it if another thread holds it.
@discardableResult
public func objc_sync_enter(_ obj: Any) -> Int32 {
    SyncTable.shared.lock(for: obj as AnyObject).enter()
    return Int32(OBJC_SYNC_SUCCESS)
}

/// Releases one level of `obj`'s recursive lock; `OBJC_SYNC_NOT_OWNING_THREAD_ERROR` if this thread does not hold it.
@discardableResult
public func objc_sync_exit(_ obj: Any) -> Int32 {
    guard let lock = SyncTable.shared.existingLock(for: obj as AnyObject), lock.exit() else {
        return Int32(OBJC_SYNC_NOT_OWNING_THREAD_ERROR)
    }
    return Int32(OBJC_SYNC_SUCCESS)
}

/// A recursive lock that knows its owner and depth, so that an exit by a thread that does not hold it can be
/// refused (as Apple's runtime does) instead of corrupting the lock.
// Safe because `condition` guards `owner` and `depth`.
final class SyncLock: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var owner: pthread_t?
    private var depth = 0

    func enter() {
        let me = pthread_self()
        condition.lock()
        defer { condition.unlock() }
        if let owner, pthread_equal(owner, me) != 0 {
            depth += 1
            return
        }
        while owner != nil { condition.wait() }
        owner = me
        depth = 1
    }

    /// Whether the calling thread held the lock (and so released one level of it).
    func exit() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard let owner, pthread_equal(owner, pthread_self()) != 0 else { return false }
        depth -= 1
        if depth == 0 {
            self.owner = nil
            condition.signal()
        }
        return true
    }

}

/// The side table: one lock per live object. Entries whose object has died are swept when the table grows past
/// twice its size after the last sweep, so the table stays proportional to the number of live locked objects.
// Safe because `mutex` guards `entries` and `sweepThreshold`.
final class SyncTable: @unchecked Sendable {
    static let shared = SyncTable()

    private struct Entry {
        weak var object: AnyObject?
        let lock: SyncLock
    }

    private let mutex = NSLock()
    // Guarded by `mutex`.
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var sweepThreshold = 64

    /// The lock for `object`, made on first use.
    func lock(for object: AnyObject) -> SyncLock {
        let key = ObjectIdentifier(object)
        mutex.lock()
        defer { mutex.unlock() }
        if let entry = entries[key], entry.object === object { return entry.lock }
        // Either no entry or one left by a dead object whose address has been reused: a fresh lock.
        let lock = SyncLock()
        entries[key] = Entry(object: object, lock: lock)
        if entries.count >= sweepThreshold { sweepLocked() }
        return lock
    }

    /// The lock for `object` if it has one (objc_sync_exit never makes a lock).
    func existingLock(for object: AnyObject) -> SyncLock? {
        let key = ObjectIdentifier(object)
        mutex.lock()
        defer { mutex.unlock() }
        guard let entry = entries[key], entry.object === object else { return nil }
        return entry.lock
    }

    /// How many locks the table holds, live or not yet swept (for tests).
    var count: Int {
        mutex.lock()
        defer { mutex.unlock() }
        return entries.count
    }

    /// Drops the locks of dead objects now (for tests; normally done as the table grows).
    func sweep() {
        mutex.lock()
        defer { mutex.unlock() }
        sweepLocked()
    }

    private func sweepLocked() {
        // A dead object's lock can still be held only if its owner exited with the object already gone, which
        // objc_sync_exit cannot do; so an entry without its object is unreachable and can go.
        entries = entries.filter { $0.value.object != nil }
        sweepThreshold = max(64, entries.count * 2)
    }
}
