// Swift key paths carry no property names on Linux (no Objective-C metadata: `KeyPath.debugDescription` shows
// `<computed 0x… (Float)>` for a property of an NSObject subclass), so `willChangeValue(forKey:)` cannot look up
// which observed key path a key names. What reflection does give is the object's stored properties by name
// (`Mirror`, down the superclass chain). A key is matched to an observation when the stored property it names has
// the key path's type and holds the key path's value, both before the change (`willChangeValue`) and after it
// (`didChangeValue`): a key path that reads that property always passes, and one that reads something else passes
// only if it held the property's value both times (then what its observer is told is still its true value).
//
// Resolved: stored properties (`var`, `let`, `private(set)`), in the class or any superclass; a property wrapper's
// wrapped value (stored as `_name`, when the wrapper keeps it in a stored property named `wrappedValue`, or in its
// only stored property of that type); a backing store named `_name` behind a computed `name` of the same type.
// Not resolved: a computed property with no `_name` store (it may be computed from anything), `lazy` properties,
// and values that can be compared neither by `==` nor by identity when the object has another stored property of
// the same type.
import Foundation

enum StoredProperties {
    /// How the stored property `key` of `object` relates to `value`, an observed key path's value of type `Value`.
    static func match<Value>(key: String, in object: AnyObject, value: Any, as _: Value.Type) -> StoredMatch {
        var named: Any?
        var storage: Any?
        var otherOfType = 0
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                switch child.label {
                case key?:
                    if named == nil { named = child.value }
                case "_" + key:
                    if storage == nil { storage = child.value }
                default:
                    if child.value is Value { otherOfType += 1 }
                }
            }
            mirror = current.superclassMirror
        }
        let stored: Value?
        if let named {
            stored = named as? Value
        } else if let storage {
            stored = storage as? Value ?? wrappedValue(in: storage, as: Value.self)
        } else {
            stored = nil
        }
        guard let stored else { return .notStored }
        switch valuesEqual(stored, value) {
        case true?: return .matches
        case false?: return .differs
        case nil: return otherOfType == 0 ? .matches : .differs
        }
    }

    /// The value a property wrapper keeps: its stored `wrappedValue`, or its only stored property of type `Value`.
    private static func wrappedValue<Value>(in wrapper: Any, as _: Value.Type) -> Value? {
        let children = Mirror(reflecting: wrapper).children
        if let wrapped = children.first(where: { $0.label == "wrappedValue" })?.value as? Value { return wrapped }
        let typed = children.compactMap { $0.value as? Value }
        return typed.count == 1 ? typed[0] : nil
    }
}
