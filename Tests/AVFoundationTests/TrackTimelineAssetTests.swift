import CoreMedia
import Foundation
import MediaContainer
import Testing
@testable import AVFoundation

/// The track timeline as the asset layer reports it (`MediaContainerTests.TrackTimelineTests` has the model).
@Suite("Track timeline: AVAssetTrack's segment and presentation-time lookups")
struct TrackTimelineAssetTests {
    private func t(_ value: Int64, _ timescale: CMTimeScale) -> CMTime { CMTime(value: value, timescale: timescale) }

    @Test("segment(forTrackTime:) gives the containing segment, else the closest (AVAssetTrack.h)")
    func segmentForTrackTime() throws {
        let reader = try Build.compatReader()
        reader.tracks[1].edits = [EditListEntry(segmentDuration: 600, mediaTime: -1),
                                  EditListEntry(segmentDuration: 1800, mediaTime: 0)]
        let asset = AVURLAsset(url: URL(fileURLWithPath: "/delayed.mov"), reader: reader)
        let audio = try #require(asset.tracks(withMediaType: .audio).first)
        #expect(audio.segments.count == 2)
        #expect(audio.segment(forTrackTime: t(1, 2))?.isEmpty == true)
        #expect(audio.segment(forTrackTime: t(2, 1)) == audio.segments[1])
        #expect(audio.segment(forTrackTime: t(-5, 1)) == audio.segments[0])
        #expect(audio.segment(forTrackTime: t(100, 1)) == audio.segments[1])
        #expect(audio.segment(forTrackTime: .invalid) == nil)
        #expect(audio.timeRange.start == t(1, 1))
        #expect(audio.samplePresentationTime(forTrackTime: t(3, 2)) == t(1, 2))
        // The asset lasts as long as the movie header says; the delayed track ends at 4 s on the track timeline.
        #expect(audio.timeRange.end == t(4, 1))
    }

    @Test("async segment and presentation-time lookups agree with the synchronous ones")
    func asyncLookups() async throws {
        let reader = try Build.compatReader()
        reader.tracks[0].edits = [EditListEntry(segmentDuration: 1200, mediaTime: 300)]
        let asset = AVURLAsset(url: URL(fileURLWithPath: "/trimmed.mov"), reader: reader)
        let video = try #require(try await asset.loadTrack(withTrackID: 1))
        let segment = try #require(try await video.loadSegment(forTrackTime: t(1, 1)))
        #expect(segment.timeMapping.source.start == t(300, 600))
        #expect(try await video.loadSamplePresentationTime(forTrackTime: t(1, 1)) == t(900, 600))
        #expect(try await video.load(.timeRange) == CMTimeRange(start: .zero, duration: t(1200, 600)))
    }
}
