import Foundation
import Testing
import TestSupport

/// `avsegment --cmaf --dash`: the MPD is judged by FFmpeg's DASH demuxer (`-f dash`), which reads the manifest,
/// fetches the initialization and media segments its SegmentTemplate names and its SegmentTimeline times, and
/// decodes them; its durations and frame counts must be the package's.
@Suite("avsegment DASH manifests against ffprobe and ffmpeg")
struct AVSegmentDASHTests {
    /// The `S` elements of every SegmentTimeline, in order, as (t, d, r).
    private static func timelines(_ mpd: String) -> [[(t: Int64?, d: Int64, r: Int64)]] {
        mpd.components(separatedBy: "<SegmentTimeline>").dropFirst().map { timeline in
            let body = timeline.components(separatedBy: "</SegmentTimeline>")[0]
            return body.components(separatedBy: "<S ").dropFirst().map { element in
                var values: [String: Int64] = [:]
                for pair in element.prefix(while: { $0 != "/" }).split(separator: " ") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    guard parts.count == 2 else { continue }
                    values[String(parts[0])] = Int64(parts[1].filter { $0 != "\"" })
                }
                return (values["t"], values["d"] ?? 0, values["r"] ?? 0)
            }
        }
    }

    /// The value of the first `name="…"` attribute after `marker`.
    private static func attribute(_ name: String, in text: String, after marker: String = "<MPD") -> String? {
        guard let start = text.range(of: marker),
              let range = text[start.upperBound...].range(of: " \(name)=\"") else { return nil }
        return String(text[range.upperBound...].prefix { $0 != "\"" })
    }

    /// Seconds of an `PT…S` duration as avsegment writes it.
    private static func seconds(_ duration: String?) -> Double? {
        guard let duration, duration.hasPrefix("PT"), duration.hasSuffix("S") else { return nil }
        return Double(duration.dropFirst(2).dropLast())
    }

    @Test("video only, CMAF, cut every 2 s: ffmpeg's DASH demuxer reads 8 s and 240 frames, without an error")
    func videoOnly() throws {
        let directory = try TestFiles.makeTemporaryDirectory("avsegment-dash")
        let result = try AVSegmentTests.run(["-t", "2", "-f", directory.url.path, "--video-only", "--cmaf",
                                             "--dash", "manifest.mpd", "--multivariant", "master.m3u8",
                                             try AVSegmentTests.movie().path])
        #expect(result.status == 0, "\(result.standardError)")
        let url = directory.file("manifest.mpd")
        let mpd = try String(contentsOf: url, encoding: .utf8)
        #expect(mpd.contains("profiles=\"urn:mpeg:dash:profile:isoff-live:2011,urn:mpeg:dash:profile:cmaf:2019\""))
        #expect(mpd.contains("initialization=\"init.mp4\" media=\"fileSequence$Number$.m4s\" startNumber=\"0\""))
        // The timeline lists every segment file, and adds up to the presentation's duration.
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
            .filter { $0.hasSuffix(".m4s") }
        let timeline = try #require(Self.timelines(mpd).first)
        #expect(timeline.reduce(0) { $0 + $1.r + 1 } == Int64(files.count))
        #expect(files.count == 4)
        let timescale = try #require(Self.attribute("timescale", in: mpd, after: "<SegmentTemplate")
            .flatMap(Int64.init))
        let ticks = timeline.reduce(Int64(0)) { $0 + $1.d * ($1.r + 1) }
        let duration = try #require(Self.seconds(Self.attribute("mediaPresentationDuration", in: mpd)))
        #expect(abs(Double(ticks) / Double(timescale) - duration) < 1e-6)
        #expect(abs(duration - 8) < 1e-6, "240 frames at 30 fps")

        let probe = try ExternalTool.ffprobeJSON(["-f", "dash", "-count_frames", "-show_format", "-show_streams",
                                                  url.path])
        let format = probe["format"] as? [String: Any]
        #expect(abs((Double(format?["duration"] as? String ?? "") ?? 0) - 8) < 0.05, "\(String(describing: format))")
        let streams = probe["streams"] as? [[String: Any]] ?? []
        #expect(streams.count == 1)
        #expect(streams.first?["width"] as? Int == 320)
        #expect(Int(streams.first?["nb_read_frames"] as? String ?? "") == 240)
        #expect(try ExternalTool.ffmpegDecodeErrors(url, extraArguments: ["-f", "dash"]) == "")
        // The MPD's codecs is the HLS playlist's CODECS for the same segments.
        let codecs = try #require(Self.attribute("codecs", in: mpd, after: "<Representation"))
        #expect(codecs.hasPrefix("avc1.6400"), "\(codecs)")
        let master = try String(contentsOf: directory.file("master.m3u8"), encoding: .utf8)
        #expect(master.contains("CODECS=\"\(codecs)\""), "\(master)")
    }

    @Test("a CMAF ladder: a representation per height and the audio; every stream decodes in full")
    func ladder() throws {
        let directory = try TestFiles.makeTemporaryDirectory("avsegment-dash-ladder")
        let result = try AVSegmentTests.run(["-t", "2", "-f", directory.url.path, "--ladder", "240,144", "--cmaf",
                                             "--dash", "manifest.mpd", try AVSegmentTests.movie().path])
        #expect(result.status == 0, "\(result.standardError)")
        let url = directory.file("manifest.mpd")
        let mpd = try String(contentsOf: url, encoding: .utf8)
        #expect(mpd.components(separatedBy: "<Representation ").count - 1 == 3, "\(mpd)")
        #expect(mpd.contains("contentType=\"video\" mimeType=\"video/mp4\" segmentAlignment=\"true\">"),
                "the rungs are cut at the same frames")
        #expect(mpd.contains("media=\"240p/fileSequence$Number$.m4s\""))
        #expect(mpd.contains("media=\"audio/fileSequence$Number$.m4s\""))
        #expect(mpd.contains("width=\"192\" height=\"144\" frameRate=\"30\""))
        #expect(mpd.contains("audioSamplingRate=\"44100\""))
        #expect(mpd.contains("codecs=\"mp4a.40.2\""))
        // Each rendition's segments are CMAF segments (styp first).
        let segment = try Data(contentsOf: directory.url.appendingPathComponent("144p/fileSequence0.m4s"))
        #expect(String(decoding: segment[4..<8], as: UTF8.self) == "styp")

        // The whole manifest: every stream decodes without an error, for the presentation's duration.
        let decode = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-f", "dash", "-i", url.path,
                                                     "-map", "0", "-f", "null", "-"])
        #expect(decode.status == 0 && decode.standardError.isEmpty, "\(decode.standardError)")
        let duration = try #require(Self.seconds(Self.attribute("mediaPresentationDuration", in: mpd)))
        #expect(abs(duration - 8) < 1e-6)
        let format = try ExternalTool.ffprobeJSON(["-f", "dash", "-show_format", url.path])["format"] as? [String: Any]
        #expect(abs((Double(format?["duration"] as? String ?? "") ?? 0) - duration) < 0.05)
        // Frame counts one representation at a time: FFmpeg 5.1's DASH demuxer stops every stream when the one it
        // reads last runs out (its own DASH muxer's package with the video twice loses the second copy's last frame
        // the same way), so the other Representation elements are left out of a copy of the manifest.
        for (id, type, hls) in [("240p", "video", "240p"), ("144p", "video", "144p"), ("audio", "audio", "audio")] {
            let single = directory.file("only-\(id).mpd")
            try Data(Self.keeping(id, in: mpd).utf8).write(to: single)
            let counted = try Self.packetCount(["-f", "dash", single.path])
            // The package's own count, through its HLS media playlist.
            let package = try Self.packetCount([directory.url.appendingPathComponent("\(hls)/prog_index.m3u8").path])
            #expect(counted == package, "\(id)")
            #expect(counted.type == type)
            if type == "video" { #expect(counted.packets == 240, "\(id)") }
        }
    }

    /// The first stream's type and packet count, by ffprobe.
    private static func packetCount(_ input: [String]) throws -> (type: String, packets: Int) {
        let json = try ExternalTool.ffprobeJSON(["-count_packets", "-show_streams"] + input)
        let stream = (json["streams"] as? [[String: Any]])?.first
        return (stream?["codec_type"] as? String ?? "", Int(stream?["nb_read_packets"] as? String ?? "") ?? -1)
    }

    /// `mpd` with only the representation `id` (and the adaptation set that holds it).
    private static func keeping(_ id: String, in mpd: String) -> String {
        var kept: [String] = [], set: [String] = []
        var skipping = false, setKeepsOne = false
        for line in mpd.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("<AdaptationSet ") {
                set = [line]
                setKeepsOne = false
                continue
            }
            if trimmed == "</AdaptationSet>" {
                if setKeepsOne { kept += set + [line] }
                set = []
                continue
            }
            if trimmed.hasPrefix("<Representation ") {
                skipping = !trimmed.contains("id=\"\(id)\"")
                if !skipping { setKeepsOne = true }
            }
            if !skipping {
                if set.isEmpty { kept.append(line) } else { set.append(line) }
            }
            if trimmed == "</Representation>" { skipping = false }
        }
        return kept.joined(separator: "\n")
    }

    @Test("--dash needs --cmaf (status 2); an existing manifest stops the run before any work (status 1)")
    func refusals() throws {
        let directory = try TestFiles.makeTemporaryDirectory("avsegment-dash-refusals")
        #expect(try AVSegmentTests.run(["-f", directory.url.path, "--video-only", "--dash", "m.mpd",
                                        try AVSegmentTests.movie().path]).status == 2)
        try Data("mine".utf8).write(to: directory.file("m.mpd"))
        #expect(try AVSegmentTests.run(["-f", directory.url.path, "--video-only", "--cmaf", "--dash", "m.mpd",
                                        try AVSegmentTests.movie().path]).status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["m.mpd"])
    }
}
