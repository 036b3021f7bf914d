/// Four-character codes as audio files store them: four bytes, read big-endian into a `UInt32`.
enum FourCharacterCode {
    /// The code of a four-character ASCII string (`"fmt "`, `"caff"`).
    static func make(_ text: StaticString) -> UInt32 {
        precondition(text.utf8CodeUnitCount == 4, "invariant: four-character codes have four bytes")
        let bytes = UnsafeBufferPointer(start: text.utf8Start, count: 4)
        return bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The code's four bytes, big-endian.
    static func bytes(_ code: UInt32) -> [UInt8] {
        [UInt8(code >> 24), UInt8(truncatingIfNeeded: code >> 16), UInt8(truncatingIfNeeded: code >> 8),
         UInt8(truncatingIfNeeded: code)]
    }

    /// The code as text for messages and chunk paths: its characters when printable, otherwise hexadecimal.
    static func describe(_ code: UInt32) -> String {
        let bytes = bytes(code)
        if bytes.allSatisfy({ (0x20...0x7E).contains($0) }) { return String(decoding: bytes, as: UTF8.self) }
        return "0x" + String(code, radix: 16, uppercase: true)
    }
}
