import Foundation
import Testing
import TestSupport

/// A real browser as the judge (docs/browser-judge.md): headless Chromium appends avsegment's segments through Media
/// Source Extensions, and plays avsplit's and `avconvert --resumeDirectory`'s stitched MP4 progressively. The last
/// tests hand the judge broken media and expect it to say no, so a judge that passes everything is caught.
// Serialized: each test starts a browser, and the stitching tests run encoders on both cores.
@Suite("Chromium plays avsegment's packages and the stitched output of segmented exports", .serialized)
struct BrowserPlaybackTests {
    /// The media playlist's segment URIs, in the order a client fetches them.
    static func playlistSegments(_ directory: URL) throws -> [String] {
        let playlist = try String(contentsOf: directory.appendingPathComponent("prog_index.m3u8"), encoding: .utf8)
        return playlist.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The CODECS attribute avsegment wrote into its multivariant playlist: the page asks the browser about it.
    static func codecs(_ directory: URL) throws -> String {
        let master = try String(contentsOf: directory.appendingPathComponent("master.m3u8"), encoding: .utf8)
        let start = try #require(master.range(of: "CODECS=\""))
        let end = try #require(master[start.upperBound...].firstIndex(of: "\""))
        return String(master[start.upperBound..<end])
    }

    /// The 8 s test movie (H.264 High, AAC) cut every 2 s by avsegment into `directory/name`, with `options`.
    static func package(_ name: String, in directory: TemporaryDirectory, _ options: [String] = []) throws
        -> BrowserJudge.Track {
        let folder = directory.file(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let result = try AVSegmentTests.run(["-t", "2", "-f", folder.path, "--multivariant", "master.m3u8"] + options
                                            + [try AVSegmentTests.movie().path])
        #expect(result.status == 0, "\(result.standardError)")
        let codecs = try codecs(folder)
        let kind = options.contains("--audio-only") ? "audio" : "video"
        return BrowserJudge.Track(mime: "\(kind)/mp4; codecs=\"\(codecs)\"", initialization: name + "/init.mp4",
                                  segments: try playlistSegments(folder).map { name + "/" + $0 })
    }

    @Test("an HLS package (H.264 + AAC muxed): one SourceBuffer buffers 0…8 s and plays to the end")
    func muxedPackage() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("browser-muxed")
        let track = try Self.package("muxed", in: directory)
        #expect(track.mime == "video/mp4; codecs=\"avc1.64000D,mp4a.40.2\"")
        #expect(track.segments.count == 4)
        let verdict = try await BrowserJudge.mediaSource([track], in: directory.url, duration: 8)
        #expect(verdict.played, "\(verdict)")
    }

    @Test("a CMAF package per track (video only, audio only): a SourceBuffer each, both buffer 0…8 s, it plays")
    func cmafPackages() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("browser-cmaf")
        let video = try Self.package("video", in: directory, ["--video-only", "--cmaf"])
        let audio = try Self.package("audio", in: directory, ["--audio-only", "--cmaf"])
        #expect(video.mime == "video/mp4; codecs=\"avc1.64000D\"")
        #expect(audio.mime == "audio/mp4; codecs=\"mp4a.40.2\"")
        let verdict = try await BrowserJudge.mediaSource([video, audio], in: directory.url, duration: 8)
        #expect(verdict.played, "\(verdict)")
    }

