import CoreMedia
import Testing
@testable import MovieFile

/// Interval segment boundaries: computed in one step, however far the timeline is from the start, and refused when
/// the intervals cannot be counted (review of 586f8fd: the stepped loop hung and the Int64 conversion trapped).
@Suite("Segment boundaries")
struct SegmentBoundaryTests {
    private static func seconds(_ value: Double) -> CMTime { CMTime(seconds: value, preferredTimescale: 600) }

    @Test("the first start + N x interval later than the time, N at least 1")
    func basic() {
        let two = CMTime(value: 2, timescale: 1)
        #expect(SegmentBoundary.next(after: .zero, start: .zero, interval: two) == two)
        #expect(SegmentBoundary.next(after: two, start: .zero, interval: two) == CMTime(value: 4, timescale: 1))
        #expect(SegmentBoundary.next(after: Self.seconds(5.5), start: .zero, interval: two) == CMTime(value: 6, timescale: 1))
        #expect(SegmentBoundary.next(after: Self.seconds(-3), start: .zero, interval: two) == two)
    }

    @Test("a wall-clock timeline (1.7e9 s) and a start 10^13 s back are one step, not 10^9 or 10^13")
    func farTimelines() {
        let half = CMTime(value: 1, timescale: 2)
        let wallClock = CMTime(value: 1_700_000_000, timescale: 1)
        #expect(SegmentBoundary.next(after: wallClock, start: .zero, interval: half) == wallClock + half)
        let farStart = CMTime(value: -10_000_000_000_000, timescale: 1)
        #expect(SegmentBoundary.next(after: .zero, start: farStart, interval: half) == half)
    }

    @Test("intervals that cannot be counted give nil instead of trapping")
    func uncountable() {
        let nanosecond = CMTime(value: 1, timescale: 1_000_000_000)
        #expect(SegmentBoundary.next(after: CMTime(value: 10_000_000_000, timescale: 1), start: .zero,
                                     interval: nanosecond) == nil)
        #expect(SegmentBoundary.next(after: .zero, start: CMTime(value: -Int64.max, timescale: 1),
                                     interval: CMTime(value: 1, timescale: 1)) == nil)
        #expect(SegmentBoundary.next(after: .zero, start: .zero, interval: .zero) == nil)
    }
}
