/// Integer time conversions between timescales, exact in 128 bits and rounded to nearest (halves away from zero),
/// as Core Media's `CMTimeConvertScale` with `.roundHalfAwayFromZero` does.
enum TimeConversion {
    /// `value` ticks of `from` per second in ticks of `to` per second.
    static func rescale(_ value: Int64, from: Int32, to: Int32) -> Int64 {
        guard from != to, from > 0, to > 0 else { return value }
        let product = value.multipliedFullWidth(by: Int64(to))
        let negative = product.high < 0
        // Work on the magnitude so rounding is symmetric.
        var high = UInt64(bitPattern: product.high), low = product.low
        if negative {
            low = ~low &+ 1
            high = ~high &+ (low == 0 ? 1 : 0)
        }
        let divisor = UInt64(from)
        guard high < divisor else { return negative ? .min : .max }
        let (quotient, remainder) = divisor.dividingFullWidth((high, low))
        var magnitude = quotient
        if remainder >= divisor - remainder { magnitude += 1 }
        guard let result = Int64(exactly: magnitude) else { return negative ? .min : .max }
        return negative ? -result : result
    }

    /// True when `a / aScale` seconds is before `b / bScale` seconds (exact: 128-bit cross products).
    static func isEarlier(_ a: Int64, _ aScale: Int32, than b: Int64, _ bScale: Int32) -> Bool {
        let left = a.multipliedFullWidth(by: Int64(bScale))
        let right = b.multipliedFullWidth(by: Int64(aScale))
        return left.high != right.high ? left.high < right.high : left.low < right.low
    }

    /// Seconds since 1904-01-01 UTC (the QuickTime and ISO epoch) for a date, 0 before it.
    static func secondsSince1904(_ seconds1970: Double) -> UInt64 {
        let value = seconds1970 + 2_082_844_800
        return value.isFinite && value > 0 ? UInt64(value) : 0
    }
}
