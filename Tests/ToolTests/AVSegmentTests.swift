import Foundation
import Testing
import TestSupport

/// `avsegment` is judged by ffprobe and ffmpeg opening the playlists it writes, as an HLS client would.
@Suite("avsegment against ffprobe and ffmpeg")
struct AVSegmentTests {
    static var avsegment: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("avsegment")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return TestFiles.repositoryRoot.appendingPathComponent(".build/debug/avsegment")
    }

    /// 8 s of 320x240 testsrc at 30 fps (H.264 High with B-frames, a key frame every second) and a 440 Hz AAC tone.
    static func movie() throws -> URL {
        try TestFiles.ffmpegMedia("avsegment-h264-aac-8s.mp4", recipe: [
            "-f", "lavfi", "-i", "testsrc=size=320x240:rate=30", "-f", "lavfi", "-i",
            "sine=frequency=440:sample_rate=44100", "-t", "8", "-c:v", "libx264", "-profile:v", "high", "-g", "30",
            "-bf", "2", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "64k", "-shortest",
        ])
    }

    static func run(_ arguments: [String]) throws -> ExternalTool.Result {
        try ExternalTool.run(avsegment.path, arguments)
    }

    @Test("a movie cut every 2 s: 4 muxed segments; the playlists open, last 8 s and decode without error")
    func muxedPackage() throws {
        let directory = try TestFiles.makeTemporaryDirectory("avsegment")
        let result = try Self.run(["-t", "2", "-f", directory.url.path, "--multivariant", "master.m3u8",
                                   try Self.movie().path])
        #expect(result.status == 0, "\(result.standardError)")
        let playlist = try String(contentsOf: directory.file("prog_index.m3u8"), encoding: .utf8)
        #expect(playlist.components(separatedBy: "#EXTINF:").count - 1 == 4, "\(playlist)")
        #expect(playlist.contains("#EXT-X-MAP:URI=\"init.mp4\""))
        #expect(playlist.contains("#EXT-X-TARGETDURATION:2"))
        for playlist in ["prog_index.m3u8", "master.m3u8"] {
            let url = directory.file(playlist)
            let format = try ExternalTool.ffprobeJSON(["-show_format", url.path])["format"] as? [String: Any]
            let duration = Double(format?["duration"] as? String ?? "") ?? 0
            #expect(abs(duration - 8) < 0.1, "\(playlist): \(duration)")
            #expect(try ExternalTool.ffmpegDecodeErrors(url) == "", "\(playlist)")
        }
        let json = try ExternalTool.ffprobeJSON(["-count_frames", "-show_streams", directory.file("prog_index.m3u8").path])
        let streams = json["streams"] as? [[String: Any]] ?? []
        let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
        #expect(Int(video["nb_read_frames"] as? String ?? "") == 240)
        #expect(streams.contains { $0["codec_type"] as? String == "audio" })
        // CODECS: avc1 + High (0x64) + the level ffprobe reports, and AAC LC.
        let master = try String(contentsOf: directory.file("master.m3u8"), encoding: .utf8)
        let level = try #require(video["level"] as? Int)
        #expect(master.contains("CODECS=\"avc1.6400\(String(format: "%02X", level)),mp4a.40.2\""), "\(master)")
        #expect(master.contains("RESOLUTION=320x240"))
        #expect(master.contains("FRAME-RATE=30.000"))
    }

    @Test("a ladder: one decode, a rendition per height no taller than the source, shared audio, one master")
    func ladder() throws {
        let directory = try TestFiles.makeTemporaryDirectory("avsegment-ladder")
        let result = try Self.run(["-t", "2", "-f", directory.url.path, "--ladder", "480,240,144",
                                   try Self.movie().path])
        #expect(result.status == 0, "\(result.standardError)")
        let master = try String(contentsOf: directory.file("master.m3u8"), encoding: .utf8)
        #expect(master.components(separatedBy: "#EXT-X-STREAM-INF:").count - 1 == 2, "480 is taller than 240: \(master)")
        #expect(master.contains("#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"audio\""))
        #expect(!FileManager.default.fileExists(atPath: directory.file("480p").path))
        #expect(try ExternalTool.ffmpegDecodeErrors(directory.file("master.m3u8"), extraArguments: []) == "")
        for (name, width, height) in [("240p", 320, 240), ("144p", 192, 144)] {
            let url = directory.url.appendingPathComponent(name).appendingPathComponent("prog_index.m3u8")
            #expect(master.contains("RESOLUTION=\(width)x\(height)"))
            let json = try ExternalTool.ffprobeJSON(["-count_frames", "-show_streams", url.path])
            let video = (json["streams"] as? [[String: Any]])?.first
            #expect(video?["width"] as? Int == width, "\(name)")
            #expect(video?["height"] as? Int == height, "\(name)")
            #expect(Int(video?["nb_read_frames"] as? String ?? "") == 240, "\(name)")
            // The untagged 240-line source is read as BT.601, and every rung says so (so none is converted).
            #expect(video?["color_space"] as? String == "smpte170m", "\(name)")
            #expect(video?["color_primaries"] as? String == "smpte170m", "\(name)")
            #expect(video?["color_transfer"] as? String == "bt709", "\(name)")
            let playlist = try String(contentsOf: url, encoding: .utf8)
            #expect(playlist.components(separatedBy: "#EXTINF:").count - 1 == 4, "\(name): \(playlist)")
        }
    }

    @Test("an HEVC ladder: hvc1 renditions whose CODECS come from their parameter sets; every frame decodes")
    func hevcLadder() throws {
        let directory = try TestFiles.makeTemporaryDirectory("avsegment-hevc-ladder")
        let result = try Self.run(["-t", "2", "-f", directory.url.path, "--ladder", "240,144", "--codec", "hevc",
                                   try Self.movie().path])
        #expect(result.status == 0, "\(result.standardError)")
        let master = try String(contentsOf: directory.file("master.m3u8"), encoding: .utf8)
        #expect(try ExternalTool.ffmpegDecodeErrors(directory.file("master.m3u8"), extraArguments: []) == "")
        var bandwidths: [Int] = []
        for (name, width) in [("240p", 320), ("144p", 192)] {
            let url = directory.url.appendingPathComponent(name).appendingPathComponent("prog_index.m3u8")
            let json = try ExternalTool.ffprobeJSON(["-count_frames", "-show_streams", url.path])
            let video = try #require((json["streams"] as? [[String: Any]])?.first)
            #expect(video["codec_name"] as? String == "hevc", "\(name)")
            #expect(video["codec_tag_string"] as? String == "hvc1", "\(name)")
            #expect(video["width"] as? Int == width, "\(name)")
            #expect(Int(video["nb_read_frames"] as? String ?? "") == 240, "\(name)")
            // RFC 6381 for HEVC (ISO/IEC 14496-15 E.3): hvc1.<profile>.<compatibility>.<tier><level>…, here Main
            // (profile 1) at the level ffprobe reads from the stream.
            let level = try #require(video["level"] as? Int)
            let stream = try #require(master.components(separatedBy: "#EXT-X-STREAM-INF:").first {
                $0.contains("RESOLUTION=\(width)x")
            })
            #expect(stream.contains("CODECS=\"hvc1.1.6.L\(level)."), "\(name): \(stream)")
            if let range = stream.range(of: "AVERAGE-BANDWIDTH=") {
                bandwidths.append(Int(stream[range.upperBound...].prefix { $0.isNumber }) ?? 0)
            }
        }
        #expect(bandwidths.count == 2 && bandwidths.allSatisfy { $0 > 0 }, "\(master)")
        // --codec belongs to a ladder.
        #expect(try Self.run(["--codec", "hevc", try Self.movie().path]).status == 2)
        #expect(try Self.run(["--ladder", "240", "--codec", "vp9", try Self.movie().path]).status == 2)
    }

    @Test("audio only, CMAF: one track per segment stream, segments open with styp")
    func audioOnlyCMAF() throws {
        let directory = try TestFiles.makeTemporaryDirectory("avsegment-cmaf")
        let result = try Self.run(["-t", "2", "-f", directory.url.path, "--audio-only", "--cmaf", try Self.movie().path])
        #expect(result.status == 0, "\(result.standardError)")
        let first = try Data(contentsOf: directory.file("fileSequence0.m4s"))
        #expect(String(decoding: first[4..<8], as: UTF8.self) == "styp")
        let url = directory.file("prog_index.m3u8")
        #expect(try ExternalTool.ffmpegDecodeErrors(url) == "")
        let streams = try ExternalTool.ffprobeJSON(["-show_streams", url.path])["streams"] as? [[String: Any]] ?? []
        #expect(streams.count == 1)
        #expect(streams.first?["codec_type"] as? String == "audio")
    }

    @Test("nothing is overwritten (status 1); a command line that cannot be run is status 2")
    func refusals() throws {
        let directory = try TestFiles.makeTemporaryDirectory("avsegment-refusals")
        try Data("precious".utf8).write(to: directory.file("init.mp4"))
        let exists = try Self.run(["-f", directory.url.path, try Self.movie().path])
        #expect(exists.status == 1)
        #expect(try Data(contentsOf: directory.file("init.mp4")) == Data("precious".utf8))
        // What the failed run wrote is gone: only the file that was there before is left.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["init.mp4"])
        try FileManager.default.removeItem(at: directory.file("init.mp4"))
        try Data("mine".utf8).write(to: directory.file("prog_index.m3u8"))
        #expect(try Self.run(["-f", directory.url.path, try Self.movie().path]).status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["prog_index.m3u8"])
        #expect(try Self.run(["-t", "abc", try Self.movie().path]).status == 2)
        #expect(try Self.run(["--audio-only", "--video-only", try Self.movie().path]).status == 2)
        #expect(try Self.run([]).status == 2)
        #expect(try Self.run(["-f", "/nonexistent-directory", try Self.movie().path]).status == 2)
    }
}
