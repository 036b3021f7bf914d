// The operators of Apple's CoreMedia Swift overlay, + and - (CMTimeAdd, CMTimeSubtract); the comparisons are with
// CMTime's Comparable conformance.
//
// The compound forms, unary minus and * are ours, for the package's own code only (`package`): Apple's CoreMedia
// does not declare them, and real code declares its own (`func * (lhs: CMTime, multiplier: Int32) -> CMTime` is a
// common helper), which public ones here would make ambiguous. scripts/api-surface.sh keeps them from going public.
//
// The Float64 forms are disfavoured overloads: an integer literal (`time * 2`) can become either Int32 or Float64,
// which would make it ambiguous; integer literals multiply with CMTimeMultiply and `time * 1.5` still finds the
// Float64 form.

extension CMTime {
    /// The sum of two times (`CMTimeAdd`).
    public static func + (addend1: CMTime, addend2: CMTime) -> CMTime {
        sum(addend1, addend2, subtracting: false)
    }

    /// The difference of two times (`CMTimeSubtract`).
    public static func - (minuend: CMTime, subtrahend: CMTime) -> CMTime {
        sum(minuend, subtrahend, subtracting: true)
    }

    /// Adds `rhs` to `lhs` (`CMTimeAdd`).
    package static func += (lhs: inout CMTime, rhs: CMTime) {
        lhs = sum(lhs, rhs, subtracting: false)
    }

    /// Subtracts `rhs` from `lhs` (`CMTimeSubtract`).
    package static func -= (lhs: inout CMTime, rhs: CMTime) {
        lhs = sum(lhs, rhs, subtracting: true)
    }

    /// The negation of a time (`CMTimeMultiply` by -1): ±infinity swap, invalid and indefinite stay.
    package static prefix func - (time: CMTime) -> CMTime {
        product(time, integer: -1)
    }

    /// The product of a time and an integer (`CMTimeMultiply`).
    package static func * (time: CMTime, multiplier: Int32) -> CMTime {
        product(time, integer: multiplier)
    }

    /// The product of an integer and a time (`CMTimeMultiply`).
    package static func * (multiplier: Int32, time: CMTime) -> CMTime {
        product(time, integer: multiplier)
    }

    /// The product of a time and a floating-point number (`CMTimeMultiplyByFloat64`).
    @_disfavoredOverload
    package static func * (time: CMTime, multiplier: Float64) -> CMTime {
        product(time, float: multiplier)
    }

    /// The product of a floating-point number and a time (`CMTimeMultiplyByFloat64`).
    @_disfavoredOverload
    package static func * (multiplier: Float64, time: CMTime) -> CMTime {
        product(time, float: multiplier)
    }

    /// Multiplies `time` by an integer (`CMTimeMultiply`).
    package static func *= (time: inout CMTime, multiplier: Int32) {
        time = product(time, integer: multiplier)
    }

    /// Multiplies `time` by a floating-point number (`CMTimeMultiplyByFloat64`).
    @_disfavoredOverload
    package static func *= (time: inout CMTime, multiplier: Float64) {
        time = product(time, float: multiplier)
    }
}
