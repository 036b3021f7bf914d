import CoreMedia
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import AVFoundation

/// Apple's resumable export (`configureForResumableExport()`, iOS 27): the states and failure reasons as Apple's
/// documentation gives them, the partial results kept in `directoryForTemporaryFiles` across a cancellation, a later
/// session resuming from them, and a changed configuration refused. The outputs are judged by ffprobe and ffmpeg.
// Serialized: each export already uses both cores.
@Suite("Resumable export: configureForResumableExport()", .serialized)
struct ResumableExportTests {
    /// A session for the 6 s, key-frame-every-second source, writing `output`, keeping its segments in `directory`.
    static func session(_ output: URL, directory: URL?, preset: String = AVAssetExportPreset640x480,
                        parallel: Bool = true) throws -> AVAssetExportSession {
        let asset = AVURLAsset(url: try SegmentedExportTests.source())
        let session = try #require(AVAssetExportSession(asset: asset, presetName: preset))
        session.outputURL = output
        session.outputFileType = .mp4
        session.directoryForTemporaryFiles = directory
        session.allowsParallelizedExport = parallel
        return session
    }

    /// The MD5 of each packet of the file's stream `stream` (`v:0`, `a:0`), in order: the media, without the
    /// movie's header (whose creation date is the first export's).
    static func packetHashes(_ url: URL, stream: String) throws -> [String] {
        let result = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-map", "0:\(stream)",
                                                     "-c", "copy", "-f", "framemd5", "-"])
        return result.output.split(separator: "\n").filter { !$0.hasPrefix("#") }
            .compactMap { $0.split(separator: ",").last?.trimmingCharacters(in: .whitespaces) }
    }

    /// Runs `session`'s export and cancels it as soon as it reports progress: right after its first segment is
    /// finished (a resumable export reports nothing before). The cancellation comes from the export's own thread,
    /// so it does not depend on when this task gets a core.
    static func exportUntilFirstSegment(_ session: AVAssetExportSession) async {
        let observation = session.observe(\.progress, options: [.new]) { session, _ in
            if session.progress > 0 { session.cancelExport() }
        }
        await session.export()
        observation.invalidate()
    }

    static func contents(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test("what cannot be resumed says why, with Apple's reasons; the Objective-C form gives the same state")
    func refusals() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        func reason(_ session: AVAssetExportSession) async -> AVAssetExportSession.ResumptionFailureReason? {
            if case .notResumable(let reason) = await session.configureForResumableExport() { return reason }
            return nil
        }
        let output = directory.file("out.mp4")
        #expect(await reason(try Self.session(output, directory: nil)) == .incompatibleSessionSettings)
        let missing = directory.url.appendingPathComponent("missing")
        #expect(await reason(try Self.session(output, directory: missing)) == .temporaryDirectoryDoesNotExist)
        let passthrough = try Self.session(output, directory: directory.url, preset: AVAssetExportPresetPassthrough)
        #expect(await reason(passthrough) == .unsupportedForPresetOnPlatform)
        let proRes = try Self.session(output, directory: directory.url, preset: AVAssetExportPresetAppleProRes422LPCM)
        proRes.outputFileType = .mov
        #expect(await reason(proRes) == .unsupportedForPresetOnPlatform)
        let limited = try Self.session(output, directory: directory.url)
        limited.fileLengthLimit = 100_000
        #expect(await reason(limited) == .incompatibleSessionSettings)
        #expect(limited.resumptionRefusalMessage?.contains("fileLengthLimit") == true)
        let noType = try Self.session(output, directory: directory.url)
        noType.outputFileType = nil
        #expect(await reason(noType) == .incompatibleSessionSettings)
        // The output URL may come later, with export(to:as:): it is not part of what is resumed.
        let noURL = try Self.session(output, directory: directory.url)
        noURL.outputURL = nil
        let noURLState = await noURL.configureForResumableExport()
        guard case .resumable(isResumingFromPreviousState: false) = noURLState else {
            Issue.record("a session without an output URL yet should be resumable: \(noURLState)")
            return
        }
        // Nothing was written by asking.
        #expect(try Self.contents(directory.url) == [])

        let state = await withCheckedContinuation { continuation in
            let session = try? Self.session(output, directory: missing)
            session?.__configureForResumableExport { continuation.resume(returning: $0) }
        }
        #expect(!state.isResumptionConfigured)
        #expect(state.configurationFailureReason == .temporaryDirectoryDoesNotExist)
        let fresh = await withCheckedContinuation { continuation in
            let session = try? Self.session(output, directory: directory.url)
            session?.__configureForResumableExport { continuation.resume(returning: $0) }
        }
        #expect(fresh.isResumptionConfigured && !fresh.isResumingFromPreviousState)
        #expect(fresh.configurationFailureReason == nil)
    }

    @Test("a resumable export completes, ffprobe counts every frame, and the directory is left empty")
    func completes() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let segments = try TestFiles.makeTemporaryDirectory("segments")
        let output = directory.file("out.mp4")
        let session = try Self.session(output, directory: segments.url)
        guard case .resumable(isResumingFromPreviousState: false) = await session.configureForResumableExport() else {
            Issue.record("a fresh directory should give .resumable(isResumingFromPreviousState: false)")
            return
        }
        try await session.export(to: output, as: .mp4)
        #expect(try ExternalTool.ffmpegDecodeErrors(output).isEmpty)
        #expect(try SegmentedExportTests.packetCount(output, stream: "v:0") == 150)
        #expect(try SegmentedExportTests.packetCount(output, stream: "a:0") > 250)
        #expect(try Self.contents(segments.url) == [], "the export's temporary files are removed once it completes")
        // Its video is cut where the plan says: a key frame starts each 2 s segment.
        let keys = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                   "packet=pts_time,flags", "-of", "csv=p=0", output.path])
        let keyTimes = keys.output.split(separator: "\n").filter { $0.contains("K") }
            .compactMap { Double($0.split(separator: ",")[0]) }
        for cut in [0.0, 2.0, 4.0] {
            #expect(keyTimes.contains { abs($0 - cut) < 0.001 }, "no key frame at \(cut) s: \(keyTimes)")
        }
    }

    @Test("cancelled part-way, the partial results stay; the next session resumes from them and encodes only the rest")
    func resumesAfterCancel() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let segments = try TestFiles.makeTemporaryDirectory("segments")
        let output = directory.file("out.mp4")

        // The first attempt is cancelled once a segment is finished (its receipt written).
        let first = try Self.session(output, directory: segments.url)
        guard case .resumable(isResumingFromPreviousState: false) = await first.configureForResumableExport() else {
            Issue.record("a fresh directory should be resumable from the start")
            return
        }
        await Self.exportUntilFirstSegment(first)
        #expect(first.status == .cancelled)
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let kept = try Self.contents(segments.url)
        let finished = kept.filter { $0.hasPrefix("AVAssetExportSession.segment-") && $0.hasSuffix(".json") }.count
        #expect(kept.contains("AVAssetExportSession.plan.json"), "\(kept)")
        #expect((1...2).contains(finished), "\(kept)")

        // Resumed with encoders of another thread count asked for: the stored plan's choices are kept.
        let second = try Self.session(output, directory: segments.url, parallel: false)
        guard case .resumable(isResumingFromPreviousState: true) = await second.configureForResumableExport() else {
            Issue.record("the second session should resume from the first one's segments")
            return
        }
        // The first progress comes after the first segment encoded now: with `finished` already done, a tenth of the
        // progress is the stitch's and each of the 3 segments has 0.3, so it is 0.3 × (finished + 1).
        let reported = Mutex<[Float]>([])
        let observation = second.observe(\.progress, options: [.new]) { session, _ in
            let value = session.progress
            reported.withLock { $0.append(value) }
        }
        try await second.export(to: output, as: .mp4)
        observation.invalidate()
        let first3 = reported.withLock { Array($0.prefix(3)) }
        #expect(abs((first3.first ?? 0) - 0.3 * Float(finished + 1)) < 0.001, "\(first3) with \(finished) finished")
        #expect(try Self.contents(segments.url) == [])
        #expect(try ExternalTool.ffmpegDecodeErrors(output).isEmpty)

        // The same media as an export never interrupted.
        let whole = directory.file("whole.mp4")
        let wholeSegments = try TestFiles.makeTemporaryDirectory("whole-segments")
        let uninterrupted = try Self.session(whole, directory: wholeSegments.url)
        _ = await uninterrupted.configureForResumableExport()
        try await uninterrupted.export(to: whole, as: .mp4)
        let resumedVideo = try Self.packetHashes(output, stream: "v:0")
        #expect(resumedVideo.count == 150)
        #expect(resumedVideo == (try Self.packetHashes(whole, stream: "v:0")))
        #expect(try Self.packetHashes(output, stream: "a:0") == (try Self.packetHashes(whole, stream: "a:0")))
    }

    @Test("a directory holding another export's segments is refused; the export then runs afresh, not resumably")
    func otherExportsDirectory() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let segments = try TestFiles.makeTemporaryDirectory("segments")
        let first = try Self.session(directory.file("first.mp4"), directory: segments.url)
        _ = await first.configureForResumableExport()
        await Self.exportUntilFirstSegment(first)
        #expect(first.status == .cancelled)
        let kept = try Self.contents(segments.url)
        #expect(kept.contains("AVAssetExportSession.plan.json"), "\(kept)")

        let output = directory.file("other.mp4")
        // Another time range of the same source is another export (a preset of another size would not be here: the
        // 320x240 source is never scaled up, so 640x480 and 960x540 make the same export).
        let other = try Self.session(output, directory: segments.url)
        other.timeRange = CMTimeRange(start: .zero, duration: CMTime(value: 4, timescale: 1))
        guard case .notResumable(failureReason: .incompatibleTemporaryDirectoryContents) =
                await other.configureForResumableExport() else {
            Issue.record("another time range on the same directory should be refused")
            return
        }
        try await other.export(to: output, as: .mp4)
        #expect(try SegmentedExportTests.packetCount(output, stream: "v:0") == 100)
        #expect(try Self.contents(segments.url) == kept, "the other export's files are left as they were")
        // A damaged plan is another export's state too.
        try Data("{".utf8).write(to: segments.url.appendingPathComponent("AVAssetExportSession.plan.json"))
        let again = try Self.session(directory.file("again.mp4"), directory: segments.url)
        guard case .notResumable(failureReason: .incompatibleTemporaryDirectoryContents) =
                await again.configureForResumableExport() else {
            Issue.record("a damaged plan should be refused")
            return
        }
    }
}
