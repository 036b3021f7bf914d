/// Writes bit fields most significant bit first, the inverse of `BitReader`; the last byte is padded with zero
/// bits.
package struct BitWriter: Sendable {
    /// The bytes written so far (the last one padded with zero bits).
    package private(set) var bytes: [UInt8] = []
    /// Bits written.
    package private(set) var bitCount = 0

    /// An empty writer.
    package init() {}

    /// Whether the next bit starts a byte.
    package var isByteAligned: Bool { bitCount & 7 == 0 }

    /// Appends the low `count` (0…64) bits of `value`; a wider count writes zeros above bit 63.
    package mutating func writeBits(_ value: some BinaryInteger, count: Int) {
        let bits = UInt64(truncatingIfNeeded: value)
        for shift in stride(from: count - 1, through: 0, by: -1) {
            if bitCount & 7 == 0 { bytes.append(0) }
            if shift < 64, bits >> UInt64(shift) & 1 == 1 { bytes[bytes.count - 1] |= 0x80 >> UInt8(bitCount & 7) }
            bitCount += 1
        }
    }

    /// Appends one bit.
    package mutating func writeFlag(_ flag: Bool) { writeBits(flag ? 1 : 0, count: 1) }

    /// Appends the bytes after padding to a byte boundary.
    package mutating func writeBytes(_ data: some Sequence<UInt8>) {
        alignToByte()
        for byte in data {
            bytes.append(byte)
            bitCount += 8
        }
    }

    /// Pads with zero bits to the next byte boundary.
    package mutating func alignToByte() { bitCount = (bitCount + 7) & ~7 }

    /// Appends an unsigned Exp-Golomb code `ue(v)` (H.264 §9.1).
    package mutating func writeUnsignedExpGolomb(_ value: UInt32) { writeExpGolomb(codeNumber: UInt64(value)) }

    /// Appends a signed Exp-Golomb code `se(v)` (H.264 §9.1.1).
    package mutating func writeSignedExpGolomb(_ value: Int32) {
        let magnitude = UInt64(value.magnitude)
        writeExpGolomb(codeNumber: value > 0 ? magnitude * 2 - 1 : magnitude * 2)
    }

    /// `codeNumber + 1` in binary, preceded by as many zero bits as it has bits after the first.
    private mutating func writeExpGolomb(codeNumber: UInt64) {
        let shifted = codeNumber + 1
        let length = 64 - shifted.leadingZeroBitCount
        writeBits(0, count: length - 1)
        writeBits(shifted, count: length)
    }
}
