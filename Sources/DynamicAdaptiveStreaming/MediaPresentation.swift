/// A static MPEG-DASH media presentation description (ISO/IEC 23009-1 §5.3) of one Period: adaptation sets of
/// representations whose segments are named by a `SegmentTemplate` and timed by a `SegmentTimeline`, as a
/// segmenter writes for on-demand content. `render()` checks the values against each other and returns the XML.
package struct MediaPresentation: Hashable, Sendable {
    /// The ISOBMFF live profile (ISO/IEC 23009-1 §8.4): segments named by a template, each an initialization
    /// segment's continuation.
    package static let liveProfile = "urn:mpeg:dash:profile:isoff-live:2011"
    /// The CMAF profile (ISO/IEC 23009-1 §8.12): every representation a CMAF track, its segments CMAF segments.
    package static let cmafProfile = "urn:mpeg:dash:profile:cmaf:2019"

    /// `MPD@profiles`, in order.
    package var profiles: [String]
    /// `MPD@minBufferTime`: how much of a representation a client buffers before playing (its `@bandwidth`
    /// is computed for it, see `RepresentationBandwidth`).
    package var minBufferTime: MediaTime
    /// The Period's adaptation sets; `AdaptationSet@id` is their position.
    package var adaptationSets: [AdaptationSet]

    /// A presentation of `adaptationSets` under `profiles`.
    package init(profiles: [String] = [liveProfile, cmafProfile], minBufferTime: MediaTime,
                 adaptationSets: [AdaptationSet]) {
        self.profiles = profiles
        self.minBufferTime = minBufferTime
        self.adaptationSets = adaptationSets
    }
}

/// A non-negative time as a count of ticks of a timescale (ticks per second), kept exact.
package struct MediaTime: Hashable, Sendable {
    package var value: Int64
    package var timescale: Int64

    package init(value: Int64, timescale: Int64) {
        self.value = value
        self.timescale = timescale
    }
}

/// One adaptation set: interchangeable encodings of one content component (ISO/IEC 23009-1 §5.3.3).
package struct AdaptationSet: Hashable, Sendable {
    /// What the set carries; gives `@contentType` and `@mimeType` (fragmented MPEG-4 segments).
    package enum ContentType: String, Hashable, Sendable {
        case video
        case audio
    }

    package var contentType: ContentType
    /// `@lang`, an RFC 5646 tag, when the component has a language.
    package var language: String?
    package var representations: [Representation]

    /// A set of `contentType` made of `representations`.
    package init(contentType: ContentType, language: String? = nil, representations: [Representation]) {
        self.contentType = contentType
        self.language = language
        self.representations = representations
    }
}

/// One encoding of a component (ISO/IEC 23009-1 §5.3.5) and its segments.
package struct Representation: Hashable, Sendable {
    /// `@id`, unique in the Period and free of whitespace; `$RepresentationID$` in a template stands for it.
    package var id: String
    /// `@codecs`: the RFC 6381 string of the representation's sample entry (`avc1.64001f`, `mp4a.40.2`).
    package var codecs: String
    /// `@bandwidth` in bits per second (`RepresentationBandwidth` computes it from the segments).
    package var bandwidth: Int
    /// `@width` and `@height` of a video representation, in pixels.
    package var width: Int?
    package var height: Int?
    /// `@frameRate` of a video representation.
    package var frameRate: FrameRate?
    /// `@audioSamplingRate` of an audio representation, in hertz.
    package var audioSamplingRate: Int?
    /// The channel count, written as an `AudioChannelConfiguration` of the ISO/IEC 23003-3 scheme.
    package var audioChannelCount: Int?
    package var segmentTemplate: SegmentTemplate

    /// A representation `id` of `codecs` at `bandwidth` bits per second, segmented as `segmentTemplate` says.
    package init(id: String, codecs: String, bandwidth: Int, segmentTemplate: SegmentTemplate) {
        self.id = id
        self.codecs = codecs
        self.bandwidth = bandwidth
        self.segmentTemplate = segmentTemplate
    }
}

/// A frame rate as `@frameRate` writes it (ISO/IEC 23009-1 FrameRateType): `30` or `30000/1001`.
package struct FrameRate: Hashable, Sendable {
    package var frames: Int
    package var perSeconds: Int

    /// `frames` frames every `perSeconds` seconds (1 for a whole number of frames a second).
    package init(frames: Int, perSeconds: Int = 1) {
        self.frames = frames
        self.perSeconds = perSeconds
    }
}

/// Where a representation's segments are and when each plays (ISO/IEC 23009-1 §5.3.9.4, §5.3.9.6).
package struct SegmentTemplate: Hashable, Sendable {
    /// One media segment of the timeline: its earliest presentation time and its duration, in `timescale` ticks.
    package struct Segment: Hashable, Sendable {
        package var start: Int64
        package var duration: Int64

        package init(start: Int64, duration: Int64) {
            self.start = start
            self.duration = duration
        }
    }

    /// Ticks per second of the times below (the track's media timescale, so they are the segments' own times).
    package var timescale: Int64
    /// `@initialization`: the initialization segment's URL template (no `$Number$` or `$Time$`).
    package var initialization: String
    /// `@media`: the media segments' URL template, with `$Number$` or `$Time$`.
    package var media: String
    /// `@startNumber`: the number of the first media segment.
    package var startNumber: Int
    /// `@presentationTimeOffset`: the media time the Period starts at.
    package var presentationTimeOffset: Int64
    /// The media segments in order, written as the `SegmentTimeline`.
    package var segments: [Segment]

    /// A template of `segments` in `timescale` ticks.
    package init(timescale: Int64, initialization: String, media: String, startNumber: Int = 1,
                 presentationTimeOffset: Int64 = 0, segments: [Segment]) {
        self.timescale = timescale
        self.initialization = initialization
        self.media = media
        self.startNumber = startNumber
        self.presentationTimeOffset = presentationTimeOffset
        self.segments = segments
    }

    /// The text that stands for `name` in a template: `$` doubled (ISO/IEC 23009-1 Table 16: `$$` is a `$`).
    package static func escaped(_ name: String) -> String {
        String(name.flatMap { $0 == "$" ? ["$", "$"] : [$0] })
    }
}
