/// A metadata identifier: a key space and a key in one string, "keySpace/key" ("common/title",
/// "udta/%A9nam", "mdta/com.apple.quicktime.title"), with bytes of the key outside printable ASCII and '%' escaped
/// as %XX. `AVMetadataItem.identifier(forKey:keySpace:)` makes one from any key.
public struct AVMetadataIdentifier: RawRepresentable, Hashable, Sendable {
    /// The string value.
    public let rawValue: String
    /// A value with `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}
