import CoreMedia

/// One stretch of a track's timeline: it shows nothing (an empty edit, a gap in a composition) or media from one
/// source, starting at a media time and played at a rate.
///
/// Container tracks have one source, their own media (source 0); a composition track's segments name the source
/// track each one comes from. The asset layer reports segments as `AVAssetTrackSegment`s (`timeMapping`), and the
/// reading engine plays them span by span, so what a track says it shows and what a reader outputs come from this
/// one model.
package struct TimelineSegment: Sendable {
    /// What a non-empty segment presents.
    package struct Media: Sendable {
        /// Which of the track's media sources: 0 for a container track, an index into a composition track's sources.
        package let source: Int
        /// The first media time presented (on the source's media timeline: sample presentation times).
        package let start: CMTime
        /// Media time per track time.
        package let rate: MediaRate
        /// The source's media timescale, in which its sample times are integers.
        package let timescale: CMTimeScale

        package init(source: Int, start: CMTime, rate: MediaRate, timescale: CMTimeScale) {
            self.source = source
            self.start = start
            self.rate = rate
            self.timescale = timescale
        }
    }

    /// Where the segment lies on the track's timeline.
    package let target: CMTimeRange
    /// What it presents; nil for an empty segment.
    package let media: Media?

    package init(target: CMTimeRange, media: Media?) {
        self.target = target
        self.media = media
    }

    /// Whether the segment presents nothing.
    package var isEmpty: Bool { media == nil }
    /// Whether the segment presents media: not empty, and not played backwards (AVFoundation does not present
    /// reverse edits).
    package var isPresented: Bool { media.map { !$0.rate.isReverse } ?? false }
    /// Whether the segment plays its media at normal speed.
    package var isNormalSpeed: Bool { media?.rate.isNormal ?? true }
    /// Whether the segment shows a single sample for its whole duration.
    package var isDwell: Bool { media?.rate.isDwell ?? false }
    /// The rate (normal for an empty segment).
    package var rate: MediaRate { media?.rate ?? .normal }

    /// The track time at which media time `time` is presented: `target.start + (time − media.start) / rate`,
    /// exact whenever CMTime can hold the result; the segment's start for a dwell or an empty segment.
    package func trackTime(ofMedia time: CMTime) -> CMTime {
        guard let media, !media.rate.isDwell, !media.rate.isReverse else { return target.start }
        return target.start + media.rate.trackDuration(ofMedia: time - media.start)
    }

    /// The track time at which media tick `ticks` (in the source's media timescale) is presented.
    package func trackTime(ofMediaTicks ticks: Int64) -> CMTime {
        guard let media else { return target.start }
        return trackTime(ofMedia: CMTime(value: ticks, timescale: media.timescale))
    }

    /// A duration on the media timeline as it lasts on the track's timeline (divided by the rate).
    package func trackDuration(ofMedia duration: CMTime) -> CMTime {
        guard let media, !media.rate.isReverse else { return duration }
        return media.rate.trackDuration(ofMedia: duration)
    }

    /// The media time presented at track time `time` (the media start for a dwell); invalid for an empty segment.
    package func mediaTime(ofTrackTime time: CMTime) -> CMTime {
        guard let media else { return .invalid }
        guard !media.rate.isDwell else { return media.start }
        return media.start + media.rate.mediaDuration(ofTrack: time - target.start)
    }

    /// The segment as Apple reports it (`AVAssetTrackSegment.timeMapping`): an empty mapping for an empty segment;
    /// otherwise the source range from the media start lasting `target.duration × rate`, expressed in the source's
    /// media timescale when that is exact. A reverse segment keeps its negative source duration, which makes the
    /// range invalid, as AVFoundation does not present it.
    package var timeMapping: CMTimeMapping {
        guard let media else { return CMTimeMappingMakeEmpty(target: target) }
        let duration = media.rate.isDwell ? CMTime(value: 0, timescale: media.timescale)
            : Self.exactlyRescaled(media.rate.mediaDuration(ofTrack: target.duration), to: media.timescale)
        return CMTimeMapping(source: CMTimeRange(start: media.start, duration: duration), target: target)
    }

    /// `time` in `timescale` when that loses nothing, otherwise unchanged.
    package static func exactlyRescaled(_ time: CMTime, to timescale: CMTimeScale) -> CMTime {
        guard time.isNumeric, timescale > 0, time.timescale != timescale else { return time }
        let converted = CMTimeConvertScale(time, timescale: timescale, method: .default)
        return converted.flags.contains(.hasBeenRounded) ? time : converted
    }
}
