import Foundation
import Testing
import TestSupport

/// `avconvert --resumeDirectory`: `configureForResumableExport()` from the command line. A conversion killed with
/// SIGKILL part-way and run again with the same options resumes from the segments it finished, and makes the media
/// an uninterrupted conversion makes; judged by ffprobe and ffmpeg.
// Serialized: each conversion uses both cores.
@Suite("avconvert --resumeDirectory", .serialized)
struct AVConvertResumeTests {
    static func arguments(_ source: URL, output: URL, directory: URL) -> [String] {
        ["-s", source.path, "-o", output.path, "-p", "Preset640x480", "--resumeDirectory", directory.path, "-v"]
    }

    /// The MD5 of each video packet, in order (the media without the movie's header).
    static func videoPacketHashes(_ url: URL) throws -> [String] {
        let result = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-map", "0:v:0",
                                                     "-c", "copy", "-f", "framemd5", "-"])
        return result.output.split(separator: "\n").filter { !$0.hasPrefix("#") }
            .compactMap { $0.split(separator: ",").last?.trimmingCharacters(in: .whitespaces) }
    }

    static func receipts(_ directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasPrefix("AVAssetExportSession.segment-") && $0.hasSuffix(".json") }.sorted()
    }

    @Test("killed with SIGKILL after a segment, run again: it resumes from the finished segments, makes the same media",
          .timeLimit(.minutes(10)))
    func killedAndResumed() async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let segments = folder.url.appendingPathComponent("segments")
        try FileManager.default.createDirectory(at: segments, withIntermediateDirectories: false)
        let source = try AVConvertTests.source("h264-aac-320x240-6s.mov")
        let output = folder.file("out.mp4")

        let process = Process()
        process.executableURL = AVConvertTests.avconvert
        process.arguments = Self.arguments(source, output: output, directory: segments)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Watched from a thread of its own: a task could be kept off the cores (by other suites' work) until the
        // conversion had ended.
        let killed = try await blockingWork {
            let deadline = Date().addingTimeInterval(300)
            while process.isRunning, Self.receipts(segments).isEmpty, Date() < deadline { usleep(1000) }
            let running = process.isRunning
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return running
        }
        try #require(killed, "the conversion ended before it could be killed part-way")
        let finished = Self.receipts(segments)
        #expect(!finished.isEmpty && finished.count < 3, "\(finished)")
        #expect(!FileManager.default.fileExists(atPath: output.path))

        let resumed = try await blockingWork {
            try ExternalTool.run(AVConvertTests.avconvert.path, Self.arguments(source, output: output,
                                                                                directory: segments))
        }
        #expect(resumed.status == 0, "\(resumed.standardError)")
        #expect(resumed.output.contains("Resuming the conversion"), "\(resumed.output)")
        #expect(try ExternalTool.ffmpegDecodeErrors(output).isEmpty)
        let video = try Self.videoPacketHashes(output)
        #expect(video.count == 150)
        let left = try FileManager.default.contentsOfDirectory(atPath: segments.path).filter { !$0.hasPrefix(".") }
        #expect(left == [], "the segments are removed once the output is complete")

        let whole = folder.file("whole.mp4")
        let wholeSegments = folder.url.appendingPathComponent("whole-segments")
        try FileManager.default.createDirectory(at: wholeSegments, withIntermediateDirectories: false)
        let uninterrupted = try await blockingWork {
            try ExternalTool.run(AVConvertTests.avconvert.path, Self.arguments(source, output: whole,
                                                                                directory: wholeSegments))
        }
        #expect(uninterrupted.status == 0, "\(uninterrupted.standardError)")
        #expect(uninterrupted.output.contains("Resumable: finished segments are kept"), "\(uninterrupted.output)")
        #expect(video == (try Self.videoPacketHashes(whole)), "the resumed conversion's video differs")
    }

    @Test("a preset that cannot be resumed: status 1 and one line saying why, nothing written")
    func notResumable() async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let source = try AVConvertTests.source("h264-aac-320x240-6s.mov")
        let output = folder.file("out.mov")
        let result = try await blockingWork {
            try ExternalTool.run(AVConvertTests.avconvert.path, ["-s", source.path, "-o", output.path,
                                                                 "-p", "PresetPassthrough",
                                                                 "--resumeDirectory", folder.url.path])
        }
        #expect(result.status == 1)
        #expect(AVConvertTests.oneLine(result)?.contains("H.264 or HEVC") == true, "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [])
    }
}
