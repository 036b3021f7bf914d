// The C-style CMTime functions with the labels Apple's SDK imports them with (CMTime.h), and the
// CMTIME_IS_… macros as Apple's Swift overlay provides them. Each is a thin call into the CMTime extensions.

/// A valid time of `value / timescale` seconds in epoch 0; a timescale that is not positive gives an invalid time.
@discardableResult
public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime {
    CMTime(value: value, timescale: timescale)
}

/// A valid time of `value / timescale` seconds in `epoch`; a timescale that is not positive gives an invalid time.
@discardableResult
public func CMTimeMakeWithEpoch(value: Int64, timescale: Int32, epoch: Int64) -> CMTime {
    guard timescale > 0 else { return .invalid }
    return CMTime(value: value, timescale: timescale, flags: .valid, epoch: epoch)
}

/// The time nearest to `seconds` at `preferredTimescale`, halving the timescale if the value would overflow.
@discardableResult
public func CMTimeMakeWithSeconds(_ seconds: Float64, preferredTimescale: Int32) -> CMTime {
    CMTime.make(seconds: seconds, preferredTimescale: preferredTimescale)
}

/// The time in seconds: NaN when invalid or indefinite, ±infinity when infinite; the epoch is ignored.
@discardableResult
public func CMTimeGetSeconds(_ time: CMTime) -> Float64 {
    time.seconds
}

/// `time` converted to `newTimescale`, rounded with `method`; hasBeenRounded is set when rounding happened.
@discardableResult
public func CMTimeConvertScale(_ time: CMTime, timescale newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
    CMTime.convert(time, toTimescale: newTimescale, method: method)
}

/// The sum of two times, exact when it can be represented (see `CMTime.+`).
@discardableResult
public func CMTimeAdd(_ lhs: CMTime, _ rhs: CMTime) -> CMTime {
    CMTime.sum(lhs, rhs, subtracting: false)
}

/// The difference of two times, exact when it can be represented (see `CMTime.-`).
@discardableResult
public func CMTimeSubtract(_ lhs: CMTime, _ rhs: CMTime) -> CMTime {
    CMTime.sum(lhs, rhs, subtracting: true)
}

/// The product of a time and an integer, at the time's timescale (halved while the value overflows).
@discardableResult
public func CMTimeMultiply(_ time: CMTime, multiplier: Int32) -> CMTime {
    CMTime.product(time, integer: multiplier)
}

/// The product of a time and a floating-point number, rounded once with default rounding.
@discardableResult
public func CMTimeMultiplyByFloat64(_ time: CMTime, multiplier: Float64) -> CMTime {
    CMTime.product(time, float: multiplier)
}

/// `time * multiplier / divisor`, keeping the exact rational value whenever it can be represented.
@discardableResult
public func CMTimeMultiplyByRatio(_ time: CMTime, multiplier: Int32, divisor: Int32) -> CMTime {
    CMTime.ratio(time, multiplier: multiplier, divisor: divisor)
}

/// -1, 0 or 1 as `time1` is less than, equal to or greater than `time2`, in a total order of all times.
@discardableResult
public func CMTimeCompare(_ time1: CMTime, _ time2: CMTime) -> Int32 {
    CMTime.compare(time1, time2)
}

/// The lesser of two times as `CMTimeCompare` orders them (the second when they compare equal, as Apple's does).
@discardableResult
public func CMTimeMinimum(_ time1: CMTime, _ time2: CMTime) -> CMTime {
    CMTime.compare(time1, time2) < 0 ? time1 : time2
}

/// The greater of two times as `CMTimeCompare` orders them (the first when they compare equal, as Apple's does).
@discardableResult
public func CMTimeMaximum(_ time1: CMTime, _ time2: CMTime) -> CMTime {
    CMTime.compare(time1, time2) < 0 ? time2 : time1
}

/// The time with its sign inverted if negative; -infinity becomes +infinity.
@discardableResult
public func CMTimeAbsoluteValue(_ time: CMTime) -> CMTime {
    CMTime.absoluteValue(time)
}

// MARK: CMTIME_IS_… (Apple's overlay turns the CMTime.h macros into these functions)

/// Whether the time is valid.
public func CMTIME_IS_VALID(_ time: CMTime) -> Bool { time.isValid }

/// Whether the time is invalid.
public func CMTIME_IS_INVALID(_ time: CMTime) -> Bool { !time.isValid }

/// Whether the time is +infinity.
public func CMTIME_IS_POSITIVEINFINITY(_ time: CMTime) -> Bool { time.isPositiveInfinity }

/// Whether the time is -infinity.
public func CMTIME_IS_NEGATIVEINFINITY(_ time: CMTime) -> Bool { time.isNegativeInfinity }

/// Whether the time is indefinite.
public func CMTIME_IS_INDEFINITE(_ time: CMTime) -> Bool { time.isIndefinite }

/// Whether the time is numeric (valid, not infinite, not indefinite).
public func CMTIME_IS_NUMERIC(_ time: CMTime) -> Bool { time.isNumeric }

/// Whether the time is numeric and has been rounded.
public func CMTIME_HAS_BEEN_ROUNDED(_ time: CMTime) -> Bool { time.hasBeenRounded }
