import CoreMedia

/// Four-character codes as text and back (big-endian bytes, one character each).
enum FourCharCodeText {
    /// The code's four bytes as characters ('vide' → "vide", 0xA96E616D → "©nam").
    static func string(_ code: FourCharCode) -> String {
        MetadataKeyCoding.fourCharacterString(code)
    }

    /// The code spelt by four single-byte characters, or `nil`.
    static func code(_ text: String) -> FourCharCode? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 4, scalars.allSatisfy({ $0.value <= 0xFF }) else { return nil }
        return scalars.reduce(0) { $0 << 8 | FourCharCode($1.value) }
    }
}
