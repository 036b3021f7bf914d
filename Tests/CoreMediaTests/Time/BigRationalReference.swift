// An independent reference for CMTime arithmetic: exact rationals in arbitrary-precision integers
// (attaswift/BigInt), rounded with each documented rule. It shares no code with the 128/256-bit implementation
// in Sources/CoreMedia/Time, so a bug there cannot hide in both.
import BigInt
import CoreMedia

/// What a CMTime operation should return, derived from the exact rational result.
enum ReferenceTime: Equatable, CustomStringConvertible {
    case numeric(value: Int64, timescale: Int32, rounded: Bool)
    case positiveInfinity, negativeInfinity, invalid

    var description: String {
        switch self {
        case let .numeric(value, timescale, rounded): return "\(value)/\(timescale)\(rounded ? " rounded" : "")"
        case .positiveInfinity: return "+inf"
        case .negativeInfinity: return "-inf"
        case .invalid: return "invalid"
        }
    }
}

/// Rounding rules, restated from CMTimeRoundingMethod's documentation.
enum ReferenceRule {
    case halfAwayFromZero, towardZero, awayFromZero, towardPositiveInfinity, towardNegativeInfinity

    /// The rule a CMTimeConvertScale method means for a change from `old` to `new` timescale.
    static func forMethod(_ method: CMTimeRoundingMethod, from old: Int32, to new: Int32) -> ReferenceRule {
        switch method {
        case .roundHalfAwayFromZero: return .halfAwayFromZero
        case .roundTowardZero: return .towardZero
        case .roundAwayFromZero: return .awayFromZero
        case .roundTowardPositiveInfinity: return .towardPositiveInfinity
        case .roundTowardNegativeInfinity: return .towardNegativeInfinity
        // "Toward zero if converting from larger to smaller scale, away from zero if smaller to larger."
        case .quickTime: return new < old ? .towardZero : .awayFromZero
        }
    }
}

enum BigRationalReference {
    static let maxTimescale = BigInt(Int32.max)

    /// `numerator / denominator` (denominator > 0) rounded to an integer by `rule`, and whether it was exact.
    static func round(_ numerator: BigInt, over denominator: BigInt, rule: ReferenceRule) -> (BigInt, exact: Bool) {
        precondition(denominator > 0, "reference denominators are positive")
        let negative = numerator < 0
        let (quotientMagnitude, remainderMagnitude) = numerator.magnitude.quotientAndRemainder(dividingBy: denominator.magnitude)
        let truncated = negative ? -BigInt(quotientMagnitude) : BigInt(quotientMagnitude)
        if remainderMagnitude == 0 { return (truncated, true) }
        let twiceRemainder = remainderMagnitude * 2
        let awayFromZero: Bool
        switch rule {
        case .halfAwayFromZero: awayFromZero = twiceRemainder >= denominator.magnitude
        case .towardZero: awayFromZero = false
        case .awayFromZero: awayFromZero = true
        case .towardPositiveInfinity: awayFromZero = !negative
        case .towardNegativeInfinity: awayFromZero = negative
        }
        return (awayFromZero ? truncated + (negative ? -1 : 1) : truncated, false)
    }

    /// The documented overflow rule of CMTimeAdd/CMTimeMultiply/…: express `numerator / denominator` at
    /// `timescale` with default rounding, halving the timescale while the value overflows Int64, and infinity in
    /// the direction of the value when it still overflows at timescale 1.
    static func fit(_ numerator: BigInt, over denominator: BigInt, timescale: Int32, carriedRounded: Bool) -> ReferenceTime {
        var scale = timescale
        while true {
            let (value, exact) = round(numerator * BigInt(scale), over: denominator, rule: .halfAwayFromZero)
            if let fitted = Int64(exactly: value) {
                return .numeric(value: fitted, timescale: scale, rounded: carriedRounded || !exact)
            }
            if scale == 1 { return numerator < 0 ? .negativeInfinity : .positiveInfinity }
            scale /= 2
        }
    }

    /// CMTimeAdd / CMTimeSubtract of two numeric times in epoch 0: same timescale stays; otherwise the LCM of
    /// the timescales, or kCMTimeMaxTimescale when the LCM is larger.
    static func sum(_ lhs: CMTime, _ rhs: CMTime, subtracting: Bool) -> ReferenceTime {
        let (a, ta, b, tb) = (BigInt(lhs.value), BigInt(lhs.timescale), BigInt(rhs.value), BigInt(rhs.timescale))
        let numerator = subtracting ? a * tb - b * ta : a * tb + b * ta
        let denominator = ta * tb
        let lcm = denominator / BigInt(ta.magnitude.greatestCommonDivisor(with: tb.magnitude))
        let timescale = lcm > maxTimescale ? Int32.max : Int32(lcm)
        return fit(numerator, over: denominator, timescale: timescale,
                   carriedRounded: lhs.hasBeenRounded || rhs.hasBeenRounded)
    }

