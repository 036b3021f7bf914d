/// A most-significant-bit-first reader over bytes (MPEG-4 audio syntax). Reads past the end return `nil`.
struct BitReader {
    let bytes: [UInt8]
    /// The next bit to read, counted from the first byte's most significant bit.
    private(set) var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Bits left.
    var remaining: Int { bytes.count * 8 - position }

    /// The next `count` (0…32) bits as an unsigned number.
    mutating func read(_ count: Int) -> Int? {
        guard count >= 0, count <= 32, count <= remaining else { return nil }
        var value = 0
        for _ in 0..<count {
            let bit = Int(bytes[position >> 3] >> (7 - UInt8(position & 7))) & 1
            value = value << 1 | bit
            position += 1
        }
        return value
    }

    /// Skips to the next byte boundary (counted from the first byte).
    mutating func alignToByte() { position = (position + 7) & ~7 }
}

/// A most-significant-bit-first writer.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var bitCount = 0

    /// Appends the low `count` bits of `value`.
    mutating func write(_ value: Int, bits count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) {
            if bitCount & 7 == 0 { bytes.append(0) }
            if value >> shift & 1 == 1 { bytes[bytes.count - 1] |= 0x80 >> UInt8(bitCount & 7) }
            bitCount += 1
        }
    }

    /// Pads with zero bits to the next byte boundary.
    mutating func alignToByte() { bitCount = (bitCount + 7) & ~7 }
}
