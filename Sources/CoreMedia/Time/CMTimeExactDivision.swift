// Exact integer arithmetic for the CMTime slow paths: a 256-bit unsigned integer just wide enough for products
// of CMTime fields (up to three 64-bit factors and a 32-bit timescale), division by a 128-bit divisor, and a
// classification of the discarded fraction so every rounding method can be applied exactly.
//
// The fast paths in CMTime+Arithmetic never reach this file: same-timescale sums and products that do not
// overflow are done in Int64.

/// An unsigned 256-bit integer with the few operations exact CMTime arithmetic needs.
struct CMTimeWideUInt: Equatable {
    var high: UInt128
    var low: UInt128

    init(high: UInt128, low: UInt128) {
        self.high = high
        self.low = low
    }

    init(_ value: UInt128) {
        self.init(high: 0, low: value)
    }

    static let zero = CMTimeWideUInt(0)

    /// The full 256-bit product of two 128-bit values.
    static func product(_ a: UInt128, _ b: UInt128) -> CMTimeWideUInt {
        let (high, low) = a.multipliedFullWidth(by: b)
        return CMTimeWideUInt(high: high, low: low)
    }

    /// This value times `factor`, or `nil` when the product needs more than 256 bits.
    func multiplied(by factor: UInt128) -> CMTimeWideUInt? {
        let lowProduct = low.multipliedFullWidth(by: factor)
        let highProduct = high.multipliedReportingOverflow(by: factor)
        guard !highProduct.overflow else { return nil }
        let (newHigh, carry) = highProduct.partialValue.addingReportingOverflow(lowProduct.high)
        guard !carry else { return nil }
        return CMTimeWideUInt(high: newHigh, low: lowProduct.low)
    }

    /// This value shifted left by `shift` bits, or `nil` when bits would be lost.
    func shiftedLeft(by shift: Int) -> CMTimeWideUInt? {
        guard shift > 0 else { return self }
        if self == .zero { return self }
        guard shift < 256 else { return nil }
        if shift >= 128 {
            guard high == 0, low >> (256 - shift) == 0 else { return nil }
            return CMTimeWideUInt(high: low << (shift - 128), low: 0)
        }
        guard high >> (128 - shift) == 0 else { return nil }
        return CMTimeWideUInt(high: (high << shift) | (low >> (128 - shift)), low: low << shift)
    }

    /// Quotient and remainder of division by a non-zero 128-bit divisor.
    func quotientAndRemainder(dividingBy divisor: UInt128) -> (quotient: CMTimeWideUInt, remainder: UInt128) {
        let (quotientHigh, remainderHigh) = high.quotientAndRemainder(dividingBy: divisor)
        // remainderHigh < divisor, so the 256-by-128 step cannot overflow its 128-bit quotient.
        let (quotientLow, remainder) = divisor.dividingFullWidth((remainderHigh, low))
        return (CMTimeWideUInt(high: quotientHigh, low: quotientLow), remainder)
    }

    /// This value plus one, or `nil` on overflow.
    func incremented() -> CMTimeWideUInt? {
        let (newLow, carry) = low.addingReportingOverflow(1)
        if !carry { return CMTimeWideUInt(high: high, low: newLow) }
        let (newHigh, overflow) = high.addingReportingOverflow(1)
        return overflow ? nil : CMTimeWideUInt(high: newHigh, low: newLow)
    }

    /// Whether the lowest bit is set.
    var isOdd: Bool { low & 1 == 1 }

    /// The value as a signed 64-bit integer with the given sign, or `nil` when it does not fit.
    func signedValue(negative: Bool) -> Int64? {
        guard high == 0 else { return nil }
        if negative {
            guard low <= UInt128(Int64.max) + 1 else { return nil }
            return low == UInt128(Int64.max) + 1 ? Int64.min : -Int64(low)
        }
        guard low <= UInt128(Int64.max) else { return nil }
        return Int64(low)
    }
}

/// Where the discarded fraction of a truncated quotient lies; enough to apply any rounding rule exactly.
enum CMTimeFraction: Equatable {
    case zero, belowHalf, half, aboveHalf

