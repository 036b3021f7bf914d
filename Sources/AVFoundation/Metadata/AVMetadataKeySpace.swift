/// A metadata key space: the family of keys a container format uses (raw values are Apple's).
public struct AVMetadataKeySpace: RawRepresentable, Hashable, Sendable {
    /// The string value.
    public let rawValue: String
    /// A value with `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The common key space ("comn"): keys shared by every format.
    public static let common = AVMetadataKeySpace("comn")
    /// QuickTime user data ("udta").
    public static let quickTimeUserData = AVMetadataKeySpace("udta")
    /// ISO user data ("uiso"), which also holds 3GPP asset information.
    public static let isoUserData = AVMetadataKeySpace("uiso")
    /// QuickTime metadata ("mdta"): reverse-DNS keys.
    public static let quickTimeMetadata = AVMetadataKeySpace("mdta")
    /// iTunes metadata ("itsk").
    public static let iTunes = AVMetadataKeySpace("itsk")
    /// ID3 ("org.id3").
    public static let id3 = AVMetadataKeySpace("org.id3")
    /// SHOUTcast/Icy stream metadata ("icy").
    public static let icy = AVMetadataKeySpace("icy")
    /// HTTP Live Streaming date ranges ("lsdr").
    public static let hlsDateRange = AVMetadataKeySpace("lsdr")
    /// Audio-file metadata: RIFF INFO, AIFF text chunks, CAF info ("caaf").
    public static let audioFile = AVMetadataKeySpace("caaf")
}
