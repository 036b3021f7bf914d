import Foundation

/// The checks every string goes through before it is written into a playlist, so that no value can break the
/// playlist's syntax.
enum PlaylistText {
    /// A value for a quoted-string attribute (rfc8216bis §4.2), normalised to NFC.
    ///
    /// A quoted-string cannot contain a line feed, a carriage return or a double quote (§4.2), and no playlist line
    /// may hold any other control character (§4.1: U+0000–U+001F and U+007F–U+009F). Such a value is refused, never
    /// escaped: the syntax has no escape. §4.1 also requires NFC; normalising changes no character's meaning, so it
    /// is done rather than refused.
    static func quotedString(_ value: String, field: String, allowsEmpty: Bool = false) throws(HLSError) -> String {
        if !allowsEmpty, value.isEmpty { throw HLSError(.invalidValue, field: field, "the value is empty") }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"":
                throw HLSError(.invalidValue, field: field,
                               "\(quoted(value)) contains a double quote, which a quoted-string cannot hold "
                                   + "(rfc8216bis §4.2)")
            case "\n", "\r":
                throw HLSError(.invalidValue, field: field,
                               "\(quoted(value)) contains a line break, which a quoted-string cannot hold "
                                   + "(rfc8216bis §4.2)")
            default:
                if isControl(scalar) {
                    throw HLSError(.invalidValue, field: field,
                                   "\(quoted(value)) contains the control character "
                                       + "U+\(String(scalar.value, radix: 16, uppercase: true)), which a playlist "
                                       + "cannot hold (rfc8216bis §4.1)")
                }
            }
        }
        return value.precomposedStringWithCanonicalMapping
    }

    /// A URI, for a URI line or a `URI` attribute.
    ///
    /// On top of the quoted-string rules: no whitespace (§4.1: whitespace must not be present in a line unless the
    /// tag allows it, and RFC 3986 has no unencoded space either; percent-encode it as `%20`), not empty (a blank line
    /// is skipped by clients, §4.1), and not starting with `#` (the line would be read as a tag or a comment).
    static func uri(_ value: String, field: String) throws(HLSError) -> String {
        let checked = try quotedString(value, field: field)
        if let space = checked.unicodeScalars.first(where: { $0.properties.isWhitespace }) {
            throw HLSError(.invalidValue, field: field,
                           "the URI \(quoted(value)) contains whitespace "
                               + "(U+\(String(space.value, radix: 16, uppercase: true))); percent-encode it")
        }
        if checked.hasPrefix("#") {
            throw HLSError(.invalidValue, field: field,
                           "the URI \(quoted(value)) starts with '#', so it would be read as a tag or a comment; "
                               + "write it as './#…' or percent-encode the '#'")
        }
        return checked
    }

    /// A language tag (RFC 5646: letters, digits and hyphens), for `LANGUAGE`.
    static func languageTag(_ value: String, field: String) throws(HLSError) -> String {
        let isTag = !value.isEmpty && value.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-")
        }
        guard isTag else {
            throw HLSError(.invalidValue, field: field,
                           "\(quoted(value)) is not an RFC 5646 language tag (letters, digits and '-', e.g. \"en\", "
                               + "\"pt-BR\")")
        }
        return value
    }

    /// Whether `scalar` is one of the control characters §4.1 forbids in a playlist.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value <= 0x1F || (0x7F...0x9F).contains(scalar.value)
    }

    /// `value` in quotes for an error message, with its control characters made visible.
    private static func quoted(_ value: String) -> String {
        "'" + value.unicodeScalars.map { isControl($0) ? $0.escaped(asASCII: true) : String($0) }.joined() + "'"
    }
}
