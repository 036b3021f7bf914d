/// A Variant Stream (`EXT-X-STREAM-INF` and the URI line after it, rfc8216bis §4.4.6.2): one version of the
/// presentation, at one bit rate, that a client can switch to.
package struct VariantStream: Hashable, Sendable {
    /// `RESOLUTION`: the optimal display size in pixels.
    package struct Resolution: Hashable, Sendable {
        /// Width in pixels.
        package var width: Int
        /// Height in pixels.
        package var height: Int

        /// `width`×`height`.
        package init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// The URI line: the media playlist of the variant's main rendition.
    package var uri: String
    /// `BANDWIDTH`: the peak segment bit rate in bits per second. When the variant plays a group of renditions, it is
    /// the largest sum over any playable combination (§4.4.6.2): the video's peak plus the largest audio peak.
    /// `SegmentBitRates` computes a playlist's.
    package var bandwidth: Int
    /// `AVERAGE-BANDWIDTH`: the average segment bit rate, summed the same way, or nil.
    package var averageBandwidth: Int?
    /// `CODECS`: an RFC 6381 format per sample type in any rendition the variant plays (§4.4.6.1.1: a group's every
    /// format). Empty leaves the attribute out, which §4.4.6.2 says every variant SHOULD have. `CodecString` makes
    /// them.
    package var codecs: [String]
    /// `RESOLUTION`, or nil.
    package var resolution: Resolution?
    /// `FRAME-RATE`: the maximum frame rate of the video, written rounded to three decimals, or nil.
    package var frameRate: Double?
    /// `AUDIO`: the `GROUP-ID` of the audio renditions to play with it, or nil.
    package var audioGroupID: String?
    /// `VIDEO`: the `GROUP-ID` of the video renditions, or nil.
    package var videoGroupID: String?
    /// `SUBTITLES`: the `GROUP-ID` of the subtitle renditions, or nil.
    package var subtitlesGroupID: String?

    /// A variant.
    package init(uri: String, bandwidth: Int, averageBandwidth: Int? = nil, codecs: [String] = [],
                 resolution: Resolution? = nil, frameRate: Double? = nil, audioGroupID: String? = nil,
                 videoGroupID: String? = nil, subtitlesGroupID: String? = nil) {
        self.uri = uri
        self.bandwidth = bandwidth
        self.averageBandwidth = averageBandwidth
        self.codecs = codecs
        self.resolution = resolution
        self.frameRate = frameRate
        self.audioGroupID = audioGroupID
        self.videoGroupID = videoGroupID
        self.subtitlesGroupID = subtitlesGroupID
    }

    /// The groups the variant names, with the attribute that names each.
    var groupReferences: [(attribute: String, type: Rendition.MediaType, groupID: String)] {
        [("AUDIO", .audio, audioGroupID), ("VIDEO", .video, videoGroupID), ("SUBTITLES", .subtitles, subtitlesGroupID)]
            .compactMap { attribute, type, groupID in groupID.map { (attribute, type, $0) } }
    }
}
