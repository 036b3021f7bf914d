// Moving times between ranges: CMTimeMapTimeFromRangeToRange, CMTimeMapDurationFromRangeToRange,
// CMTimeClampToRange and CMTimeFoldIntoRange (semantics from CMTimeRange.h), computed exactly.

/// `t` mapped linearly from `fromRange` onto `toRange`: `(t - from.start) · to.duration / from.duration + to.start`.
///
/// Invalid when either range is empty (or invalid), or when `t` is not in the epoch of `fromRange.start`. When both
/// durations are +infinity, `t` is only offset by the difference of the starts, not scaled.
@discardableResult
public func CMTimeMapTimeFromRangeToRange(_ t: CMTime, fromRange: CMTimeRange, toRange: CMTimeRange) -> CMTime {
    guard fromRange.isValid, toRange.isValid, !fromRange.isEmpty, !toRange.isEmpty else { return .invalid }
    if t.isNumeric, fromRange.start.isNumeric, t.epoch != fromRange.start.epoch { return .invalid }
    let offset = CMTime.sum(t, fromRange.start, subtracting: true)
    if fromRange.duration.isPositiveInfinity && toRange.duration.isPositiveInfinity {
        return CMTime.sum(offset, toRange.start, subtracting: false)
    }
    let scaled = CMTime.scaled(offset, by: toRange.duration, over: fromRange.duration)
    return CMTime.sum(scaled, toRange.start, subtracting: false)
}

/// `dur` scaled by `toRange.duration / fromRange.duration`; invalid when `dur` is not in epoch 0, when a range is
/// invalid, or when `fromRange` is empty (there is nothing to scale from).
@discardableResult
public func CMTimeMapDurationFromRangeToRange(_ dur: CMTime, fromRange: CMTimeRange, toRange: CMTimeRange) -> CMTime {
    guard fromRange.isValid, toRange.isValid, !fromRange.isEmpty else { return .invalid }
    if dur.isNumeric && dur.epoch != 0 { return .invalid }
    return CMTime.scaled(dur, by: toRange.duration, over: fromRange.duration)
}

/// The time in `range` nearest to `time`: `time` itself when inside, the start when before it, the end when at
/// or after the end. Invalid when the range is empty or invalid, or `time` is invalid.
@discardableResult
public func CMTimeClampToRange(_ time: CMTime, range: CMTimeRange) -> CMTime {
    guard range.isValid, !range.isEmpty, time.isValid else { return .invalid }
    if time < range.start { return range.start }
    let end = range.end
    return time < end ? time : end
}

/// `time` folded into `foldRange` for looping: `start + ((time - start) mod duration)`, with the remainder taken
/// non-negative so times before the range fold in too (CMTimeRange.h leaves not folding those to the caller).
/// Times inside the range come back unchanged; invalid for an invalid or empty range, an invalid time, a time
/// in another epoch, or a range whose start or duration is not numeric and does not contain the time.
@discardableResult
public func CMTimeFoldIntoRange(_ time: CMTime, foldRange: CMTimeRange) -> CMTime {
    guard time.isValid, foldRange.isValid, !foldRange.isEmpty else { return .invalid }
    if foldRange.containsTime(time) { return time }
    let start = foldRange.start, duration = foldRange.duration
    guard time.isNumeric, start.isNumeric, duration.isNumeric, time.epoch == start.epoch else { return .invalid }
    let offset = CMTime.sum(time, start, subtracting: true)
    guard offset.isNumeric else { return .invalid }
    // offset mod duration, exactly, over the LCM of their timescales.
    let common = Int64(cmTimeGCD(UInt32(offset.timescale), UInt32(duration.timescale)))
    let lcm = Int64(offset.timescale) / common * Int64(duration.timescale)
    let dividend = Int128(offset.value) * Int128(lcm / Int64(offset.timescale))
    let divisor = Int128(duration.value) * Int128(lcm / Int64(duration.timescale))  // > 0: the range is not empty
    let remainder = (dividend % divisor + divisor) % divisor
    let timescale = lcm <= Int64(kCMTimeMaxTimescale) ? Int32(lcm) : Int32(kCMTimeMaxTimescale)
    let folded = CMTime.fitting(numerator: remainder, denominator: UInt128(lcm), timescale: timescale,
                                carriedRounded: (offset.roundedBit | duration.roundedBit) != 0, epoch: 0)
    return CMTime.sum(start, folded, subtracting: false)
}

