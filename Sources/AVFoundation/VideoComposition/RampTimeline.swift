import CoreGraphics
import CoreMedia

/// One property of a layer instruction over time (transform, opacity or crop rectangle), by the rules of
/// AVVideoComposition.h:
///
/// - `set…Ramp(from:to:timeRange:)` interpolates linearly from the start value at `timeRange.start` to the end
///   value at `timeRange.end`; after the ramp the end value holds.
/// - `set…(_:at:)` is "a flat ramp" from its time until the next time a value is set, or for ever if none is.
/// - Before the first setting the property has its default (identity, 1.0, the whole frame); after the last one
///   the last value holds.
/// - `get…Ramp(for:…)` reports the ramp whose range contains the time, "otherwise … the first ramp that starts
///   after the specified time", and fails only when the time is at or past the end of the last ramp.
///
/// Entries are kept by start time; a setting at the start time of an existing one replaces it, and where ramps
/// overlap the one that starts later governs from its start on. A setting whose time or range is not numeric is
/// ignored (it has no place on the timeline).
struct RampTimeline<Value: RampInterpolable>: Sendable {
    /// One setting: a ramp over `timeRange`, or (`isFlat`) a value from `timeRange.start` until the next setting.
    struct Entry: Sendable {
        var start: Value
        var end: Value
        var timeRange: CMTimeRange
        var isFlat: Bool
    }

    /// What `get…Ramp` reports: the end points and the range they span.
    struct Ramp: Sendable {
        var start: Value
        var end: Value
        var timeRange: CMTimeRange
    }

    /// The settings, by start time, at most one per start time.
    private(set) var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }

    /// Whether any setting changes the value over time.
    var hasRamps: Bool { entries.contains { $0.start != $0.end } }

    /// Adds a ramp (`setTransformRamp(fromStart:toEnd:timeRange:)` and its siblings).
    mutating func set(from start: Value, to end: Value, over timeRange: CMTimeRange) {
        guard timeRange.start.isNumeric, timeRange.duration.isNumeric, timeRange.duration >= .zero else { return }
        insert(Entry(start: start, end: end, timeRange: timeRange, isFlat: false))
    }

    /// Sets a value from `time` until the next setting (`setTransform(_:at:)` and its siblings).
    mutating func set(_ value: Value, at time: CMTime) {
        guard time.isNumeric else { return }
        insert(Entry(start: value, end: value, timeRange: CMTimeRange(start: time, duration: .zero), isFlat: true))
    }

    private mutating func insert(_ entry: Entry) {
        let start = entry.timeRange.start
        if let index = entries.firstIndex(where: { $0.timeRange.start == start }) {
            entries[index] = entry
        } else {
            entries.insert(entry, at: entries.firstIndex { $0.timeRange.start > start } ?? entries.endIndex)
        }
    }

    /// The range entry `index` governs: its own range, or for a flat setting up to the next setting's start
    /// (an infinite duration after the last one).
    private func governedRange(_ index: Int) -> CMTimeRange {
        let entry = entries[index]
        guard entry.isFlat else { return entry.timeRange }
        let start = entry.timeRange.start
        guard index + 1 < entries.count else { return CMTimeRange(start: start, duration: .positiveInfinity) }
        return CMTimeRange(start: start, end: entries[index + 1].timeRange.start)
    }

    private static func range(_ range: CMTimeRange, contains time: CMTime) -> Bool {
        time >= range.start && (range.duration == .positiveInfinity || time < range.end)
    }

    /// The index of the last setting that starts at or before `time`.
    private func lastIndex(startingBy time: CMTime) -> Int? {
        entries.lastIndex { $0.timeRange.start <= time }
    }

    /// The ramp `get…Ramp(for:…)` reports at `time`: the one governing `time`, else the first that starts after
    /// it, else `nil` (at or after the end of the last ramp).
    func ramp(at time: CMTime) -> Ramp? {
        guard time.isNumeric else { return nil }
        if let index = lastIndex(startingBy: time), Self.range(governedRange(index), contains: time) {
            return ramp(index)
        }
        guard let next = entries.firstIndex(where: { $0.timeRange.start > time }) else { return nil }
        return ramp(next)
    }

    private func ramp(_ index: Int) -> Ramp {
        Ramp(start: entries[index].start, end: entries[index].end, timeRange: governedRange(index))
    }

    /// Whether some setting starts at or before `time` (so the value there is not the default).
    func hasSetting(atOrBefore time: CMTime) -> Bool {
        lastIndex(startingBy: time) != nil
    }

    /// The value at `time`: the default before the first setting, interpolated inside a ramp, the end value after
    /// it (until the next setting).
    func value(at time: CMTime, default defaultValue: Value) -> Value {
        guard let index = lastIndex(startingBy: time) else { return defaultValue }
        let entry = entries[index]
        let range = entry.timeRange
        guard !entry.isFlat, entry.start != entry.end, range.duration > .zero, (time < range.end) else {
            return entry.isFlat ? entry.start : entry.end
        }
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
    /// Component by component: Apple documents the transform as "interpolated between the values set at the
    /// ramp's start time and end time" without naming another scheme.
    static func interpolate(_ start: CGAffineTransform, _ end: CGAffineTransform, fraction: Double) -> CGAffineTransform {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * CGFloat(fraction) }
        return CGAffineTransform(a: mix(start.a, end.a), b: mix(start.b, end.b), c: mix(start.c, end.c),
                                 d: mix(start.d, end.d), tx: mix(start.tx, end.tx), ty: mix(start.ty, end.ty))
    }
}

extension CGRect: RampInterpolable {
    /// Origin and size component by component ("when the starting or ending rectangle is empty, interpolations take
    /// into account the origin and size of the empty rectangle", AVVideoComposition.h).
    static func interpolate(_ start: CGRect, _ end: CGRect, fraction: Double) -> CGRect {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * CGFloat(fraction) }
        return CGRect(x: mix(start.origin.x, end.origin.x), y: mix(start.origin.y, end.origin.y),
                      width: mix(start.size.width, end.size.width), height: mix(start.size.height, end.size.height))
    }
}
