/// A Media Playlist (rfc8216bis §4.4.3, §4.4.4) of fragmented MPEG-4 or other segments: the list a client plays one
/// rendition from. `render()` writes it; the version and the target duration follow from the contents.
package struct MediaPlaylist: Hashable, Sendable {
    /// `EXT-X-PLAYLIST-TYPE` (§4.4.3.5): how the playlist may change.
    package enum PlaylistType: String, Hashable, Sendable {
        /// Segments are only ever added at the end.
        case event = "EVENT"
        /// The playlist never changes.
        case vod = "VOD"
    }

    /// `EXT-X-MEDIA-SEQUENCE` (§4.4.3.2): the Media Sequence Number of the first segment.
    package var mediaSequenceNumber: Int
    /// `EXT-X-PLAYLIST-TYPE`, or nil for a playlist that may change in any way §6.2.1 allows (live).
    package var playlistType: PlaylistType?
    /// `EXT-X-INDEPENDENT-SEGMENTS` (§4.4.2.1): every segment decodes without the others (each starts with a sync
    /// sample). Leave it out of media playlists whose multivariant playlist carries it (§4.4.2.1 says SHOULD NOT).
    package var hasIndependentSegments: Bool
    /// `EXT-X-I-FRAMES-ONLY` (§4.4.3.6): each segment is one I-frame, lasting until the next one.
    package var isIFramesOnly: Bool
    /// `EXT-X-MAP`: the Media Initialization Section of every segment, or nil when segments carry their own.
    package var initializationSection: MediaInitializationSection?
    /// The segments, in playback order.
    package var segments: [MediaSegment]
    /// `EXT-X-ENDLIST` (§4.4.3.4): no segment will be added.
    package var isEnded: Bool

    /// A playlist.
    package init(mediaSequenceNumber: Int = 0, playlistType: PlaylistType? = nil, hasIndependentSegments: Bool = false,
                 isIFramesOnly: Bool = false, initializationSection: MediaInitializationSection? = nil,
                 segments: [MediaSegment] = [], isEnded: Bool = false) {
        self.mediaSequenceNumber = mediaSequenceNumber
        self.playlistType = playlistType
        self.hasIndependentSegments = hasIndependentSegments
        self.isIFramesOnly = isIFramesOnly
        self.initializationSection = initializationSection
        self.segments = segments
        self.isEnded = isEnded
    }

    /// `EXT-X-TARGETDURATION` (§4.4.3.1): the longest `EXTINF` duration rounded up to whole seconds, and at least 1.
    ///
    /// Rounding up rather than to the nearest second: §4.4.3.1 only asks that every duration, rounded to the nearest
    /// integer, be at most the target, which the ceiling always satisfies; and in protocol versions 5 and below the
    /// target is the maximum duration itself (§8), which only the ceiling satisfies. The durations are the ones
    /// written (whole microseconds), so a value a hair above a whole second in floating point does not add a second.
    /// §4.4.3.1 requires at least 1, which also covers a playlist with no segment yet.
    package var targetDuration: Int { Self.targetDuration(for: segments.map(\.duration)) }

    /// The target duration `targetDuration` gives a playlist whose segments last `durations`; for computing bit rates
    /// (`SegmentBitRates`) of segments not in a playlist.
    package static func targetDuration(for durations: [PlaylistDuration]) -> Int {
        // wholeSecondsRoundedUp ≤ Limits.maximumDurationSeconds, which fits an Int.
        max(1, Int(durations.map(\.wholeSecondsRoundedUp).max() ?? 1))
    }

    /// `EXT-X-VERSION`: the lowest protocol version the playlist's contents allow (rfc8216bis §8, and each tag's own
    /// section):
    ///
    /// - 3, for every playlist: `EXTINF` durations are always written as decimal-floating-point, which versions
    ///   below 3 do not allow (§4.4.4.1, §8).
    /// - 4, with an `EXT-X-BYTERANGE` (§4.4.4.2) or `EXT-X-I-FRAMES-ONLY` (§4.4.3.6).
    /// - 5, with `EXT-X-MAP` in an I-frames-only playlist; 6 with `EXT-X-MAP` in any other (§4.4.4.5, §8; RFC 8216
    ///   §4.3.2.5 and §7 say the same). So a fragmented MPEG-4 media playlist is version 6. Version 7 adds nothing a
    ///   media playlist written here uses (its one rule, `INSTREAM-ID` "SERVICE" values, is for multivariant
    ///   playlists).
    package var version: Int {
        var version = 3
        if isIFramesOnly || segments.contains(where: { $0.byteRange != nil }) { version = 4 }
        if initializationSection != nil { version = isIFramesOnly ? max(version, 5) : 6 }
        return version
    }
}
