/// The fixed-point number formats of ISO/IEC 14496-12 §6.2.2 and the QuickTime File Format: each stores the raw
/// integer the file holds, so reading and writing never round.
package protocol FixedPointNumber: Hashable, Sendable, CustomStringConvertible {
    /// The integer type the file stores.
    associatedtype RawValue: FixedWidthInteger & Sendable
    /// Number of fraction bits.
    static var fractionBits: Int { get }
    /// The value as the file stores it.
    var rawValue: RawValue { get }
    /// A value from the integer the file stores.
    init(rawValue: RawValue)
}

extension FixedPointNumber {
    /// The value as a `Double` (exact: every format here fits in a double's mantissa).
    package var doubleValue: Double { Double(rawValue) / Double(1 << Self.fractionBits) }

    /// The nearest representable value to `value`, clamped to the format's range (NaN becomes zero).
    package init(_ value: Double) {
        let scaled = (value * Double(1 << Self.fractionBits)).rounded()
        if scaled.isNaN {
            self.init(rawValue: 0)
        } else if scaled >= Double(RawValue.max) {
            self.init(rawValue: .max)
        } else if scaled <= Double(RawValue.min) {
            self.init(rawValue: .min)
        } else {
            self.init(rawValue: RawValue(scaled))
        }
    }

    /// The integer value `value`, clamped to the format's range.
    package init(integer value: Int) { self.init(Double(value)) }

    package var description: String { "\(doubleValue)" }
}

/// Signed 16.16 fixed point: rates, matrix entries a, b, c, d, x, y.
package struct Fixed16x16: FixedPointNumber {
    package static let fractionBits = 16
    package var rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }
    /// 1.0.
    package static let one = Fixed16x16(rawValue: 0x1_0000)
}

/// Unsigned 16.16 fixed point: track width and height, sample rates, image resolutions.
package struct UnsignedFixed16x16: FixedPointNumber {
    package static let fractionBits = 16
    package var rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// Signed 2.30 fixed point: matrix entries u, v, w.
package struct Fixed2x30: FixedPointNumber {
    package static let fractionBits = 30
    package var rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }
    /// 1.0.
    package static let one = Fixed2x30(rawValue: 0x4000_0000)
}

/// Signed 8.8 fixed point: volumes and balance.
package struct Fixed8x8: FixedPointNumber {
    package static let fractionBits = 8
    package var rawValue: Int16
    package init(rawValue: Int16) { self.rawValue = rawValue }
    /// 1.0 (full volume).
    package static let one = Fixed8x8(rawValue: 0x100)
}
