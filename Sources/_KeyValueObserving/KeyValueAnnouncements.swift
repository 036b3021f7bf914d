import Foundation

/// A class whose instances announce some properties themselves (AVFoundation's key-value observable properties).
/// Key paths carry no names here, so the class says which key each key path is announced under.
package protocol KeyValueAnnouncing: AnyObject {
    /// The key under which the property `keyPath` reads is announced, for a key path rooted at `root` (this class or
    /// a subclass: key paths to the same property from different roots are different values); nil for properties
    /// that are not announced.
    static func announcedKey(for keyPath: AnyKeyPath, rootedAt root: Any.Type) -> String?
}

/// How AVFoundation's classes announce their properties: `record` the new value while holding the lock that orders
/// the object's changes (so observers see them in that order), then `deliver` once the lock is released (handlers
/// run on that thread, with no lock held). Both cost an atomic load when nothing is observed anywhere.
package enum KeyValueAnnouncements {
    /// Whether anything observes `object` now.
    package static func isObserved(_ object: AnyObject) -> Bool {
        !ObservationRegistry.shared.observations(of: object).isEmpty
    }

    /// Records that `object`'s property `key` now has `value`. Observers are notified (at `deliver`) unless the value
    /// is the one they were last told of.
    package static func record(_ object: AnyObject, key: String, value: Any) {
        ObservationRegistry.shared.record(object, key: key, value: value)
    }

    /// Delivers what was recorded for `object`, in order.
    package static func deliver(_ object: AnyObject) {
        ObservationRegistry.shared.deliver(object)
    }

    /// The key `keyPath` is announced under by its root's class, if that class announces it.
    static func announcedKey(for keyPath: AnyKeyPath, rootedAt root: Any.Type) -> String? {
        guard let announcing = root as? any KeyValueAnnouncing.Type else { return nil }
        return announcing.announcedKey(for: keyPath, rootedAt: root)
    }
}
