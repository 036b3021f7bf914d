import CoreVideo

/// Reads one settings dictionary, leniently in what a value may be (an `Int`, `Double`, `NSNumber`, `Bool`,
/// `String`, `AVVideoCodecType`, nested dictionary, `Data`: Linux has no CF bridging, so values arrive as whatever
/// Swift type the caller wrote) and strictly in what it must mean. Every key read is remembered, so
/// `finish()` can reject the keys nobody read: no setting is ever ignored silently.
struct SettingsReader {
    /// The dictionary being read, with string keys.
    let values: [String: Any]
    /// The path of this dictionary from the top level (empty at the top), for error keys.
    let path: String
    private var consumed: Set<String> = []

    /// A reader over `dictionary` (whose keys must all be strings) found at `path`.
    init(_ dictionary: [String: Any], path: String = "") {
        values = dictionary
        self.path = path
    }

    /// A reader over a value that must be a dictionary.
    init(nested value: Any, path: String) throws(CodecSettingsError) {
        guard let dictionary = AttributeValue.dictionary(value) else {
            throw CodecSettingsError(.wrongType, key: path, "must be a dictionary, not \(Self.describe(value))")
        }
        self.init(dictionary, path: path)
    }

    /// The full key path of `key` in this dictionary.
    func keyPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// Whether the key is present.
    func contains(_ key: String) -> Bool { values[key] != nil }

    /// The raw value, marking the key read.
    mutating func raw(_ key: String) -> Any? {
        consumed.insert(key)
        return values[key]
    }

    /// An integer: any integer type, an integral floating-point number, or an `NSNumber` holding one.
    mutating func int(_ key: String) throws(CodecSettingsError) -> Int? {
        guard let value = raw(key) else { return nil }
        if value is Bool { throw wrongType(key, value, expected: "an integer") }
        guard let number = AttributeValue.int(value) else {
            if let double = AttributeValue.double(value), double.isFinite {
                throw CodecSettingsError(.invalidValue, key: keyPath(key), "must be a whole number, not \(double)")
            }
            throw wrongType(key, value, expected: "an integer")
        }
        return number
    }

    /// A finite number of any numeric type.
    mutating func double(_ key: String) throws(CodecSettingsError) -> Double? {
        guard let value = raw(key) else { return nil }
        if value is Bool { throw wrongType(key, value, expected: "a number") }
        guard let number = AttributeValue.double(value) else { throw wrongType(key, value, expected: "a number") }
        guard number.isFinite else {
            throw CodecSettingsError(.invalidValue, key: keyPath(key), "must be a finite number, not \(number)")
        }
        return number
    }

    /// A Boolean (`Bool`, an `NSNumber`, or 0/1).
    mutating func bool(_ key: String) throws(CodecSettingsError) -> Bool? {
        guard let value = raw(key) else { return nil }
        guard let flag = AttributeValue.bool(value) else { throw wrongType(key, value, expected: "a Boolean") }
        return flag
    }

    /// A string (`String`, `NSString`, or any `RawRepresentable` with a `String` raw value such as
    /// `AVVideoCodecType`).
    mutating func string(_ key: String) throws(CodecSettingsError) -> String? {
        guard let value = raw(key) else { return nil }
        guard let text = Self.string(value) else { throw wrongType(key, value, expected: "a string") }
        return text
    }

    /// A string that must be one of `allowed`.
    mutating func choice(_ key: String, from allowed: [String]) throws(CodecSettingsError) -> String? {
        guard let text = try string(key) else { return nil }
        guard allowed.contains(text) else {
            throw CodecSettingsError(.invalidValue, key: keyPath(key),
                                     "'\(text)' is not one of \(allowed.joined(separator: ", "))")
        }
        return text
    }

    /// A nested dictionary, as its own reader.
    mutating func dictionary(_ key: String) throws(CodecSettingsError) -> SettingsReader? {
        guard let value = raw(key) else { return nil }
        return try SettingsReader(nested: value, path: keyPath(key))
    }

    /// `Data` (or `[UInt8]`).
    mutating func data(_ key: String) throws(CodecSettingsError) -> [UInt8]? {
        guard let value = raw(key) else { return nil }
        switch value {
        case let data as Data: return [UInt8](data)
        case let bytes as [UInt8]: return bytes
        case let data as NSData: return [UInt8](data as Data)
        default: throw wrongType(key, value, expected: "Data")
        }
    }

    /// Fails naming the first key (in sorted order) that nothing read.
    func finish(_ what: String) throws(CodecSettingsError) {
        let unread = values.keys.filter { !consumed.contains($0) }.sorted()
        if let first = unread.first {
            throw CodecSettingsError(.unknownKey, key: keyPath(first), "is not a key \(what) takes")
        }
    }

    /// A wrong-type error for `key`.
    func wrongType(_ key: String, _ value: Any, expected: String) -> CodecSettingsError {
        CodecSettingsError(.wrongType, key: keyPath(key), "must be \(expected), not \(Self.describe(value))")
    }

    /// A string from `String`, `NSString` or a string-backed `RawRepresentable`.
    static func string(_ value: Any) -> String? {
        if let text = AttributeValue.string(value) { return text }
        if let codec = value as? AVVideoCodecType { return codec.rawValue }
        if let representable = value as? any RawRepresentable, let text = representable.rawValue as? String {
            return text
        }
        return nil
    }

    /// A short description of a value's type and value, for messages.
    static func describe(_ value: Any) -> String {
        let text = String(describing: value)
        return "\(type(of: value)) \(text.count > 60 ? String(text.prefix(60)) + "…" : text)"
    }
}
