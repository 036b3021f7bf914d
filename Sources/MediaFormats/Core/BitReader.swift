/// Reads bit fields most significant bit first, as every MPEG, ITU-T and ETSI bitstream syntax packs them
/// (ISO/IEC 14496-3 §1.6, ITU-T H.264 §7.2, ETSI TS 102 366 Annex F), with the Exp-Golomb codes of H.264 §9.1.
///
/// The grammar follows `ByteReader`: `read*` consumes and throws a `MediaFormatError` (carrying the byte offset)
/// when the bits run out, `peek*` does not consume and returns `nil`. Any width from 0 to 64 bits is read; a wider
/// request is an error, never a trap.
package struct BitReader: Sendable {
    private let bytes: [UInt8]
    /// The next bit to read, counted from the first byte's most significant bit.
    package private(set) var bitPosition = 0
    /// File offset of the first byte, so errors name absolute offsets.
    private let baseOffset: Int64

    /// A reader over `bytes`, whose first byte sits at `baseOffset` in the file.
    package init(_ bytes: [UInt8], baseOffset: Int64 = 0) {
        self.bytes = bytes
        self.baseOffset = baseOffset
    }

    /// Bits left.
    package var remainingBits: Int { bytes.count * 8 - bitPosition }

    /// Whether the position is on a byte boundary.
    package var isByteAligned: Bool { bitPosition & 7 == 0 }

    /// Absolute file offset of the byte holding the next bit.
    package var offset: Int64 { baseOffset + Int64(bitPosition >> 3) }

    /// An error at the current position.
    package func error(_ code: MediaFormatError.Code, _ message: String) -> MediaFormatError {
        MediaFormatError(code, at: offset, message)
    }

    /// The next `count` (0…64) bits as an unsigned number, not consumed; `nil` when fewer remain.
    package func peekBits(_ count: Int) -> UInt64? {
        guard (0...64).contains(count), count <= remainingBits else { return nil }
        var value: UInt64 = 0
        var position = bitPosition
        for _ in 0..<count {
            value = value << 1 | UInt64((bytes[position >> 3] >> (7 - UInt8(position & 7))) & 1)
            position += 1
        }
        return value
    }

    /// Reads `count` (0…64) bits as an unsigned number.
    package mutating func readBits(_ count: Int) throws(MediaFormatError) -> UInt64 {
        guard (0...64).contains(count) else { throw error(.invalidValue, "cannot read \(count) bits at once (0…64)") }
        guard let value = peekBits(count) else {
            throw error(.unexpectedEnd, "needs \(count) bits, \(remainingBits) remain")
        }
        bitPosition += count
        return value
    }

    /// Reads one bit as a flag.
    package mutating func readFlag() throws(MediaFormatError) -> Bool { try readBits(1) == 1 }

    /// Skips `count` bits.
    package mutating func skipBits(_ count: Int) throws(MediaFormatError) {
        guard count >= 0, count <= remainingBits else {
            throw error(.unexpectedEnd, "cannot skip \(count) bits, \(remainingBits) remain")
        }
        bitPosition += count
    }

    /// Skips to the next byte boundary (counted from the first byte); nothing if already on one.
    package mutating func alignToByte() { bitPosition = min((bitPosition + 7) & ~7, bytes.count * 8) }

    /// The bytes after the current position, from the next byte boundary on.
    package var remainingBytes: [UInt8] { Array(bytes[min(bytes.count, (bitPosition + 7) >> 3)...]) }

    /// Reads an unsigned Exp-Golomb code `ue(v)` (ITU-T H.264 §9.1, H.265 §9.2), limited to 32-bit values as the
    /// syntax elements that use it are.
    package mutating func readUnsignedExpGolomb() throws(MediaFormatError) -> UInt32 {
        var leadingZeros = 0
        while try readBits(1) == 0 {
            leadingZeros += 1
            guard leadingZeros <= 31 else { throw error(.limitExceeded, "Exp-Golomb code longer than 32 bits") }
        }
        let suffix = try readBits(leadingZeros)
        return UInt32((UInt64(1) << UInt64(leadingZeros)) - 1 + suffix)
    }

    /// Reads `ue(v)` and checks it is at most `maximum`, naming the syntax element when it is not (the ranges
    /// H.264 §7.4 and H.265 §7.4 give each element).
    package mutating func readUnsignedExpGolomb(max maximum: UInt32, _ element: String) throws(MediaFormatError) -> Int {
        let value = try readUnsignedExpGolomb()
        guard value <= maximum else { throw error(.invalidValue, "\(element) is \(value), more than \(maximum)") }
        return Int(value)
    }

    /// Reads a signed Exp-Golomb code `se(v)` (H.264 §9.1.1): 1, −1, 2, −2… for code numbers 1, 2, 3, 4….
    package mutating func readSignedExpGolomb() throws(MediaFormatError) -> Int32 {
        let code = Int64(try readUnsignedExpGolomb())
        let magnitude = (code + 1) / 2
        return Int32(code % 2 == 1 ? magnitude : -magnitude)
    }
}
