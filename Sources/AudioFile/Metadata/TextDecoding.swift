import MediaFormats

/// Text as audio file metadata stores it: fixed or NUL-terminated fields in ISO 8859-1, UTF-8 or UTF-16.
enum TextDecoding {
    /// ISO 8859-1: each byte is the Unicode scalar of the same value.
    static func latin1(_ bytes: some Collection<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes { scalars.append(Unicode.Scalar(byte)) }
        return String(scalars)
    }

    /// Text of a chunk that may be UTF-8 or, from older writers, ISO 8859-1 (RIFF INFO, AIFF text chunks): UTF-8
    /// when the bytes are valid UTF-8, otherwise ISO 8859-1. Trailing NULs and spaces are dropped.
    static func utf8OrLatin1(_ bytes: [UInt8]) -> String {
        let trimmed = trimmingTrailingNULs(bytes)
        if let text = String(validating: trimmed, as: UTF8.self) { return text }
        return latin1(trimmed)
    }

    /// The bytes without trailing NUL bytes.
    static func trimmingTrailingNULs(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[end - 1] == 0 { end -= 1 }
        return bytes[bytes.startIndex..<end]
    }

    /// UTF-16 text, with the byte order from a leading byte-order mark (consumed) or `defaultBigEndian`.
    static func utf16(_ bytes: ArraySlice<UInt8>, defaultBigEndian: Bool) -> String {
        var body = bytes
        var bigEndian = defaultBigEndian
        if body.count >= 2 {
            let first = body[body.startIndex], second = body[body.startIndex + 1]
            if first == 0xFE, second == 0xFF { bigEndian = true; body = body.dropFirst(2) }
            else if first == 0xFF, second == 0xFE { bigEndian = false; body = body.dropFirst(2) }
        }
        return (bigEndian ? TextEncoding.utf16BigEndian : TextEncoding.utf16LittleEndian).decode(body)
    }
}
