/// An exact rational number (a time base such as 1/90000, a frame rate such as 30000/1001, a sample aspect ratio).
package struct FFRational: Hashable, Sendable, CustomStringConvertible {
    /// The numerator.
    package var numerator: Int32
    /// The denominator; a valid rational has a positive one.
    package var denominator: Int32

    /// Creates `numerator/denominator`.
    package init(_ numerator: Int32, _ denominator: Int32) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// Whether both terms are positive (what a time base or frame rate must be).
    package var isPositive: Bool { numerator > 0 && denominator > 0 }

    package var description: String { "\(numerator)/\(denominator)" }
}
