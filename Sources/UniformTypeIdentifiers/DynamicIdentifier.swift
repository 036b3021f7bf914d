/// The identifier of a dynamic type: `dyn.` and the base-32 (RFC 4648, lower case, no padding) of the tag class,
/// tag and conformance it was made for, so that `UTType(_:)` can make the same type from it again. Apple's dynamic
/// identifiers encode the same facts with a private scheme, so the spellings differ.
struct DynamicIdentifier {
    static let prefix = "dyn."
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)
    /// Separates the three fields; it cannot occur in an identifier, tag class or sensible tag.
    private static let separator: Character = "\u{1F}"

    let tag: String
    let tagClass: UTTagClass
    let supertype: UTType?

    init(tag: String, tagClass: UTTagClass, supertype: UTType?) {
        self.tag = tag.lowercased()
        self.tagClass = tagClass
        self.supertype = supertype
    }

    /// The fields of a dynamic identifier made here, or `nil`.
    init?(decoding identifier: String) {
        guard identifier.lowercased().hasPrefix(Self.prefix),
              let bytes = Self.decode(identifier.dropFirst(Self.prefix.count).lowercased()) else { return nil }
        let fields = String(decoding: bytes, as: UTF8.self).split(separator: Self.separator, omittingEmptySubsequences: false)
        guard fields.count == 3, !fields[1].isEmpty, !fields[2].isEmpty else { return nil }
        let supertype: UTType?
        if fields[0].isEmpty {
            supertype = nil
        } else {
            guard let known = UTType(String(fields[0])) else { return nil }
            supertype = known
        }
        self.init(tag: String(fields[2]), tagClass: UTTagClass(rawValue: String(fields[1])), supertype: supertype)
    }

    /// The identifier.
    var encoded: String {
        let text = [supertype?.identifier ?? "", tagClass.rawValue, tag].joined(separator: String(Self.separator))
        return Self.prefix + Self.encode(Array(text.utf8))
    }

    private static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        var buffer = 0, bits = 0
        for byte in bytes {
            buffer = buffer << 8 | Int(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                output.append(alphabet[(buffer >> bits) & 31])
            }
            buffer &= (1 << bits) - 1
        }
        if bits > 0 { output.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return String(decoding: output, as: UTF8.self)
    }

    private static func decode(_ text: String) -> [UInt8]? {
        var output: [UInt8] = []
        var buffer = 0, bits = 0
        for character in text.utf8 {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = buffer << 5 | value
            bits += 5
            if bits >= 8 {
                bits -= 8
                output.append(UInt8((buffer >> bits) & 0xFF))
            }
            buffer &= (1 << bits) - 1
        }
        return output
    }
}
