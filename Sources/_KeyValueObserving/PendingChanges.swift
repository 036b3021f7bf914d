import Foundation

/// The changes announced with `willChangeValue` whose `didChangeValue` has not come yet, per thread (as Apple's
/// runtime keeps them): what each matching observation read before the change.
final class PendingChanges {
    /// What a will/did pair names: a key (`forKey:`) or a key path (`for:`), with the key it resolves to, if any.
    enum Announced: Equatable {
        case key(String)
        case keyPath(AnyKeyPath, resolvedKey: String?)
    }

    struct Change {
        let object: AnyObject
        let announced: Announced
        /// The observations notified of it, with the value each read before the change.
        let observed: [(observation: Observation, old: Any?)]
    }

    var changes: [Change] = []

    /// The calling thread's pending changes.
    static var current: PendingChanges {
        if let pointer = pthread_getspecific(threadKey) {
            return Unmanaged<PendingChanges>.fromOpaque(pointer).takeUnretainedValue()
        }
        let pending = PendingChanges()
        pthread_setspecific(threadKey, Unmanaged.passRetained(pending).toOpaque())
        return pending
    }

    /// Takes the latest pending change of `announced` on `object`.
    func take(_ object: AnyObject, _ announced: Announced) -> Change? {
        guard let index = changes.lastIndex(where: { $0.object === object && $0.announced == announced }) else { return nil }
        return changes.remove(at: index)
    }
}

/// The thread-specific slot of `PendingChanges.current`; its destructor releases a thread's changes when it exits.
private let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
        if let pointer { Unmanaged<PendingChanges>.fromOpaque(pointer).release() }
    }
    precondition(status == 0, "pthread_key_create failed (\(status))")
    return key
}()

extension PendingChanges.Announced {
    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.key(let a), .key(let b)): a == b
        case (.keyPath(let a, _), .keyPath(let b, _)): a == b
        default: false
        }
    }

    /// Whether `observation` observes what this names: its key, or (for a key) the stored property of that name.
    func selects(_ observation: Observation, on object: AnyObject, value: Any?) -> Bool {
        switch self {
        case .keyPath(let path, let resolvedKey):
            if observation.keyPath == path { return true }
            if let resolvedKey, observation.key == resolvedKey { return true }
            return false
        case .key(let key):
            if let observed = observation.key { return observed == key }
            guard let value else { return false }
            if observation.withState({ $0.unstoredKeys.contains(key) }) { return false }
            switch observation.storedMatch(forKey: key, in: object, value: value) {
            case .matches: return true
            case .differs: return false
            case .notStored:
                observation.withState { _ = $0.unstoredKeys.insert(key) }
                return false
            }
        }
    }
}

/// `willChangeValue`/`didChangeValue`: notifies the observations the announcement selects, on the calling thread.
enum ManualAnnouncements {
    static func willChange(_ object: AnyObject, _ announced: PendingChanges.Announced) {
        let observations = ObservationRegistry.shared.observations(of: object)
        guard !observations.isEmpty else { return }
        var observed: [(observation: Observation, old: Any?)] = []
        for observation in observations where observation.isValid {
            // An observation whose key is known and is another one needs no read.
            if case .key(let key) = announced, let observed = observation.key, observed != key { continue }
            let old = observation.read(object)
            if announced.selects(observation, on: object, value: old) { observed.append((observation, old)) }
        }
        guard !observed.isEmpty else { return }
        PendingChanges.current.changes.append(.init(object: object, announced: announced, observed: observed))
        for (observation, old) in observed { observation.notifyPrior(object, old: old) }
    }

    static func didChange(_ object: AnyObject, _ announced: PendingChanges.Announced) {
        if ObservationRegistry.shared.isEmpty, PendingChanges.current.changes.isEmpty { return }
        guard let change = PendingChanges.current.take(object, announced) else { return }
        for (observation, old) in change.observed where observation.isValid {
            let new = observation.read(object)
            // A key matched by stored property must still match after the change.
            if case .key = announced, observation.key == nil, !announced.selects(observation, on: object, value: new) {
                continue
            }
            observation.notifyChange(object, old: old, new: new, priorAlreadySent: true)
        }
    }
}