extension CMTime {
    /// `time · numerator / denominator` for the mapping functions, exact when the result can be represented.
    ///
    /// The result keeps `time`'s timescale when the exact value is representable there (mapping frame times keeps
    /// the media's timescale); otherwise it uses the reduced denominator, or kCMTimeMaxTimescale with default
    /// rounding and CMTimeMultiply's halving rule when that is too large. Apple documents no result timescale.
    static func scaled(_ time: CMTime, by numerator: CMTime, over denominator: CMTime) -> CMTime {
        let kinds = (time.kind, numerator.kind, denominator.kind)
        if kinds.0 == .invalid || kinds.1 == .invalid || kinds.2 == .invalid { return .invalid }
        if kinds.0 == .indefinite || kinds.1 == .indefinite || kinds.2 == .indefinite { return .indefinite }
        let timeSign = kinds.0 == .negativeInfinity || (kinds.0 == .numeric && time.value < 0)
        let numeratorSign = kinds.1 == .negativeInfinity || (kinds.1 == .numeric && numerator.value < 0)
        let denominatorSign = kinds.2 == .negativeInfinity || (kinds.2 == .numeric && denominator.value < 0)
        let negative = (timeSign != numeratorSign) != denominatorSign
        let timeZero = kinds.0 == .numeric && time.value == 0
        let numeratorZero = kinds.1 == .numeric && numerator.value == 0
        let denominatorInfinite = kinds.2 != .numeric
        let numeratorInfinite = kinds.1 != .numeric
        let timeInfinite = kinds.0 != .numeric

        if denominatorInfinite {
            // A ratio of zero (or ∞/∞, which has no value).
            if numeratorInfinite || timeInfinite { return .invalid }
            return .numeric(0, time.timescale, rounded: false, epoch: time.epoch)
        }
        if denominator.value == 0 || numeratorInfinite {
            // An infinite ratio: infinite unless multiplied by zero.
            if timeZero || numeratorZero { return .invalid }
            return .infinity(negative: negative)
        }
        if timeInfinite { return numeratorZero ? .invalid : .infinity(negative: negative) }

        let carriedRounded = (time.roundedBit | numerator.roundedBit | denominator.roundedBit) != 0
        if timeZero || numeratorZero { return .numeric(0, time.timescale, rounded: carriedRounded, epoch: time.epoch) }
        // Cancel common factors pairwise before multiplying, which leaves the fraction in lowest terms.
        var top = [time.value.magnitude, numerator.value.magnitude, UInt64(denominator.timescale)]
        var bottom = [UInt64(time.timescale), UInt64(numerator.timescale), denominator.value.magnitude]
        for i in 0..<3 {
            for j in 0..<3 {
                let common = cmTimeGCD(top[i], bottom[j])
                if common > 1 {
                    top[i] /= common
                    bottom[j] /= common
                }
            }
        }
        let exactNumerator = CMTimeWideUInt.product(UInt128(top[0]) * UInt128(top[1]), UInt128(top[2]))
        let exactDenominator = UInt128(bottom[0]) * UInt128(bottom[1]) * UInt128(bottom[2])  // < 2^125
        let timescale: Int32
        if UInt128(time.timescale) % exactDenominator == 0 {
            timescale = time.timescale
        } else if exactDenominator <= UInt128(kCMTimeMaxTimescale) {
            timescale = Int32(exactDenominator)
        } else {
            timescale = Int32(kCMTimeMaxTimescale)
        }
        return fitting(negative: negative, numerator: exactNumerator, denominator: exactDenominator,
                       timescale: timescale, carriedRounded: carriedRounded, epoch: time.epoch)
    }
}
