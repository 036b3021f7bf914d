import Foundation

/// The protocol through which Foundation gives NSObject and its subclasses `observe(_:options:changeHandler:)` with
/// the key path rooted at the receiver's own type (as Apple's Foundation overlay declares it).
public protocol _KeyValueCodingAndObserving {}

extension NSObject: _KeyValueCodingAndObserving {}

extension _KeyValueCodingAndObserving {
    /// Observes the value at `keyPath` of this object: `changeHandler` is called, on the thread making the change,
    /// with this object and the change each time the value changes, until the returned observation is invalidated
    /// or released, or this object dies.
    ///
    /// Changes are those this object's class announces (AVFoundation's key-value observable properties: see the
    /// README), and those announced with `willChangeValue(forKey:)`/`didChangeValue(forKey:)` or
    /// `willChangeValue(for:)`/`didChangeValue(for:)`. On Linux nothing announces a property by itself (there is no
    /// `@objc dynamic`); a key given as a string is matched to the key path through the object's stored
    /// properties (`StoredProperties.swift`).
    @preconcurrency
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
                               changeHandler: @escaping @Sendable (Self, NSKeyValueObservedChange<Value>) -> Void)
        -> NSKeyValueObservation {
        guard type(of: self as Any) is AnyClass else { return NSKeyValueObservation(nil) }
        let object = self as AnyObject
        let key = KeyValueAnnouncements.announcedKey(for: keyPath, rootedAt: Self.self)
        let observation = TypedObservation(path: keyPath, options: options, key: key, objectID: ObjectIdentifier(object),
                                           handler: changeHandler)
        // The value now: the old value of the first change the class announces. Read before registering (the
        // getter may take the class's lock, under which the class records announcements in the registry).
        let baseline = self[keyPath: keyPath]
        observation.withState { $0.last = baseline }
        ObservationRegistry.shared.add(observation, to: object)
        if options.contains(.initial) {
            observation.send(object, isPrior: false, old: nil, new: options.contains(.new) ? baseline : nil)
        }
        if let key {
            // A change made between reading the baseline and registering was not recorded for this observation:
            // read again and announce the value if it moved, unless a later change has been notified already.
            let now = self[keyPath: keyPath]
            if valuesEqual(baseline, now) == false {
                ObservationRegistry.shared.record(object, key: key, value: now, target: observation)
                ObservationRegistry.shared.deliver(object)
            }
        }
        return NSKeyValueObservation(observation)
    }

    /// Announces that the value at `keyPath` is about to change: observers of `keyPath` read the old value (and are
    /// sent a prior notification if they asked for one). Pair it with `didChangeValue(for:)`.
    public func willChangeValue<Value>(for keyPath: KeyPath<Self, Value>) {
        guard type(of: self as Any) is AnyClass else { return }
        ManualAnnouncements.willChange(self as AnyObject, .keyPath(keyPath, resolvedKey: KeyValueAnnouncements
            .announcedKey(for: keyPath, rootedAt: Self.self)))
    }

    /// Announces that the value at `keyPath` has changed: its observers are notified on this thread.
    public func didChangeValue<Value>(for keyPath: KeyPath<Self, Value>) {
        guard type(of: self as Any) is AnyClass else { return }
        ManualAnnouncements.didChange(self as AnyObject, .keyPath(keyPath, resolvedKey: nil))
    }
}

// Declared on the protocol, not on NSObject: Foundation's `Operation` on Linux declares its own
// willChangeValue(forKey:)/didChangeValue(forKey:), and a class's own member is preferred over a protocol
// extension's, where two members of classes would make every call on an operation ambiguous.
extension _KeyValueCodingAndObserving where Self: NSObject {
    /// Announces that the property named `key` is about to change. Observers of a key path that AVFoundation's own
    /// class announces under `key`, or that reads the stored property named `key` (or its `_key` storage), read the
    /// old value (and get a prior notification if they asked). Pair it with `didChangeValue(forKey:)`.
    public func willChangeValue(forKey key: String) {
        ManualAnnouncements.willChange(self, .key(key))
    }

    /// Announces that the property named `key` has changed: the observers selected by `willChangeValue(forKey:)`
    /// are notified on this thread.
    public func didChangeValue(forKey key: String) {
        ManualAnnouncements.didChange(self, .key(key))
    }
}