    @Test("a CMAF ladder's MPD: the segments it lists for each video representation and the audio play 0…8 s")
    func dashManifest() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("browser-dash")
        let result = try AVSegmentTests.run(["-t", "2", "-f", directory.url.path, "--ladder", "240,144", "--cmaf",
                                             "--dash", "manifest.mpd", try AVSegmentTests.movie().path])
        #expect(result.status == 0, "\(result.standardError)")
        let manifest = try #require(try DASHManifestSegments.read(directory.file("manifest.mpd")), "well-formed XML")
        let duration = try #require(manifest.duration)
        #expect(abs(duration - 8) < 1e-6)
        let audio = try #require(manifest.tracks["audio"])
        #expect(audio.mime == "audio/mp4; codecs=\"mp4a.40.2\"")
        #expect(audio.initialization == "audio/init.mp4")
        for rung in ["240p", "144p"] {
            let video = try #require(manifest.tracks[rung])
            #expect(video.segments == (0..<4).map { "\(rung)/fileSequence\($0).m4s" })
            // The page asks the browser about the MPD's own mimeType and codecs, and buffers what it lists.
            let verdict = try await BrowserJudge.mediaSource([video, audio], in: directory.url, duration: duration)
            #expect(verdict.played, "\(rung): \(verdict)")
        }
    }

    @Test("avsplit's stitched output plays in a <video> element: 8 s, to the end, video and audio decoded")
    func avsplitStitched() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("browser-avsplit")
        let plan = try await AVSplitTests.plan(in: directory)
        let run = try await AVSplitTests.run(["run", plan.path, "--parallel", "2"])
        #expect(run.status == 0, "\(run.standardError)")
        let verdict = try await BrowserJudge.progressive("out.mp4", in: directory.url, duration: 8)
        #expect(verdict.played, "\(verdict)")
    }

    @Test("a resumable export (avconvert --resumeDirectory) plays in a <video> element to the end")
    func resumableExport() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("browser-resumable")
        let segments = directory.file("segments")
        try FileManager.default.createDirectory(at: segments, withIntermediateDirectories: false)
        let arguments = AVConvertResumeTests.arguments(try AVSegmentTests.movie(), output: directory.file("out.mp4"),
                                                       directory: segments)
        let result = try await blockingWork { try ExternalTool.run(AVConvertTests.avconvert.path, arguments) }
        #expect(result.status == 0, "\(result.standardError)")
        let verdict = try await BrowserJudge.progressive("out.mp4", in: directory.url, duration: 8)
        #expect(verdict.played, "\(verdict)")
    }

    // The judge must be able to say no. These were first seen failing as the tests above, broken on purpose.

    @Test("the judge says no: a package missing its second segment leaves a gap in buffered")
    func missingSegment() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("browser-gap")
        var track = try Self.package("muxed", in: directory)
        track.segments.remove(at: 1)
        let verdict = try await BrowserJudge.mediaSource([track], in: directory.url, duration: 8)
        #expect(verdict.status == 1, "\(verdict)")
        #expect(verdict.failure?.contains("buffered [[0,1.99") == true, "\(verdict)")
    }

    @Test("the judge says no: an initialization segment cut to 300 bytes fails the first media segment's append")
    func truncatedInitializationSegment() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("browser-truncated-init")
        let track = try Self.package("muxed", in: directory)
        let initialization = directory.file(track.initialization)
        try Data(try Data(contentsOf: initialization).prefix(300)).write(to: initialization)
        let verdict = try await BrowserJudge.mediaSource([track], in: directory.url, duration: 8)
        #expect(verdict.status == 1, "\(verdict)")
        #expect(verdict.failure?.contains("appendBuffer(") == true, "\(verdict)")
    }

    @Test("the judge says no: a stitched MP4 cut in half stops with a media error before its end")
    func truncatedProgressive() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("browser-truncated")
        let plan = try await AVSplitTests.plan(in: directory)
        #expect(try await AVSplitTests.run(["run", plan.path, "--parallel", "2"]).status == 0)
        let output = directory.file("out.mp4")
        let whole = try Data(contentsOf: output)
        try Data(whole.prefix(whole.count / 2)).write(to: output)
        let verdict = try await BrowserJudge.progressive("out.mp4", in: directory.url, duration: 8)
        #expect(verdict.status == 1, "\(verdict)")
        #expect((verdict.currentTime ?? 8) < 7, "\(verdict)")
    }
}
