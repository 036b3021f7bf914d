// The operators of Apple's CoreMedia Swift overlay: + and - (CMTimeAdd, CMTimeSubtract), their compound forms,
// unary minus, and * with an Int32 (CMTimeMultiply) or a Float64 (CMTimeMultiplyByFloat64) on either side.
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
    public static func += (lhs: inout CMTime, rhs: CMTime) {
        lhs = sum(lhs, rhs, subtracting: false)
    }

    /// Subtracts `rhs` from `lhs` (`CMTimeSubtract`).
    public static func -= (lhs: inout CMTime, rhs: CMTime) {
        lhs = sum(lhs, rhs, subtracting: true)
    }

    /// The negation of a time (`CMTimeMultiply` by -1): ±infinity swap, invalid and indefinite stay.
    public static prefix func - (time: CMTime) -> CMTime {
        product(time, integer: -1)
    }

    /// The product of a time and an integer (`CMTimeMultiply`).
    public static func * (time: CMTime, multiplier: Int32) -> CMTime {
        product(time, integer: multiplier)
    }

    /// The product of an integer and a time (`CMTimeMultiply`).
    public static func * (multiplier: Int32, time: CMTime) -> CMTime {
        product(time, integer: multiplier)
    }

    /// The product of a time and a floating-point number (`CMTimeMultiplyByFloat64`).
    @_disfavoredOverload
    public static func * (time: CMTime, multiplier: Float64) -> CMTime {
        product(time, float: multiplier)
    }

    /// The product of a floating-point number and a time (`CMTimeMultiplyByFloat64`).
    @_disfavoredOverload
    public static func * (multiplier: Float64, time: CMTime) -> CMTime {
        product(time, float: multiplier)
    }

    /// Multiplies `time` by an integer (`CMTimeMultiply`).
    public static func *= (time: inout CMTime, multiplier: Int32) {
        time = product(time, integer: multiplier)
    }

    /// Multiplies `time` by a floating-point number (`CMTimeMultiplyByFloat64`).
    @_disfavoredOverload
    public static func *= (time: inout CMTime, multiplier: Float64) {
        time = product(time, float: multiplier)
    }
}
