import CoreMedia
import Foundation
import MediaContainer
import Testing
@testable import AVFoundation

/// A track's sample counts come from its sample table, not from a walk of its samples (issue 28.4: a 2 GiB file
/// that really holds 2³¹ − 1 one-byte samples took `avinfo` over 20 s; ffprobe 0.15 s). The counts must be the
/// ones a cursor walk gives, which this checks on tables small enough to walk.
@Suite("Sample counts without a walk")
struct SampleCountTests {
    static func walk(_ track: AVAssetTrack) -> (samples: Int, sync: Int) {
        guard let cursor = track.makeSampleCursorAtFirstSampleInDecodeOrder() else { return (0, 0) }
        var samples = 0, sync = 0
        repeat {
            samples += 1
            if cursor.currentSampleSyncInfo.sampleIsFullSync.boolValue { sync += 1 }
        } while cursor.stepInDecodeOrder(byCount: 1) == 1
        return (samples, sync)
    }

    @Test("sampleCounts equals a cursor walk's counts, with and without sync samples listed",
          arguments: [nil, [0], [0, 5, 17, 29], Array(0..<30)])
    func countsEqualWalk(sync: [Int]?) async throws {
        let reader = try TestReader()
        let table = Build.table(durations: Build.column(1024, count: 30), sizes: Array(repeating: 100, count: 30),
                                sync: sync)
        let format = Build.videoFormat(width: 64, height: 48)
        reader.tracks = [Build.track(id: 1, mediaType: "vide", timescale: 30_000, format: format, table: table)]
        let asset = AVURLAsset(url: try ControlledOpener.scratchMovie(), opener: ControlledOpener { reader }.opener)
        let track = try #require(try await asset.load(.tracks).first)
        let counts = try #require(track.sampleCounts)
        let walked = Self.walk(track)
        #expect(counts.samples == walked.samples && counts.sync == walked.sync)
        #expect(counts.samples == 30 && counts.sync == (sync?.count ?? 30))
    }
}
