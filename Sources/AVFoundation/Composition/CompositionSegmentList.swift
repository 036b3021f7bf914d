import CoreMedia
import MediaContainer

/// The segments of one composition track and the edits `AVMutableCompositionTrack` and `AVMutableComposition` make
/// to them (AVCompositionTrack.h, AVMutableCompositionTrack.h):
///
/// - Segments follow one another without gaps from time zero: each target starts where the previous one ends.
/// - Inserting pushes what lies at and after the insertion time later by the inserted duration; a segment the
///   insertion time falls inside is split there. Inserting past the end first fills the gap with an empty segment.
/// - Removing cuts the range out and pulls what follows earlier; removing past the end removes nothing there.
/// - Scaling stretches or squeezes the segments inside a range (splitting those the range's ends fall inside) so
///   the range lasts the new duration: their media plays faster or slower, and what follows moves by the change.
/// - Adjacent empty segments are merged into one.
struct CompositionSegmentList: Sendable {
    private(set) var segments: [CompositionSegment]

    init(_ segments: [CompositionSegment] = []) {
        self.segments = segments
    }

    /// The end of the last segment: the track's duration.
    var end: CMTime { segments.last?.target.end ?? .zero }

    /// Inserts `inserted` (segments whose targets run from time zero without gaps) at `time`.
    mutating func insert(_ inserted: [CompositionSegment], at time: CMTime) {
        guard let last = inserted.last, last.target.end > .zero else { return }
        let duration = last.target.end
        if time > end {
            segments.append(CompositionSegment(target: CMTimeRange(start: end, end: time), media: nil))
        }
        let index = cut(at: time)
        let moved = segments[index...].map { $0.shifted(by: duration) }
        segments = Array(segments[..<index]) + inserted.map { $0.shifted(by: time) } + moved
        mergeEmpty()
    }

    /// Inserts an empty segment over `range`.
    mutating func insertEmpty(_ range: CMTimeRange) {
        insert([CompositionSegment(target: CMTimeRange(start: .zero, duration: range.duration), media: nil)],
               at: range.start)
    }

    /// Removes `range` and moves what follows it earlier.
    mutating func remove(_ range: CMTimeRange) {
        let clipped = CMTimeRangeGetIntersection(range, otherRange: CMTimeRange(start: .zero, end: end))
        guard clipped.isValid, clipped.duration > .zero else { return }
        let first = cut(at: clipped.start)
        let after = cut(at: clipped.end)
        let moved = segments[after...].map { $0.shifted(by: .zero - clipped.duration) }
        segments = Array(segments[..<first]) + moved
        mergeEmpty()
    }

    /// Scales the segments within `range` so that it lasts `duration`; what follows moves by the change.
    mutating func scale(_ range: CMTimeRange, to duration: CMTime) {
        let clipped = CMTimeRangeGetIntersection(range, otherRange: CMTimeRange(start: .zero, end: end))
        guard clipped.isValid, clipped.duration > .zero, duration.isNumeric, duration > .zero,
              let factor = MediaRate(source: duration, target: clipped.duration) else { return }
        let first = cut(at: clipped.start)
        let after = cut(at: clipped.end)
        var position = clipped.start
        var scaled: [CompositionSegment] = []
        for (offset, segment) in segments[first..<after].enumerated() {
            // The last one ends exactly at start + duration, whatever rounding the others needed.
            let isLast = first + offset == after - 1
            let newDuration = isLast ? clipped.start + duration - position
                : factor.mediaDuration(ofTrack: segment.target.duration)
            scaled.append(segment.retimed(start: position, duration: newDuration))
            position = position + newDuration
        }
        let change = duration - clipped.duration
        let moved = segments[after...].map { $0.shifted(by: change) }
        segments = Array(segments[..<first]) + scaled + moved
        mergeEmpty()
    }

    /// Splits the segment `time` falls strictly inside; returns the index of the first segment starting at or after
    /// `time` (the count when none does).
    private mutating func cut(at time: CMTime) -> Int {
        guard let index = segments.firstIndex(where: { $0.target.end > time }) else { return segments.count }
        let segment = segments[index]
        guard segment.target.start < time else { return index }
        let (before, after) = segment.split(at: time)
        segments.replaceSubrange(index...index, with: [before, after])
        return index + 1
    }

    /// Merges runs of adjacent empty segments.
    private mutating func mergeEmpty() {
        var merged: [CompositionSegment] = []
        for segment in segments where segment.target.duration > .zero {
            if segment.isEmpty, let last = merged.last, last.isEmpty {
                merged[merged.count - 1].target = CMTimeRange(start: last.target.start, end: segment.target.end)
            } else {
                merged.append(segment)
            }
        }
        segments = merged
    }
}

extension CompositionSegmentList {
    /// Why `segments` do not follow a composition track's timing rules (AVCompositionTrack.h: the first target
    /// starts at zero, each next one where the previous ends; AVError's -11824…-11827), naming the segment; nil
    /// when they do.
    static func problem(with segments: [AVCompositionTrackSegment]) -> AVError? {
        var expectedStart = CMTime.zero
        for (index, segment) in segments.enumerated() {
            let mapping = segment.timeMapping
            let target = mapping.target
            guard target.start.isNumeric, target.duration.isNumeric, target.duration > .zero else {
                return AVError(.invalidCompositionTrackSegmentDuration,
                               "segment \(index) has target \(target.descriptionText): a segment's target must "
                               + "have a numeric start and a positive numeric duration")
            }
            guard target.start == expectedStart else {
                return AVError(.compositionTrackSegmentsNotContiguous, "segment \(index)'s target starts at "
                               + "\(target.start.messageSeconds) s, not at \(expectedStart.messageSeconds) s where "
                               + (index == 0 ? "a track starts" : "segment \(index - 1) ends")
                               + ": segments must follow one another from time zero without gaps or overlaps")
            }
            expectedStart = target.end
            guard !segment.isEmpty else { continue }
            guard mapping.source.start.isNumeric else {
                return AVError(.invalidCompositionTrackSegmentSourceStartTime,
                               "segment \(index) (\(segment.sourceName)) has source start "
                               + "\(mapping.source.start.descriptionText), which is not a numeric time")
            }
            guard mapping.source.duration.isNumeric, mapping.source.duration >= .zero else {
                return AVError(.invalidCompositionTrackSegmentSourceDuration,
                               "segment \(index) (\(segment.sourceName)) has source duration "
                               + "\(mapping.source.duration.descriptionText), which is not a numeric time ≥ 0")
            }
        }
        return nil
    }
}
