// CMTimeRoundingMethod: how a value is rounded when a time changes timescale. Raw values from Apple's CMTime.h
// (`kCMTimeRoundingMethod_RoundHalfAwayFromZero = 1` … `_RoundTowardNegativeInfinity = 6`).

/// The rounding methods `CMTimeConvertScale` accepts; arithmetic that must round uses `.default`.
// Not CaseIterable: Apple's is an imported C enum, which has no `allCases`.
public enum CMTimeRoundingMethod: UInt32, Sendable, Hashable {
    /// Rounds toward zero when |fraction| < 0.5, away from zero when |fraction| >= 0.5.
    case roundHalfAwayFromZero = 1
    /// Rounds toward zero whenever there is a fraction.
    case roundTowardZero = 2
    /// Rounds away from zero whenever there is a fraction.
    case roundAwayFromZero = 3
    /// Toward zero when converting to a smaller timescale, away from zero when converting to a larger one, and
    /// never rounds a negative time up to zero (it returns -1/newTimescale instead).
    case quickTime = 4
    /// Rounds toward +infinity whenever there is a fraction.
    case roundTowardPositiveInfinity = 5
    /// Rounds toward -infinity whenever there is a fraction.
    case roundTowardNegativeInfinity = 6

    /// The default rounding method: `roundHalfAwayFromZero`.
    public static var `default`: CMTimeRoundingMethod { .roundHalfAwayFromZero }
}
