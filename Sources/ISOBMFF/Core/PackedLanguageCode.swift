import MediaFormats

/// The 16-bit language field of `mdhd`, `elst`-free text and QuickTime user data: either an ISO 639-2/T code packed
/// as three 5-bit letters (ISO/IEC 14496-12 §8.4.2.3) or, below 0x400, a Macintosh language code (QuickTime File
/// Format, "Language code values").
package struct PackedLanguageCode: Hashable, Sendable, CustomStringConvertible {
    /// The 16 bits as the file stores them.
    package var rawValue: UInt16

    /// A code from the 16 bits the file stores.
    package init(rawValue: UInt16) { self.rawValue = rawValue }

    /// A packed ISO 639-2/T code from three lowercase letters (`"eng"`), or `nil` if `code` is not three of a–z.
    package init?(iso639 code: String) {
        let letters = Array(code.utf8)
        guard letters.count == 3, letters.allSatisfy({ (0x61...0x7A).contains($0) }) else { return nil }
        rawValue = UInt16(letters[0] - 0x60) << 10 | UInt16(letters[1] - 0x60) << 5 | UInt16(letters[2] - 0x60)
    }

    /// A Macintosh language code (0 is English), as QuickTime writes for tracks without an ISO language.
    package init(macintoshCode: UInt16) { rawValue = macintoshCode }

    /// `und`: ISO 639-2 for "undetermined", which MP4 writers use when the language is unknown.
    package static let undetermined = PackedLanguageCode(rawValue: 0x55C4)

    /// QuickTime's "unspecified" value.
    package static let unspecified = PackedLanguageCode(rawValue: 0x7FFF)

    /// True when the value is a Macintosh language code rather than a packed ISO code.
    package var isMacintoshCode: Bool { rawValue < 0x400 }

    /// The Macintosh language code, if the value is one.
    package var macintoshCode: UInt16? { isMacintoshCode ? rawValue : nil }

    /// The ISO 639-2/T code: unpacked, or mapped from a Macintosh code. `nil` for values that are neither
    /// (including `0x7FFF`, QuickTime's "unspecified").
    package var iso639Code: String? {
        if isMacintoshCode { return MacintoshLanguage.iso639Code(forMacintoshCode: Int(rawValue)) }
        guard rawValue & 0x8000 == 0 else { return nil }
        let letters = [(rawValue >> 10) & 0x1F, (rawValue >> 5) & 0x1F, rawValue & 0x1F]
        guard letters.allSatisfy({ (1...26).contains($0) }) else { return nil }
        return String(decoding: letters.map { UInt8($0) + 0x60 }, as: UTF8.self)
    }

    package var description: String {
        if let code = iso639Code { return isMacintoshCode ? "\(code) (Mac \(rawValue))" : code }
        return "0x" + hexDigits(UInt64(rawValue), width: 4)
    }
}
