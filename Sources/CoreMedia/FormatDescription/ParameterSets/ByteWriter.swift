/// Big-endian bytes for decoder configuration records.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func u8(_ value: UInt8) { bytes.append(value) }

    mutating func u16(_ value: Int) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    mutating func u32(_ value: UInt32) {
        for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func u48(_ value: UInt64) {
        for shift in stride(from: 40, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// A parameter set preceded by its 16-bit length.
    mutating func nalUnit(_ nal: [UInt8]) {
        u16(nal.count)
        bytes.append(contentsOf: nal)
    }
}

/// Reads big-endian fields of a decoder configuration record, throwing `ParameterSetError` past the end.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var offset = 0
    /// The record's name, for error messages.
    private let name: String

    init(_ bytes: [UInt8], name: String) {
        self.bytes = bytes
        self.name = name
    }

    var remaining: Int { bytes.count - offset }

    mutating func u8() throws -> UInt8 {
        guard remaining >= 1 else { throw ParameterSetError("\(name) ends at byte \(offset), inside a field") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func u16() throws -> Int { Int(try u8()) << 8 | Int(try u8()) }

    mutating func u32() throws -> UInt32 { UInt32(try u16()) << 16 | UInt32(try u16()) }

    mutating func u48() throws -> UInt64 { UInt64(try u16()) << 32 | UInt64(try u32()) }

    /// A parameter set preceded by its 16-bit length; an empty one is an error.
    mutating func nalUnit() throws -> [UInt8] {
        let length = try u16()
        guard length > 0 else { throw ParameterSetError("\(name) has an empty NAL unit at byte \(offset - 2)") }
        guard length <= remaining else {
            throw ParameterSetError("\(name): a \(length)-byte NAL unit at byte \(offset) runs past the end")
        }
        defer { offset += length }
        return Array(bytes[offset..<offset + length])
    }
}
