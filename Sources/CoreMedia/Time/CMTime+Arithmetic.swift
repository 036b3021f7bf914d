// Exact CMTime arithmetic with the result rules of Apple's CMTimeAdd, CMTimeSubtract, CMTimeMultiply,
// CMTimeMultiplyByRatio and CMTimeMultiplyByFloat64 documentation.
//
// Each operation has an Int64 fast path for the per-sample case (same timescale, no overflow) that touches no
// wide integer and no gcd; everything else is computed exactly in 128/256-bit integers and rounded once.

extension CMTime {
    // MARK: Addition and subtraction

    /// `lhs + rhs`, or `lhs - rhs` when `subtracting` (CMTimeAdd / CMTimeSubtract).
    @inline(__always)
    static func sum(_ lhs: CMTime, _ rhs: CMTime, subtracting: Bool) -> CMTime {
        if lhs.timescale == rhs.timescale, lhs.epoch == rhs.epoch, lhs.isPlainNumeric, rhs.isPlainNumeric {
            let (value, overflow) = subtracting
                ? lhs.value.subtractingReportingOverflow(rhs.value)
                : lhs.value.addingReportingOverflow(rhs.value)
            if !overflow {
                // Same epoch: a duration (epoch 0) whatever the epoch was (CMTimeAdd/CMTimeSubtract documentation).
                return CMTime(value: value, timescale: lhs.timescale,
                              flags: CMTimeFlags(rawValue: CMTimeFlags.valid.rawValue | lhs.roundedBit | rhs.roundedBit),
                              epoch: 0)
            }
        }
        if lhs.timescale != rhs.timescale, lhs.isPlainNumeric, rhs.isPlainNumeric,
           let sum = multipleSum(lhs, rhs, subtracting: subtracting) {
            return sum
        }
        return slowSum(lhs, rhs, subtracting: subtracting)
    }

    /// The sum of numeric times whose timescales differ and one divides the other, when it fits in 64 bits; else
    /// nil. The larger timescale is then the LCM, so this is `slowSum`'s result without its gcd: a time plus `.zero`
    /// (timescale 1), which the writing engine does several times per sample (trims, sessions), took that path and
    /// cost a passthrough remux 2 % of its instructions.
    private static func multipleSum(_ lhs: CMTime, _ rhs: CMTime, subtracting: Bool) -> CMTime? {
        let timescale = max(lhs.timescale, rhs.timescale)
        guard timescale % min(lhs.timescale, rhs.timescale) == 0, let epoch = sumEpoch(lhs.epoch, rhs.epoch) else {
            return nil
        }
        let (left, leftOverflow) = lhs.value.multipliedReportingOverflow(by: Int64(timescale / lhs.timescale))
        let (right, rightOverflow) = rhs.value.multipliedReportingOverflow(by: Int64(timescale / rhs.timescale))
        guard !leftOverflow, !rightOverflow else { return nil }
        let (value, overflow) = subtracting
            ? left.subtractingReportingOverflow(right) : left.addingReportingOverflow(right)
        guard !overflow else { return nil }
        return .numeric(value, timescale, rounded: (lhs.roundedBit | rhs.roundedBit) != 0, epoch: epoch)
    }

