/// How one track relates to another; stored in the movie as a track reference (`tref`) of the same four-character
/// type (ISO/IEC 14496-12 §8.3.3, QuickTime File Format "Track Reference Atoms").
public struct AVTrackAssociationType: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    /// The associated track is an audio fallback for this one ("fall").
    public static let audioFallback = AVTrackAssociationType("fall")
    /// The associated track holds this track's chapters ("chap").
    public static let chapterList = AVTrackAssociationType("chap")
    /// The associated track holds only this track's forced subtitles ("forc").
    public static let forcedSubtitlesOnly = AVTrackAssociationType("forc")
    /// This track's selection follows the associated track's ("folw").
    public static let selectionFollower = AVTrackAssociationType("folw")
    /// The associated track is this track's timecode ("tmcd").
    public static let timecode = AVTrackAssociationType("tmcd")
    /// This metadata track describes the associated track ("cdsc").
    public static let metadataReferent = AVTrackAssociationType("cdsc")
    /// This track renders the associated track's metadata ("cdep").
    public static let renderMetadataSource = AVTrackAssociationType("cdep")
}
