import Foundation
import Testing
import TestSupport

/// `avconvert` from the outside: its flags (macOS avconvert's), presets by both spellings, exit statuses and one-line
/// errors, progress without a terminal, and its output judged by ffprobe and mediainfo.
@Suite("avconvert")
struct AVConvertTests {
    /// The avconvert binary built beside this test bundle (`swift build --build-tests` builds every product).
    static var avconvert: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("avconvert")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return TestFiles.repositoryRoot.appendingPathComponent(".build/debug/avconvert")
    }

    /// Sources made by ffmpeg once and cached.
    static func source(_ name: String) throws -> URL {
        let seconds = name.contains("6s") ? "6" : "2"
        var arguments = ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=\(seconds)"]
        if !name.contains("video-only") {
            arguments += ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=\(seconds)", "-c:a", "aac", "-ac", "2"]
        }
        arguments += ["-c:v", "libx264", "-preset", "veryfast", "-bf", "2", "-g", "25", "-pix_fmt", "yuv420p",
                      "-metadata", "title=Converted", "-metadata", "location=+48.8577+002.2950/"]
        return try TestFiles.ffmpegMedia(name, folder: "avconvert", recipe: arguments)
    }

    static func run(_ arguments: [String]) throws -> ExternalTool.Result {
        try ExternalTool.run(avconvert.path, arguments)
    }

    /// The one line avconvert writes on standard error for a failure.
    static func oneLine(_ result: ExternalTool.Result) -> String? {
        let lines = result.standardError.split(separator: "\n")
        return lines.count == 1 && lines[0].hasPrefix("avconvert: ") ? String(lines[0]) : nil
    }

    @Test("--help lists every flag; --listPresets lists the presets as avconvert names them")
    func helpAndPresets() throws {
        let help = try Self.run(["--help"])
        #expect(help.status == 0)
        for flag in ["--source", "-s", "--output", "-o", "--preset", "-p", "--start", "--duration", "--replace", "--progress",
                     "--verbose", "--multiPass", "--disableFastStart", "--disableMetadataFilter", "--listPresets", "--help"] {
            #expect(help.output.contains(flag), "help mentions \(flag)")
        }
        let list = try Self.run(["--listPresets"])
        #expect(list.status == 0)
        let presets = list.output.split(separator: "\n").map(String.init)
        for name in ["Preset640x480", "Preset1280x720", "PresetPassthrough", "PresetAppleM4A", "PresetHEVCHighestQuality",
                     "PresetAppleProRes422LPCM", "PresetLowQuality", "PresetHEVC7680x4320"] {
            #expect(presets.contains(name), "lists \(name)")
        }
        #expect(presets.count == 20)
    }

    @Test("command-line mistakes: exit status 2 and one line naming the problem", arguments: [
        (["--bogus"], "--bogus"), (["-s"], "--source needs a value"), (["-s", "a.mov", "--start", "1", "--start", "2"], "more than once for the source 'a.mov'"),
        (["--start", "1", "-s", "a.mov", "-s", "b.mov"], "after the --source"),
        (["-o", "x.mp4", "-p", "Preset640x480"], "no source"), (["-s", "a.mov", "-p", "Preset640x480"], "no output"),
        (["-s", "a.mov", "-o", "b.mp4"], "no preset"), (["stray"], "'stray'"), (["--start", "-1"], "--start"),
        (["--duration", "0"], "--duration"), (["--start", "abc"], "'abc'"), (["--Replace"], "did you mean --replace"),
    ])
    func usageErrors(arguments: [String], mention: String) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 2)
        let line = try #require(Self.oneLine(result), "one line: \(result.standardError)")
        #expect(line.contains(mention), "\(line)")
    }

    @Test("bad preset or extension: status 2; unreadable source, incompatible preset, existing output: status 1")
    func failures() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let source = try Self.source("h264-aac-320x240.mov")
        let unknownPreset = try Self.run(["-s", source.path, "-o", folder.file("a.mp4").path, "-p", "Preset123x45"])
        #expect(unknownPreset.status == 2 && Self.oneLine(unknownPreset)?.contains("Preset123x45") == true)
        let badExtension = try Self.run(["-s", source.path, "-o", folder.file("a.xyz").path, "-p", "Preset640x480"])
        #expect(badExtension.status == 2 && Self.oneLine(badExtension)?.contains("a.xyz") == true)
        let missing = try Self.run(["-s", folder.file("nothing.mov").path, "-o", folder.file("a.mp4").path, "-p", "Preset640x480"])
        #expect(missing.status == 1 && Self.oneLine(missing)?.contains("nothing.mov") == true)
        let videoOnly = try Self.source("h264-video-only.mp4")
        let incompatible = try Self.run(["-s", videoOnly.path, "-o", folder.file("a.m4a").path, "-p", "PresetAppleM4A"])
        #expect(incompatible.status == 1 && Self.oneLine(incompatible)?.contains("PresetAppleM4A") == true)
        let wrongType = try Self.run(["-s", source.path, "-o", folder.file("a.mp4").path, "-p", "PresetAppleProRes422LPCM"])
        #expect(wrongType.status == 1 && Self.oneLine(wrongType)?.contains(".mp4") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "no output of any failure")
    }

    @Test("an existing output is kept without --replace, and replaced with it (only once the new file is complete)")
    func replace() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let source = try Self.source("h264-aac-320x240.mov")
        let output = folder.file("out.mp4")
        try Data("old".utf8).write(to: output)
        let refused = try Self.run(["-s", source.path, "-o", output.path, "-p", "Preset640x480"])
        #expect(refused.status == 1 && Self.oneLine(refused)?.contains("--replace") == true)
        #expect(try Data(contentsOf: output) == Data("old".utf8))
        let replaced = try Self.run(["-s", source.path, "-o", output.path, "-p", "Preset640x480", "--replace"])
        #expect(replaced.status == 0, "\(replaced.standardError)")
        let probe = try ExternalTool.ffprobeJSON(["-show_streams", output.path])
        #expect((probe["streams"] as? [[String: Any]])?.count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["out.mp4"], "no temporary file left")
    }

    @Test("a preset by avconvert's name and by AVFoundation's makes the same kind of file",
          arguments: [("Preset640x480", "AVAssetExportPreset640x480"), ("PresetAppleM4A", "AVAssetExportPresetAppleM4A"),
                      ("PresetHEVC1920x1080", "AVAssetExportPresetHEVC1920x1080")])
    func presetSpellings(short: String, long: String) throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let source = try Self.source("h264-aac-320x240.mov")
        let ext = short == "PresetAppleM4A" ? "m4a" : "mp4"
        var described: [[String]] = []
        for name in [short, long] {
            let output = folder.file("\(name).\(ext)")
            let result = try Self.run(["--source", source.path, "--output", output.path, "--preset", name])
            #expect(result.status == 0, "\(result.standardError)")
            let streams = try ExternalTool.ffprobeJSON(["-show_streams", output.path])["streams"] as? [[String: Any]] ?? []
            described.append(streams.map { "\($0["codec_name"] ?? "")/\($0["width"] ?? "")x\($0["height"] ?? "")" })
        }
        #expect(described[0] == described[1] && !described[0].isEmpty)
        if short == "PresetHEVC1920x1080" { #expect(described[0].first?.hasPrefix("hevc") == true) }
    }

    @Test("--start and --duration trim, judged by ffprobe", arguments: ["Preset640x480", "PresetPassthrough"])
    func trimming(preset: String) throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let output = folder.file("trimmed.mov")
        let result = try Self.run(["-s", try Self.source("h264-aac-320x240.mov").path, "-o", output.path, "-p", preset,
                                   "--start", "0.4", "--duration", "1.2"])
        #expect(result.status == 0, "\(result.standardError)")
        let probe = try ExternalTool.ffprobeJSON(["-show_format", "-show_streams", "-count_frames", output.path])
        let duration = Double((probe["format"] as? [String: Any])?["duration"] as? String ?? "") ?? 0
        #expect(abs(duration - 1.2) < 0.001, "duration \(duration)")
        let video = (probe["streams"] as? [[String: Any]])?.first { $0["codec_type"] as? String == "video" }
        #expect(video?["nb_read_frames"] as? String == "30", "1.2 s at 25 fps")
        #expect(try ExternalTool.ffmpegDecodeErrors(output) == "")
    }

    @Test("several --source options join their clips, each trimmed by the --start/--duration after it",
          arguments: ["Preset640x480", "PresetPassthrough"])
    func joining(preset: String) throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let output = folder.file("joined.mov")
        let clip = try Self.source("h264-aac-320x240.mov").path
        let result = try Self.run(["-s", clip, "--start", "0.4", "--duration", "0.8", "-s", clip, "-s", clip,
                                   "--duration", "0.4", "-o", output.path, "-p", preset])
        #expect(result.status == 0, "\(result.standardError)")
        let probe = try ExternalTool.ffprobeJSON(["-show_format", "-show_streams", "-count_frames", output.path])
        let duration = Double((probe["format"] as? [String: Any])?["duration"] as? String ?? "") ?? 0
        #expect(abs(duration - 3.2) < 0.001, "0.8 + 2 + 0.4 s: \(duration)")
        let video = (probe["streams"] as? [[String: Any]])?.first { $0["codec_type"] as? String == "video" }
        #expect(video?["nb_read_frames"] as? String == "80", "3.2 s at 25 fps")
        // Passthrough keeps the samples a trimmed clip's last shown frames refer to after its edit; FFmpeg 5.1 applies
        // such an edit followed by another with a frame's timestamp repeated ("non monotonically increasing dts to
        // muxer"), so the stored samples are decoded with the edits ignored (the edits are judged by mediainfo in
        // CompositionExportTests).
        let ignoresEdits = preset == "PresetPassthrough" ? ["-ignore_editlist", "1"] : []
        #expect(try ExternalTool.ffmpegDecodeErrors(output, extraArguments: ignoresEdits) == "")
    }

    @Test("--progress without a terminal prints plain lines up to 100 %")
    func progressLines() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let result = try Self.run(["-s", try Self.source("h264-aac-320x240.mov").path, "-o", folder.file("p.mp4").path,
                                   "-p", "PresetHEVC1920x1080", "--progress"])
        #expect(result.status == 0)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("Progress: ") && $0.hasSuffix("%") }, "\(lines)")
        let values = lines.compactMap { Int($0.dropFirst("Progress: ".count).dropLast()) }
        #expect(values.last == 100 && values == values.sorted(), "\(values)")
        #expect(!result.standardError.contains("\r"), "no terminal control without a terminal")
    }

    @Test("fast start and the metadata filter are on by default; the flags turn them off; --verbose describes the run")
    func defaultsAndFlags() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let source = try Self.source("h264-aac-320x240.mov")
        let plain = folder.file("plain.mov"), flagged = folder.file("flagged.mov")
        let first = try Self.run(["-s", source.path, "-o", plain.path, "-p", "PresetPassthrough", "--verbose"])
        #expect(first.status == 0 && first.output.contains("Preset: PresetPassthrough") && first.output.contains("Wrote "))
        let second = try Self.run(["-s", source.path, "-o", flagged.path, "-p", "PresetPassthrough", "--disableFastStart",
                                   "--disableMetadataFilter", "--multiPass"])
        #expect(second.status == 0)
        func general(_ url: URL) throws -> [String: Any]? {
            let json = try JSONSerialization.jsonObject(with: try ExternalTool.check("mediainfo", ["--Output=JSON", url.path])
                .standardOutput) as? [String: Any]
            return ((json?["media"] as? [String: Any])?["track"] as? [[String: Any]])?.first
        }
        #expect(try general(plain)?["IsStreamable"] as? String == "Yes")
        #expect(try general(flagged)?["IsStreamable"] as? String == "No")
        func tags(_ url: URL) throws -> [String: Any] {
            (try ExternalTool.ffprobeJSON(["-show_format", url.path])["format"] as? [String: Any])?["tags"] as? [String: Any] ?? [:]
        }
        #expect(try tags(plain)["location"] == nil && tags(plain)["title"] as? String == "Converted", "the location is filtered")
        #expect(try tags(flagged)["location"] != nil, "--disableMetadataFilter keeps it")
    }

    @Test("--multiPass on a transcode: two passes, a valid file, no statistics left behind")
    func multiPass() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let result = try Self.run(["-s", try Self.source("h264-aac-320x240.mov").path, "-o", folder.file("two.mp4").path,
                                   "-p", "Preset640x480", "--multiPass"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try ExternalTool.ffmpegDecodeErrors(folder.file("two.mp4")) == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["two.mp4"])
    }

    @Test("SIGINT, SIGTERM, SIGHUP and SIGXCPU cancel: exit status 128 + signal, one line, no output or temporary file",
          arguments: [(SIGINT, false), (SIGTERM, false), (SIGHUP, false), (SIGXCPU, false), (SIGTERM, true),
                      (SIGHUP, true)])
    func stopped(by signal: Int32, replacing: Bool) throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let output = folder.file("stopped.mp4")
        if replacing { try Data("old".utf8).write(to: output) }
        let process = Process()
        process.executableURL = Self.avconvert
        process.arguments = ["-s", try Self.source("h264-aac-320x240-6s.mov").path, "-o", output.path,
                             "-p", "PresetHEVCHighestQuality", "--multiPass", "--progress"] + (replacing ? ["--replace"] : [])
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Stop it once it reports progress (a busy machine may skip a step, so any step above 0 % will do).
        var seen = Data()
        func reportedProgress() -> Bool {
            String(decoding: seen, as: UTF8.self).split(separator: "\n").contains { line in
                line.hasPrefix("Progress: ") && !line.hasPrefix("Progress: 0%")
            }
        }
        while process.isRunning, !reportedProgress() {
            seen.append(errors.fileHandleForReading.availableData)
        }
        kill(process.processIdentifier, signal)
        seen.append(errors.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal)
        let last = String(decoding: seen, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        let word = [SIGINT: "interrupted", SIGTERM: "terminated", SIGHUP: "hung up",
                    SIGXCPU: "CPU time limit reached"][signal] ?? "?"
        #expect(last.hasPrefix("avconvert: \(word)"), "\(last)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(left == (replacing ? ["stopped.mp4"] : []), "\(left)")
        if replacing { #expect(try Data(contentsOf: output) == Data("old".utf8), "the old file is kept") }
    }

    /// A movie with no tracks: the preset list said "presets that can: PresetPassthrough", which cannot either.
    @Test("a movie with no tracks: status 1 and one line saying it has none")
    func noTracks() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let source = folder.file("empty.mov")
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
            withUnsafeBytes(of: UInt32(8 + body.count).bigEndian, Array.init) + Array(type.utf8) + body
        }
        // mvhd version 0: times, timescale 600, duration 0, rate 1.0, volume 1.0, reserved, the identity matrix,
        // pre-defined fields, and the next track ID.
        let matrix: [UInt32] = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000]
        var mvhd: [UInt8] = [0, 0, 0, 0] + [UInt8](repeating: 0, count: 8) + [0, 0, 2, 0x58] + [0, 0, 0, 0]
        mvhd += [0, 1, 0, 0, 1, 0] + [UInt8](repeating: 0, count: 10)
        mvhd += matrix.flatMap { withUnsafeBytes(of: $0.bigEndian, Array.init) } + [UInt8](repeating: 0, count: 24)
        mvhd += [0, 0, 0, 1]
        try Data(box("ftyp", Array("qt  ".utf8) + [0, 0, 0, 0] + Array("qt  ".utf8)) + box("moov", box("mvhd", mvhd)))
            .write(to: source)
        for preset in ["PresetPassthrough", "Preset640x480"] {
            let result = try Self.run(["-s", source.path, "-p", preset, "-o", folder.file("out.mov").path])
            #expect(result.status == 1)
            #expect(Self.oneLine(result) == "avconvert: cannot convert '\(source.path)': it has no tracks",
                    "\(result.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["empty.mov"])
    }

    /// Job runners limit CPU time (`ulimit -t`): at the soft limit the kernel sends SIGXCPU, which used to kill
    /// avconvert on the spot and leave the partial output. It now stops as SIGTERM does.
    @Test("a CPU-time limit (SIGXCPU) stops the conversion cleanly: status 152, no output left",
          .timeLimit(.minutes(10)))
    func cpuTimeLimit() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let output = folder.file("limited.mp4")
        // Soft limit only: SIGXCPU each second past it, and no SIGKILL (the hard limit stays unlimited). One second
        // is reached well inside the conversion (a two-pass HEVC encode of 6 s takes several) and after start-up.
        let result = try ExternalTool.run("bash", [
            "-c", "ulimit -S -t 1 && exec \"$0\" \"$@\"", Self.avconvert.path,
            "-s", try Self.source("h264-aac-320x240-6s.mov").path, "-o", output.path,
            "-p", "PresetHEVCHighestQuality", "--multiPass",
        ])
        #expect(result.status == 128 + SIGXCPU, "\(result.status): \(result.standardError.suffix(300))")
        #expect(Self.oneLine(result)?.hasPrefix("avconvert: CPU time limit reached (SIGXCPU)") == true,
                "\(result.standardError.suffix(300))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [])
    }

    /// A source that another process truncates during the export used to raise SIGBUS through the mapping and leave
    /// the partial output; now the export fails with one line and leaves nothing. The time limit is a hang guard
    /// only: the HEVC export takes about a second alone, but a clean clone's parallel run on a loaded machine took it
    /// past 2 minutes once (2026-11-29).
    @Test("a source truncated during the export: status 1, one line saying so, no output left", .timeLimit(.minutes(10)))
    func sourceTruncated() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let source = folder.file("source.mov")
        try FileManager.default.copyItem(at: try Self.source("h264-aac-320x240-6s.mov"), to: source)
        let output = folder.file("out.mp4")
        let process = Process()
        process.executableURL = Self.avconvert
        process.arguments = ["-s", source.path, "-o", output.path, "-p", "PresetHEVCHighestQuality", "--progress"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        var seen = Data()
        while process.isRunning, !String(decoding: seen, as: UTF8.self).split(separator: "\n")
            .contains(where: { $0.hasPrefix("Progress: ") && !$0.hasPrefix("Progress: 0%") }) {
            seen.append(errors.fileHandleForReading.availableData)
        }
        let truncator = try ExternalTool.run("truncate", ["-s", "0", source.path])
        #expect(truncator.status == 0)
        seen.append(errors.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 1)
        let lines = String(decoding: seen, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("Progress: ") }
        #expect(lines.count == 1 && lines.first?.contains("truncated") == true, "\(lines)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["source.mov"])
    }
}
