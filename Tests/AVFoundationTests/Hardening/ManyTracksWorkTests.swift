import CoreMedia
import Foundation
import MediaContainer
import Synchronization
import Testing
@testable import AVFoundation

/// Work on an asset of many tracks grows with their number, not its square: every track's `isPlayable` asked
/// whether any track of the asset was encrypted, and 20,000 tracks took avinfo minutes (issue 15). Counted, not
/// timed (a ratio of CPU times measures the machine as much as the code): the tracks the protected-content check
/// looks at, and how often the tracks' properties go to the reader's track list, while a test does what
/// `avinfo --json` does with every track. `make bench` times avinfo on a file of 20,000 tracks.
@Suite("Work on many tracks")
struct ManyTracksWorkTests {
    /// A hand-built reader of `count` sound tracks of 16 AAC-like samples each, which counts how often its track
    /// list is asked for (a track's backing asks it for every property it does not keep).
    final class CountingReader: ContainerReader, @unchecked Sendable {
        private let inner: TestReader
        let trackListReads = Atomic<Int>(0)

        init(tracks count: Int) throws {
            inner = try TestReader()
            let format = Build.audioFormat()
            inner.tracks = (1...count).map { id in
                let table = Build.table(durations: Build.column(1024, count: 16),
                                        sizes: Array(repeating: 100, count: 16))
                return Build.track(id: CMPersistentTrackID(id), mediaType: "soun", timescale: 44_100, format: format,
                                   table: table)
            }
            inner.movieTimescale = 44_100
            inner.movieDuration = 16 * 1024
        }

        var format: ContainerFormat { inner.format }
        var movieTimescale: CMTimeScale { inner.movieTimescale }
        var movieDuration: Int64 { inner.movieDuration }
        var preferredRate: Float { inner.preferredRate }
        var preferredVolume: Float { inner.preferredVolume }
        var preferredTransform: TransformMatrix { inner.preferredTransform }
        var creationDate: Date? { inner.creationDate }
        var tracks: [ContainerTrack] {
            trackListReads.add(1, ordering: .relaxed)
            return inner.tracks
        }
        var metadata: [MetadataEntry] { inner.metadata }
        var canContainFragments: Bool { inner.canContainFragments }
        var containsFragments: Bool { inner.containsFragments }
        var file: MappedFile { inner.file }
    }

    /// What `avinfo --json` asks of an asset of `count` tracks (Summary.gather, then what it prints), and the work
    /// that took: the reader's track list asked for, and tracks looked at for protected content.
    static func work(tracks count: Int) async throws -> (trackListReads: Int, protectionChecks: Int) {
        let reader = try CountingReader(tracks: count)
        let asset = AVURLAsset(url: try ControlledOpener.scratchMovie(), opener: ControlledOpener { reader }.opener)
        let (_, _, tracks) = try await asset.load(.duration, .metadata, .tracks)
        #expect(tracks.count == count)
        for track in tracks {
            _ = try await track.load(.naturalSize, .preferredTransform, .naturalTimeScale, .timeRange)
            _ = try await track.load(.nominalFrameRate, .estimatedDataRate, .languageCode, .isEnabled, .isPlayable)
            _ = track.firstFormatDescription
            if let cursor = track.makeSampleCursorAtFirstSampleInDecodeOrder() {
                while cursor.stepInDecodeOrder(byCount: 1) == 1 {}
            }
        }
        var playable = 0
        for track in tracks where track.isEnabled && track.isPlayable && track.naturalSize == .zero { playable += 1 }
        #expect(playable == count, "every track is an enabled, playable sound track")
        let contents = try #require(asset.openedContents)
        return (reader.trackListReads.load(ordering: .relaxed),
                contents.protectionCheckedTracks.load(ordering: .relaxed))
    }

    @Test("avinfo's work on many tracks grows with their number, not its square (counted, not timed)")
    func linearInTracks() async throws {
        let small = try await Self.work(tracks: 200)
        let large = try await Self.work(tracks: 1_600)
        // Each track looked at once for protected content, when the file opens (before: once per track asked).
        #expect(small.protectionChecks == 200, "tracks of 200 looked at for protected content")
        #expect(large.protectionChecks == 1_600, "tracks of 1,600 looked at for protected content")
        // Eight times the tracks: linear work asks the track list at most 8 times as often; quadratic, 64 times.
        #expect(large.trackListReads <= 8 * small.trackListReads,
                "200 tracks asked the track list \(small.trackListReads) times, 1,600 tracks \(large.trackListReads)")
    }
}