    /// CMTimeMultiply: the operand's timescale, halved while the value overflows.
    static func product(_ time: CMTime, _ multiplier: Int32) -> ReferenceTime {
        fit(BigInt(time.value) * BigInt(multiplier), over: BigInt(time.timescale), timescale: time.timescale,
            carriedRounded: time.hasBeenRounded)
    }

    /// CMTimeMultiplyByRatio with a nonzero divisor: exact when it fits (unreduced if possible, else in lowest
    /// terms), otherwise the reduced denominator capped at kCMTimeMaxTimescale and the halving rule.
    static func ratio(_ time: CMTime, _ multiplier: Int32, _ divisor: Int32) -> ReferenceTime {
        var numerator = BigInt(time.value) * BigInt(multiplier)
        var denominator = BigInt(time.timescale) * BigInt(divisor)
        if denominator < 0 {
            numerator = -numerator
            denominator = -denominator
        }
        if denominator <= maxTimescale, let value = Int64(exactly: numerator) {
            return .numeric(value: value, timescale: Int32(denominator), rounded: time.hasBeenRounded)
        }
        let common = BigInt(numerator.magnitude.greatestCommonDivisor(with: denominator.magnitude))
        numerator /= common
        denominator /= common
        if denominator <= maxTimescale, let value = Int64(exactly: numerator) {
            return .numeric(value: value, timescale: Int32(denominator), rounded: time.hasBeenRounded)
        }
        return fit(numerator, over: denominator, timescale: denominator > maxTimescale ? Int32.max : Int32(denominator),
                   carriedRounded: time.hasBeenRounded)
    }

    /// CMTimeMultiplyByFloat64 of a numeric time by a finite multiplier: the exact binary value of the multiplier
    /// (read from its bit pattern), at the operand's timescale or 10^9 if that is larger (the timescale Apple's
    /// implementation returns), halved while the value overflows.
    static func float64Product(_ time: CMTime, _ multiplier: Double) -> ReferenceTime {
        let timescale = max(time.timescale, 1_000_000_000)
        if multiplier == 0 || time.value == 0 {
            return .numeric(value: 0, timescale: timescale, rounded: time.hasBeenRounded)
        }
        let magnitude = multiplier.magnitude
        let significand = BigInt(magnitude.significandBitPattern | (magnitude.isNormal ? 1 << 52 : 0))
        let exponent = (magnitude.isNormal ? Int(magnitude.exponentBitPattern) : 1) - 1075
        var numerator = BigInt(time.value) * significand * (multiplier < 0 ? -1 : 1)
        var denominator = BigInt(time.timescale)
        if exponent >= 0 { numerator <<= exponent } else { denominator <<= -exponent }
        return fit(numerator, over: denominator, timescale: timescale, carriedRounded: time.hasBeenRounded)
    }

    /// CMTimeConvertScale of a numeric time to a positive timescale.
    static func convert(_ time: CMTime, to timescale: Int32, method: CMTimeRoundingMethod) -> ReferenceTime {
        if timescale == time.timescale {
            return .numeric(value: time.value, timescale: timescale, rounded: time.hasBeenRounded)
        }
        let rule = ReferenceRule.forMethod(method, from: time.timescale, to: timescale)
        var (value, exact) = round(BigInt(time.value) * BigInt(timescale), over: BigInt(time.timescale), rule: rule)
        // QuickTime: "never round a negative number down to 0; return -1/newTimescale".
        if method == .quickTime, time.value < 0, value == 0 { value = -1 }
        guard let fitted = Int64(exactly: value) else { return value < 0 ? .negativeInfinity : .positiveInfinity }
        return .numeric(value: fitted, timescale: timescale, rounded: time.hasBeenRounded || !exact)
    }

    /// CMTimeCompare of two numeric times in the same epoch.
    static func compare(_ lhs: CMTime, _ rhs: CMTime) -> Int32 {
        let difference = BigInt(lhs.value) * BigInt(rhs.timescale) - BigInt(rhs.value) * BigInt(lhs.timescale)
        return difference < 0 ? -1 : (difference == 0 ? 0 : 1)
    }

    /// What `time` is, in the reference's terms.
    static func observed(_ time: CMTime) -> ReferenceTime {
        if time.isPositiveInfinity { return .positiveInfinity }
        if time.isNegativeInfinity { return .negativeInfinity }
        guard time.isNumeric else { return .invalid }
        return .numeric(value: time.value, timescale: time.timescale, rounded: time.flags.contains(.hasBeenRounded))
    }

    /// Whether a numeric result that claims to be exact (hasBeenRounded clear) equals the exact rational.
    static func isExactClaimHonest(_ time: CMTime, numerator: BigInt, denominator: BigInt) -> Bool {
        guard time.isNumeric, !time.flags.contains(.hasBeenRounded) else { return true }
        return BigInt(time.value) * denominator == numerator * BigInt(time.timescale)
    }
}
