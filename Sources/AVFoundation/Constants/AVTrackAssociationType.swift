// Apple's header declares `AVTrackAssociationType` as a string enum whose Swift name is `AVAssetTrack.AssociationType`,
// so in Swift the type is only reachable nested in AVAssetTrack; the C name is kept for our own code.

/// The C name of `AVAssetTrack.AssociationType`, for this package's own code (Swift on Apple platforms spells it only
/// as the nested type).
package typealias AVTrackAssociationType = AVAssetTrack.AssociationType

extension AVAssetTrack {
    /// How one track relates to another; stored in the movie as a track reference (`tref`) of the same four-character
    /// type (ISO/IEC 14496-12 §8.3.3, QuickTime File Format "Track Reference Atoms").
    public struct AssociationType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        package init(_ rawValue: String) { self.rawValue = rawValue }

        /// The associated track is an audio fallback for this one ("fall").
        public static let audioFallback = AssociationType("fall")
        /// The associated track holds this track's chapters ("chap").
        public static let chapterList = AssociationType("chap")
        /// The associated track holds only this track's forced subtitles ("forc").
        public static let forcedSubtitlesOnly = AssociationType("forc")
        /// This track's selection follows the associated track's ("folw").
        public static let selectionFollower = AssociationType("folw")
        /// The associated track is this track's timecode ("tmcd").
        public static let timecode = AssociationType("tmcd")
        /// This metadata track describes the associated track ("cdsc").
        public static let metadataReferent = AssociationType("cdsc")
        /// This track renders the associated track's metadata ("cdep").
        public static let renderMetadataSource = AssociationType("cdep")
    }
}
