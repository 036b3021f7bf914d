/// A metadata key: a key of one key space, such as "title" (common), "@nam" (QuickTime user data, where Apple
/// spells the © byte as @) or "com.apple.quicktime.title" (QuickTime metadata).
public struct AVMetadataKey: RawRepresentable, Hashable, Sendable {
    /// The string value.
    public let rawValue: String
    /// A value with `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}
