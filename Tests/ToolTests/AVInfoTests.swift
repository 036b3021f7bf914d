import Foundation
import Testing
import TestSupport

/// `avinfo` is judged against ffprobe on the same files: its raw sample listing must equal ffprobe's packet list
/// with edit lists ignored, and its JSON must carry the documented keys with ffprobe's values.
@Suite("avinfo against ffprobe")
struct AVInfoTests {
    /// The avinfo binary built beside this test bundle (`swift build --build-tests` builds every product).
    static var avinfo: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("avinfo")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return TestFiles.repositoryRoot.appendingPathComponent(".build/debug/avinfo")
    }

    /// A short H.264 (B-frames) + AAC movie with an edit list, made by ffmpeg once and cached.
    static func sampleMovie() throws -> URL {
        try TestFiles.ffmpegMedia("avinfo-h264-bframes-aac.mp4", recipe: [
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=2",
            "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=44100:duration=2",
            "-c:v", "libx264", "-bf", "2", "-g", "25", "-c:a", "aac", "-b:a", "96k", "-metadata", "title=avinfo sample",
            "-metadata:s:a:0", "language=fra",
        ])
    }

    @Test("--samples lists exactly ffprobe's packets (dts, pts, duration, size, key flag)", arguments: [1, 2])
    func samples(trackID: Int) throws {
        let movie = try Self.sampleMovie()
        let ours = try ExternalTool.check(Self.avinfo.path, ["--samples", String(trackID), movie.path]).output
            .split(separator: "\n").map { line -> [String: Any] in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) ?? [:]
            }
        let probe = try ExternalTool.ffprobeJSON([
            "-ignore_editlist", "1", "-select_streams", String(trackID - 1), "-show_packets",
            "-show_entries", "packet=pts,dts,duration,size,flags", movie.path,
        ])
        let packets = try #require(probe["packets"] as? [[String: Any]])
        #expect(ours.count == packets.count)
        for (index, (sample, packet)) in zip(ours, packets).enumerated() {
            #expect(Set(sample.keys) == ["dts", "pts", "duration", "size", "sync"], "sample \(index) keys")
            #expect(sample["dts"] as? Int == packet["dts"] as? Int, "sample \(index) dts")
            #expect(sample["pts"] as? Int == packet["pts"] as? Int, "sample \(index) pts")
            #expect(sample["size"] as? Int == Int(packet["size"] as? String ?? ""), "sample \(index) size")
            #expect(sample["sync"] as? Bool == (packet["flags"] as? String ?? "").hasPrefix("K"), "sample \(index) sync")
            // ffprobe reports AAC packet durations from its parser (always 1024); the table agrees for full packets.
            if trackID == 1 { #expect(sample["duration"] as? Int == packet["duration"] as? Int, "sample \(index) duration") }
        }
    }

    @Test("--json has the documented keys and ffprobe's values")
    func json() throws {
        let movie = try Self.sampleMovie()
        let output = try ExternalTool.check(Self.avinfo.path, ["--json", movie.path]).standardOutput
        let object = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        let probe = try ExternalTool.ffprobeJSON(["-show_streams", "-show_format", movie.path])
        let streams = try #require(probe["streams"] as? [[String: Any]])
        let format = try #require(probe["format"] as? [String: Any])

        let duration = try #require(object["duration"] as? Double)
        #expect(abs(duration - Double(format["duration"] as? String ?? "0")!) < 0.05)
        let metadata = try #require(object["metadata"] as? [String: Any])
        #expect(metadata.values.contains { $0 as? String == "avinfo sample" }, "the title is listed")

        let tracks = try #require(object["tracks"] as? [[String: Any]])
        #expect(tracks.count == 2)
        let required = ["trackID", "mediaType", "codec", "naturalSize", "preferredTransform", "naturalTimeScale",
                        "timeRange", "segments", "sampleCount", "syncSampleCount", "nominalFrameRate",
                        "estimatedDataRate", "languageCode"]
        for track in tracks { #expect(required.allSatisfy { track[$0] != nil }, "keys of track \(track["trackID"] ?? "?")") }

        let video = tracks[0], audio = tracks[1]
        #expect(video["trackID"] as? Int == 1 && video["mediaType"] as? String == "vide" && video["codec"] as? String == "avc1")
        #expect(audio["mediaType"] as? String == "soun" && audio["codec"] as? String == "aac ")
        let size = try #require(video["naturalSize"] as? [String: Any])
        #expect(size["width"] as? Double == 320 && size["height"] as? Double == 240)
        #expect(video["naturalTimeScale"] as? Int == Int((streams[0]["time_base"] as? String ?? "").split(separator: "/").last ?? ""))
        #expect(video["sampleCount"] as? Int == Int(streams[0]["nb_frames"] as? String ?? ""))
        #expect(abs((video["nominalFrameRate"] as? Double ?? 0) - 25) < 0.01)
        #expect(audio["languageCode"] as? String == "fra")
        #expect(audio["sampleCount"] as? Int == Int(streams[1]["nb_frames"] as? String ?? ""))
        #expect(video["preferredTransform"] as? [Double] == [1, 0, 0, 1, 0, 0])
    }

    @Test("a file that is not media: non-zero exit and a one-line reason naming the file")
    func notMedia() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let file = folder.file("notes.mp4")
        try Data("these are not movie bytes".utf8).write(to: file)
        let result = try ExternalTool.run(Self.avinfo.path, [file.path])
        #expect(result.status != 0)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("notes.mp4"))
    }

    /// A two-track movie (H.264 video, AAC sound, a title) whose video sample table is damaged as `damage` says:
    /// "sizes" empties the video `stsz` (ffprobe still shows the sound track and the title), "empty" also empties
    /// its `stts`, which leaves a valid track with no samples.
    static func damagedMovie(_ damage: String) throws -> URL {
        try TestFiles.ffmpegMedia("avinfo-damaged-\(damage).mov", recipe: [
            "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=10:duration=1", "-f", "lavfi", "-i", "sine=duration=1",
            "-c:v", "libx264", "-c:a", "aac", "-metadata", "title=Damaged",
        ]) { url in
            var bytes = [UInt8](try Data(contentsOf: url))
            // The first stsz/stts are the video track's (ffmpeg writes it first): zero their counts.
            func zero(_ type: String, at fieldOffsets: [Int]) {
                let tag = Array(type.utf8)
                guard let index = (0..<(bytes.count - 16)).first(where: { Array(bytes[$0..<($0 + 4)]) == tag }) else { return }
                for field in fieldOffsets { for k in 0..<4 { bytes[index + field + k] = 0 } }
            }
            zero("stsz", at: [8, 12])  // sample_size, sample_count
            if damage == "empty" { zero("stts", at: [8]) }  // entry_count
            try Data(bytes).write(to: url)
        }
    }

    @Test("a damaged track degrades alone: the file opens, metadata and the sound track load, the track is not playable")
    func damagedTrack() throws {
        let movie = try Self.damagedMovie("sizes")
        let summary = try ExternalTool.run(Self.avinfo.path, [movie.path])
        #expect(summary.status == 0, "\(summary.standardError)")
        #expect(summary.output.contains("Damaged"), "the title is listed: \(summary.output)")
        let lines = summary.output.split(separator: "\n")
        #expect(lines.contains { $0.contains("track 1 vide") && $0.contains("(not playable)") }, "\(summary.output)")
        #expect(lines.contains { $0.contains("track 2 soun") && !$0.contains("not playable") }, "\(summary.output)")
        let json = try ExternalTool.check(Self.avinfo.path, ["--json", movie.path]).standardOutput
        let tracks = try #require((try JSONSerialization.jsonObject(with: json) as? [String: Any])?["tracks"] as? [[String: Any]])
        #expect(tracks.map { $0["playable"] as? Bool } == [false, true])
        // The sound track has ffprobe's packet count.
        let probe = try ExternalTool.ffprobeJSON(["-show_streams", "-select_streams", "a", movie.path])
        let audio = try #require((probe["streams"] as? [[String: Any]])?.first)
        #expect(tracks[1]["sampleCount"] as? Int == Int(audio["nb_frames"] as? String ?? ""))

        // Reading the damaged track fails with one line naming the box; --verbose adds the causes.
        let listing = try ExternalTool.run(Self.avinfo.path, ["--samples", "1", movie.path])
        #expect(listing.status == 1)
        let line = try #require(listing.standardError.split(separator: "\n").first.map(String.init))
        #expect(listing.standardError.split(separator: "\n").count == 1, "\(listing.standardError)")
        #expect(line.contains("moov/trak[1]/mdia/minf/stbl") && !line.contains("(null)"), "\(line)")
        let verbose = try ExternalTool.run(Self.avinfo.path, ["--verbose", "--samples", "1", movie.path])
        #expect(verbose.status == 1 && verbose.standardError.contains("cause: MovieFile"), "\(verbose.standardError)")
    }

    @Test("--samples: an unknown track ID is one line of avinfo's own; a track with no samples is an empty listing")
    func samplesMessages() throws {
        let unknown = try ExternalTool.run(Self.avinfo.path, ["--samples", "9", try Self.sampleMovie().path])
        #expect(unknown.status == 1)
        #expect(unknown.standardError == "avinfo: \(try Self.sampleMovie().path): no track with ID 9\n", "\(unknown.standardError)")
        let empty = try ExternalTool.run(Self.avinfo.path, ["--samples", "1", try Self.damagedMovie("empty").path])
        #expect(empty.status == 0 && empty.output.isEmpty && empty.standardError.isEmpty, "\(empty.standardError)")
    }

    /// A 2 GiB file (sparse: a small movie followed by a 2 GiB `free` box) opens under a 4 GiB address-space limit:
    /// the opener maps it once (it was mapped twice, and the second mapping failed with ENOMEM).
    @Test("a 2 GiB file is mapped once while it opens: avinfo works under a 4 GiB address-space limit")
    func mappedOnce() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let big = folder.file("big.mov")
        try FileManager.default.copyItem(at: try Self.sampleMovie(), to: big)
        let handle = try FileHandle(forWritingTo: big)
        let length = try handle.seekToEnd()
        let padding: UInt64 = 2 << 30
        // A `free` box with a 64-bit size covering the rest of the file.
        try handle.write(contentsOf: Data([0, 0, 0, 1] + Array("free".utf8)) + withUnsafeBytes(of: padding.bigEndian) { Data($0) })
        try handle.truncate(atOffset: length + padding)
        try handle.close()
        let result = try ExternalTool.run("/bin/sh", ["-c", "ulimit -v 4194304; exec \"$0\" \"$1\"", Self.avinfo.path, big.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.contains("track 1 vide"), "\(result.output)")
    }

    /// A 2 GiB file that really holds 2³¹ − 1 one-byte samples (sparse: it takes no disk): avinfo walked every
    /// sample to count them, over 20 s; the counts now come from the table (SampleCountTests checks they are the
    /// walk's). ffprobe counts the same.
    @Test("--json counts the 2^31 - 1 one-byte samples a sparse 2 GiB file holds, as ffprobe does")
    func heldImplicitSamples() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let url = folder.file("sparse.mov")
        try ExternalTool.check(LiveRecordingTests.avbench.path, ["make-table", "sparse", "2147483647", url.path])
        let output = try ExternalTool.check(Self.avinfo.path, ["--json", url.path]).standardOutput
        let object = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        let track = try #require((object["tracks"] as? [[String: Any]])?.first)
        #expect(track["sampleCount"] as? Int == 2_147_483_647 && track["syncSampleCount"] as? Int == 2_147_483_647)
        let probed = try ExternalTool.check("ffprobe", ["-v", "error", "-show_entries", "stream=nb_frames",
                                                        "-of", "csv=p=0", url.path]).output
        #expect(probed.trimmingCharacters(in: .whitespacesAndNewlines) == "2147483647")
        _ = folder
    }

    /// Gathering the values of items that share an identifier copied the array on every item (40,000 comments took
    /// 17 s of CPU); `make bench` times it, and this checks every value is still listed, and ffprobe sees the same.
    @Test("--json lists every value of 20,000 items sharing one identifier")
    func repeatedIdentifier() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let url = folder.file("comments.mov")
        try ExternalTool.check(LiveRecordingTests.avbench.path, ["make-table", "udta", "20000", url.path])
        let output = try ExternalTool.check(Self.avinfo.path, ["--json", url.path]).standardOutput
        let object = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        let values = (object["metadata"] as? [String: Any])?["udta/%A9cmt"] as? [String]
        #expect(values?.count == 20_000 && values?.allSatisfy { $0 == "abc" } == true)
        let probed = try ExternalTool.check("ffprobe", ["-v", "error", "-show_entries", "format_tags=comment",
                                                        "-of", "csv=p=0", url.path]).output
        #expect(probed.hasPrefix("abc"), "ffprobe reads the comments as \(probed.prefix(80))")
        _ = folder
    }
}