    private static func slowSum(_ lhs: CMTime, _ rhs: CMTime, subtracting: Bool) -> CMTime {
        let left = lhs.kind
        var right = rhs.kind
        if subtracting {
            if right == .positiveInfinity { right = .negativeInfinity } else if right == .negativeInfinity { right = .positiveInfinity }
        }
        if left == .invalid || right == .invalid { return .invalid }
        // Infinities: one infinite operand makes the result that infinity; two of the same sign stay; opposite
        // signs (+inf + -inf, +inf - +inf) are invalid.
        let leftInfinite = left == .positiveInfinity || left == .negativeInfinity
        let rightInfinite = right == .positiveInfinity || right == .negativeInfinity
        if leftInfinite && rightInfinite { return left == right ? .infinity(negative: left == .negativeInfinity) : .invalid }
        if leftInfinite { return .infinity(negative: left == .negativeInfinity) }
        if rightInfinite { return .infinity(negative: right == .negativeInfinity) }
        if left == .indefinite || right == .indefinite { return .indefinite }

        guard let epoch = sumEpoch(lhs.epoch, rhs.epoch) else { return .invalid }
        let carriedRounded = (lhs.roundedBit | rhs.roundedBit) != 0
        if lhs.timescale == rhs.timescale {
            let exact = subtracting ? Int128(lhs.value) - Int128(rhs.value) : Int128(lhs.value) + Int128(rhs.value)
            return fitting(numerator: exact, denominator: UInt128(lhs.timescale), timescale: lhs.timescale,
                           carriedRounded: carriedRounded, epoch: epoch)
        }
        // Different timescales: the result timescale is their least common multiple, or kCMTimeMaxTimescale when
        // the LCM is larger (then default rounding applies).
        let divisor = Int64(cmTimeGCD(UInt32(lhs.timescale), UInt32(rhs.timescale)))
        let lcm = Int64(lhs.timescale) / divisor * Int64(rhs.timescale)
        if lcm <= Int64(kCMTimeMaxTimescale) {
            // The usual case (1/30 + 1/25): exact in 64 bits unless a value overflows.
            let (left, leftOverflow) = lhs.value.multipliedReportingOverflow(by: lcm / Int64(lhs.timescale))
            let (right, rightOverflow) = rhs.value.multipliedReportingOverflow(by: lcm / Int64(rhs.timescale))
            if !leftOverflow && !rightOverflow {
                let (value, overflow) = subtracting ? left.subtractingReportingOverflow(right) : left.addingReportingOverflow(right)
                if !overflow { return .numeric(value, Int32(lcm), rounded: carriedRounded, epoch: epoch) }
            }
        }
        let leftScaled = Int128(lhs.value) * Int128(lcm / Int64(lhs.timescale))
        let rightScaled = Int128(rhs.value) * Int128(lcm / Int64(rhs.timescale))
        let exact = subtracting ? leftScaled - rightScaled : leftScaled + rightScaled
        let timescale = lcm <= Int64(kCMTimeMaxTimescale) ? Int32(lcm) : Int32(kCMTimeMaxTimescale)
        return fitting(numerator: exact, denominator: UInt128(lcm), timescale: timescale,
                       carriedRounded: carriedRounded, epoch: epoch)
    }

    /// The epoch of a sum or difference of numeric times, or `nil` (an invalid result).
    ///
    /// CMTimeAdd/CMTimeSubtract documentation: different nonzero epochs give an invalid result; the same nonzero
    /// epoch gives epoch zero (a duration); a time in epoch zero is a duration and can be added to or subtracted
    /// from a time in any other epoch, which keeps that epoch.
    private static func sumEpoch(_ lhs: CMTimeEpoch, _ rhs: CMTimeEpoch) -> CMTimeEpoch? {
        if lhs == rhs { return 0 }
        if lhs == 0 { return rhs }
        if rhs == 0 { return lhs }
        return nil
    }

    // MARK: Multiplication

    /// `time * multiplier` (CMTimeMultiply): same timescale, halved while the value overflows.
    @inline(__always)
    static func product(_ time: CMTime, integer multiplier: Int32) -> CMTime {
        if time.isPlainNumeric {
            let (value, overflow) = time.value.multipliedReportingOverflow(by: Int64(multiplier))
            if !overflow {
                return CMTime(value: value, timescale: time.timescale,
                              flags: CMTimeFlags(rawValue: CMTimeFlags.valid.rawValue | time.roundedBit),
                              epoch: time.epoch)
            }
            return fitting(numerator: Int128(time.value) * Int128(multiplier), denominator: UInt128(time.timescale),
                           timescale: time.timescale, carriedRounded: time.roundedBit != 0, epoch: time.epoch)
        }
        return nonNumericProduct(time, negatesSign: multiplier < 0)
    }

    /// The product of a non-numeric time: invalid stays invalid, indefinite stays indefinite, an infinity takes
    /// the sign the operands' signs give (CMTimeMultiply documentation; a zero multiplier keeps the sign).
    private static func nonNumericProduct(_ time: CMTime, negatesSign: Bool) -> CMTime {
        switch time.kind {
        case .invalid, .numeric: return .invalid
        case .indefinite: return .indefinite
        case .positiveInfinity: return .infinity(negative: negatesSign)
        case .negativeInfinity: return .infinity(negative: !negatesSign)
        }
    }

