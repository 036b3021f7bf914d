/// Why a parameter set, or a decoder configuration record, could not be read.
struct ParameterSetError: Error, CustomStringConvertible {
    /// What was wrong, for a person.
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// Reads the fields of a NAL unit's RBSP (ITU-T H.264 §7.2, H.265 §7.2): fixed-width bits and Exp-Golomb codes.
///
/// Built from the NAL unit's bytes as they appear in a stream (with emulation prevention bytes), which it removes
/// (H.264 §7.4.1, H.265 §7.4.2). Every read is bounds-checked and throws `ParameterSetError` past the end.
struct NALBitReader {
    private let bytes: [UInt8]
    private var position = 0

    /// A reader over the RBSP of `nalUnit`, skipping its `headerLength`-byte NAL unit header.
    init(nalUnit: [UInt8], headerLength: Int) {
        var rbsp: [UInt8] = []
        rbsp.reserveCapacity(max(nalUnit.count - headerLength, 0))
        var zeros = 0
        for byte in nalUnit.dropFirst(headerLength) {
            if zeros >= 2 && byte == 0x03 {
                zeros = 0
                continue
            }
            zeros = byte == 0 ? zeros + 1 : 0
            rbsp.append(byte)
        }
        bytes = rbsp
    }

    /// The number of bits not read yet.
    var bitsLeft: Int { bytes.count * 8 - position }

    /// Reads `count` (at most 32) bits, most significant first.
    mutating func bits(_ count: Int) throws -> UInt32 {
        precondition(count >= 0 && count <= 32, "NALBitReader reads at most 32 bits at once")
        guard count <= bitsLeft else { throw ParameterSetError("parameter set ends early") }
        var value: UInt32 = 0
        for _ in 0..<count {
            let byte = bytes[position >> 3]
            value = value << 1 | UInt32((byte >> (7 - UInt8(position & 7))) & 1)
            position += 1
        }
        return value
    }

    /// Reads one bit as a flag.
    mutating func flag() throws -> Bool { try bits(1) == 1 }

    /// Skips `count` bits.
    mutating func skip(_ count: Int) throws {
        guard count >= 0, count <= bitsLeft else { throw ParameterSetError("parameter set ends early") }
        position += count
    }

    /// Reads an unsigned Exp-Golomb code `ue(v)` (H.264 §9.1), limited to 32-bit values.
    mutating func ue() throws -> UInt32 {
        var leadingZeros = 0
        while try bits(1) == 0 {
            leadingZeros += 1
            guard leadingZeros <= 31 else { throw ParameterSetError("Exp-Golomb code longer than 32 bits") }
        }
        if leadingZeros == 0 { return 0 }
        let suffix = try bits(leadingZeros)
        return UInt32((UInt64(1) << UInt64(leadingZeros)) - 1 + UInt64(suffix))
    }

    /// Reads a signed Exp-Golomb code `se(v)` (H.264 §9.1.1).
    mutating func se() throws -> Int32 {
        let code = Int64(try ue())
        let magnitude = (code + 1) / 2
        return Int32(code % 2 == 1 ? magnitude : -magnitude)
    }

    /// Reads `ue(v)` and checks it is at most `maximum`, naming the field when it is not.
    mutating func ue(max maximum: UInt32, _ field: String) throws -> Int {
        let value = try ue()
        guard value <= maximum else { throw ParameterSetError("\(field) is \(value), more than \(maximum)") }
        return Int(value)
    }
}
