import Foundation

/// One registered observation: what `observe(_:options:changeHandler:)` made, held by the registry (by the observed
/// object's identity) and by its `NSKeyValueObservation`. The subclass `TypedObservation` knows the key path's
/// types; the registry and the announcement paths work on this untyped face.
///
/// Thread safety: the `let`s are immutable; `state` guards the rest (`Any` values are not Sendable, so it is a lock, not a Mutex). Handlers are called with no lock held.
// Safe because the `let`s are immutable; `state` guards the rest.
class Observation: @unchecked Sendable {
    let options: NSKeyValueObservingOptions
    /// The key the observed object's own class announces the key path under (AVFoundation's classes), or nil: then
    /// `willChangeValue(forKey:)` is matched against the object's stored properties (`StoredProperties`).
    let key: String?
    let keyPath: AnyKeyPath
    let objectID: ObjectIdentifier

    struct State {
        var isValid = true
        /// The value last reported (or read when the observation began), for announcements that give only the
        /// new value (`KeyValueAnnouncements`): their old value, and the way repeated values are dropped.
        var last: Any?
        /// How many notifications of changes (not initial ones) have been sent.
        var deliveries = 0
        /// Keys found not to name a stored property of the key path's type (a fact about the class).
        var unstoredKeys: Set<String> = []
    }

    private let lock = NSLock()
    private var state = State()

    /// Runs `body` on the state under its lock.
    func withState<T>(_ body: (inout State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    init(options: NSKeyValueObservingOptions, key: String?, keyPath: AnyKeyPath, objectID: ObjectIdentifier) {
        self.options = options
        self.key = key
        self.keyPath = keyPath
        self.objectID = objectID
    }

    var isValid: Bool { withState { $0.isValid } }

    func invalidate() { withState { $0.isValid = false } }

    // MARK: What the typed subclass provides

    /// The key path's value on `object`, boxed (nil when `object` is not of the key path's root type).
    func read(_ object: AnyObject) -> Any? { nil }

    /// Whether the stored property `key` of `object` holds `value` (the key path's value), differs, or is not a
    /// stored property of the key path's type.
    func storedMatch(forKey key: String, in object: AnyObject, value: Any) -> StoredMatch { .notStored }

    /// Calls the handler with a notification. `old`/`new` are the boxed values (nil: not known).
    func send(_ object: AnyObject, isPrior: Bool, old: Any?, new: Any?) {}

    // MARK: Notifying

    /// Sends the notification of a change from `old` to `new`: first the prior one if asked for.
    func notifyChange(_ object: AnyObject, old: Any?, new: Any?, priorAlreadySent: Bool) {
        withState {
            $0.deliveries += 1
            $0.last = new
        }
        if options.contains(.prior), !priorAlreadySent {
            send(object, isPrior: true, old: options.contains(.old) ? old : nil, new: nil)
        }
        send(object, isPrior: false, old: options.contains(.old) ? old : nil, new: options.contains(.new) ? new : nil)
    }

    /// Sends the prior notification of a change from `old`, if asked for.
    func notifyPrior(_ object: AnyObject, old: Any?) {
        guard options.contains(.prior) else { return }
        send(object, isPrior: true, old: options.contains(.old) ? old : nil, new: nil)
    }

    /// An announcement of `key`'s new value by the object's own class: notifies unless the value is the one last
    /// reported (then nothing changed for this observer). With `onlyIfUndelivered`, only if no change has been
    /// notified yet (the check `observe` makes after registering, see `KeyValueAnnouncements`).
    func announce(_ object: AnyObject, value: Any, onlyIfUndelivered: Bool) {
        let old: Any?? = withState { state -> Any?? in
            guard state.isValid else { return nil }
            if onlyIfUndelivered, state.deliveries > 0 { return nil }
            if let last = state.last, valuesEqual(last, value) == true { return nil }
            return .some(state.last)
        }
        guard let old else { return }
        notifyChange(object, old: old, new: value, priorAlreadySent: false)
    }
}

/// How the stored property a key names relates to an observed key path's value.
enum StoredMatch {
    case matches
    case differs
    case notStored
}

/// An observation of `keyPath` on an object of type `Root`.
// Safe because it adds only `let`s (a key path and a `@Sendable` handler) to `Observation`.
final class TypedObservation<Root, Value>: Observation, @unchecked Sendable {
    let path: KeyPath<Root, Value>
    let handler: @Sendable (Root, NSKeyValueObservedChange<Value>) -> Void

    init(path: KeyPath<Root, Value>, options: NSKeyValueObservingOptions, key: String?, objectID: ObjectIdentifier,
         handler: @escaping @Sendable (Root, NSKeyValueObservedChange<Value>) -> Void) {
        self.path = path
        self.handler = handler
        super.init(options: options, key: key, keyPath: path, objectID: objectID)
    }

    override func read(_ object: AnyObject) -> Any? {
        guard let root = object as? Root else { return nil }
        return root[keyPath: path]
    }

    override func storedMatch(forKey key: String, in object: AnyObject, value: Any) -> StoredMatch {
        StoredProperties.match(key: key, in: object, value: value, as: Value.self)
    }

    override func send(_ object: AnyObject, isPrior: Bool, old: Any?, new: Any?) {
        guard isValid, let root = object as? Root else { return }
        handler(root, NSKeyValueObservedChange(kind: .setting, newValue: new.flatMap { $0 as? Value },
                                               oldValue: old.flatMap { $0 as? Value }, indexes: nil, isPrior: isPrior))
    }
}

/// Whether two boxed values are equal: by `==` when the first is `Equatable`, by identity for class instances;
/// nil when they cannot be compared.
func valuesEqual(_ a: Any, _ b: Any) -> Bool? {
    if let equatable = a as? any Equatable { return equatable.isEqual(toBoxed: b) }
    if type(of: a) is AnyClass, type(of: b) is AnyClass { return (a as AnyObject) === (b as AnyObject) }
    return nil
}

extension Equatable {
    fileprivate func isEqual(toBoxed other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
