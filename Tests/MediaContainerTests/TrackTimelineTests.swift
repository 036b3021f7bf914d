import CoreMedia
import Foundation
import MediaContainer
import Testing

/// One edit-list case: the edits, the timescales, and what Apple's model says the segments, time range and
/// mapped times are.
struct TimelineCase: CustomTestStringConvertible, Sendable {
    let name: String
    /// Where the expectation comes from.
    let source: String
    let edits: [EditListEntry]
    let movieTimescale: CMTimeScale
    let mediaTimescale: CMTimeScale
    let mediaEnd: Int64
    /// (source start, source duration) per segment, nil for an empty segment; target ranges as (start, duration).
    let segments: [(source: (CMTime, CMTime)?, target: (CMTime, CMTime))]
    let timeRange: (CMTime, CMTime)
    /// Track time → expected media presentation time (invalid where nothing is presented).
    let mapped: [(CMTime, CMTime)]

    var testDescription: String { name }
}

private func t(_ value: Int64, _ timescale: CMTimeScale) -> CMTime { CMTime(value: value, timescale: timescale) }

let timelineCases: [TimelineCase] = [
    TimelineCase(
        name: "no edit list: the media once from 0",
        source: "ISO/IEC 14496-12 §8.6.5 (no edit list: identity mapping)",
        edits: [], movieTimescale: 600, mediaTimescale: 15360, mediaEnd: 46080,
        segments: [(source: (t(0, 15360), t(46080, 15360)), target: (t(0, 15360), t(46080, 15360)))],
        timeRange: (t(0, 15360), t(46080, 15360)),
        mapped: [(t(1, 1), t(1, 1)), (t(3, 1), .invalid), (t(-1, 1), .invalid)]),
    TimelineCase(
        name: "empty edit delays the track by one second",
        source: "ISO/IEC 14496-12 §8.6.6.3 (media_time -1: empty edit); AVAssetTrack.h timeRange.start > 0",
        edits: [EditListEntry(segmentDuration: 600, mediaTime: -1),
                EditListEntry(segmentDuration: 1800, mediaTime: 0)],
        movieTimescale: 600, mediaTimescale: 44100, mediaEnd: 132_300,
        segments: [(source: nil, target: (t(0, 600), t(600, 600))),
                   (source: (t(0, 44100), t(132_300, 44100)), target: (t(600, 600), t(1800, 600)))],
        timeRange: (t(44100, 44100), t(132_300, 44100)),
        mapped: [(t(1, 2), .invalid), (t(3, 2), t(1, 2)), (t(7, 2), t(5, 2)), (t(4, 1), .invalid)]),
    TimelineCase(
        name: "trim of a B-frame delay: media_time 1024",
        source: "mb-edts.mp4 (Apple Core Media): edit media_time 1024 of a 15360 timescale",
        edits: [EditListEntry(segmentDuration: 3000, mediaTime: 1024)],
        movieTimescale: 1000, mediaTimescale: 15360, mediaEnd: 47104,
        segments: [(source: (t(1024, 15360), t(46080, 15360)), target: (t(0, 1000), t(3000, 1000)))],
        timeRange: (t(0, 15360), t(46080, 15360)),
        mapped: [(t(0, 1), t(1024, 15360)), (t(1, 1), t(16384, 15360))]),
    TimelineCase(
        name: "AAC priming trim: media_time 2112, movie duration not exact in the media timescale",
        source: "Apple TN2258 (AAC priming of 2112 samples expressed by an edit)",
        edits: [EditListEntry(segmentDuration: 2999, mediaTime: 2112)],
        movieTimescale: 1000, mediaTimescale: 44100, mediaEnd: 134_400,
        segments: [(source: (t(2112, 44100), t(2999, 1000)), target: (t(0, 1000), t(2999, 1000)))],
        timeRange: (t(0, 44100), t(2999, 1000)),
        mapped: [(t(0, 1), t(2112, 44100)), (t(1, 1), t(46212, 44100))]),
    TimelineCase(
        name: "media rate 2: one second of track plays two seconds of media",
        source: "CMTimeRange.h CMTimeMapping: rate = source.duration / target.duration; §8.6.6.3 media_rate",
        edits: [EditListEntry(segmentDuration: 600, mediaTime: 0, mediaRateFixed: 0x20000)],
        movieTimescale: 600, mediaTimescale: 600, mediaEnd: 1200,
        segments: [(source: (t(0, 600), t(1200, 600)), target: (t(0, 600), t(600, 600)))],
        timeRange: (t(0, 600), t(600, 600)),
        mapped: [(t(1, 4), t(1, 2)), (t(3, 4), t(3, 2))]),
    TimelineCase(
        name: "media rate 0.5: slow motion",
        source: "CMTimeRange.h CMTimeMapping; §8.6.6.3 media_rate",
        edits: [EditListEntry(segmentDuration: 1200, mediaTime: 300, mediaRateFixed: 0x8000)],
        movieTimescale: 600, mediaTimescale: 600, mediaEnd: 1200,
        segments: [(source: (t(300, 600), t(600, 600)), target: (t(0, 600), t(1200, 600)))],
        timeRange: (t(0, 600), t(1200, 600)),
        mapped: [(t(1, 1), t(600, 600)), (t(3, 2), t(750, 600))]),
    TimelineCase(
        name: "media rate 0: dwell on one frame",
        source: "QuickTime File Format, edit list atom (media rate 0 dwells); CMTimeMapping with zero source duration",
        edits: [EditListEntry(segmentDuration: 600, mediaTime: 300, mediaRateFixed: 0)],
        movieTimescale: 600, mediaTimescale: 600, mediaEnd: 1200,
        segments: [(source: (t(300, 600), t(0, 600)), target: (t(0, 600), t(600, 600)))],
        timeRange: (t(0, 600), t(600, 600)),
        mapped: [(t(0, 1), t(300, 600)), (t(9, 10), t(300, 600))]),
    TimelineCase(
        name: "two edits swap the halves of the media",
        source: "§8.6.6: edits play in order on the track timeline",
        edits: [EditListEntry(segmentDuration: 600, mediaTime: 600), EditListEntry(segmentDuration: 600, mediaTime: 0)],
        movieTimescale: 600, mediaTimescale: 600, mediaEnd: 1200,
        segments: [(source: (t(600, 600), t(600, 600)), target: (t(0, 600), t(600, 600))),
                   (source: (t(0, 600), t(600, 600)), target: (t(600, 600), t(600, 600)))],
        timeRange: (t(0, 600), t(1200, 600)),
        mapped: [(t(1, 2), t(900, 600)), (t(3, 2), t(300, 600))]),
    TimelineCase(
        name: "trailing empty edit presents nothing and is outside the time range",
        source: "§8.6.6.3 empty edits; AVAssetTrack.h timeRange",
        edits: [EditListEntry(segmentDuration: 600, mediaTime: 0), EditListEntry(segmentDuration: 600, mediaTime: -1)],
        movieTimescale: 600, mediaTimescale: 600, mediaEnd: 600,
        segments: [(source: (t(0, 600), t(600, 600)), target: (t(0, 600), t(600, 600))),
                   (source: nil, target: (t(600, 600), t(600, 600)))],
        timeRange: (t(0, 600), t(600, 600)),
        mapped: [(t(3, 2), .invalid)]),
    TimelineCase(
        name: "zero-duration last edit of a fragmented movie runs to the end of the media",
        source: "§8.6.6.1: a zero segment_duration ends an edit list of unknown duration",
        edits: [EditListEntry(segmentDuration: 0, mediaTime: 1024)],
        movieTimescale: 1000, mediaTimescale: 15360, mediaEnd: 16384,
        segments: [(source: (t(1024, 15360), t(15360, 15360)), target: (t(0, 1000), t(1000, 1000)))],
        timeRange: (t(0, 15360), t(15360, 15360)),
        mapped: [(t(1, 2), t(8704, 15360))]),
]

