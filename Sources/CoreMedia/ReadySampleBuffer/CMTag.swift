/// A label on a media buffer: a category and a 64-bit value (iOS 17), such as "stereo view: left eye".
///
/// Only the parts of Apple's tag API that the iOS 26 tagged buffers need are here: a tag's value and description.
/// The typed factories (`CMTypedTag`, `.stereoView(_:)`, `.mediaType(_:)`…) are not implemented, so tags are made
/// by this package (from tagged buffers it reads), not by callers.
// Safe because immutable (every stored property is a `let`).
public class CMTag: CustomStringConvertible, @unchecked Sendable {
    /// A tag's value and how to read its 64 bits.
    public enum Value: Equatable, Sendable {
        /// A signed integer.
        case int64(Int64)
        /// A floating-point number.
        case float64(Float64)
        /// Bit flags.
        case flags(UInt64)
        /// A four-character code.
        case osType(OSType)
    }

    /// The `kCMTagCategory_…` four-character code.
    package let category: OSType
    /// The value.
    public final let rawTagValue: CMTag.Value

    /// A tag of `category` holding `value`.
    package init(category: OSType, value: CMTag.Value) {
        self.category = category
        self.rawTagValue = value
    }

    /// The category's code and the value.
    public var description: String {
        let bytes = [UInt8(category >> 24), UInt8((category >> 16) & 0xFF), UInt8((category >> 8) & 0xFF),
                     UInt8(category & 0xFF)]
        let name = bytes.allSatisfy { (0x20...0x7E).contains($0) } ? String(decoding: bytes, as: UTF8.self)
            : String(category, radix: 16)
        return "CMTag(\(name): \(rawTagValue))"
    }

    /// Whether two tags have the same category and value.
    package func isSame(as other: CMTag) -> Bool { category == other.category && rawTagValue == other.rawTagValue }
}
