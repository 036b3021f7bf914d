/// The text encodings media files use, and lossless conversion between their bytes and Swift strings.
///
/// ISO boxes hold UTF-8 (or UTF-16 announced by a byte-order mark, 3GPP TS 26.244 §8); QuickTime user data with a
/// Macintosh language code holds Mac OS Roman (QuickTime File Format, "International text"); ID3 tags and RIFF/AIFF
/// chunks hold ISO 8859-1, UTF-16 or UTF-8. Linux's Foundation mis-decodes Mac OS Roman, so the table is here.
package enum TextEncoding: Hashable, Sendable {
    case utf8
    case utf16BigEndian
    case utf16LittleEndian
    case macRoman

    /// Decodes `bytes`; invalid sequences become U+FFFD (callers keep the bytes when exactness matters).
    package func decode(_ bytes: some Collection<UInt8>) -> String {
        switch self {
        case .utf8:
            return String(decoding: bytes, as: UTF8.self)
        case .utf16BigEndian, .utf16LittleEndian:
            let array = Array(bytes)
            var units: [UInt16] = []
            units.reserveCapacity(array.count / 2)
            var index = 0
            while index + 1 < array.count {
                let (high, low) = self == .utf16BigEndian ? (array[index], array[index + 1]) : (array[index + 1], array[index])
                units.append(UInt16(high) << 8 | UInt16(low))
                index += 2
            }
            return String(decoding: units, as: UTF16.self)
        case .macRoman:
            var scalars = String.UnicodeScalarView()
            for byte in bytes {
                let value = byte < 0x80 ? UInt32(byte) : UInt32(Self.macRomanHigh[Int(byte) - 0x80])
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            }
            return String(scalars)
        }
    }

    /// Encodes `string`; characters Mac OS Roman lacks become `?`.
    package func encode(_ string: String) -> [UInt8] {
        switch self {
        case .utf8:
            return Array(string.utf8)
        case .utf16BigEndian, .utf16LittleEndian:
            var bytes: [UInt8] = []
            for unit in string.utf16 {
                let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
                bytes += self == .utf16BigEndian ? pair : pair.reversed()
            }
            return bytes
        case .macRoman:
            return string.unicodeScalars.map { scalar in
                if scalar.value < 0x80 { return UInt8(scalar.value) }
                if let index = Self.macRomanHigh.firstIndex(of: UInt16(truncatingIfNeeded: scalar.value)),
                   scalar.value <= 0xFFFF {
                    return UInt8(0x80 + index)
                }
                return 0x3F
            }
        }
    }

    /// Decodes text that may start with a byte-order mark: FE FF (UTF-16 big-endian) or FF FE (little-endian);
    /// otherwise UTF-8, with an EF BB BF mark dropped.
    package static func decodeDetectingByteOrderMark(_ bytes: [UInt8]) -> String {
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return utf16BigEndian.decode(bytes.dropFirst(2)) }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return utf16LittleEndian.decode(bytes.dropFirst(2)) }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return utf8.decode(bytes.dropFirst(3)) }
        return utf8.decode(bytes)
    }

    /// Decodes UTF-8 when the bytes are valid UTF-8, Mac OS Roman otherwise (old QuickTime writers).
    package static func decodeUTF8OrMacRoman(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return macRoman.decode(bytes)
    }

    /// Mac OS Roman 0x80…0xFF as Unicode (Apple's ROMAN.TXT, with 0xDB as the euro sign and 0xF0 as the Apple logo).
    private static let macRomanHigh: [UInt16] = [
        0x00C4, 0x00C5, 0x00C7, 0x00C9, 0x00D1, 0x00D6, 0x00DC, 0x00E1, 0x00E0, 0x00E2, 0x00E4, 0x00E3, 0x00E5, 0x00E7,
        0x00E9, 0x00E8, 0x00EA, 0x00EB, 0x00ED, 0x00EC, 0x00EE, 0x00EF, 0x00F1, 0x00F3, 0x00F2, 0x00F4, 0x00F6, 0x00F5,
        0x00FA, 0x00F9, 0x00FB, 0x00FC, 0x2020, 0x00B0, 0x00A2, 0x00A3, 0x00A7, 0x2022, 0x00B6, 0x00DF, 0x00AE, 0x00A9,
        0x2122, 0x00B4, 0x00A8, 0x2260, 0x00C6, 0x00D8, 0x221E, 0x00B1, 0x2264, 0x2265, 0x00A5, 0x00B5, 0x2202, 0x2211,
        0x220F, 0x03C0, 0x222B, 0x00AA, 0x00BA, 0x03A9, 0x00E6, 0x00F8, 0x00BF, 0x00A1, 0x00AC, 0x221A, 0x0192, 0x2248,
        0x2206, 0x00AB, 0x00BB, 0x2026, 0x00A0, 0x00C0, 0x00C3, 0x00D5, 0x0152, 0x0153, 0x2013, 0x2014, 0x201C, 0x201D,
        0x2018, 0x2019, 0x00F7, 0x25CA, 0x00FF, 0x0178, 0x2044, 0x20AC, 0x2039, 0x203A, 0xFB01, 0xFB02, 0x2021, 0x00B7,
        0x201A, 0x201E, 0x2030, 0x00C2, 0x00CA, 0x00C1, 0x00CB, 0x00C8, 0x00CD, 0x00CE, 0x00CF, 0x00CC, 0x00D3, 0x00D4,
        0xF8FF, 0x00D2, 0x00DA, 0x00DB, 0x00D9, 0x0131, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9, 0x02DA, 0x00B8, 0x02DD,
        0x02DB, 0x02C7,
    ]
}
