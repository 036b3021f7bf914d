import CoreMedia

/// Where interval segments end: the boundaries `start` + N × `interval`, N ≥ 1 (AVAssetWriter.h's rule). Shared by
/// the muxer, which cuts at the first sync sample at or past a boundary, and by a video encoder, which makes the first
/// frame at or past one a sync frame.
package enum SegmentBoundary {
    /// The first boundary later than `time`, or `nil` when it cannot be represented (a time or interval so far out
    /// that the count of intervals overflows). Computed in one step in the interval's timescale, so a timeline that
    /// starts at a wall-clock time costs no more than one that starts at zero.
    package static func next(after time: CMTime, start: CMTime, interval: CMTime) -> CMTime? {
        guard time.isNumeric, start.isNumeric, interval.isNumeric, interval > .zero else { return nil }
        let elapsed = CMTimeSubtract(time, start)
        guard elapsed.isNumeric else { return nil }
        guard elapsed >= .zero else { return CMTimeAdd(start, interval) }
        let ratio = (elapsed.seconds / interval.seconds).rounded(.down)
        guard ratio.isFinite, ratio < 0x1p52 else { return nil }
        let count = Int64(ratio) + 1
        let (value, overflow) = interval.value.multipliedReportingOverflow(by: count)
        guard !overflow else { return nil }
        var boundary = CMTimeAdd(start, CMTime(value: value, timescale: interval.timescale))
        // The Double count can be one off either way; two steps settle it.
        for _ in 0..<2 where boundary <= time { boundary = CMTimeAdd(boundary, interval) }
        guard boundary.isNumeric, boundary > time else { return nil }
        return boundary
    }
}