    /// `time * multiplier / divisor` (CMTimeMultiplyByRatio).
    ///
    /// The exact value is kept when it can be: as `value·multiplier / timescale·divisor` when both fit (Apple
    /// returns 3600/1800 for 1800/600 × 2/3, unreduced), else reduced to lowest terms. When even that overflows,
    /// the result uses the largest timescale that can hold it (the reduced denominator, at most
    /// kCMTimeMaxTimescale, halved while the value overflows), with default rounding.
    static func ratio(_ time: CMTime, multiplier: Int32, divisor: Int32) -> CMTime {
        let kind = time.kind
        if kind == .invalid { return .invalid }
        if kind == .indefinite { return .indefinite }
        // Documentation: a zero divisor with a zero time or multiplier is invalid; a zero divisor alone gives an
        // infinity signed by the other arguments.
        if divisor == 0 && (multiplier == 0 || (kind == .numeric && time.value == 0)) { return .invalid }
        if kind != .numeric { return nonNumericProduct(time, negatesSign: (multiplier < 0) != (divisor < 0)) }
        if divisor == 0 { return .infinity(negative: (time.value < 0) != (multiplier < 0)) }

        var numerator = Int128(time.value) * Int128(multiplier)
        var denominator = Int128(time.timescale) * Int128(divisor)
        if denominator < 0 {
            numerator = -numerator
            denominator = -denominator
        }
        let carriedRounded = time.roundedBit != 0
        if denominator <= Int128(Int32.max), let value = Int64(exactly: numerator) {
            return .numeric(value, Int32(denominator), rounded: carriedRounded, epoch: time.epoch)
        }
        let common = Int128(cmTimeGCD(numerator.magnitude, denominator.magnitude))
        numerator /= common
        denominator /= common
        if denominator <= Int128(Int32.max), let value = Int64(exactly: numerator) {
            return .numeric(value, Int32(denominator), rounded: carriedRounded, epoch: time.epoch)
        }
        let timescale = Int32(min(denominator, Int128(kCMTimeMaxTimescale)))
        return fitting(numerator: numerator, denominator: UInt128(denominator), timescale: timescale,
                       carriedRounded: carriedRounded, epoch: time.epoch)
    }

    /// The timescale CMTimeMultiplyByFloat64 results use when the operand's is smaller.
    ///
    /// Apple's documentation says the operand's timescale is doubled until it is at least 65536, but Apple's
    /// implementation returns nanosecond timescales: 1800/600 × 1.5 is {4500000000/1000000000 = 4.500} and
    /// 43804/600 × 0.25 is 18251666667/1000000000, rounded (recorded from CMTimeShow and lldb on Apple platforms).
    /// We follow the observed behaviour, since results must match what existing code sees.
    static let float64ProductTimescale: Int32 = 1_000_000_000

