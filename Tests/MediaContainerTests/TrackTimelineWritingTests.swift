import CoreMedia
import Foundation
import MediaContainer
import Testing

/// The one converter from a timeline to `elst` entries (ISO/IEC 14496-12 §8.6.6): what every writer (an asset
/// writer's sessions, a passthrough export's recorded layout, a movie's default edit) writes.
@Suite("Track timeline: written back as an edit list")
struct TrackTimelineWritingTests {
    private static func time(_ value: Int64, _ timescale: CMTimeScale) -> CMTime {
        CMTime(value: value, timescale: timescale)
    }

    private static func media(_ start: CMTime, rate: MediaRate = .normal, timescale: CMTimeScale = 600)
        -> TimelineSegment.Media {
        TimelineSegment.Media(source: 0, start: start, rate: rate, timescale: timescale)
    }

    @Test("an edit list read into a timeline is written back as it was, for every reading case but the open-ended one",
          arguments: timelineCases.filter { !$0.edits.isEmpty && !$0.edits.contains { $0.segmentDuration == 0 } })
    func roundTrip(_ testCase: TimelineCase) {
        let timeline = TrackTimeline(edits: testCase.edits, movieTimescale: testCase.movieTimescale,
                                     mediaTimescale: testCase.mediaTimescale, mediaEnd: testCase.mediaEnd)
        #expect(timeline.editList(movieTimescale: testCase.movieTimescale, mediaTimescale: testCase.mediaTimescale)
                == testCase.edits)
    }

    @Test("§8.6.6.1's open-ended last edit is written with the duration it was read to have")
    func openEnded() {
        let timeline = TrackTimeline(edits: [EditListEntry(segmentDuration: 0, mediaTime: 1024)], movieTimescale: 1000,
                                     mediaTimescale: 15360, mediaEnd: 16384)
        #expect(timeline.editList(movieTimescale: 1000, mediaTimescale: 15360)
                == [EditListEntry(segmentDuration: 1000, mediaTime: 1024)])
    }

    @Test("durations are rounded at the boundaries: three thirds of a second last 333, 334 and 333 ms, not 999")
    func boundaryRounding() {
        let third = Self.time(1, 3)
        let segments = (0..<3).map { index in
            let start = CMTimeMultiply(third, multiplier: Int32(index))
            return TimelineSegment(target: CMTimeRange(start: start, duration: third),
                                   media: Self.media(start, timescale: 48000))
        }
        let edits = TrackTimeline(segments: segments, naturalTimescale: 48000)
            .editList(movieTimescale: 1000, mediaTimescale: 48000)
        #expect(edits.map(\.segmentDuration) == [333, 334, 333])
        #expect(edits.map(\.mediaTime) == [0, 16000, 32000])
        #expect(edits.reduce(0) { $0 + $1.segmentDuration } == 1000, "the sum is the timeline's length")
    }

    @Test("time before the first segment is an empty edit; neighbouring empty segments merge; sub-tick ones vanish")
    func emptiesAndGaps() {
        let segments = [
            TimelineSegment(target: CMTimeRange(start: Self.time(300, 600), duration: Self.time(300, 600)),
                            media: Self.media(Self.time(0, 600))),
            TimelineSegment(target: CMTimeRange(start: Self.time(600, 600), duration: Self.time(100, 600)), media: nil),
            // Shorter than a movie tick at 600/s: leaves no edit, so the empties around it become one.
            TimelineSegment(target: CMTimeRange(start: Self.time(700, 600), duration: Self.time(1, 48000)),
                            media: Self.media(Self.time(300, 600))),
            TimelineSegment(target: CMTimeRange(start: Self.time(700, 600) + Self.time(1, 48000),
                                                end: Self.time(900, 600)), media: nil),
            TimelineSegment(target: CMTimeRange(start: Self.time(900, 600), duration: Self.time(600, 600)),
                            media: Self.media(Self.time(600, 600))),
        ]
        let edits = TrackTimeline(segments: segments, naturalTimescale: 600).editList(movieTimescale: 600,
                                                                                     mediaTimescale: 600)
        #expect(edits == [
            EditListEntry(segmentDuration: 300, mediaTime: -1),
            EditListEntry(segmentDuration: 300, mediaTime: 0),
            EditListEntry(segmentDuration: 300, mediaTime: -1),
            EditListEntry(segmentDuration: 600, mediaTime: 600),
        ])
    }

    @Test("rates go out in 16.16 fixed point (§8.6.6.3): 2, ½, ⅓ rounded to nearest, dwell")
    func rates() throws {
        let rates = [
            try #require(MediaRate(source: Self.time(2, 1), target: Self.time(1, 1))),
            try #require(MediaRate(source: Self.time(1, 1), target: Self.time(2, 1))),
            try #require(MediaRate(source: Self.time(1, 1), target: Self.time(3, 1))),
            MediaRate.dwell,
        ]
        #expect(rates.map(\.fixed16_16) == [0x20000, 0x8000, 21845, 0])
        #expect(MediaRate(fixed16_16: -0x10000).fixed16_16 == -0x10000, "a reverse edit keeps its sign")
        let segments = rates.enumerated().map { index, rate in
            TimelineSegment(target: CMTimeRange(start: Self.time(Int64(index) * 600, 600),
                                                duration: Self.time(600, 600)),
                            media: Self.media(.zero, rate: rate))
        }
        let edits = TrackTimeline(segments: segments, naturalTimescale: 600).editList(movieTimescale: 600,
                                                                                     mediaTimescale: 600)
        #expect(edits.map(\.mediaRateFixed) == [0x20000, 0x8000, 21845, 0])
    }

    @Test("media times go out in the written track's timescale, rounded to nearest")
    func mediaTimescale() {
        let segment = TimelineSegment(target: CMTimeRange(start: .zero, duration: Self.time(1, 1)),
                                      media: Self.media(Self.time(1, 3), timescale: 90000))
        let edits = TrackTimeline(segments: [segment], naturalTimescale: 90000).editList(movieTimescale: 1000,
                                                                                        mediaTimescale: 44100)
        #expect(edits == [EditListEntry(segmentDuration: 1000, mediaTime: 14700)])
    }

    @Test("a timeline without segments writes no edit list")
    func emptyTimeline() {
        #expect(TrackTimeline(segments: [], naturalTimescale: 600).editList(movieTimescale: 600, mediaTimescale: 600)
                .isEmpty)
    }

    @Test("clipped(to:) drops what follows the end and shortens the segment across it")
    func clipping() {
        let segments = [
            TimelineSegment(target: CMTimeRange(start: .zero, duration: Self.time(600, 600)), media: nil),
            TimelineSegment(target: CMTimeRange(start: Self.time(600, 600), duration: Self.time(600, 600)),
                            media: Self.media(Self.time(60, 600))),
            TimelineSegment(target: CMTimeRange(start: Self.time(1200, 600), duration: Self.time(600, 600)),
                            media: Self.media(Self.time(0, 600))),
        ]
        let clipped = TrackTimeline(segments: segments, naturalTimescale: 600).clipped(to: Self.time(900, 600))
        #expect(clipped.editList(movieTimescale: 600, mediaTimescale: 600) == [
            EditListEntry(segmentDuration: 600, mediaTime: -1),
            EditListEntry(segmentDuration: 300, mediaTime: 60),
        ])
    }
}
