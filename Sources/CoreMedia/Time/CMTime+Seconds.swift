// CMTimeMakeWithSeconds: the CMTime nearest a Float64 number of seconds.

extension CMTime {
    /// The CMTime nearest to `seconds` at `preferredTimescale` (CMTimeMakeWithSeconds documentation).
    ///
    /// - A timescale that is not positive gives an invalid time.
    /// - ±infinity seconds give ±infinity.
    /// - The value is the exact binary value of `seconds` times the timescale, rounded half to even. Apple does not
    ///   document the rounding; it is observed on Apple platforms: 0.5 s at timescale 1 gives 0/1 (flagged rounded)
    ///   and 2.5 s at 600 gives 1500/600.
    /// - If the value overflows, the timescale is halved until it fits or is 1; if it still overflows, the result
    ///   is ±infinity (documented).
    /// - hasBeenRounded is set when the result converted back to seconds is not exactly `seconds` (documented).
    /// - NaN gives 0/preferredTimescale flagged valid and rounded, as recorded from Apple's implementation; Apple
    ///   documents nothing for NaN.
    static func make(seconds: Double, preferredTimescale: CMTimeScale) -> CMTime {
        guard preferredTimescale > 0 else { return .invalid }
        if seconds.isNaN { return .numeric(0, preferredTimescale, rounded: true, epoch: 0) }
        if seconds.isInfinite { return .infinity(negative: seconds < 0) }
        if seconds == 0 { return .numeric(0, preferredTimescale, rounded: false, epoch: 0) }

        let negative = seconds < 0
        // |seconds| = significand · 2^exponent with an integer significand of at most 53 bits.
        let significand = UInt128(seconds.magnitude.significand * 0x1p52)
        let exponent = Int(seconds.magnitude.exponent) - 52
        var result: CMTime
        if exponent >= 0 {
            guard let shifted = CMTimeWideUInt(significand).shiftedLeft(by: exponent) else {
                return .infinity(negative: negative)
            }
            result = fitting(negative: negative, numerator: shifted, denominator: 1, timescale: preferredTimescale,
                             carriedRounded: false, epoch: 0, mode: .halfToEven)
        } else if -exponent <= 120 {
            result = fitting(negative: negative, numerator: CMTimeWideUInt(significand),
                             denominator: UInt128(1) << -exponent, timescale: preferredTimescale,
                             carriedRounded: false, epoch: 0, mode: .halfToEven)
        } else {
            // |seconds| < 2^-67: significand · timescale < 2^84 is below half of 2^120, so the value rounds to 0.
            result = .numeric(0, preferredTimescale, rounded: false, epoch: 0)
        }
        if result.isNumeric {
            // The documented definition of "rounded" here is the round trip, not exactness of the binary value:
            // 0.1 s at 10 is 1/10, not rounded, although the double 0.1 is not exactly a tenth.
            if Double(result.value) / Double(result.timescale) == seconds {
                result.flags.remove(.hasBeenRounded)
            } else {
                result.flags.insert(.hasBeenRounded)
            }
        }
        return result
    }
}
