import CoreMedia
import MediaContainer

/// A track's edit list as time mappings from the media timeline (sample presentation times) onto the track
/// timeline, which is what `AVAssetTrack.segments`, `timeRange`, `segment(forTrackTime:)` and
/// `samplePresentationTime(forTrackTime:)` report.
///
/// Semantics (ISO/IEC 14496-12 §8.6.6 "Edit list box"; QuickTime File Format "Edit list atom"; CMTimeMapping in
/// CMTimeRange.h; AVAssetTrackSegment.h):
/// - Edits play one after another on the track timeline, each for `segment_duration` movie ticks.
/// - An edit with `media_time` −1 is empty: nothing is presented; its mapping has an invalid source range
///   (`CMTimeMappingMakeEmpty`), so `isEmpty` is true.
/// - Any other edit presents media from `media_time` (media ticks) at `media_rate`: the source range starts there and
///   lasts `segment_duration × media_rate` (Apple: "if source.duration != target.duration, the media is played at
///   rate source.duration / target.duration"). Rate 0 dwells on one frame: a zero-duration source.
/// - Without an edit list the whole media plays once from time 0: one mapping of [0, media duration] onto itself.
///
/// Choices where the specifications are silent, recorded here:
/// - Target ranges are in the movie timescale, as the file stores them. A source duration at rate 1 is expressed in
///   the media timescale when that is exact, otherwise in the movie timescale (CMTime compares rationally, so both
///   are the same duration); without an edit list both ranges are in the media timescale.
/// - An edit of zero duration presents nothing and is left out, except a last, non-empty one: ISO/IEC 14496-12
///   §8.6.6.1 lets a movie whose duration is unknown (fragmented) end with a zero-duration edit meaning "until the
///   end of the media", so that edit runs to the media's end.
/// - Negative media rates (reverse play) keep their negative source duration, which makes the source range invalid:
///   AVFoundation does not present such edits, and neither does `samplePresentationTime(forTrackTime:)`.
/// - `timeRange` runs from the start of the first edit that presents media to the end of the last one: leading
///   empty edits delay the track (Apple: a track whose timeRange.start > 0 "will initially present an empty
///   interval"), trailing ones present nothing. It is expressed in the media timescale when exact.
struct TrackTimeline: Sendable {
    /// The time mappings, in track-time order.
    let mappings: [CMTimeMapping]
    /// The media timescale, for expressing times without extraneous conversion.
    let mediaTimescale: CMTimeScale

    /// The timeline of an edit list. `mediaEnd` is the end of the media in media ticks (the media duration, or the
    /// end of the last sample for fragmented media whose header duration is zero).
    init(edits: [EditListEntry], movieTimescale: CMTimeScale, mediaTimescale: CMTimeScale, mediaEnd: Int64) {
        self.mediaTimescale = mediaTimescale
        guard mediaTimescale > 0 else {
            mappings = []
            return
        }
        guard !edits.isEmpty else {
            guard mediaEnd > 0 else {
                mappings = []
                return
            }
            let range = CMTimeRange(start: CMTime(value: 0, timescale: mediaTimescale),
                                    duration: CMTime(value: mediaEnd, timescale: mediaTimescale))
            mappings = [CMTimeMapping(source: range, target: range)]
            return
        }
        guard movieTimescale > 0 else {
            mappings = []
            return
        }
        var result: [CMTimeMapping] = []
        var trackTime: Int64 = 0
        for (index, edit) in edits.enumerated() {
            var duration = edit.segmentDuration
            let isLast = index == edits.count - 1
            if duration == 0, isLast, edit.mediaTime >= 0, mediaEnd > edit.mediaTime {
                // "Until the end of the media": the remaining media at this edit's rate, in movie ticks.
                let remaining = CMTime(value: mediaEnd - edit.mediaTime, timescale: mediaTimescale)
                let atRate = edit.mediaRateFixed > 0 && edit.mediaRateFixed != 0x10000
                    ? CMTimeMultiplyByRatio(remaining, multiplier: 0x10000, divisor: edit.mediaRateFixed) : remaining
                duration = CMTimeConvertScale(atRate, timescale: movieTimescale, method: .roundHalfAwayFromZero).value
            }
            guard duration > 0 else { continue }
            let (end, overflow) = trackTime.addingReportingOverflow(duration)
            guard !overflow, end <= Int64.max / 2 else { break }
            let target = CMTimeRange(start: CMTime(value: trackTime, timescale: movieTimescale),
                                     duration: CMTime(value: duration, timescale: movieTimescale))
            trackTime = end
            if edit.mediaTime < 0 {
                result.append(CMTimeMappingMakeEmpty(target: target))
                continue
            }
            let sourceStart = CMTime(value: edit.mediaTime, timescale: mediaTimescale)
            let sourceDuration = Self.sourceDuration(of: target.duration, rateFixed: edit.mediaRateFixed,
                                                     mediaTimescale: mediaTimescale)
            result.append(CMTimeMapping(source: CMTimeRange(start: sourceStart, duration: sourceDuration),
                                        target: target))
        }
        mappings = result
    }

