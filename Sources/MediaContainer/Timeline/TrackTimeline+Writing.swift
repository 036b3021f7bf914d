import CoreMedia

extension TrackTimeline {
    /// The edit list that presents this timeline: the one converter from a timeline to `elst` entries, for every
    /// writer (an asset writer's sessions, a passthrough export's recorded layout, a movie's default edit).
    ///
    /// - Durations are in `movieTimescale`, rounded at the segments' boundaries (halves away from zero), so an edit
    ///   lasts `ticks(end) − ticks(start)`: many short segments do not drift, and each boundary lands on the movie
    ///   tick nearest to where the timeline puts it.
    /// - Media times are in `mediaTimescale` ticks (the written track's), −1 for an empty edit; rates in 16.16 fixed
    ///   point (ISO/IEC 14496-12 §8.6.6.3).
    /// - Time before the first segment becomes an empty edit. A segment shorter than a movie tick leaves no edit;
    ///   neighbouring empty edits merge into one.
    ///
    /// An empty timeline gives no edits (a track written without an edit list).
    package func editList(movieTimescale: CMTimeScale, mediaTimescale: CMTimeScale) -> [EditListEntry] {
        func ticks(_ time: CMTime, _ timescale: CMTimeScale) -> Int64 {
            CMTimeConvertScale(time, timescale: timescale, method: .roundHalfAwayFromZero).value
        }
        var entries: [EditListEntry] = []
        var endTicks: Int64 = 0
        func append(_ duration: Int64, mediaTime: Int64, rateFixed: Int32) {
            guard duration > 0 else { return }
            if mediaTime < 0, let last = entries.last, last.isEmpty {
                entries[entries.count - 1].segmentDuration += duration
            } else {
                entries.append(EditListEntry(segmentDuration: duration, mediaTime: mediaTime,
                                             mediaRateFixed: rateFixed))
            }
        }
        for segment in segments {
            let start = ticks(segment.target.start, movieTimescale)
            append(start - endTicks, mediaTime: -1, rateFixed: MediaRate.normal.fixed16_16)
            let end = max(start, ticks(segment.target.end, movieTimescale))
            append(end - start, mediaTime: segment.media.map { ticks($0.start, mediaTimescale) } ?? -1,
                   rateFixed: segment.rate.fixed16_16)
            endTicks = max(endTicks, end)
        }
        return entries
    }

    /// This timeline cut at track time `end`: segments after it dropped, the one across it shortened.
    package func clipped(to end: CMTime) -> TrackTimeline {
        var kept: [TimelineSegment] = []
        for segment in segments where segment.target.start < end {
            let target = CMTimeRange(start: segment.target.start, end: min(segment.target.end, end))
            kept.append(TimelineSegment(target: target, media: segment.media))
        }
        return TrackTimeline(segments: kept, naturalTimescale: naturalTimescale)
    }
}