    /// `time * multiplier` for a floating-point multiplier (CMTimeMultiplyByFloat64), computed exactly from the
    /// multiplier's binary value and rounded once with default rounding.
    static func product(_ time: CMTime, float multiplier: Float64) -> CMTime {
        let kind = time.kind
        if kind == .invalid || multiplier.isNaN { return .invalid }
        if kind != .numeric { return nonNumericProduct(time, negatesSign: multiplier < 0) }
        let negative = (time.value < 0) != (multiplier < 0)
        if multiplier.isInfinite { return time.value == 0 ? .invalid : .infinity(negative: negative) }
        let timescale = max(time.timescale, float64ProductTimescale)
        let carriedRounded = time.roundedBit != 0
        if multiplier == 0 || time.value == 0 { return .numeric(0, timescale, rounded: carriedRounded, epoch: time.epoch) }

        // |multiplier| = significand · 2^exponent with an integer significand of at most 53 bits.
        let significand = UInt128(multiplier.magnitude.significand * 0x1p52)
        let exponent = Int(multiplier.magnitude.exponent) - 52
        let numerator = UInt128(time.value.magnitude) * significand  // < 2^116
        if exponent >= 0 {
            guard let shifted = CMTimeWideUInt(numerator).shiftedLeft(by: exponent) else {
                return .infinity(negative: negative)
            }
            return fitting(negative: negative, numerator: shifted, denominator: UInt128(time.timescale),
                           timescale: timescale, carriedRounded: carriedRounded, epoch: time.epoch)
        }
        let shift = -exponent
        if shift <= 96 {  // timescale · 2^shift < 2^127
            return fitting(negative: negative, numerator: CMTimeWideUInt(numerator),
                           denominator: UInt128(time.timescale) << shift, timescale: timescale,
                           carriedRounded: carriedRounded, epoch: time.epoch)
        }
        // A multiplier below 2^-43: the value is at most 2^116 · 2^31 / 2^97 = 2^50 units, so it fits at the
        // requested timescale. Divide by the timescale first, then shift, keeping track of the discarded bits.
        let scaled = CMTimeWideUInt.product(numerator, UInt128(timescale))
        let (quotient, remainder) = scaled.quotientAndRemainder(dividingBy: UInt128(time.timescale))
        let (truncated, fraction) = shiftedRight(quotient, by: shift, remainderIsZero: remainder == 0)
        let rounded = CMTimeRoundedQuotient(negative: negative, truncated: truncated, fraction: fraction,
                                            mode: .halfAwayFromZero)
        guard let value = rounded.value else { return .infinity(negative: negative) }
        return .numeric(value, timescale, rounded: carriedRounded || rounded.isInexact, epoch: time.epoch)
    }

    /// `(value + r) / 2^shift` truncated, with the class of the discarded fraction, where `0 <= r < 1` and
    /// `remainderIsZero` says whether `r == 0`.
    private static func shiftedRight(_ value: CMTimeWideUInt, by shift: Int,
                                     remainderIsZero: Bool) -> (CMTimeWideUInt, CMTimeFraction) {
        // Every value here is below 2^192, so a shift of 192 or more leaves nothing.
        if shift >= 192 {
            let nothing = value == .zero && remainderIsZero
            return (.zero, nothing ? .zero : .belowHalf)
        }
        // Split value into kept = value >> shift and dropped = value mod 2^shift, comparing dropped with 2^(shift-1).
        let halfBit = shift - 1
        let kept: CMTimeWideUInt
        let dropped: CMTimeWideUInt
        if shift >= 128 {
            kept = CMTimeWideUInt(value.high >> (shift - 128))
            let mask: UInt128 = shift == 128 ? 0 : (UInt128.max >> (256 - shift))
            dropped = CMTimeWideUInt(high: value.high & mask, low: value.low)
        } else {
            kept = CMTimeWideUInt(high: value.high >> shift, low: (value.low >> shift) | (value.high << (128 - shift)))
            dropped = CMTimeWideUInt(high: 0, low: value.low & (UInt128.max >> (128 - shift)))
        }
        let half: CMTimeWideUInt = halfBit >= 128
            ? CMTimeWideUInt(high: 1 << (halfBit - 128), low: 0)
            : CMTimeWideUInt(high: 0, low: 1 << halfBit)
        let fraction: CMTimeFraction
        if dropped == half {
            fraction = remainderIsZero ? .half : .aboveHalf
        } else if dropped.high < half.high || (dropped.high == half.high && dropped.low < half.low) {
            fraction = (dropped == .zero && remainderIsZero) ? .zero : .belowHalf
        } else {
            fraction = .aboveHalf
        }
        return (kept, fraction)
    }

    /// The absolute value (CMTimeAbsoluteValue): negative numeric times are negated (with CMTimeMultiply's
    /// overflow rule), -infinity becomes +infinity, everything else is returned unchanged.
    static func absoluteValue(_ time: CMTime) -> CMTime {
        switch time.kind {
        case .numeric: return time.value < 0 ? product(time, integer: -1) : time
        case .negativeInfinity: return .positiveInfinity
        case .invalid: return .invalid
        case .positiveInfinity, .indefinite: return time
        }
    }
}
