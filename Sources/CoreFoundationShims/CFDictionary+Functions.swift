// CFDictionary's C functions (CFDictionary.h) over `NSDictionary`. Keys and values are passed as pointers to
// objects (`Unmanaged.passUnretained(kCMSampleAttachmentKey_NotSync).toOpaque()`), as on Apple platforms.

/// The callbacks a dictionary uses for its keys. Swift manages the memory of the objects, so these carry nothing.
public struct CFDictionaryKeyCallBacks: Sendable {
    /// The structure version (0).
    public var version: CFIndex
    /// Callbacks of version 0.
    public init() { version = 0 }
}

/// The callbacks a dictionary uses for its values.
public struct CFDictionaryValueCallBacks: Sendable {
    /// The structure version (0).
    public var version: CFIndex
    /// Callbacks of version 0.
    public init() { version = 0 }
}

/// The key callbacks for dictionaries keyed by CoreFoundation objects.
public let kCFTypeDictionaryKeyCallBacks = CFDictionaryKeyCallBacks()

/// The key callbacks that copy string keys (keys are immutable strings here, so the same as the type callbacks).
public let kCFCopyStringDictionaryKeyCallBacks = CFDictionaryKeyCallBacks()

/// The value callbacks for dictionaries holding CoreFoundation objects.
public let kCFTypeDictionaryValueCallBacks = CFDictionaryValueCallBacks()

/// A new empty mutable dictionary (`capacity` is a hint; the callbacks are accepted and need nothing here).
public func CFDictionaryCreateMutable(_ allocator: CFAllocator!, _ capacity: CFIndex,
                                      _ keyCallBacks: UnsafePointer<CFDictionaryKeyCallBacks>!,
                                      _ valueCallBacks: UnsafePointer<CFDictionaryValueCallBacks>!)
    -> CFMutableDictionary! {
    NSMutableDictionary()
}

/// A mutable copy of `theDict`.
public func CFDictionaryCreateMutableCopy(_ allocator: CFAllocator!, _ capacity: CFIndex,
                                          _ theDict: CFDictionary!) -> CFMutableDictionary! {
    let copy = NSMutableDictionary()
    for (key, value) in cfEntries(of: theDict) { copy.setObject(value, forKey: key) }
    return copy
}

/// The number of entries in `theDict`.
public func CFDictionaryGetCount(_ theDict: CFDictionary!) -> CFIndex { theDict.count }

/// The value for `key`, as a pointer to the stored object (valid while the dictionary holds it, as under
/// CoreFoundation's Get rule); nil when there is none.
public func CFDictionaryGetValue(_ theDict: CFDictionary!, _ key: UnsafeRawPointer!) -> UnsafeRawPointer! {
    guard let key, let value = cfValue(in: theDict, for: cfObject(at: key)) else { return nil }
    return UnsafeRawPointer(Unmanaged.passUnretained(value).toOpaque())
}

/// Whether `theDict` has a value for `key`, and that value (as `CFDictionaryGetValue` gives it) through `value`.
public func CFDictionaryGetValueIfPresent(_ theDict: CFDictionary!, _ key: UnsafeRawPointer!,
                                          _ value: UnsafeMutablePointer<UnsafeRawPointer?>!) -> Bool {
    guard let key, let found = cfValue(in: theDict, for: cfObject(at: key)) else { return false }
    value?.pointee = UnsafeRawPointer(Unmanaged.passUnretained(found).toOpaque())
    return true
}

/// Whether `theDict` has a value for `key`.
public func CFDictionaryContainsKey(_ theDict: CFDictionary!, _ key: UnsafeRawPointer!) -> Bool {
    guard let key else { return false }
    return cfValue(in: theDict, for: cfObject(at: key)) != nil
}

/// Whether any key of `theDict` has a value equal to `value`.
public func CFDictionaryContainsValue(_ theDict: CFDictionary!, _ value: UnsafeRawPointer!) -> Bool {
    guard let value else { return false }
    let wanted = cfObject(at: value)
    return cfEntries(of: theDict).contains { cfEqual($0.value, wanted) }
}

/// Sets the value for `key`, replacing any value it had. The dictionary keeps the objects themselves.
public func CFDictionarySetValue(_ theDict: CFMutableDictionary!, _ key: UnsafeRawPointer!,
                                 _ value: UnsafeRawPointer!) {
    guard let key, let value, let keyObject = cfObject(at: key) as? NSObject else { return }
    theDict.setObject(cfObject(at: value), forKey: keyObject)
}

/// Sets the value for `key` only when the dictionary has none.
public func CFDictionaryAddValue(_ theDict: CFMutableDictionary!, _ key: UnsafeRawPointer!,
                                 _ value: UnsafeRawPointer!) {
    guard !CFDictionaryContainsKey(theDict, key) else { return }
    CFDictionarySetValue(theDict, key, value)
}

/// Sets the value for `key` only when the dictionary has one.
public func CFDictionaryReplaceValue(_ theDict: CFMutableDictionary!, _ key: UnsafeRawPointer!,
                                     _ value: UnsafeRawPointer!) {
    guard CFDictionaryContainsKey(theDict, key) else { return }
    CFDictionarySetValue(theDict, key, value)
}

/// Removes the value for `key`, if any.
public func CFDictionaryRemoveValue(_ theDict: CFMutableDictionary!, _ key: UnsafeRawPointer!) {
    guard let key else { return }
    theDict.removeObject(forKey: cfObject(at: key))
}

/// Removes every entry.
public func CFDictionaryRemoveAllValues(_ theDict: CFMutableDictionary!) { theDict.removeAllObjects() }

/// The stored key and value objects of a dictionary, in one order.
///
/// Foundation's own dictionary classes keep their entries as objects, and their `allKeys` and `allValues` are
/// those stored objects, read from one table in one order (measured on this toolchain; `cfDictionaryIdentity` in
/// CoreFoundationShimsTests checks it). `object(forKey:)` instead returns a bridged copy (`NSString` values come back
/// as `String`), which a pointer must not be made from.
func cfEntries(of dictionary: NSDictionary) -> [(key: NSObject, value: AnyObject)] {
    let type = ObjectIdentifier(Swift.type(of: dictionary))
    guard type == ObjectIdentifier(NSDictionary.self) || type == ObjectIdentifier(NSMutableDictionary.self) else {
        return dictionary.allKeys.compactMap { key in
            guard let keyObject = key as AnyObject as? NSObject, let value = dictionary.object(forKey: key) else {
                return nil
            }
            let kept = BridgedValueCache.shared.object(for: value, slot: AnyHashable(keyObject), of: dictionary)
            return (keyObject, kept)
        }
    }
    let keys = dictionary.allKeys, values = dictionary.allValues
    return zip(keys, values).compactMap { key, value in
        guard let keyObject = key as AnyObject as? NSObject else { return nil }
        return (keyObject, value as AnyObject)
    }
}

/// The stored value object for `key`, if any.
func cfValue(in dictionary: NSDictionary, for key: AnyObject) -> AnyObject? {
    guard dictionary.object(forKey: key) != nil else { return nil }
    return cfEntries(of: dictionary).first { cfEqual($0.key, key) }?.value
}

extension NSDictionary {
    /// The entries whose keys are strings, as a Swift dictionary (values bridged: an `NSString` becomes a `String`).
    /// How our functions read the `CFDictionary` options and attributes they are given.
    package var stringKeyed: [String: Any] {
        var entries: [String: Any] = [:]
        for (key, value) in self {
            if let key = key as? String { entries[key] = value }
        }
        return entries
    }
}
