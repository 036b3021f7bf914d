/// A four-character code: a box type (ISO/IEC 14496-12 §4.2), a sample entry's coding name, a brand.
///
/// Stored as the 32-bit big-endian value the file holds, so comparing and hashing are integer operations.
/// Bytes outside printable ASCII (the QuickTime `©` keys use 0xA9) are kept exactly.
package struct FourCC: Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The code as the file stores it, first character in the most significant byte.
    package let rawValue: UInt32

    /// A code from its 32-bit value.
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A code from four bytes in file order.
    package init(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) {
        rawValue = UInt32(a) << 24 | UInt32(b) << 16 | UInt32(c) << 8 | UInt32(d)
    }

    /// A code from a four-character literal. `©` (U+00A9) stands for the byte 0xA9, as in QuickTime's `©nam`.
    package init(stringLiteral value: StaticString) {
        guard let code = FourCC(value.description) else {
            preconditionFailure("a FourCC literal needs exactly four Latin-1 characters: \(value)")
        }
        self = code
    }

    /// A code from four Latin-1 characters, or `nil` if the string is not exactly that.
    package init?(_ string: String) {
        let scalars = Array(string.unicodeScalars)
        guard scalars.count == 4, scalars.allSatisfy({ $0.value <= 0xFF }) else { return nil }
        self.init(UInt8(scalars[0].value), UInt8(scalars[1].value), UInt8(scalars[2].value), UInt8(scalars[3].value))
    }

    /// The four bytes in file order.
    package var bytes: [UInt8] {
        [UInt8(rawValue >> 24), UInt8((rawValue >> 16) & 0xFF), UInt8((rawValue >> 8) & 0xFF), UInt8(rawValue & 0xFF)]
    }

    /// The code as text: Latin-1 characters, with non-printable bytes as `\xNN` so that logs stay readable.
    package var description: String {
        bytes.map { byte in
            (0x20...0x7E).contains(byte) || byte == 0xA9
                ? String(UnicodeScalar(byte)) : "\\x" + hexDigits(UInt64(byte), width: 2)
        }.joined()
    }

    package static func < (lhs: FourCC, rhs: FourCC) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// `value` in uppercase hexadecimal, left-padded with zeros to `width` digits.
func hexDigits(_ value: UInt64, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
