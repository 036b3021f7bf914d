import CoreMedia
import MediaContainer

/// One edit of a track as the reader plays it: a stretch of the asset's timeline that shows nothing (an empty
/// edit) or shows media from `mediaStart` (media ticks) at `rate`.
struct EditSegment: Sendable {
    /// Where the edit lies on the asset's timeline.
    let target: CMTimeRange
    /// The first media time presented, in media ticks; `nil` for an empty edit.
    let mediaStart: Int64?
    /// The media rate as a 16.16 fixed-point value (0x10000 is normal speed, 0 dwells on one sample).
    let rateFixed: Int32
    /// The media timescale.
    let mediaTimescale: CMTimeScale

    /// Whether the edit presents nothing.
    var isEmpty: Bool { mediaStart == nil }
    /// Whether the edit plays its media at normal speed.
    var isNormalSpeed: Bool { rateFixed == 0x10000 }
    /// Whether the edit shows a single sample for its whole duration.
    var isDwell: Bool { rateFixed == 0 }

    /// The asset time at which media time `ticks` is presented: `target.start + (ticks − mediaStart) / rate`,
    /// exact (rational) whenever CMTime can hold the result.
    func trackTime(ofMediaTicks ticks: Int64) -> CMTime {
        trackTime(ofMedia: CMTime(value: ticks, timescale: mediaTimescale))
    }

    /// The asset time at which media time `media` is presented.
    func trackTime(ofMedia media: CMTime) -> CMTime {
        guard let mediaStart, rateFixed > 0 else { return target.start }
        let delta = media - CMTime(value: mediaStart, timescale: mediaTimescale)
        return target.start + (isNormalSpeed ? delta : Self.scale(delta, by: 0x10000, over: rateFixed))
    }

    /// A duration on the media timeline as it lasts on the asset's timeline (divided by the rate).
    func trackDuration(ofMedia duration: CMTime) -> CMTime {
        guard rateFixed > 0, !isNormalSpeed else { return duration }
        return Self.scale(duration, by: 0x10000, over: rateFixed)
    }

    /// The media time presented at asset time `time` (the start of the edit's media for a dwell edit).
    func mediaTime(ofTrackTime time: CMTime) -> CMTime {
        guard let mediaStart else { return .invalid }
        let start = CMTime(value: mediaStart, timescale: mediaTimescale)
        guard rateFixed > 0 else { return start }
        let delta = time - target.start
        return start + (isNormalSpeed ? delta : Self.scale(delta, by: rateFixed, over: 0x10000))
    }

    /// `time × multiplier / divisor` with the ratio reduced first, so that a rate such as 2.0 (0x20000 / 0x10000 =
    /// 2 / 1) keeps times exact instead of overflowing the timescale into a rounded result.
    static func scale(_ time: CMTime, by multiplier: Int32, over divisor: Int32) -> CMTime {
        var a = abs(Int64(multiplier)), b = abs(Int64(divisor))
        while b != 0 { (a, b) = (b, a % b) }
        let common = Int32(max(1, a))
        return CMTimeMultiplyByRatio(time, multiplier: multiplier / common, divisor: divisor / common)
    }
}

/// A track's edit list as the reader plays it (ISO/IEC 14496-12 §8.6.6; QuickTime File Format, "Edit list atom").
///
/// - Edits follow one another on the asset's timeline, each lasting its `segment_duration` (movie ticks).
/// - An edit with media time −1 is empty; a zero-duration edit presents nothing, except a last non-empty one,
///   which (ISO/IEC 14496-12 §8.6.6.1, for movies whose duration is not yet known) runs to the end of the media.
/// - Negative rates (reverse play) are not presented, as AVFoundation does not present them.
/// - Without an edit list the media plays once from its time 0; when the container found an encoder delay without
///   an edit list (iTunes' `iTunSMPB`), the priming and remainder are cut as Apple's players cut them: the track
///   then starts with its first presented sample at time 0.
///
/// These are the rules `AVAssetTrack.segments` follows, so what a reader outputs is what the track says it shows.
struct EditTimeline: Sendable {
    /// The edits, in timeline order, zero-duration ones left out.
    let segments: [EditSegment]
    /// The media timescale.
    let mediaTimescale: CMTimeScale

