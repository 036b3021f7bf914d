import MediaFormats

/// String fields: C strings, Pascal strings, fixed-size counted fields, and encoded text.
extension BoxReader {
    /// Reads bytes up to a NUL (consumed, not returned). Without a NUL before the end of the window, reads the rest
    /// and reports `isTerminated == false`: QuickTime writers end some names at the box end instead.
    package mutating func readCString() throws(BoxParseError) -> (bytes: [UInt8], isTerminated: Bool) {
        let terminator = bytes.firstIndex(of: 0)
        let length = (terminator ?? endIndex) - readerIndex
        guard length <= Limits.maximumStringLength else {
            throw error(.limitExceeded, "string of \(length) bytes exceeds the limit of \(Limits.maximumStringLength)")
        }
        let text = try readBytes(count: length)
        if terminator != nil { try skip(1) }
        return (text, terminator != nil)
    }

    /// Reads a NUL-terminated UTF-8 string (a missing NUL at the end of the box is tolerated).
    package mutating func readCStringText() throws(BoxParseError) -> String {
        TextEncoding.utf8.decode(try readCString().bytes)
    }

    /// Reads a Pascal string: a count byte, then that many bytes.
    package mutating func readPascalString() throws(BoxParseError) -> [UInt8] {
        let count = Int(try readUInt8())
        return try readBytes(count: count)
    }

    /// Reads a fixed-size field holding a Pascal string (a count byte, the bytes, padding), as QuickTime's 32-byte
    /// compressor name. Returns the whole field so that padding written by the producer survives a round trip;
    /// `PascalStringField` decodes it.
    package mutating func readPascalStringField(size: Int) throws(BoxParseError) -> PascalStringField {
        PascalStringField(rawBytes: try readBytes(count: size))
    }

    /// Reads `count` bytes of text: UTF-16 when they start with a byte-order mark, UTF-8 otherwise.
    package mutating func readText(count: Int) throws(BoxParseError) -> String {
        guard count <= Limits.maximumStringLength else {
            throw error(.limitExceeded, "string of \(count) bytes exceeds the limit of \(Limits.maximumStringLength)")
        }
        return TextEncoding.decodeDetectingByteOrderMark(try readBytes(count: count))
    }

    /// Reads `count` bytes as UTF-8, or `nil` (consuming nothing) if they are not valid UTF-8.
    package mutating func readUTF8String(count: Int) throws(BoxParseError) -> String? {
        try checkAvailable(count)
        guard let peeked = peekBytes(count: count), let text = String(validating: peeked, as: UTF8.self) else {
            return nil
        }
        try skip(count)
        return text
    }
}

/// A fixed-size field holding a Pascal string, kept byte for byte (QuickTime pads with zeros, some producers with
/// garbage), with the text decoded on demand.
package struct PascalStringField: Hashable, Sendable {
    /// The whole field as the file stores it.
    package var rawBytes: [UInt8]

    /// A field from its stored bytes.
    package init(rawBytes: [UInt8]) { self.rawBytes = rawBytes }

    /// A field of `size` bytes holding `text` (UTF-8, cut to fit), zero-padded.
    package init(_ text: String, size: Int) {
        let capacity = max(0, min(size - 1, 255))
        var utf8 = Array(text.utf8.prefix(capacity))
        // Do not cut a multi-byte character in half.
        while let last = utf8.last, String(validating: utf8, as: UTF8.self) == nil, last & 0x80 != 0 { utf8.removeLast() }
        var bytes = [UInt8(utf8.count)] + utf8
        bytes += [UInt8](repeating: 0, count: max(0, size - bytes.count))
        rawBytes = Array(bytes.prefix(size))
    }

    /// The text: the counted bytes (clamped to the field), as UTF-8 or Mac OS Roman.
    package var text: String {
        guard let count = rawBytes.first else { return "" }
        return TextEncoding.decodeUTF8OrMacRoman(Array(rawBytes.dropFirst().prefix(Int(count))))
    }
}
