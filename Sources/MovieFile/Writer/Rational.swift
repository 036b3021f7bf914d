/// A fraction with a positive denominator.
struct Rational: Equatable {
    var numerator: Int64
    var denominator: Int64

    /// The closest fraction to `value` with a denominator up to `maximumDenominator` (continued fractions).
    static func approximating(_ value: Double, maximumDenominator: Int64 = 65_535) -> Rational? {
        guard value.isFinite, abs(value) < Double(Int32.max) else { return nil }
        if value == value.rounded() { return Rational(numerator: Int64(value), denominator: 1) }
        var (h0, h1): (Int64, Int64) = (0, 1)
        var (k0, k1): (Int64, Int64) = (1, 0)
        var x = value
        for _ in 0..<64 {
            let a = Int64(x.rounded(.down))
            let h2 = a * h1 + h0, k2 = a * k1 + k0
            if k2 > maximumDenominator { break }
            (h0, h1, k0, k1) = (h1, h2, k1, k2)
            let fraction = x - Double(a)
            if fraction < 1e-12 { break }
            x = 1 / fraction
        }
        return k1 > 0 ? Rational(numerator: h1, denominator: k1) : nil
    }
}