    /// `duration × rate` (rate in 16.16 fixed point), in the media timescale when exact.
    private static func sourceDuration(of duration: CMTime, rateFixed: Int32, mediaTimescale: CMTimeScale) -> CMTime {
        switch rateFixed {
        case 0x10000: return exactlyRescaled(duration, to: mediaTimescale)
        case 0: return CMTime(value: 0, timescale: mediaTimescale)
        default:
            return exactlyRescaled(CMTimeMultiplyByRatio(duration, multiplier: rateFixed, divisor: 0x10000),
                                   to: mediaTimescale)
        }
    }

    /// `time` in `timescale` when that loses nothing, otherwise unchanged.
    static func exactlyRescaled(_ time: CMTime, to timescale: CMTimeScale) -> CMTime {
        guard time.isNumeric, timescale > 0, time.timescale != timescale else { return time }
        let converted = CMTimeConvertScale(time, timescale: timescale, method: .default)
        return converted.flags.contains(.hasBeenRounded) ? time : converted
    }

    /// The track's time range: from the first edit that presents media to the end of the last one.
    var timeRange: CMTimeRange {
        guard let first = mappings.first(where: { !$0.isEmpty }),
              let last = mappings.last(where: { !$0.isEmpty })
        else { return CMTimeRange(start: .zero, duration: .zero) }
        let start = Self.exactlyRescaled(first.target.start, to: mediaTimescale)
        let end = Self.exactlyRescaled(last.target.end, to: mediaTimescale)
        return CMTimeRange(start: start, end: end)
    }

    /// The index of the mapping whose target contains `trackTime`, else of the one closest to it; `nil` when there
    /// are no mappings or the time is not numeric.
    func mappingIndex(forTrackTime trackTime: CMTime) -> Int? {
        guard !mappings.isEmpty, trackTime.isNumeric else { return nil }
        if let index = mappings.firstIndex(where: { $0.target.containsTime(trackTime) }) { return index }
        var best = 0
        var bestDistance = CMTime.positiveInfinity
        for (index, mapping) in mappings.enumerated() {
            let distance = trackTime < mapping.target.start ? mapping.target.start - trackTime
                : trackTime - mapping.target.end
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }

    /// The media presentation time shown at `trackTime`: the time mapped through the edit that contains it; invalid
    /// outside every edit, in an empty edit, or for an edit with an invalid source range.
    func samplePresentationTime(forTrackTime trackTime: CMTime) -> CMTime {
        guard trackTime.isNumeric,
              let mapping = mappings.first(where: { $0.target.containsTime(trackTime) }),
              !mapping.isEmpty, mapping.source.isValid
        else { return .invalid }
        if mapping.source.duration == .zero { return mapping.source.start }
        return CMTimeMapTimeFromRangeToRange(trackTime, fromRange: mapping.target, toRange: mapping.source)
    }
}
