/// The 80-bit IEEE 754 extended-precision number AIFF stores its sample rate in (Audio Interchange File Format
/// 1.3, §"Common Chunk"; Apple SANE format): a sign bit, a 15-bit exponent biased by 16383, and a 64-bit
/// significand whose integer bit is explicit.
enum ExtendedFloat {
    /// The value of the ten bytes, or `nil` for infinities, NaNs and unnormalised encodings that no writer makes.
    static func decode(_ bytes: [UInt8]) -> Double? {
        guard bytes.count == 10 else { return nil }
        let signAndExponent = UInt16(bytes[0]) << 8 | UInt16(bytes[1])
        let significand = bytes[2..<10].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let exponent = Int(signAndExponent & 0x7FFF)
        let isNegative = signAndExponent & 0x8000 != 0
        if exponent == 0 && significand == 0 { return isNegative ? -0.0 : 0 }
        guard exponent != 0x7FFF else { return nil }
        // Value = significand × 2^(exponent − 16383 − 63); Double's own scaling handles the range.
        let value = Double(sign: isNegative ? .minus : .plus, exponent: exponent - 16383 - 63,
                           significand: Double(significand))
        return value.isFinite ? value : nil
    }

    /// The ten bytes of `value` (finite, non-negative sample rates are what the writers store).
    static func encode(_ value: Double) -> [UInt8] {
        guard value.isFinite, value != 0 else { return [UInt8](repeating: 0, count: 10) }
        let magnitude = value.magnitude
        let exponent = UInt16(clamping: Int(magnitude.exponent) + 16383)
        // Double's 52 stored significand bits, with the explicit integer bit added on top.
        let significand = UInt64(1) << 63 | magnitude.significandBitPattern << 11
        let signAndExponent = (value < 0 ? 0x8000 : 0) | exponent & 0x7FFF
        var bytes: [UInt8] = [UInt8(signAndExponent >> 8), UInt8(signAndExponent & 0xFF)]
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: significand >> UInt64(shift))) }
        return bytes
    }
}
