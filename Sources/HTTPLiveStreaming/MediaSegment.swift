/// One Media Segment of a media playlist: its `EXTINF` duration, its URI, and the tags that apply to it alone.
package struct MediaSegment: Hashable, Sendable {
    /// The `EXTINF` duration (rfc8216bis §4.4.4.1); it must be longer than 0.
    package var duration: PlaylistDuration
    /// The URI line: the segment's resource, relative to the playlist or absolute.
    package var uri: String
    /// The part of the resource that is the segment (`EXT-X-BYTERANGE`, §4.4.4.2), or nil for the whole resource.
    package var byteRange: ByteRange?
    /// Whether an `EXT-X-DISCONTINUITY` (§4.4.4.3) precedes the segment: it must when the file format, the tracks or
    /// the timestamp sequence change from the segment before.
    package var isDiscontinuity: Bool

    /// A segment.
    package init(duration: PlaylistDuration, uri: String, byteRange: ByteRange? = nil, isDiscontinuity: Bool = false) {
        self.duration = duration
        self.uri = uri
        self.byteRange = byteRange
        self.isDiscontinuity = isDiscontinuity
    }
}
