/// An alternative Rendition (`EXT-X-MEDIA`, rfc8216bis §4.4.6.1): one member of a group of renditions of the same
/// content (the audio in English and in French; the one audio a set of video-only variants shares).
package struct Rendition: Hashable, Sendable {
    /// `TYPE`. Closed captions are not offered: they are not a rendition with a playlist of their own.
    package enum MediaType: String, Hashable, Sendable {
        /// Audio; the group is named by a variant's `AUDIO`.
        case audio = "AUDIO"
        /// Video; the group is named by a variant's `VIDEO`.
        case video = "VIDEO"
        /// Subtitles; the group is named by a variant's `SUBTITLES`. Needs a URI (§4.4.6.2.1).
        case subtitles = "SUBTITLES"
    }

    /// `TYPE`.
    package var type: MediaType
    /// `GROUP-ID`: the group the rendition belongs to.
    package var groupID: String
    /// `NAME`: a human-readable description, different from every other member's of the group (§4.4.6.1.1).
    package var name: String
    /// `LANGUAGE`: an RFC 5646 language tag, or nil.
    package var language: String?
    /// `DEFAULT`: the client plays it unless the user chose otherwise; at most one per group (§4.4.6.1.1).
    package var isDefault: Bool
    /// `AUTOSELECT`: the client may choose it to match the playback environment; must be true when `isDefault` is
    /// (§4.4.6.1).
    package var isAutoselect: Bool
    /// `CHANNELS`' first parameter: the most audio channels in any segment. Audio only; §4.4.6.1 says every audio
    /// rendition SHOULD have it.
    package var channelCount: Int?
    /// `URI`: the rendition's media playlist, or nil when its media is in the variant's own playlist (audio and
    /// video only, §4.4.6.2.1).
    package var uri: String?

    /// A rendition.
    package init(type: MediaType, groupID: String, name: String, language: String? = nil, isDefault: Bool = false,
                 isAutoselect: Bool = false, channelCount: Int? = nil, uri: String?) {
        self.type = type
        self.groupID = groupID
        self.name = name
        self.language = language
        self.isDefault = isDefault
        self.isAutoselect = isAutoselect
        self.channelCount = channelCount
        self.uri = uri
    }
}
