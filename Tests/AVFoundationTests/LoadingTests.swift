import CoreMedia
import Foundation
import MediaContainer
import Testing
@testable import AVFoundation

@Suite("Loading: load(_:) with one to eight properties, statuses, failures, cancellation, concurrency")
struct LoadingTests {
    private func compatAsset() throws -> AVURLAsset {
        AVURLAsset(url: URL(fileURLWithPath: "/compat/sample.mov"), reader: try Build.compatReader())
    }

    @Test("one to eight properties load in one call, each with its own type")
    func oneToEight() async throws {
        let asset = try compatAsset()
        let duration = try await asset.load(.duration)
        #expect(duration == CMTime(value: 1800, timescale: 600))
        let (rate, volume) = try await asset.load(.preferredRate, .preferredVolume)
        #expect(rate == 1 && volume == 1)
        let (d3, tracks3, metadata3) = try await asset.load(.duration, .tracks, .metadata)
        #expect(d3 == duration && tracks3.count == 2 && metadata3.count == 1)
        let four = try await asset.load(.duration, .tracks, .metadata, .commonMetadata)
        #expect(four.3.count == 1)
        let five = try await asset.load(.duration, .tracks, .metadata, .commonMetadata, .isPlayable)
        #expect(five.4)
        let six = try await asset.load(.duration, .tracks, .metadata, .commonMetadata, .isPlayable, .isReadable)
        #expect(six.5)
        let seven = try await asset.load(.duration, .tracks, .metadata, .commonMetadata, .isPlayable, .isReadable,
                                         .preferredTransform)
        #expect(seven.6 == .identity)
        let eight = try await asset.load(.duration, .tracks, .metadata, .commonMetadata, .isPlayable, .isReadable,
                                         .preferredTransform, .availableMetadataFormats)
        #expect(eight.7 == [.quickTimeMetadata])
        // The same track objects every time: the asset makes its tracks once.
        #expect(tracks3[0] === eight.1[0] && tracks3[1] === asset.tracks[1])

        let track = try #require(tracks3.first)
        let (size, transform, fps, lang, range, scale, formats, enabled) = try await track.load(
            .naturalSize, .preferredTransform, .nominalFrameRate, .languageCode, .timeRange, .naturalTimeScale,
            .formatDescriptions, .isEnabled)
        #expect(size == CGSize(width: 640, height: 360) && transform.b == 1 && fps == 30 && lang == nil)
        #expect(range == CMTimeRange(start: .zero, duration: CMTime(value: 1800, timescale: 600)))
        #expect(scale == 600 && formats.count == 1 && enabled)
    }

    @Test("statuses go unknown → loading → loaded; status(of:) reports the value")
    func statusTransitions() async throws {
        let controlled = ControlledOpener(startOpen: false) { try Build.compatReader() }
        let asset = AVURLAsset(url: try ControlledOpener.scratchMovie(), opener: controlled.opener)
        var error: NSError?
        #expect(asset.statusOfValue(forKey: "duration", error: &error) == .unknown)
        if case .notYetLoaded = asset.status(of: .duration) {} else { Issue.record("expected notYetLoaded") }

        let task = Task { try await asset.load(.duration) }
        #expect(await eventually { asset.statusOfValue(forKey: "duration", error: nil) == .loading })
        if case .loading = asset.status(of: .duration) {} else { Issue.record("expected loading") }
        controlled.release()
        let duration = try await task.value
        #expect(duration == CMTime(value: 1800, timescale: 600))
        #expect(asset.statusOfValue(forKey: "duration", error: &error) == .loaded)
        #expect(error == nil)
        #expect(asset.status(of: .duration) == .loaded(CMTime(value: 1800, timescale: 600)))
        #expect(controlled.openCount == 1)
    }