    /// The class of `remainder / divisor` (with `remainder < divisor`).
    init(remainder: UInt128, divisor: UInt128) {
        if remainder == 0 {
            self = .zero
        } else {
            let rest = divisor - remainder  // compare 2·remainder with divisor without overflowing
            self = remainder < rest ? .belowHalf : (remainder == rest ? .half : .aboveHalf)
        }
    }
}

/// A rounding direction applied to a truncated magnitude. `halfToEven` is not a CMTimeRoundingMethod; it is what
/// `CMTimeMakeWithSeconds` does (see CMTime+Seconds.swift).
enum CMTimeRoundingMode {
    case halfAwayFromZero, towardZero, awayFromZero, towardPositiveInfinity, towardNegativeInfinity, halfToEven

    /// Whether a magnitude with the given discarded fraction and sign is rounded up (away from zero).
    func roundsUp(_ fraction: CMTimeFraction, negative: Bool, truncatedIsOdd: Bool) -> Bool {
        switch self {
        case .halfAwayFromZero: return fraction == .half || fraction == .aboveHalf
        case .towardZero: return false
        case .awayFromZero: return fraction != .zero
        case .towardPositiveInfinity: return !negative && fraction != .zero
        case .towardNegativeInfinity: return negative && fraction != .zero
        case .halfToEven: return fraction == .aboveHalf || (fraction == .half && truncatedIsOdd)
        }
    }
}

/// The exact quotient `numerator · timescale / denominator`, rounded with `mode`, as a signed 64-bit value.
struct CMTimeRoundedQuotient {
    /// The rounded value, or `nil` when it does not fit in 64 bits.
    let value: Int64?
    /// The fraction the rounding discarded.
    let fraction: CMTimeFraction

    /// Whether the result is not the exact quotient.
    var isInexact: Bool { fraction != .zero }

    init(negative: Bool, numerator: CMTimeWideUInt, timescale: Int32, denominator: UInt128,
         mode: CMTimeRoundingMode) {
        guard let scaled = numerator.multiplied(by: UInt128(timescale)) else {
            self.init(overflowing: ())
            return
        }
        if denominator == 1 {
            self.init(negative: negative, truncated: scaled, fraction: .zero, mode: mode)
            return
        }
        let (quotient, remainder) = scaled.quotientAndRemainder(dividingBy: denominator)
        self.init(negative: negative, truncated: quotient,
                  fraction: CMTimeFraction(remainder: remainder, divisor: denominator), mode: mode)
    }

    /// A quotient too large for 64 bits.
    private init(overflowing: Void) {
        self.value = nil
        self.fraction = .zero
    }

    init(negative: Bool, truncated: CMTimeWideUInt, fraction: CMTimeFraction, mode: CMTimeRoundingMode) {
        self.fraction = fraction
        var magnitude: CMTimeWideUInt? = truncated
        if mode.roundsUp(fraction, negative: negative, truncatedIsOdd: truncated.isOdd) {
            magnitude = truncated.incremented()
        }
        self.value = magnitude?.signedValue(negative: negative)
    }
}

/// Greatest common divisor of two unsigned values (Euclid); `gcd(0, b) == b`.
@inline(__always)
func cmTimeGCD<T: UnsignedInteger & FixedWidthInteger>(_ a: T, _ b: T) -> T {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return x
}

extension CMTimeRoundingMode {
    /// `numerator / denominator` (denominator > 0) rounded by this mode, when nothing overflows 64 bits.
    @inline(__always)
    func divide(_ numerator: Int64, by denominator: Int64) -> (value: Int64, inexact: Bool) {
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        if remainder == 0 { return (quotient, false) }
        let fraction = CMTimeFraction(remainder: UInt128(remainder.magnitude), divisor: UInt128(denominator))
        let negative = numerator < 0
        guard roundsUp(fraction, negative: negative, truncatedIsOdd: quotient & 1 != 0) else { return (quotient, true) }
        return (negative ? quotient - 1 : quotient + 1, true)
    }
}
