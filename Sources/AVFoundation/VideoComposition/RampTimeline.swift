import CoreGraphics
import CoreMedia

/// A value of a layer instruction over time, as Apple documents its ramps: each entry starts at a time and either
/// holds one value (`setTransform(_:at:)`: "a flat ramp" until the next entry) or moves linearly from a start value
/// to an end value over its time range, holding the end value until the next entry. Before the first entry the
/// value is the default (identity transform, opacity 1, no crop).
struct RampTimeline<Value: RampInterpolable>: Sendable {
    /// One ramp: `start` at `timeRange.start`, `end` at `timeRange.end` (a zero duration holds `start`).
    struct Entry: Sendable {
        var start: Value
        var end: Value
        var timeRange: CMTimeRange
    }

    /// The entries, by start time; at most one per start time (a later setting replaces an earlier one).
    private(set) var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }

    /// Whether any entry changes its value over time.
    var hasRamps: Bool { entries.contains { $0.start != $0.end } }

    /// Adds a ramp, replacing an entry that starts at the same time.
    mutating func set(from start: Value, to end: Value, over timeRange: CMTimeRange) {
        let entry = Entry(start: start, end: end, timeRange: timeRange)
        if let index = entries.firstIndex(where: { $0.timeRange.start == timeRange.start }) {
            entries[index] = entry
            return
        }
        let index = entries.firstIndex { $0.timeRange.start > timeRange.start } ?? entries.endIndex
        entries.insert(entry, at: index)
    }

    /// Sets a value from `time` until the next entry.
    mutating func set(_ value: Value, at time: CMTime) {
        set(from: value, to: value, over: CMTimeRange(start: time, duration: .zero))
    }

    /// The entry in effect at `time` and the range it governs (its own range, or for a held value, up to the next
    /// entry's start), or `nil` before the first entry.
    func entry(at time: CMTime) -> (entry: Entry, governs: CMTimeRange)? {
        guard let index = entries.lastIndex(where: { $0.timeRange.start <= time }) else { return nil }
        let entry = entries[index]
        let nextStart = index + 1 < entries.count ? entries[index + 1].timeRange.start : CMTime.positiveInfinity
        if entry.timeRange.duration > .zero, time < entry.timeRange.end {
            return (entry, entry.timeRange)
        }
        let heldFrom = entry.timeRange.duration > .zero ? entry.timeRange.end : entry.timeRange.start
        let held = Entry(start: entry.end, end: entry.end, timeRange: CMTimeRange(start: heldFrom, end: nextStart))
        return (held, held.timeRange)
    }

    /// The value at `time`: interpolated inside a ramp, held after it, the default before the first entry.
    func value(at time: CMTime, default defaultValue: Value) -> Value {
        guard let (entry, range) = entry(at: time) else { return defaultValue }
        guard entry.start != entry.end, range.duration > .zero, range.duration.isNumeric else { return entry.start }
        let fraction = (time - range.start).seconds / range.duration.seconds
        return Value.interpolate(entry.start, entry.end, fraction: min(max(fraction, 0), 1))
    }
}

/// A value a ramp can move between linearly.
protocol RampInterpolable: Equatable, Sendable {
    static func interpolate(_ start: Self, _ end: Self, fraction: Double) -> Self
}

extension Float: RampInterpolable {
    static func interpolate(_ start: Float, _ end: Float, fraction: Double) -> Float {
        start + (end - start) * Float(fraction)
    }
}

extension CGAffineTransform: RampInterpolable {
    /// Component by component, as Apple's ramps interpolate transforms.
    static func interpolate(_ start: CGAffineTransform, _ end: CGAffineTransform, fraction: Double) -> CGAffineTransform {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * CGFloat(fraction) }
        return CGAffineTransform(a: mix(start.a, end.a), b: mix(start.b, end.b), c: mix(start.c, end.c),
                                 d: mix(start.d, end.d), tx: mix(start.tx, end.tx), ty: mix(start.ty, end.ty))
    }
}

extension CGRect: RampInterpolable {
    /// Origin and size component by component.
    static func interpolate(_ start: CGRect, _ end: CGRect, fraction: Double) -> CGRect {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * CGFloat(fraction) }
        return CGRect(x: mix(start.origin.x, end.origin.x), y: mix(start.origin.y, end.origin.y),
                      width: mix(start.width, end.width), height: mix(start.height, end.height))
    }
}
