import CoreMedia
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import AVFoundation

/// `allowsParallelizedExport` on an ordinary export: the policy's verdict for each input, and a split export judged
/// by ffmpeg and ffprobe against the one-piece export of the same session settings (frames, audio samples, SSIM), its
/// private temporary directory gone however it ends. The policy's thresholds are lowered through its inputs, so
/// that the 6 s test movie splits.
// Serialized: each export already uses both cores.
@Suite("Parallelized ordinary export: policy and split", .serialized)
struct ParallelExportTests {
    static func seconds(_ value: Double) -> CMTime { CMTime(seconds: value, preferredTimescale: 600) }
    static let gibibyte: Int64 = 1 << 30

    /// A policy that splits the 6 s test movie in two on a 2-core machine.
    static let lenient = ParallelExportPolicy(minimumCores: 2, minimumDuration: seconds(4),
                                              minimumSegmentDuration: seconds(2), maximumWorkers: 16,
                                              bytesPerPixelPerWorker: 300, memoryShare: 0.5)
    static let twoCores = ParallelExportPolicy.Machine(cores: 2, availableMemory: 8 * gibibyte)

    static let h264 = AVVideoCodecType.h264.rawValue
    static let cuttable = ParallelExportPolicy.Settings(allowsParallelizedExport: true, videoCodec: h264,
                                                        allowCutting: true)
    static let minute1080p = ParallelExportPolicy.Work(duration: seconds(120), width: 1920, height: 1080)

    /// A session exporting the 6 s movie with `policy` on `machine`, temporary files in `temporary`.
    static func session(_ output: URL, temporary: URL?, parallel: Bool = true, policy: ParallelExportPolicy = lenient,
                        machine: ParallelExportPolicy.Machine = twoCores) throws -> AVAssetExportSession {
        let session = try ResumableExportTests.session(output, directory: temporary, parallel: parallel)
        session.lock.withLock {
            session.configuration.parallelExportPolicy = policy
            session.configuration.parallelExportMachine = machine
        }
        return session
    }

    /// The number of decoded audio samples per channel (ffprobe, frame by frame).
    static func audioSampleCount(_ url: URL) throws -> Int {
        let result = try ExternalTool.check("ffprobe", ["-v", "error", "-select_streams", "a:0", "-show_entries",
                                                        "frame=nb_samples", "-of", "csv=p=0", url.path])
        return result.output.split(separator: "\n").compactMap { Int($0) }.reduce(0, +)
    }

