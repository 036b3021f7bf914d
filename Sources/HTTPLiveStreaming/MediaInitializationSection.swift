/// Where a media playlist's Media Initialization Section is (`EXT-X-MAP`, rfc8216bis §4.4.4.5): for fragmented
/// MPEG-4 segments, the `ftyp` + `moov` every segment needs before it can be parsed.
package struct MediaInitializationSection: Hashable, Sendable {
    /// The resource holding the section.
    package var uri: String
    /// The part of the resource that is the section, or nil for the whole resource. Written with its offset always,
    /// which `EXT-X-MAP`'s `BYTERANGE` requires (§4.4.4.5: unlike `EXT-X-BYTERANGE`, there is no segment before it to
    /// continue from).
    package var byteRange: ByteRange?

    /// A section.
    package init(uri: String, byteRange: ByteRange? = nil) {
        self.uri = uri
        self.byteRange = byteRange
    }
}
