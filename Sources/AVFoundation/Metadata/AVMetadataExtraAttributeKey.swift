/// A key of `AVMetadataItem.extraAttributes`: details of how an item is carried in its container.
public struct AVMetadataExtraAttributeKey: RawRepresentable, Hashable, Sendable {
    /// The string value.
    public let rawValue: String
    /// A value with `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The URL of the value, for ID3 URL frames ("URL").
    public static let valueURIKey = AVMetadataExtraAttributeKey("URL")
    /// The base URL that relative URLs resolve against ("baseURL").
    public static let baseURIKey = AVMetadataExtraAttributeKey("baseURL")
    /// Free-form information accompanying the value, such as an ID3 comment's description ("info").
    public static let infoKey = AVMetadataExtraAttributeKey("info")
}