    @Test("a reader's failure fails every load with AVError.fileFailedToParse carrying the reader's error")
    func failurePropagation() async throws {
        let failure = ReaderFailure(boxPath: "moov/trak[1]/mdia/minf/stbl/stsz", offset: 1234)
        let controlled = ControlledOpener { throw failure }
        let asset = AVURLAsset(url: try ControlledOpener.scratchMovie(), opener: controlled.opener)
        do {
            _ = try await asset.load(.duration, .tracks)
            Issue.record("the load should have failed")
        } catch let error as AVError {
            #expect(error.code == .fileFailedToParse)
            #expect(error.underlyingError as? ReaderFailure == failure)
            #expect((error as NSError).domain == AVFoundationErrorDomain)
            #expect((error as NSError).code == -11829)
        }
        // The tracks load started with the duration's; wait for it to finish too.
        _ = try? await asset.load(.tracks)
        var reported: NSError?
        #expect(asset.statusOfValue(forKey: "duration", error: &reported) == .failed)
        #expect(reported?.code == AVError.Code.fileFailedToParse.rawValue)
        if case .failed(let error) = asset.status(of: .tracks) {
            #expect(error.code == -11829)
        } else {
            Issue.record("expected failed")
        }
        // Synchronous properties give their documented defaults, and the file is not opened again.
        #expect(!asset.duration.isValid)
        #expect(asset.tracks.isEmpty)
        #expect(controlled.openCount == 1)
    }

