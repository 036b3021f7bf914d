// CMTimeRange: a start time and a duration. The range is half-open: it contains its start and not its end
// (CMTimeRange.h: "CMTimeRangeContainsTime(range, CMTimeRangeGetEnd(range)) always evaluates to false").

/// A range of time given by its start and its duration; it does not contain `start + duration`.
public struct CMTimeRange: Sendable {
    /// The first time in the range.
    public var start: CMTime
    /// How long the range lasts; a valid range has a non-negative duration in epoch 0.
    public var duration: CMTime

    /// Creates a range with every field zero (both times invalid), as the C struct's zero initializer does.
    public init() {
        self.init(start: CMTime(), duration: CMTime())
    }

    /// Creates a range from a start and a duration, as given.
    public init(start: CMTime, duration: CMTime) {
        self.start = start
        self.duration = duration
    }

    /// Creates the range from `start` up to (not including) `end` (`CMTimeRangeFromTimeToTime`).
    public init(start: CMTime, end: CMTime) {
        self = CMTimeRangeFromTimeToTime(start: start, end: end)
    }

    /// The empty range at time zero.
    public static let zero = CMTimeRange(start: .zero, duration: .zero)
    /// An invalid range.
    public static let invalid = CMTimeRange(start: .invalid, duration: .invalid)
}

extension CMTimeRange {
    /// Whether both times are valid and the duration is non-negative in epoch 0 (`CMTIMERANGE_IS_VALID`).
    public var isValid: Bool {
        start.isValid && duration.isValid && duration.epoch == 0 && duration.value >= 0
    }

    /// Whether the range is valid and its start or duration is indefinite (`CMTIMERANGE_IS_INDEFINITE`).
    public var isIndefinite: Bool {
        isValid && (start.isIndefinite || duration.isIndefinite)
    }

    /// Whether the range is valid and its duration is zero (`CMTIMERANGE_IS_EMPTY`).
    public var isEmpty: Bool {
        isValid && duration == .zero
    }

    /// The first time after the range: `start + duration`, or invalid for an invalid range (`CMTimeRangeGetEnd`).
    public var end: CMTime {
        isValid ? CMTime.sum(start, duration, subtracting: false) : .invalid
    }

    /// The smallest range containing both ranges (`CMTimeRangeGetUnion`).
    public func union(_ otherRange: CMTimeRange) -> CMTimeRange {
        guard isValid, otherRange.isValid else { return .invalid }
        return CMTimeRangeFromTimeToTime(start: CMTimeMinimum(start, otherRange.start),
                                         end: CMTimeMaximum(end, otherRange.end))
    }

    /// The largest range both ranges contain (`CMTimeRangeGetIntersection`); ranges that do not overlap give
    /// `kCMTimeRangeZero`, as Apple's implementation does ({3 s, 0} ∩ {3 s, 3 s} prints {{0/1 = 0.000},
    /// {0/1 = 0.000}} on Apple platforms).
    public func intersection(_ otherRange: CMTimeRange) -> CMTimeRange {
        guard isValid, otherRange.isValid else { return .invalid }
        let laterStart = CMTimeMaximum(start, otherRange.start)
        let earlierEnd = CMTimeMinimum(end, otherRange.end)
        guard laterStart < earlierEnd else { return .zero }
        return CMTimeRangeFromTimeToTime(start: laterStart, end: earlierEnd)
    }

    /// Whether `time` is at or after `start` and before `end` (`CMTimeRangeContainsTime`).
    public func containsTime(_ time: CMTime) -> Bool {
        isValid && time >= start && time < end
    }

    /// Whether `range` lies within this range: it starts no earlier and ends no later
    /// (`CMTimeRangeContainsTimeRange`).
    public func containsTimeRange(_ range: CMTimeRange) -> Bool {
        isValid && range.isValid && range.start >= start && range.end <= end
    }
}

extension CMTimeRange: Equatable, Hashable {
    /// Whether the starts and the durations compare equal (`CMTimeRangeEqual`).
    public static func == (range1: CMTimeRange, range2: CMTimeRange) -> Bool {
        range1.start == range2.start && range1.duration == range2.duration
    }

    /// Whether the ranges differ.
    public static func != (range1: CMTimeRange, range2: CMTimeRange) -> Bool {
        !(range1 == range2)
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(duration)
    }
}

// Not CustomStringConvertible, as on Apple's platforms (see CMTime.descriptionText).
extension CMTimeRange {
    /// The `CMTimeRangeCopyDescription` text: "{{start}, {duration}}", such as "{{0/1 = 0.000}, {+INFINITY}}".
    package var descriptionText: String {
        "{\(start.descriptionText), \(duration.descriptionText)}"
    }
}