    /// The presentation times of the video's key frames, in seconds (ffprobe).
    static func keyFrameTimes(_ url: URL) throws -> [Double] {
        let keys = try ExternalTool.check("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                      "packet=pts_time,flags", "-of", "csv=p=0", url.path])
        return keys.output.split(separator: "\n").filter { $0.contains("K") }
            .compactMap { Double($0.split(separator: ",")[0]) }
    }

    // MARK: The policy's verdicts

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var policy = ParallelExportTests.lenient
        var settings = ParallelExportTests.cuttable
        var work = ParallelExportTests.minute1080p
        var machine = ParallelExportPolicy.Machine(cores: 8, availableMemory: 64 * ParallelExportTests.gibibyte)
        let expected: ParallelExportPolicy.Verdict?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "allowsParallelizedExport false",
             settings: .init(allowsParallelizedExport: false, videoCodec: h264, allowCutting: true), expected: nil),
        Case(name: "ProRes", settings: .init(allowsParallelizedExport: true,
                                             videoCodec: AVVideoCodecType.proRes422.rawValue, allowCutting: true),
             expected: nil),
        Case(name: "no video (audio only, passthrough)",
             settings: .init(allowsParallelizedExport: true, videoCodec: nil, allowCutting: true), expected: nil),
        Case(name: "fileLengthLimit or multiple passes",
             settings: .init(allowsParallelizedExport: true, videoCodec: h264, allowCutting: false), expected: nil),
        Case(name: "one core", machine: .init(cores: 1, availableMemory: 64 * gibibyte), expected: nil),
        Case(name: "shorter than the minimum", work: .init(duration: seconds(3.9), width: 1920, height: 1080),
             expected: nil),
        Case(name: "memory for one 1080p pipeline only", machine: .init(cores: 8, availableMemory: 1 * gibibyte),
             expected: nil),
        Case(name: "8 cores, 120 s: 8 segments of 15 s", expected: .split(workers: 8, segmentDuration: seconds(15))),
        Case(name: "HEVC", settings: .init(allowsParallelizedExport: true, videoCodec: AVVideoCodecType.hevc.rawValue,
                                           allowCutting: true),
             expected: .split(workers: 8, segmentDuration: seconds(15))),
        Case(name: "memory for 3 pipelines", machine: .init(cores: 8, availableMemory: 4 * gibibyte),
             expected: .split(workers: 3, segmentDuration: seconds(40))),
        Case(name: "5 s: two segments of at least 2 s", work: .init(duration: seconds(5), width: 320, height: 240),
             expected: .split(workers: 2, segmentDuration: seconds(2.5))),
        Case(name: "the shipped rule, 2 cores, 180 s of 1080p", policy: .standard,
             machine: .init(cores: 2, availableMemory: 16 * gibibyte), expected: nil),
        Case(name: "the shipped rule, 16 cores, 180 s of 1080p", policy: .standard,
             work: .init(duration: seconds(180), width: 1920, height: 1080),
             machine: .init(cores: 16, availableMemory: 64 * gibibyte),
             expected: .split(workers: 16, segmentDuration: seconds(11.25))),
    ]

    @Test("the policy's verdict for each input", arguments: cases)
    func verdicts(_ testCase: Case) {
        let verdict = testCase.policy.verdict(for: testCase.settings, testCase.work, on: testCase.machine)
        if let expected = testCase.expected {
            #expect(verdict == expected)
        } else if case .split = verdict {
            Issue.record("\(testCase.name) should be one piece, not \(verdict)")
        }
        // The session's check before reading the source never refuses what the verdict would split.
        if let reason = testCase.policy.refusal(for: testCase.settings, on: testCase.machine) {
            #expect(verdict == .onePiece(reason: reason))
        }
    }

    // MARK: A split export, judged against the one-piece export

    @Test("a split ordinary export has every frame and audio sample, decodes cleanly, and keeps the one-piece SSIM")
    func splitExportMatchesOnePiece() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let temporary = try TestFiles.makeTemporaryDirectory("temporary")
        let output = directory.file("split.mp4")
        let split = try Self.session(output, temporary: temporary.url)
        let reported = Mutex<[Float]>([])
        let observation = split.observe(\.progress, options: [.new]) { session, _ in
            let value = session.progress
            reported.withLock { $0.append(value) }
        }
        try await split.export(to: output, as: .mp4)
        observation.invalidate()
        let progress = reported.withLock { $0 }
        #expect(progress == progress.sorted() && progress.last == 1, "\(progress)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.url.path) == [])

        let whole = directory.file("whole.mp4")
        try await Self.session(whole, temporary: nil, parallel: false).export(to: whole, as: .mp4)

        // Split: a key frame where the second segment starts (3 s); in one piece the preset's encoder has none there.
        #expect(try Self.keyFrameTimes(output).contains { abs($0 - 3) < 0.001 })
        #expect(!(try Self.keyFrameTimes(whole).contains { abs($0 - 3) < 0.001 }))
        #expect(try ExternalTool.ffmpegDecodeErrors(output).isEmpty)
        #expect(try SegmentedExportTests.packetCount(output, stream: "v:0") == 150)
        let samples = try Self.audioSampleCount(output)
        #expect(samples > 6 * 44_100 - 1024)
        #expect(samples == (try Self.audioSampleCount(whole)))
        let source = try SegmentedExportTests.source()
        let splitSSIM = try SegmentedExportTests.ssim(output, against: source)
        let wholeSSIM = try SegmentedExportTests.ssim(whole, against: source)
        #expect(splitSSIM > 0.9 && wholeSSIM - splitSSIM < 0.001, "split \(splitSSIM), one piece \(wholeSSIM)")
    }

    @Test("false, or a source the rule does not split, exports in one piece, as an ExportJob of the request does")
    func onePieceWhenNotSplit() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let temporary = try TestFiles.makeTemporaryDirectory("temporary")
        let direct = directory.file("direct.mp4")
        let request = try SegmentedExportTests.request(try SegmentedExportTests.source(), output: direct)
        try await blockingWork { try ExportJob.run(request, plan: nil) }
        // Packets are not compared: two one-piece exports in one test process do not always make the same bytes
        // (x264 of several threads), so the split shows in the key frames: a split one has one at its cut (3 s).
        let keyFrames = try Self.keyFrameTimes(direct)
        #expect(!keyFrames.contains { abs($0 - 3) < 0.001 })

        var longOnly = Self.lenient
        longOnly.minimumDuration = Self.seconds(10)
        // false; and allowed, but the source is shorter than the rule's minimum (planned on the job's thread).
        for (name, parallel, policy) in [("false.mp4", false, Self.lenient), ("short.mp4", true, longOnly)] {
            let output = directory.file(name)
            try await Self.session(output, temporary: temporary.url, parallel: parallel, policy: policy)
                .export(to: output, as: .mp4)
            #expect(try Self.keyFrameTimes(output) == keyFrames, "\(name)")
            #expect(try SegmentedExportTests.packetCount(output, stream: "v:0") == 150)
            #expect(try Self.audioSampleCount(output) == (try Self.audioSampleCount(direct)))
            #expect(try ExternalTool.ffmpegDecodeErrors(output).isEmpty)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.url.path) == [])
    }

    @Test("cancelled part-way or at once, a split export leaves no output and no temporary file",
          arguments: [true, false])
    func cancelLeavesNothing(afterFirstSegment: Bool) async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let temporary = try TestFiles.makeTemporaryDirectory("temporary")
        let output = directory.file("out.mp4")
        // Three segments of 2 s, two side by side: the first progress comes while the third is still to come.
        let session = try Self.session(output, temporary: temporary.url,
                                       machine: .init(cores: 3, availableMemory: 8 * Self.gibibyte))
        if afterFirstSegment {
            await ResumableExportTests.exportUntilFirstSegment(session)
        } else {
            let observation = session.observe(\.status, options: [.new]) { session, _ in
                if session.status == .exporting { session.cancelExport() }
            }
            await session.export()
            observation.invalidate()
        }
        #expect(session.status == .cancelled)
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.url.path) == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == [])
    }

    @Test("the segments' directory is new, private to this user, in the system's temporary directory by default")
    func privateDirectory() throws {
        let first = try ParallelExportJob.makePrivateDirectory(in: nil)
        let second = try ParallelExportJob.makePrivateDirectory(in: nil)
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        #expect(first != second)
        #expect(first.path.hasPrefix(FileManager.default.temporaryDirectory.path))
        var info = stat()
        #expect(stat(first.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(throws: AVError.self) {
            try ParallelExportJob.makePrivateDirectory(in: URL(fileURLWithPath: "/nonexistent-\(UUID())"))
        }
    }
}