    /// Issue 15: a damaged track degrades alone, as ffprobe shows such a file, instead of failing its loads.
    @Test("a track whose sample table is broken loads as a track of no samples that is not playable; reading it fails")
    func trackTableFailure() async throws {
        let reader = try Build.compatReader()
        let failure = ReaderFailure(boxPath: "moov/trak[0]/mdia/minf/stbl/stts", offset: 99)
        reader.tracks[0].samples = LazySampleTable { throw failure }
        let asset = AVURLAsset(url: URL(fileURLWithPath: "/broken.mov"), reader: reader)
        let track = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let (size, rate, playable, decodable, bytes) = try await track.load(
            .naturalSize, .nominalFrameRate, .isPlayable, .isDecodable, .totalSampleDataLength)
        #expect(size == CGSize(width: 640, height: 360))
        #expect(rate == 0 && bytes == 0 && !playable && !decodable)
        #expect(!track.canProvideSampleCursors)
        #expect(track.makeSampleCursorAtFirstSampleInDecodeOrder() == nil)
        // The other track is whole.
        let sound = try #require(try await asset.loadTracks(withMediaType: .audio).first)
        #expect(try await sound.load(.isDecodable))
        // Reading the damaged track fails with the reader's error (box path, offset) underneath.
        let assetReader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
        assetReader.add(output)
        if assetReader.startReading() { #expect(output.copyNextSampleBuffer() == nil) }
        let error = try #require(assetReader.error as? AVError)
        #expect(error.code == .fileFailedToParse, "\(error)")
        #expect("\(error.underlyingError.map { "\($0)" } ?? "")".contains("stbl/stts"), "\(error)")
    }

    @Test("cancelLoading fails pending loads with CancellationError; a later load succeeds without reopening")
    func cancellation() async throws {
        let controlled = ControlledOpener(startOpen: false) { try Build.compatReader() }
        let asset = AVURLAsset(url: try ControlledOpener.scratchMovie(), opener: controlled.opener)
        let pending = Task { try await asset.load(.duration, .tracks) }
        guard await eventually({ asset.statusOfValue(forKey: "tracks", error: nil) == .loading }) else {
            // Cancelling a load that has not started yet would leave it waiting on the held opener for ever: the
            // test fails instead of hanging the whole run.
            Issue.record("the load did not start within the hang guard")
            controlled.release()
            _ = try? await pending.value
            return
        }
        asset.cancelLoading()
        await #expect(throws: CancellationError.self) { try await pending.value }
        #expect(asset.statusOfValue(forKey: "tracks", error: nil) == .cancelled)
        if case .notYetLoaded = asset.status(of: .tracks) {} else { Issue.record("a cancelled key is not loaded") }
        controlled.release()
        let tracks = try await asset.load(.tracks)
        #expect(tracks.count == 2)
        #expect(asset.statusOfValue(forKey: "tracks", error: nil) == .loaded)
        #expect(controlled.openCount == 1)
    }

    @Test("cancelling the awaiting task ends its wait; the load goes on for others")
    func taskCancellation() async throws {
        let controlled = ControlledOpener(startOpen: false) { try Build.compatReader() }
        let asset = AVURLAsset(url: try ControlledOpener.scratchMovie(), opener: controlled.opener)
        let waiting = Task { try await asset.load(.duration) }
        #expect(await eventually { asset.statusOfValue(forKey: "duration", error: nil) == .loading })
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(asset.statusOfValue(forKey: "duration", error: nil) == .loading)
        controlled.release()
        #expect(try await asset.load(.duration) == CMTime(value: 1800, timescale: 600))
    }

    @Test("loadValuesAsynchronously calls its handler exactly once, at once when everything is loaded")
    func completionHandlerOnce() async throws {
        let controlled = ControlledOpener(startOpen: false) { try Build.compatReader() }
        let asset = AVURLAsset(url: try ControlledOpener.scratchMovie(), opener: controlled.opener)
        let calls = Counter()
        asset.loadValuesAsynchronously(forKeys: ["duration", "tracks", "metadata", "playable", "duration"]) {
            calls.increment()
        }
        #expect(calls.value == 0)
        controlled.release()
        #expect(await eventually { calls.value == 1 })
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(calls.value == 1)
        for key in ["duration", "tracks", "metadata", "playable"] {
            #expect(asset.statusOfValue(forKey: key, error: nil) == .loaded)
        }
        // Everything loaded: the handler runs before the call returns.
        let synchronous = Counter()
        asset.loadValuesAsynchronously(forKeys: ["duration", "tracks"]) { synchronous.increment() }
        #expect(synchronous.value == 1)
    }

    @Test("an unknown key fails, and still completes the request once")
    func unknownKey() async throws {
        let asset = try compatAsset()
        let calls = Counter()
        asset.loadValuesAsynchronously(forKeys: ["duration", "noSuchProperty"]) { calls.increment() }
        #expect(await eventually { calls.value == 1 })
        var error: NSError?
        #expect(asset.statusOfValue(forKey: "noSuchProperty", error: &error) == .failed)
        #expect(error?.domain == AVFoundationErrorDomain)
        #expect(asset.statusOfValue(forKey: "duration", error: nil) == .loaded)
    }

    @Test("concurrent loads and synchronous reads from many threads open once and agree")
    func concurrentLoads() async throws {
        let controlled = ControlledOpener { try Build.compatReader() }
        let asset = AVURLAsset(url: try ControlledOpener.scratchMovie(), opener: controlled.opener)
        let identities = try await withThrowingTaskGroup(of: [ObjectIdentifier].self) { group in
            for index in 0..<64 {
                group.addTask {
                    if index % 3 == 0 {
                        let (tracks, _) = try await asset.load(.tracks, .duration)
                        return tracks.map(ObjectIdentifier.init)
                    }
                    if index % 3 == 1 {
                        let tracks = try await asset.load(.tracks)
                        _ = try await tracks[0].load(.nominalFrameRate, .naturalSize, .segments)
                        return tracks.map(ObjectIdentifier.init)
                    }
                    return asset.tracks.map(ObjectIdentifier.init)
                }
            }
            var all: [[ObjectIdentifier]] = []
            for try await identity in group { all.append(identity) }
            return all
        }
        #expect(Set(identities).count == 1)
        #expect(controlled.openCount == 1)
        DispatchQueue.concurrentPerform(iterations: 32) { _ in
            _ = asset.tracks[1].nominalFrameRate
            _ = asset.commonMetadata.first?.stringValue
        }
        #expect(abs(asset.tracks[1].nominalFrameRate - 44_100 / 1024) < 0.001)
    }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    // `lock` protects `count`.
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
