import Foundation
import Synchronization

/// Every live observation, by the observed object's identity: a side table, as Apple's runtime keeps observation
/// info beside the object. The object is held weakly, so observation ends when it dies; an entry left by a dead
/// object is replaced when a new object reuses the address, and swept as the table grows.
///
/// Each entry also queues the announcements the object's own class makes (`KeyValueAnnouncements`): they are
/// recorded under the lock that orders the object's changes and delivered afterwards, in that order, by one thread
/// at a time, so observers see the changes in the order they were made although no lock is held while a handler
/// runs.
///
/// Thread safety: `lock` guards `entries`, `sweepThreshold` and every entry's `var`s. Nothing is called out while it
/// is held (handlers, getters): a handler may observe, invalidate and announce again.
// Safe because `lock` guards `entries`, `sweepThreshold` and every entry's `var`s.
final class ObservationRegistry: @unchecked Sendable {
    static let shared = ObservationRegistry()

    /// An announcement waiting for delivery.
    struct Announcement {
        let key: String
        let value: Any
        /// Only for this observation, and only if it has not been notified of a change yet (`observe`'s check).
        let target: Observation?
    }

    final class Entry {
        weak var object: AnyObject?
        var observations: [Observation] = []
        var pending: [Announcement] = []
        var draining = false

        init(object: AnyObject) { self.object = object }
    }

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var sweepThreshold = 64
    /// How many observations are registered: zero is the common case, answered without the lock.
    private let count = Atomic<Int>(0)

    var isEmpty: Bool { count.load(ordering: .acquiring) == 0 }

    func add(_ observation: Observation, to object: AnyObject) {
        lock.withLock {
            let id = ObjectIdentifier(object)
            let entry: Entry
            if let existing = entries[id], existing.object === object {
                entry = existing
            } else {
                if let stale = entries[id] { count.subtract(stale.observations.count, ordering: .releasing) }
                entry = Entry(object: object)
                entries[id] = entry
                if entries.count >= sweepThreshold { sweepLocked() }
            }
            entry.observations.append(observation)
            count.add(1, ordering: .releasing)
        }
    }

    func remove(_ observation: Observation) {
        lock.withLock {
            guard let entry = entries[observation.objectID],
                  let index = entry.observations.firstIndex(where: { $0 === observation }) else { return }
            entry.observations.remove(at: index)
            count.subtract(1, ordering: .releasing)
            if entry.observations.isEmpty, !entry.draining { entries[observation.objectID] = nil }
        }
    }

    /// The observations of `object` now.
    func observations(of object: AnyObject) -> [Observation] {
        if isEmpty { return [] }
        return lock.withLock {
            guard let entry = entries[ObjectIdentifier(object)], entry.object === object else { return [] }
            return entry.observations
        }
    }

    /// Queues an announcement of `object`'s `key` if something observes it under that key.
    func record(_ object: AnyObject, key: String, value: Any, target: Observation? = nil) {
        if isEmpty { return }
        lock.withLock {
            guard let entry = entries[ObjectIdentifier(object)], entry.object === object,
                  entry.observations.contains(where: { $0.key == key }) else { return }
            entry.pending.append(Announcement(key: key, value: value, target: target))
        }
    }

    /// Delivers `object`'s queued announcements on this thread, unless another thread is delivering them (it then
    /// delivers these too, after its own).
    func deliver(_ object: AnyObject) {
        if isEmpty { return }
        let id = ObjectIdentifier(object)
        while true {
            let batch: ([Announcement], [Observation])? = lock.withLock {
                guard let entry = entries[id], entry.object === object, !entry.draining, !entry.pending.isEmpty else {
                    return nil
                }
                entry.draining = true
                let pending = entry.pending
                entry.pending = []
                return (pending, entry.observations)
            }
            guard let (announcements, observations) = batch else { return }
            for announcement in announcements {
                for observation in observations where observation.key == announcement.key {
                    if let target = announcement.target, target !== observation { continue }
                    observation.announce(object, value: announcement.value, onlyIfUndelivered: announcement.target != nil)
                }
            }
            lock.withLock {
                guard let entry = entries[id] else { return }
                entry.draining = false
                if entry.observations.isEmpty, entry.pending.isEmpty { entries[id] = nil }
            }
        }
    }

    /// Drops the entries of dead objects (their observations can no longer be notified).
    private func sweepLocked() {
        for (id, entry) in entries where entry.object == nil {
            count.subtract(entry.observations.count, ordering: .releasing)
            entries[id] = nil
        }
        sweepThreshold = max(64, entries.count * 2)
    }

    /// How many entries the table holds (for tests).
    var entryCount: Int { lock.withLock { entries.count } }
}