@Suite("Track timeline: segments, time range and sample presentation times from edit lists")
struct TrackTimelineTests {
    @Test("edit lists map as Apple's CMTimeMapping model and ISO/IEC 14496-12 §8.6.6 say", arguments: timelineCases)
    func timeline(_ testCase: TimelineCase) {
        let timeline = TrackTimeline(edits: testCase.edits, movieTimescale: testCase.movieTimescale,
                                     mediaTimescale: testCase.mediaTimescale, mediaEnd: testCase.mediaEnd)
        #expect(timeline.mappings.count == testCase.segments.count)
        for (mapping, expected) in zip(timeline.mappings, testCase.segments) {
            #expect(mapping.target == CMTimeRange(start: expected.target.0, duration: expected.target.1))
            if let source = expected.source {
                #expect(!mapping.isEmpty)
                #expect(mapping.source.start == source.0)
                #expect(mapping.source.duration == source.1)
            } else {
                #expect(mapping.isEmpty)
                #expect(!mapping.source.isValid)
            }
        }
        #expect(timeline.timeRange == CMTimeRange(start: testCase.timeRange.0, duration: testCase.timeRange.1))
        for (trackTime, mediaTime) in testCase.mapped {
            let actual = timeline.samplePresentationTime(forTrackTime: trackTime)
            if mediaTime.isValid {
                #expect(actual == mediaTime, "track time \(trackTime.seconds)")
            } else {
                #expect(!actual.isValid, "track time \(trackTime.seconds) maps to nothing")
            }
        }
    }

    /// An edit list's segments are kept packed (start, media time, rate per edit; each ends where the next starts)
    /// and made as they are read: they must be the segments the edits describe, zero-duration edits left out.
    @Test("an edit list's packed segments are its edits, each ending where the next starts")
    func packedEditSegments() {
        let timeline = TrackTimeline(
            edits: [EditListEntry(segmentDuration: 300, mediaTime: -1),
                    EditListEntry(segmentDuration: 0, mediaTime: 50),
                    EditListEntry(segmentDuration: 600, mediaTime: 1000, mediaRateFixed: 0x20000),
                    EditListEntry(segmentDuration: 150, mediaTime: 4000, mediaRateFixed: 0)],
            movieTimescale: 600, mediaTimescale: 1000, mediaEnd: 10_000)
        let segments = timeline.segments
        #expect(segments.count == 3)
        #expect(segments.map(\.target) == [CMTimeRange(start: t(0, 600), duration: t(300, 600)),
                                            CMTimeRange(start: t(300, 600), duration: t(600, 600)),
                                            CMTimeRange(start: t(900, 600), duration: t(150, 600))])
        #expect(segments[0].isEmpty)
        #expect(segments[1].media?.start == t(1000, 1000))
        #expect(segments[1].rate == MediaRate(fixed16_16: 0x20000))
        #expect(segments[1].timeMapping.source == CMTimeRange(start: t(1000, 1000), duration: t(2000, 1000)))
        #expect(segments[2].isDwell)
        #expect(segments[2].media?.start == t(4000, 1000))
        // The first segment ending after a time: a segment's end belongs to the next one.
        #expect(segments.firstIndex(endingAfter: t(-1, 1)) == 0)
        #expect(segments.firstIndex(endingAfter: t(299, 600)) == 0)
        #expect(segments.firstIndex(endingAfter: t(300, 600)) == 1)
        #expect(segments.firstIndex(endingAfter: t(1049, 600)) == 2)
        #expect(segments.firstIndex(endingAfter: t(1050, 600)) == 3)
    }
}
