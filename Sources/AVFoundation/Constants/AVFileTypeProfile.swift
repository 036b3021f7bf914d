/// File type profiles for streaming formats (AVMediaFormat.h): what `AVAssetWriter.outputFileTypeProfile` asks of
/// the segments a writer made with `init(contentType:)` hands its delegate.
public struct AVFileTypeProfile: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Apple HTTP Live Streaming: fragmented MPEG-4 segments, audio and video tracks muxed or not.
    public static let mpeg4AppleHLS = AVFileTypeProfile(rawValue: "MPEG4AppleHLS")
    /// The Common Media Application Format (ISO/IEC 23000-19): one track per writer, CMAF brands.
    public static let mpeg4CMAFCompliant = AVFileTypeProfile(rawValue: "MPEG4CMAFCompliant")
}
