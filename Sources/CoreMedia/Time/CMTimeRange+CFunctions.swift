// The C-style CMTimeRange functions with the labels Apple's SDK imports them with (CMTimeRange.h), the
// CMTIMERANGE_IS_… macros as Apple's overlay provides them, and the range dictionary functions.

/// A range with `start` and `duration`; a duration outside epoch 0 gives an invalid range (CMTimeRange.h).
@discardableResult
public func CMTimeRangeMake(start: CMTime, duration: CMTime) -> CMTimeRange {
    duration.epoch == 0 ? CMTimeRange(start: start, duration: duration) : .invalid
}

/// The range from `start` up to (not including) `end`: duration `end - start`.
@discardableResult
public func CMTimeRangeFromTimeToTime(start: CMTime, end: CMTime) -> CMTimeRange {
    CMTimeRangeMake(start: start, duration: CMTime.sum(end, start, subtracting: true))
}

/// The smallest range containing both ranges.
@discardableResult
public func CMTimeRangeGetUnion(_ range: CMTimeRange, otherRange: CMTimeRange) -> CMTimeRange {
    range.union(otherRange)
}

/// The largest range both ranges contain; `kCMTimeRangeZero` when they do not overlap.
@discardableResult
public func CMTimeRangeGetIntersection(_ range: CMTimeRange, otherRange: CMTimeRange) -> CMTimeRange {
    range.intersection(otherRange)
}

/// Whether the starts and the durations compare equal.
@discardableResult
public func CMTimeRangeEqual(_ range1: CMTimeRange, _ range2: CMTimeRange) -> Bool {
    range1 == range2
}

/// Whether `time` is in `range` (at or after its start, before its end).
@discardableResult
public func CMTimeRangeContainsTime(_ range: CMTimeRange, time: CMTime) -> Bool {
    range.containsTime(time)
}

/// Whether `otherRange` lies within `range`.
@discardableResult
public func CMTimeRangeContainsTimeRange(_ range: CMTimeRange, otherRange: CMTimeRange) -> Bool {
    range.containsTimeRange(otherRange)
}

/// The first time after the range (`start + duration`); never contained in the range.
@discardableResult
public func CMTimeRangeGetEnd(_ range: CMTimeRange) -> CMTime {
    range.end
}

// MARK: CMTIMERANGE_IS_… (Apple's overlay turns the CMTimeRange.h macros into these functions)

/// Whether the range is valid.
public func CMTIMERANGE_IS_VALID(_ range: CMTimeRange) -> Bool { range.isValid }

/// Whether the range is invalid.
public func CMTIMERANGE_IS_INVALID(_ range: CMTimeRange) -> Bool { !range.isValid }

/// Whether the range is valid and its start or duration is indefinite.
public func CMTIMERANGE_IS_INDEFINITE(_ range: CMTimeRange) -> Bool { range.isIndefinite }

/// Whether the range is valid and has a zero duration.
public func CMTIMERANGE_IS_EMPTY(_ range: CMTimeRange) -> Bool { range.isEmpty }

// MARK: Dictionaries and descriptions

/// Dictionary key for the start of a CMTimeRange (a CMTime dictionary); "start", as Apple's dictionaries print.
nonisolated(unsafe) public let kCMTimeRangeStartKey: CFString = "start"
/// Dictionary key for the duration of a CMTimeRange (a CMTime dictionary); "duration", as Apple's dictionaries print.
nonisolated(unsafe) public let kCMTimeRangeDurationKey: CFString = "duration"

/// A dictionary holding the start and duration of `range` as CMTime dictionaries.
@discardableResult
public func CMTimeRangeCopyAsDictionary(_ range: CMTimeRange, allocator: CFAllocator?) -> CFDictionary? {
    range.dictionaryRepresentation
}

/// The range a dictionary made by `CMTimeRangeCopyAsDictionary` describes, or an invalid range when an entry is
/// missing or malformed.
@discardableResult
public func CMTimeRangeMakeFromDictionary(_ dictionaryRepresentation: CFDictionary) -> CMTimeRange {
    CMTimeRange(dictionary: dictionaryRepresentation) ?? .invalid
}

/// A description of `range` such as "{{0/1 = 0.000}, {10/1 = 10.000}}" (the allocator is accepted and ignored).
@discardableResult
public func CMTimeRangeCopyDescription(allocator: CFAllocator?, range: CMTimeRange) -> CFString? {
    range.descriptionText as CFString
}

/// Prints the description of `range` to standard error, as CFShow does.
public func CMTimeRangeShow(_ range: CMTimeRange) {
    CMTimeDebugOutput.show(range.descriptionText)
}

extension CMTimeRange {
    /// The start and the duration as CMTime dictionaries under Apple's key strings.
    var dictionaryRepresentation: CFDictionary {
        [kCMTimeRangeStartKey: start.dictionaryRepresentation, kCMTimeRangeDurationKey: duration.dictionaryRepresentation]
    }

    /// The range a CMTimeRange dictionary describes, or `nil` when an entry is missing or malformed.
    init?(dictionary: CFDictionary) {
        guard let start = CMTimeDictionaryNumber.dictionary(dictionary[kCMTimeRangeStartKey]).flatMap(CMTime.init(dictionary:)),
              let duration = CMTimeDictionaryNumber.dictionary(dictionary[kCMTimeRangeDurationKey]).flatMap(CMTime.init(dictionary:))
        else { return nil }
        self.init(start: start, duration: duration)
    }
}
