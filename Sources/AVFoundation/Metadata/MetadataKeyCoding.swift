import Foundation

/// How keys, key spaces and identifiers convert into one another (AVMetadataItem.h, "identifierForKey:keySpace:").
///
/// - In the QuickTime user data, iTunes and ISO user data key spaces keys are four-character codes. Items read from
///   files carry them as `NSNumber`s holding the code as a signed 32-bit integer (what Apple's items report; ©nam
///   is -1452383891); Apple's key constants spell them as strings with '@' for the © byte ("@nam"). Both forms,
///   and a string with a real "©", name the same key.
/// - Other key spaces use string keys ("com.apple.quicktime.title", "TIT2", "title").
/// - An identifier is the key space's identifier prefix, "/", and the key's bytes with those outside printable
///   ASCII, and '%', escaped as %XX ("itsk/%A9nam"). The common key space's prefix is "common" and ID3's is "id3";
///   the others use the key space itself, which must be one to four printable ASCII characters.
enum MetadataKeyCoding {
    /// Key spaces whose keys are four-character codes.
    static let fourCharacterCodeKeySpaces: Set<AVMetadataKeySpace> = [.quickTimeUserData, .iTunes, .isoUserData]

    /// Apple's key space for iTunes freeform ('----') atoms, "itlk", which it names no constant for.
    static let iTunesLongKeySpace = AVMetadataKeySpace("itlk")

    /// A key in a form that compares equal however it was spelt.
    enum NormalizedKey: Hashable, Sendable {
        case fourCC(UInt32)
        case string(String)
        case data(Data)
    }

