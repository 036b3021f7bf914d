/// A metadata format: the kind of container storage a set of metadata items came from (raw values are Apple's).
public struct AVMetadataFormat: RawRepresentable, Hashable, Sendable {
    /// The string value.
    public let rawValue: String
    /// A value with `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// QuickTime user data ("com.apple.quicktime.udta").
    public static let quickTimeUserData = AVMetadataFormat(rawValue: "com.apple.quicktime.udta")
    /// ISO user data ("org.mp4ra").
    public static let isoUserData = AVMetadataFormat(rawValue: "org.mp4ra")
    /// QuickTime metadata ("com.apple.quicktime.mdta").
    public static let quickTimeMetadata = AVMetadataFormat(rawValue: "com.apple.quicktime.mdta")
    /// iTunes metadata ("com.apple.itunes").
    public static let iTunesMetadata = AVMetadataFormat(rawValue: "com.apple.itunes")
    /// ID3 ("org.id3").
    public static let id3Metadata = AVMetadataFormat(rawValue: "org.id3")
    /// HTTP Live Streaming metadata ("com.apple.quicktime.HLS").
    public static let hlsMetadata = AVMetadataFormat(rawValue: "com.apple.quicktime.HLS")
    /// A format AVFoundation has no name for ("public.unknown").
    public static let unknown = AVMetadataFormat(rawValue: "public.unknown")
}