    /// The timeline of `track`, whose media ends at `mediaEnd` (media ticks: the later of the media duration and
    /// the end of the last sample presented).
    init(track: ContainerTrack, movieTimescale: CMTimeScale, mediaEnd: Int64) {
        let scale = track.mediaTimescale
        mediaTimescale = scale
        guard scale > 0 else {
            segments = []
            return
        }
        guard !track.edits.isEmpty, movieTimescale > 0 else {
            let start = max(0, min(track.priming, mediaEnd))
            let end = max(start, mediaEnd - max(0, track.remainder))
            segments = end > start ? [EditSegment(
                target: CMTimeRange(start: CMTime(value: 0, timescale: scale), duration: CMTime(value: end - start, timescale: scale)),
                mediaStart: start, rateFixed: 0x10000, mediaTimescale: scale)] : []
            return
        }
        var result: [EditSegment] = []
        var trackTime: Int64 = 0
        for (index, edit) in track.edits.enumerated() {
            var duration = edit.segmentDuration
            if duration == 0, index == track.edits.count - 1, edit.mediaTime >= 0, mediaEnd > edit.mediaTime {
                let remaining = CMTime(value: mediaEnd - edit.mediaTime, timescale: scale)
                let atRate = edit.mediaRateFixed > 0 && edit.mediaRateFixed != 0x10000
                    ? EditSegment.scale(remaining, by: 0x10000, over: edit.mediaRateFixed) : remaining
                duration = CMTimeConvertScale(atRate, timescale: movieTimescale, method: .roundHalfAwayFromZero).value
            }
            guard duration > 0 else { continue }
            let (end, overflow) = trackTime.addingReportingOverflow(duration)
            guard !overflow, end <= Int64.max / 2 else { break }
            let target = CMTimeRange(start: CMTime(value: trackTime, timescale: movieTimescale),
                                     duration: CMTime(value: duration, timescale: movieTimescale))
            trackTime = end
            if edit.mediaRateFixed < 0 { continue }
            result.append(EditSegment(target: target, mediaStart: edit.mediaTime < 0 ? nil : edit.mediaTime,
                                      rateFixed: edit.mediaRateFixed, mediaTimescale: scale))
        }
        segments = result
    }

    /// The parts of `ranges` (asset times, in increasing order) that each non-empty edit presents, in timeline order.
    func spans(covering ranges: [CMTimeRange]) -> [PresentationSpan] {
        var result: [PresentationSpan] = []
        for range in ranges where range.isValid && range.duration > .zero {
            for (index, segment) in segments.enumerated() where !segment.isEmpty {
                let overlap = CMTimeRangeGetIntersection(range, otherRange: segment.target)
                guard overlap.isValid, overlap.duration > .zero else { continue }
                result.append(PresentationSpan(segmentIndex: index, segment: segment, trackRange: overlap))
            }
        }
        return result
    }

    /// The end of the last edit that presents media, or zero.
    var end: CMTime { segments.last(where: { !$0.isEmpty })?.target.end ?? .zero }
}

/// The part of one edit that a read presents: asset times `trackRange`, showing media times
/// `mediaStart..<mediaEnd` (rational: an asset time need not fall on a media tick).
struct PresentationSpan: Sendable {
    /// Index of the edit in the timeline.
    let segmentIndex: Int
    /// The edit.
    let segment: EditSegment
    /// The asset times presented.
    let trackRange: CMTimeRange

    /// The first media time presented.
    var mediaStart: CMTime { segment.mediaTime(ofTrackTime: trackRange.start) }
    /// The media time at which presentation stops (equal to `mediaStart` for a dwell edit).
    var mediaEnd: CMTime { segment.mediaTime(ofTrackTime: trackRange.end) }

    /// The last media tick at or before `time`.
    static func floorTicks(_ time: CMTime, _ timescale: CMTimeScale) -> Int64 {
        CMTimeConvertScale(time, timescale: timescale, method: .roundTowardNegativeInfinity).value
    }

    /// The first media tick at or after `time`.
    static func ceilTicks(_ time: CMTime, _ timescale: CMTimeScale) -> Int64 {
        CMTimeConvertScale(time, timescale: timescale, method: .roundTowardPositiveInfinity).value
    }
}