    /// The identifier prefix of a key space, or `nil` when it cannot form identifiers.
    static func identifierPrefix(of keySpace: AVMetadataKeySpace) -> String? {
        switch keySpace {
        case .common: return "common"
        case .id3: return "id3"
        default:
            let raw = keySpace.rawValue
            guard (1...4).contains(raw.utf8.count), raw.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
                return nil
            }
            return raw
        }
    }

    /// The key space an identifier prefix names.
    static func keySpace(forPrefix prefix: String) -> AVMetadataKeySpace? {
        switch prefix {
        case "common": return .common
        case "id3": return .id3
        default: return identifierPrefix(of: AVMetadataKeySpace(prefix)) == prefix ? AVMetadataKeySpace(prefix) : nil
        }
    }

    /// `key` (an `NSNumber`, integer, `String`, `NSString`, `Data` or `NSData`) normalised for `keySpace`, or `nil`
    /// for a key of another type.
    static func normalize(_ key: Any, in keySpace: AVMetadataKeySpace?) -> NormalizedKey? {
        let isFourCCSpace = keySpace.map(fourCharacterCodeKeySpaces.contains) ?? false
        if let string = stringKey(key) {
            if isFourCCSpace, let code = fourCharacterCode(string) { return .fourCC(code) }
            return .string(string)
        }
        if let number = integerKey(key) {
            let code = UInt32(truncatingIfNeeded: number)
            if isFourCCSpace || keySpace == nil { return .fourCC(code) }
            return .string(fourCharacterString(code))
        }
        if let data = key as? Data ?? (key as? NSData).map({ Data(referencing: $0) }) {
            if isFourCCSpace, data.count == 4 { return .fourCC(data.reduce(0) { $0 << 8 | UInt32($1) }) }
            if let string = String(data: data, encoding: .utf8) { return normalize(string, in: keySpace) }
            return .data(data)
        }
        return nil
    }

    /// Whether two keys name the same key, comparing a four-character code with its string spellings when the key
    /// space is not known.
    static func keysMatch(_ lhs: NormalizedKey, _ rhs: NormalizedKey) -> Bool {
        if lhs == rhs { return true }
        switch (lhs, rhs) {
        case (.fourCC(let code), .string(let string)), (.string(let string), .fourCC(let code)):
            return fourCharacterCode(string) == code
        default:
            return false
        }
    }

    /// The key's bytes as they appear in an identifier, before escaping.
    static func bytes(of key: NormalizedKey) -> [UInt8] {
        switch key {
        case .fourCC(let code): return withUnsafeBytes(of: code.bigEndian) { Array($0) }
        case .string(let string): return Array(string.utf8)
        case .data(let data): return Array(data)
        }
    }

    /// The identifier for `key` in `keySpace`, or `nil` when either cannot form one.
    static func identifier(forKey key: Any, keySpace: AVMetadataKeySpace) -> AVMetadataIdentifier? {
        guard let prefix = identifierPrefix(of: keySpace), let normalized = normalize(key, in: keySpace) else {
            return nil
        }
        return identifier(prefix: prefix, key: normalized)
    }

    /// The identifier for a normalised key under an identifier prefix.
    static func identifier(prefix: String, key: NormalizedKey) -> AVMetadataIdentifier {
        var text = prefix + "/"
        for byte in bytes(of: key) {
            if byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "%") {
                // "%" and two upper-case hex digits, written directly: `String(format:)` cost more than the rest of
                // making an item ("©cmt" is escaped in every QuickTime comment).
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                text.unicodeScalars.append("%")
                text.unicodeScalars.append(digits[Int(byte >> 4)])
                text.unicodeScalars.append(digits[Int(byte & 0xF)])
            } else {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return AVMetadataIdentifier(rawValue: text)
    }

    /// The key space and the unescaped key bytes of an identifier, or `nil` when it is not "prefix/key" with valid
    /// escapes.
    static func split(_ identifier: AVMetadataIdentifier) -> (keySpace: AVMetadataKeySpace, keyBytes: [UInt8])? {
        let raw = identifier.rawValue
        guard let slash = raw.firstIndex(of: "/"), let keySpace = keySpace(forPrefix: String(raw[..<slash])) else {
            return nil
        }
        var bytes: [UInt8] = []
        var utf8 = Array(raw[raw.index(after: slash)...].utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2, let high = hexValue(utf8.removeFirst()), let low = hexValue(utf8.removeFirst())
            else { return nil }
            bytes.append(high << 4 | low)
        }
        guard !bytes.isEmpty else { return nil }
        return (keySpace, bytes)
    }

    /// The key of an identifier, in the form items read from files carry: an `NSNumber` for four-character codes
    /// of the four-character-code key spaces, otherwise an `NSString` (`NSData` for bytes that are not UTF-8).
    static func key(forIdentifier identifier: AVMetadataIdentifier) -> (any NSCopying & NSObjectProtocol)? {
        guard let (keySpace, bytes) = split(identifier) else { return nil }
        return itemKey(bytes: bytes, keySpace: keySpace)
    }

    /// An item's key from raw key bytes.
    static func itemKey(bytes: [UInt8], keySpace: AVMetadataKeySpace) -> any NSCopying & NSObjectProtocol {
        if fourCharacterCodeKeySpaces.contains(keySpace), bytes.count == 4 {
            let code = bytes.reduce(0) { $0 << 8 | UInt32($1) }
            return NSNumber(value: Int32(bitPattern: code))
        }
        if let string = String(bytes: bytes, encoding: .utf8) { return NSString(string: string) }
        return NSData(data: Data(bytes))
    }

    /// The normalised key of an identifier.
    static func normalizedKey(of identifier: AVMetadataIdentifier) -> (AVMetadataKeySpace, NormalizedKey)? {
        guard let (keySpace, bytes) = split(identifier) else { return nil }
        if fourCharacterCodeKeySpaces.contains(keySpace), bytes.count == 4 {
            return (keySpace, .fourCC(bytes.reduce(0) { $0 << 8 | UInt32($1) }))
        }
        if let string = String(bytes: bytes, encoding: .utf8) { return (keySpace, .string(string)) }
        return (keySpace, .data(Data(bytes)))
    }

    /// The four-character code a string spells: four characters of one byte each, where '@' or '©' first stands
    /// for the byte 0xA9 (Apple's key constants use '@'; files hold 0xA9, which is '©' in Mac Roman and Latin-1).
    static func fourCharacterCode(_ string: String) -> UInt32? {
        let scalars = Array(string.unicodeScalars)
        guard scalars.count == 4 else { return nil }
        var code: UInt32 = 0
        for (index, scalar) in scalars.enumerated() {
            var value = scalar.value
            if index == 0, scalar == "@" { value = 0xA9 }
            guard value <= 0xFF else { return nil }
            code = code << 8 | value
        }
        return code
    }

    /// A four-character code as text, '©' for 0xA9 and Latin-1 for the other bytes.
    static func fourCharacterString(_ code: UInt32) -> String {
        var text = ""
        for shift in stride(from: 24, through: 0, by: -8) {
            let byte = UInt8(truncatingIfNeeded: code >> UInt32(shift))
            text.unicodeScalars.append(Unicode.Scalar(byte))
        }
        return text
    }

    private static func stringKey(_ key: Any) -> String? {
        if let string = key as? String { return string }
        if let string = key as? NSString { return String(describing: string) }
        return nil
    }

    private static func integerKey(_ key: Any) -> Int64? {
        switch key {
        case let number as NSNumber: return number.int64Value
        case let value as Int: return Int64(value)
        case let value as Int32: return Int64(value)
        case let value as UInt32: return Int64(value)
        case let value as Int64: return value
        default: return nil
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
