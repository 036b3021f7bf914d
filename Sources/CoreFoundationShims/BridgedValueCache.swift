/// Objects made from the bridged values of a Foundation collection that does not hand out what it stores, kept as
/// long as that collection lives.
///
/// `CFArrayGetValueAtIndex` and `CFDictionaryGetValue` return a pointer that stays valid while the collection lives
/// (CoreFoundation's Get rule). Linux's `NSArray.object(at:)` returns a bridged copy (an `NSDictionary` element comes
/// back as a Swift `Dictionary`), so for arrays that are not ours the object handed out is made from that copy and
/// kept here, one per slot, until the collection is released.
final class BridgedValueCache: @unchecked Sendable {
    /// The one cache. `@unchecked Sendable` is true: every access to `entries` holds `lock`.
    static let shared = BridgedValueCache()

    private struct Entry {
        weak var owner: AnyObject?
        var objects: [AnyHashable: AnyObject]
    }

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// Entries of released collections are dropped when the table reaches this size (then twice the live count).
    private var pruneThreshold = 64

    private init() {}

    /// The object for `value` in `slot` of `owner`: the one handed out before when it is still equal to `value`,
    /// else a new one kept until `owner` is released.
    func object(for value: Any, slot: AnyHashable, of owner: AnyObject) -> AnyObject {
        let made = value as AnyObject
        lock.lock()
        defer { lock.unlock() }
        let id = ObjectIdentifier(owner)
        var entry = entries[id].flatMap { $0.owner === owner ? $0 : nil } ?? Entry(owner: owner, objects: [:])
        if let kept = entry.objects[slot], (kept as? NSObject)?.isEqual(made) ?? (kept === made) { return kept }
        entry.objects[slot] = made
        entries[id] = entry
        if entries.count >= pruneThreshold {
            entries = entries.filter { $0.value.owner != nil }
            pruneThreshold = max(64, entries.count * 2)
        }
        return made
    }

    /// How many collections have objects kept (for tests).
    var liveCollectionCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.values.filter { $0.owner != nil }.count
    }
}
