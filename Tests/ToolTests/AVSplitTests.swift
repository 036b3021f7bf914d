import Foundation
import Testing
import TestSupport

/// `avsplit`'s three-step contract, driven as a Kubernetes Indexed Job drives it (one `encode` process per index,
/// the index in `JOB_COMPLETION_INDEX`) and in one process, judged by ffprobe and ffmpeg and by comparing bytes.
// Serialized: each test's avsplit runs use both cores.
@Suite("avsplit: plan, encode per index, stitch", .serialized)
struct AVSplitTests {
    static var avsplit: URL {
        AVSegmentTests.avsegment.deletingLastPathComponent().appendingPathComponent("avsplit")
    }

    /// Runs avsplit off the cooperative pool (`blockingWork`).
    static func run(_ arguments: [String], environment: [String] = []) async throws -> ExternalTool.Result {
        let command = environment + [avsplit.path] + arguments
        return try await blockingWork { try ExternalTool.run("env", command) }
    }

    /// Plans the 8 s test movie in 2 s segments for single-threaded SSE2 encoders into `directory/job.json`.
    static func plan(in directory: TemporaryDirectory) async throws -> URL {
        let plan = directory.file("job.json")
        let result = try await run(["plan", "-s", try AVSegmentTests.movie().path, "-p", "Preset640x480",
                                    "-o", directory.file("out.mp4").path, "--segment-duration", "2",
                                    "--encoder-threads", "1", "--encoder-instructions", "sse2", plan.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.hasPrefix("4 segments"), "\(result.output)")
        #expect(result.output.contains("pre-rolls 1 s"), "\(result.output)")
        return plan
    }

    @Test("one process per index, then the stitch: every frame once, and the same bytes as `run` in one process")
    func indexedJob() async throws {
        let first = try TestFiles.makeTemporaryDirectory("avsplit-indexed")
        let plan = try await Self.plan(in: first)
        #expect(try await Self.run(["count", plan.path]).output == "4\n")
        for index in 0..<4 {
            let result = try await Self.run(["encode", plan.path], environment: ["JOB_COMPLETION_INDEX=\(index)"])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.output == "segment \(index) encoded\n")
        }
        let stitched = try await Self.run(["stitch", plan.path])
        #expect(stitched.status == 0, "\(stitched.standardError)")
        let output = first.file("out.mp4")
        #expect(try ExternalTool.ffmpegDecodeErrors(output) == "")
        let json = try ExternalTool.ffprobeJSON(["-count_packets", "-show_streams", output.path])
        let streams = try #require(json["streams"] as? [[String: Any]])
        #expect(streams.first { $0["codec_type"] as? String == "video" }?["nb_read_packets"] as? String == "240")

        // The same plan in another directory, run in one process with two segments side by side.
        let second = try TestFiles.makeTemporaryDirectory("avsplit-run")
        var file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: plan)) as? [String: Any])
        var settings = try #require(file["settings"] as? [String: Any])
        settings["outputPath"] = second.file("out.mp4").path
        file["settings"] = settings
        let copy = second.file("job.json")
        try JSONSerialization.data(withJSONObject: file).write(to: copy)
        let all = try await Self.run(["run", copy.path, "--parallel", "2"])
        #expect(all.status == 0, "\(all.standardError)")
        let same = try Data(contentsOf: second.file("out.mp4")) == Data(contentsOf: output)
        #expect(same, "the stitched files differ")
    }

    @Test("a worker killed mid-segment leaves a piece without a receipt: the stitch refuses it, encode redoes it")
    func killedWorker() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("avsplit-killed")
        let plan = try await Self.plan(in: directory)
        #expect(try await Self.run(["run", plan.path]).status == 0)
        try FileManager.default.removeItem(at: directory.file("out.mp4"))
        // What SIGKILL leaves: a piece cut short and no receipt.
        let piece = directory.file("job.segment-0001.mov")
        let handle = try FileHandle(forWritingTo: piece)
        try handle.truncate(atOffset: 1000)
        try handle.close()
        try FileManager.default.removeItem(at: directory.file("job.segment-0001.json"))
        let refused = try await Self.run(["stitch", plan.path])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("segment 1"), "\(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("out.mp4").path))
        var outputs: [String] = []
        for index in 0..<4 { outputs.append(try await Self.run(["encode", plan.path, "\(index)"]).output) }
        #expect(outputs == ["segment 0 was already encoded\n", "segment 1 encoded\n",
                            "segment 2 was already encoded\n", "segment 3 was already encoded\n"])
        #expect(try await Self.run(["stitch", plan.path]).status == 0)
        #expect(try ExternalTool.ffmpegDecodeErrors(directory.file("out.mp4")) == "")
        #expect(try await Self.run(["clean", plan.path]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: piece.path))
    }

    @Test("command lines that cannot run exit 2; a plan never overwrites")
    func usage() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("avsplit-usage")
        #expect(try await Self.run(["bogus", "x.json"]).status == 2)
        #expect(try await Self.run(["encode"]).status == 2)
        #expect(try await Self.run(["encode", "x.json", "-1"]).status == 2)
        #expect(try await Self.run(["run", "x.json", "--parallel", "0"]).status == 2)
        #expect(try await Self.run(["stitch", "x.json", "--segment-duration", "2"]).status == 2)
        #expect(try await Self.run(["plan", "-s", "a.mov", "-p", "Preset640x480", "-o", "b.mp4", "--pre-roll", "-1",
                                    "x.json"]).status == 2)
        let existing = directory.file("job.json")
        try Data("{}".utf8).write(to: existing)
        let result = try await Self.run(["plan", "-s", try AVSegmentTests.movie().path, "-p", "Preset640x480",
                                   "-o", directory.file("out.mp4").path, existing.path])
        #expect(result.status == 1)
        #expect(try Data(contentsOf: existing) == Data("{}".utf8))
        let notAPlan = try await Self.run(["count", existing.path])
        #expect(notAPlan.status == 1)
        #expect(notAPlan.standardError.contains("not a segmented export plan"), "\(notAPlan.standardError)")
    }
}
