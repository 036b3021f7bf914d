import CoreMedia

/// A track's timeline: what it presents when, as segments in track-time order. The one model behind
/// `AVAssetTrack.segments`, `timeRange`, `segment(forTrackTime:)` and `samplePresentationTime(forTrackTime:)` and
/// behind what every reader output presents, so that a track shows what it says it shows.
///
/// Built from a container track's edit list and encoder delay (`TrackTimeline+EditList.swift`), from a
/// composition track's segments (AVFoundation's `CompositionTrackBacking`), or, for writing, from an asset writer's
/// sessions and a passthrough export's recorded media layout; a writer turns it into an edit list with
/// `editList(movieTimescale:mediaTimescale:)`, the one converter from timeline to `elst`. It lives here, below the
/// asset layer, so that readers and writers of every container share it.
///
/// Semantics (ISO/IEC 14496-12 §8.6.6; QuickTime File Format, "Edit list atom"; CMTimeMapping in CMTimeRange.h;
/// AVAssetTrackSegment.h):
/// - Segments follow one another on the track's timeline. An empty segment presents nothing; a media segment
///   presents its source's media from `media.start` at `media.rate` (0 dwells on one sample; a negative rate is
///   reported but not presented, as AVFoundation does not present reverse edits).
/// - `timeRange` runs from the start of the first segment that presents media to the end of the last one: leading
///   empty segments delay the track (Apple: a track whose timeRange.start > 0 "will initially present an empty
///   interval"), trailing ones present nothing. It is expressed in the natural (media) timescale when exact.
package struct TrackTimeline: Sendable {
    /// The segments, in track-time order, without zero-duration ones.
    package let segments: TimelineSegments
    /// The track's natural timescale, for expressing times without extraneous conversion.
    package let naturalTimescale: CMTimeScale

    package init(segments: TimelineSegments, naturalTimescale: CMTimeScale) {
        self.segments = segments
        self.naturalTimescale = naturalTimescale
    }

    package init(segments: [TimelineSegment], naturalTimescale: CMTimeScale) {
        self.init(segments: TimelineSegments(segments), naturalTimescale: naturalTimescale)
    }

    /// A timeline that presents nothing.
    package static let empty = TrackTimeline(segments: [], naturalTimescale: 0)

    /// The segments as Apple's time mappings.
    package var mappings: [CMTimeMapping] { segments.map(\.timeMapping) }

    /// The track's time range: from the first segment that presents media to the end of the last one; an empty
    /// range at zero when nothing is presented.
    package var timeRange: CMTimeRange {
        guard let first = segments.first(where: \.isPresented), let last = segments.last(where: \.isPresented)
        else { return CMTimeRange(start: .zero, duration: .zero) }
        return CMTimeRange(start: TimelineSegment.exactlyRescaled(first.target.start, to: naturalTimescale),
                           end: TimelineSegment.exactlyRescaled(last.target.end, to: naturalTimescale))
    }

    /// The end of the last segment that presents media, or zero.
    package var end: CMTime { segments.last(where: \.isPresented)?.target.end ?? .zero }

    /// The index of the segment whose target contains `trackTime`, else of the one closest to it; `nil` when there
    /// are no segments or the time is not numeric. O(log n): segments follow one another in track time.
    package func segmentIndex(forTrackTime trackTime: CMTime) -> Int? {
        guard !segments.isEmpty, trackTime.isNumeric else { return nil }
        let low = segments.firstIndex(endingAfter: trackTime)
        if low == segments.count { return segments.count - 1 }
        if segments[low].target.containsTime(trackTime) || low == 0 { return low }
        // Between two segments: the closer one (the earlier on a tie, as a front-to-back search finds it).
        let before = trackTime - segments[low - 1].target.end, after = segments[low].target.start - trackTime
        return before <= after ? low - 1 : low
    }

    /// The media presentation time shown at `trackTime`: the time mapped through the segment that contains it;
    /// invalid outside every segment, in an empty segment, or in one that is not presented.
    package func samplePresentationTime(forTrackTime trackTime: CMTime) -> CMTime {
        guard trackTime.isNumeric, let segment = segments.first(where: { $0.target.containsTime(trackTime) }),
              segment.isPresented
        else { return .invalid }
        return segment.mediaTime(ofTrackTime: trackTime)
    }

    /// The parts of `ranges` (track times, in increasing order) that each presented segment shows, in timeline
    /// order.
    package func spans(covering ranges: [CMTimeRange]) -> [PresentationSpan] {
        Array(PresentationSpans(segments: segments, ranges: ranges))
    }
}

/// The spans of `TrackTimeline.spans(covering:)`, made one at a time: a read walks them in order, and an edit list of
/// 3,000,000 entries made 3,000,000 spans of about 170 bytes each up front (500 MB for a passthrough export).
package struct PresentationSpans: Sequence, IteratorProtocol, Sendable {
    private let segments: TimelineSegments
    private let ranges: [CMTimeRange]
    private var rangeIndex = 0
    private var segmentIndex = 0

    /// The parts of `ranges` (track times, in increasing order) that each presented segment of `segments` shows.
    package init(segments: TimelineSegments, ranges: [CMTimeRange]) {
        self.segments = segments
        self.ranges = ranges
    }

    /// The next span, in timeline order within each range, range after range.
    package mutating func next() -> PresentationSpan? {
        while rangeIndex < ranges.count {
            let range = ranges[rangeIndex]
            if range.isValid && range.duration > .zero {
                while segmentIndex < segments.count {
                    let index = segmentIndex
                    segmentIndex += 1
                    let segment = segments[index]
                    guard segment.isPresented else { continue }
                    let overlap = CMTimeRangeGetIntersection(range, otherRange: segment.target)
                    guard overlap.isValid, overlap.duration > .zero else { continue }
                    return PresentationSpan(segmentIndex: index, segment: segment, trackRange: overlap)
                }
            }
            rangeIndex += 1
            segmentIndex = 0
        }
        return nil
    }
}
