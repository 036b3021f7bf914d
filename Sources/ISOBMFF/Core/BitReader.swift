/// Reads big-endian bit fields from bytes (the packed fields of `dac3`, `dec3` and descriptor flags).
/// Reading past the end throws; nothing traps.
package struct BitReader {
    private let bytes: [UInt8]
    private var bitIndex = 0
    private let baseOffset: Int64
    private let path: BoxPath

    /// A reader over `bytes`, which start at file offset `baseOffset` inside the box at `path` (for errors).
    package init(_ bytes: [UInt8], baseOffset: Int64 = 0, path: BoxPath = .root) {
        self.bytes = bytes
        self.baseOffset = baseOffset
        self.path = path
    }

    /// Bits left.
    package var remainingBits: Int { bytes.count * 8 - bitIndex }

    /// Reads `count` (0…32) bits as an unsigned integer.
    package mutating func read(_ count: Int) throws(BoxParseError) -> UInt32 {
        guard (0...32).contains(count), count <= remainingBits else {
            throw BoxParseError(.unexpectedEnd, path: path, offset: baseOffset + Int64(bitIndex / 8),
                                "needs \(count) bits, \(remainingBits) remain")
        }
        var value: UInt32 = 0
        for _ in 0..<count {
            let bit = (bytes[bitIndex >> 3] >> (7 - UInt8(bitIndex & 7))) & 1
            value = value << 1 | UInt32(bit)
            bitIndex += 1
        }
        return value
    }

    /// The bytes after the current position, when it is byte-aligned (partial bytes are skipped).
    package var remainingBytes: [UInt8] { Array(bytes[min(bytes.count, (bitIndex + 7) / 8)...]) }
}

/// Writes big-endian bit fields; `bytes` pads the last byte with zero bits.
package struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var bitCount = 0

    /// An empty writer.
    package init() {}

    /// Appends the low `count` bits of `value`.
    package mutating func write(_ value: UInt32, _ count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) {
            if bitCount % 8 == 0 { bytes.append(0) }
            let bit = UInt8((value >> UInt32(shift)) & 1)
            bytes[bytes.count - 1] |= bit << (7 - UInt8(bitCount % 8))
            bitCount += 1
        }
    }

    /// The bytes written.
    package var data: [UInt8] { bytes }
}
