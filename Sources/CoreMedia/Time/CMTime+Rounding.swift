// Putting an exact rational result into a CMTime: the timescale-halving rule the arithmetic functions share,
// and CMTimeConvertScale with every CMTimeRoundingMethod.

extension CMTimeRoundingMethod {
    /// The rounding direction this method means for a conversion from `oldTimescale` to `newTimescale`.
    ///
    /// QuickTime rounding (CMTimeRoundingMethod.quickTime documentation): toward zero when converting to a
    /// smaller timescale (less precision), away from zero when converting to a larger one.
    func mode(from oldTimescale: Int32, to newTimescale: Int32) -> CMTimeRoundingMode {
        switch self {
        case .roundHalfAwayFromZero: return .halfAwayFromZero
        case .roundTowardZero: return .towardZero
        case .roundAwayFromZero: return .awayFromZero
        case .quickTime: return newTimescale < oldTimescale ? .towardZero : .awayFromZero
        case .roundTowardPositiveInfinity: return .towardPositiveInfinity
        case .roundTowardNegativeInfinity: return .towardNegativeInfinity
        }
    }
}

extension CMTime {
    /// The exact time `±numerator / denominator` seconds expressed at `timescale`.
    ///
    /// This is the rule CMTimeAdd, CMTimeSubtract, CMTimeMultiply, CMTimeMultiplyByFloat64 and
    /// CMTimeMultiplyByRatio document: convert with default rounding; if the value overflows, halve the timescale
    /// until it no longer does; if it still overflows at timescale 1, the result is positive or negative infinity
    /// in the direction of the overflow. hasBeenRounded is set when any rounding happened or `carriedRounded`
    /// (an operand was already rounded).
    static func fitting(negative: Bool, numerator: CMTimeWideUInt, denominator: UInt128, timescale: Int32,
                        carriedRounded: Bool, epoch: CMTimeEpoch,
                        mode: CMTimeRoundingMode = .halfAwayFromZero) -> CMTime {
        var scale = max(timescale, 1)
        while true {
            if UInt128(scale) == denominator, let exact = numerator.signedValue(negative: negative) {
                return .numeric(exact, scale, rounded: carriedRounded, epoch: epoch)
            }
            let quotient = CMTimeRoundedQuotient(negative: negative, numerator: numerator, timescale: scale,
                                                 denominator: denominator, mode: mode)
            if let value = quotient.value {
                return .numeric(value, scale, rounded: carriedRounded || quotient.isInexact, epoch: epoch)
            }
            if scale == 1 { return .infinity(negative: negative) }
            scale /= 2
        }
    }

    /// Same as `fitting(negative:numerator:denominator:…)` for a signed 128-bit numerator.
    static func fitting(numerator: Int128, denominator: UInt128, timescale: Int32, carriedRounded: Bool,
                        epoch: CMTimeEpoch) -> CMTime {
        fitting(negative: numerator < 0, numerator: CMTimeWideUInt(numerator.magnitude), denominator: denominator,
                timescale: timescale, carriedRounded: carriedRounded, epoch: epoch)
    }

    /// `CMTimeConvertScale`: `time` at `newTimescale`, rounded with `method`.
    ///
    /// Non-numeric times come back unchanged ("similarly non-numeric"); a timescale that is not positive gives an
    /// invalid time. A value that cannot be represented at the requested timescale (Apple documents no rule for
    /// this) becomes infinity in the direction of the overflow, the outcome every other operation documents.
    static func convert(_ time: CMTime, toTimescale newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
        switch time.kind {
        case .numeric: break
        case .invalid: return .invalid
        case .indefinite, .positiveInfinity, .negativeInfinity: return time
        }
        guard newTimescale > 0 else { return .invalid }
        if newTimescale == time.timescale { return time }
        let keptFlags = CMTimeFlags(rawValue: CMTimeFlags.valid.rawValue | time.roundedBit)
        if newTimescale % time.timescale == 0 {
            let (value, overflow) = time.value.multipliedReportingOverflow(by: Int64(newTimescale / time.timescale))
            if !overflow { return CMTime(value: value, timescale: newTimescale, flags: keptFlags, epoch: time.epoch) }
        }
        let negative = time.value < 0
        let mode = method.mode(from: time.timescale, to: newTimescale)
        let (scaled, overflow) = time.value.multipliedReportingOverflow(by: Int64(newTimescale))
        if !overflow {
            // The common case (a media timescale to another): one 64-bit division.
            var (value, inexact) = mode.divide(scaled, by: Int64(time.timescale))
            if method == .quickTime, negative, value == 0 { value = -1 }
            return .numeric(value, newTimescale, rounded: time.roundedBit != 0 || inexact, epoch: time.epoch)
        }
        let quotient = CMTimeRoundedQuotient(
            negative: negative, numerator: CMTimeWideUInt(UInt128(time.value.magnitude)), timescale: newTimescale,
            denominator: UInt128(time.timescale), mode: mode)
        guard var value = quotient.value else { return .infinity(negative: negative) }
        // QuickTime rounding never rounds a negative time up to zero; it returns -1/newTimescale instead.
        if method == .quickTime, negative, value == 0 { value = -1 }
        return .numeric(value, newTimescale, rounded: time.roundedBit != 0 || quotient.isInexact, epoch: time.epoch)
    }
}
