/// One loadable key of an object: its name (the Objective-C property name), its slot in the object's
/// `KeyValueLoader`, how its value is computed, and whether a loaded value is kept.
struct LoadableKey: Sendable {
    /// The key, as `statusOfValue(forKey:error:)` takes it: "duration", "naturalSize"…
    let name: String
    /// The key's position in its class's `LoadableKeyTable`: the bit of the loader that records it loaded.
    let slot: Int
    /// Whether the loader keeps the loaded value, or records only that it is loaded (see `LoadableKeyTable`).
    let keepsValue: Bool
    /// Whether the object already holds the value in memory, so that computing it never blocks and costs less than
    /// a trip to the loading queue and back: `load(_:)` then computes it on the caller's thread.
    var isHeld = false
    /// Computes the value; runs on a background queue or on the thread of a synchronous property access.
    let compute: @Sendable () throws -> Any
}

/// The loadable keys of one class, each computed from `Source` (the object itself, or what it opens: an asset's
/// contents), in a fixed order that gives each key its slot.
///
/// A loaded value is kept only when computing it again would cost work or make new objects: a track's
/// `formatDescriptions`, `playable`, `segments`, `metadata`; an asset's `tracks` and `trackGroups`. The other
/// values are cheap functions of state that does not change once loaded (a track's timescale; its time range,
/// from the timeline its backing keeps), so loading one records only that it is loaded, and each read computes it
/// again. Keeping every value as an `Any` in a dictionary cost about 1 KB per track, more than a small track's
/// bytes in the file (issue 15). A mutable composition's values change with its edits; they are recomputed or
/// forgotten (`KeyValueLoader.invalidateFinishedValues()`) as each edit lands.
struct LoadableKeyTable<Source>: Sendable {
    typealias Computation = @Sendable (Source) throws -> Any
    private struct Entry: Sendable {
        let slot: Int
        let keepsValue: Bool
        let isHeld: Bool
        let compute: Computation
    }
    private let entries: [String: Entry]

    /// A table of the keys whose values are `recomputed` on every read and those whose values are `kept`; the keys
    /// named in `held` are values the object holds in memory (see `LoadableKey.isHeld`).
    init(recomputed: [String: Computation], kept: [String: Computation], held: Set<String> = []) {
        let all = recomputed.mapValues { (keepsValue: false, compute: $0) }
            .merging(kept.mapValues { (keepsValue: true, compute: $0) }) { _, _ in
                preconditionFailure("a key is both recomputed and kept")
            }
        precondition(all.count <= KeyValueLoader.slotCount, "more loadable keys than a loader has slots")
        var entries: [String: Entry] = [:]
        for (slot, key) in all.sorted(by: { $0.key < $1.key }).enumerated() {
            entries[key.key] = Entry(slot: slot, keepsValue: key.value.keepsValue, isHeld: held.contains(key.key),
                                     compute: key.value.compute)
        }
        self.entries = entries
    }

    /// The key `name`, computed from what `source` gives; nil when the class has no loadable key of that name.
    func key(_ name: String, source: @escaping @Sendable () throws -> Source) -> LoadableKey? {
        guard let entry = entries[name] else { return nil }
        return LoadableKey(name: name, slot: entry.slot, keepsValue: entry.keepsValue, isHeld: entry.isHeld) {
            try entry.compute(try source())
        }
    }
}
