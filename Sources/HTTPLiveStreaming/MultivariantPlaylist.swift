/// A Multivariant Playlist (rfc8216bis §4.4.6; RFC 8216's "master playlist"): the variants a client chooses among,
/// and the renditions they share. `render()` writes it.
package struct MultivariantPlaylist: Hashable, Sendable {
    /// `EXT-X-INDEPENDENT-SEGMENTS` (§4.4.2.1): every segment of every media playlist decodes on its own. Media
    /// playlists referenced from here SHOULD NOT repeat it.
    package var hasIndependentSegments: Bool
    /// The `EXT-X-MEDIA` tags, written in this order before the variants.
    package var renditions: [Rendition]
    /// The `EXT-X-STREAM-INF` tags and their URI lines, in this order; at least one.
    package var variants: [VariantStream]

    /// A playlist.
    package init(hasIndependentSegments: Bool = false, renditions: [Rendition] = [], variants: [VariantStream]) {
        self.hasIndependentSegments = hasIndependentSegments
        self.renditions = renditions
        self.variants = variants
    }

    /// `EXT-X-VERSION`, or nil for version 1, when the tag is left out (§4.4.1.2 requires it only for contents
    /// version 1 cannot carry).
    ///
    /// Nothing written here requires more than version 1 (rfc8216bis §8: the only multivariant rule, version 7, is for
    /// `INSTREAM-ID` "SERVICE" values). With renditions, 4: §8 says `EXT-X-MEDIA` and the `AUDIO`, `VIDEO` and
    /// `SUBTITLES` attributes are backward compatible to version 1 "but playback on older clients may not be
    /// desirable" and that a server MAY indicate 4 or higher; a client that ignores `EXT-X-MEDIA` would play a
    /// video-only variant without its audio group, so the playlist says it needs a client that knows them.
    package var version: Int? { renditions.isEmpty ? nil : 4 }
}
