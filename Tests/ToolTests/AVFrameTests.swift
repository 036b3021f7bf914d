import Foundation
import ImageIO
import Testing
import TestSupport

/// `avframe` is judged by ffmpeg: the files it writes are read back by ffmpeg (and described by ffprobe) and compared
/// with ffmpeg's own decode of the same frame.
@Suite("avframe against ffmpeg")
struct AVFrameTests {
    /// The avframe binary built beside this test bundle (`swift build --build-tests` builds every product).
    static var avframe: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("avframe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return TestFiles.repositoryRoot.appendingPathComponent(".build/debug/avframe")
    }

    /// 2 s of 320x240 testsrc2 at 25 fps, H.264 with B-frames, a key frame every second, tagged BT.709.
    static func movie() throws -> URL {
        try TestFiles.ffmpegMedia("avframe-h264-bframes-320x240-25fps.mp4", recipe: [
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=2",
            "-c:v", "libx264", "-preset", "veryfast", "-bf", "2", "-g", "25", "-pix_fmt", "yuv420p",
            "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
        ])
    }

    /// Frame `number` of `url` as ffmpeg decodes it (after `filters`), in packed RGB.
    static func ffmpegRGB(_ url: URL, frame number: Int? = nil, filters: String = "") throws -> Data {
        let select = number.map { "select='eq(n\\,\($0))'," } ?? ""
        return try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-vf",
                                                 "\(select)\(filters)format=rgb24", "-frames:v", "1",
                                                 "-f", "rawvideo", "-"]).standardOutput
    }

    /// Width and height of an image file, from ffprobe, and its codec.
    static func probe(_ url: URL) throws -> (codec: String, width: Int, height: Int) {
        let json = try ExternalTool.ffprobeJSON(["-show_streams", url.path])
        let stream = (json["streams"] as? [[String: Any]])?.first ?? [:]
        return (stream["codec_name"] as? String ?? "", stream["width"] as? Int ?? 0, stream["height"] as? Int ?? 0)
    }

    static func psnr(_ a: Data, _ b: Data) -> Double {
        guard a.count == b.count, !a.isEmpty else { return 0 }
        var sum = 0.0
        for (x, y) in zip(a, b) { sum += (Double(x) - Double(y)) * (Double(x) - Double(y)) }
        return sum == 0 ? .infinity : 10 * log10(255 * 255 * Double(a.count) / sum)
    }

    @Test("-t TIME -o x.png: the exact frame, losslessly, as ffmpeg decodes it")
    func exactPNG() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let output = folder.url.appendingPathComponent("frame.png")
        // 1.3 s is frame 32 at 25 fps: a B-frame in the second group of pictures.
        try ExternalTool.check(Self.avframe.path, [try Self.movie().path, "-t", "1.3", "-o", output.path])
        let probe = try Self.probe(output)
        #expect(probe.codec == "png" && probe.width == 320 && probe.height == 240)
        let ours = try Self.ffmpegRGB(output)
        let theirs = try Self.ffmpegRGB(try Self.movie(), frame: 32)
        let neighbour = try Self.ffmpegRGB(try Self.movie(), frame: 33)
        // Same decoder, same BT.709 matrix: rounding apart (> 45 dB measured); the next frame is about 20 dB off.
        #expect(Self.psnr(ours, theirs) > 40, "frame 32: \(Self.psnr(ours, theirs)) dB")
        #expect(Self.psnr(ours, neighbour) < 30)
    }

    @Test("--size bounds the image; .jpg writes a JPEG that ffmpeg reads as the same picture")
    func sizeAndJPEG() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let png = folder.url.appendingPathComponent("small.png"), jpeg = folder.url.appendingPathComponent("small.jpg")
        for output in [png, jpeg] {
            try ExternalTool.check(Self.avframe.path, [try Self.movie().path, "-t", "0.5", "--size", "161x1000",
                                                       "-o", output.path])
        }
        let pngProbe = try Self.probe(png), jpegProbe = try Self.probe(jpeg)
        // 320x240 fitted into 161 wide: 161x121 (odd both ways, which the JPEG encoder's 4:2:0 must handle).
        #expect(pngProbe.codec == "png" && pngProbe.width == 161 && pngProbe.height == 121)
        #expect(jpegProbe.codec == "mjpeg" && jpegProbe.width == 161 && jpegProbe.height == 121)
        // JPEG is lossy and 4:2:0: on testsrc2's saturated edges even ffmpeg's own 4:2:0 JPEG at -q:v 2 scores
        // about 26.5 dB against the picture it encoded; ours at the default quality measured 25.5.
        let lossy = Self.psnr(try Self.ffmpegRGB(jpeg), try Self.ffmpegRGB(png))
        #expect(lossy > 22, "JPEG against PNG: \(lossy) dB")
        // Quality changes the file.
        let rough = folder.url.appendingPathComponent("rough.jpg")
        try ExternalTool.check(Self.avframe.path, [try Self.movie().path, "-t", "0.5", "--size", "161x1000",
                                                   "--quality", "0.1", "-o", rough.path])
        let sizes = try [jpeg, rough].map { try FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int ?? 0 }
        #expect(sizes[1] < sizes[0], "quality 0.1: \(sizes[1]) bytes, default: \(sizes[0])")
        // Our own reader reads them back too: type, size, and (the PNG) the very pixels ffmpeg decodes.
        for (file, type) in [(png, "public.png"), (jpeg, "public.jpeg")] {
            let source = try #require(CGImageSourceCreateWithURL(file as CFURL, nil), "\(file.lastPathComponent)")
            #expect(CGImageSourceGetType(source) as String? == type)
            let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
            #expect(image.width == 161 && image.height == 121)
        }
        let pngSource = try #require(CGImageSourceCreateWithURL(png as CFURL, nil))
        let decoded = try #require(CGImageSourceCreateImageAtIndex(pngSource, 0, nil))
        let pixels = try #require(decoded.dataProvider?.data)
        let bytesPerPixel = decoded.bitsPerPixel / 8
        var rgb = Data(capacity: 161 * 121 * 3)
        for row in 0..<121 {
            for x in 0..<161 {
                let at = row * decoded.bytesPerRow + x * bytesPerPixel
                rgb.append(contentsOf: [pixels[at], pixels[at + 1], pixels[at + 2]])
            }
        }
        #expect(decoded.bitsPerComponent == 8 && bytesPerPixel >= 3)
        #expect(rgb == (try Self.ffmpegRGB(png)), "CGImageSource and ffmpeg decode the PNG alike")
    }

    @Test("a batch: one file per time, progress per image, a failed time reported and the rest written")
    func batch() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let pattern = folder.url.appendingPathComponent("frame-%d.png").path
        let result = try ExternalTool.run(Self.avframe.path, [try Self.movie().path, "-t", "1.9", "-t", "7", "-t", "0.2",
                                                              "--progress", "-o", pattern])
        #expect(result.status == 1, "a failed time makes the exit status 1")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(files == ["frame-1.png", "frame-3.png"])
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("[1/3]") && $0.contains("frame-1.png") && $0.contains("1.880000") })
        #expect(lines.contains { $0.contains("[2/3]") && $0.contains("no image at 7.000000 s") })
        #expect(lines.contains { $0.hasPrefix("[3/3]") && $0.contains("frame-3.png") && $0.contains("0.200000") })
        #expect(lines.last == "2 written, 1 failed")
        // The first file is frame 47 (1.88 s, the frame on screen at 1.9 s).
        let ours = try Self.ffmpegRGB(folder.url.appendingPathComponent("frame-1.png"))
        #expect(Self.psnr(ours, try Self.ffmpegRGB(try Self.movie(), frame: 47)) > 40)
    }

    @Test("--every with --nearest-sync: a key frame per time; bad arguments fail with a reason")
    func everyAndErrors() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let pattern = folder.url.appendingPathComponent("k-%d.ppm").path
        let result = try ExternalTool.check(Self.avframe.path, [try Self.movie().path, "--every", "0.8", "--nearest-sync",
                                                                "--progress", "-o", pattern])
        // Key frames at 0 and 1 s: 0.8 s is nearer 1 s, and 1.6 s has no later key frame.
        let times = result.standardError.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "frame at ") else { return nil }
            return String(line[range.upperBound...].prefix(8))
        }
        #expect(times == ["0.000000", "1.000000", "1.000000"])
        for (arguments, message) in [
            (["-t", "1", "-o", folder.url.appendingPathComponent("x.gif").path], "unknown image type"),
            (["-t", "1", "-t", "2", "-o", folder.url.appendingPathComponent("x.png").path], "%d"),
            (["-t", "soon", "-o", folder.url.appendingPathComponent("x.png").path], "not a time"),
            (["--quality", "2", "-t", "1", "-o", folder.url.appendingPathComponent("x.jpg").path], "--quality"),
        ] {
            let failed = try ExternalTool.run(Self.avframe.path, [try Self.movie().path] + arguments)
            #expect(failed.status != 0 && failed.standardError.contains(message), "\(arguments): \(failed.standardError)")
        }
        let missing = try ExternalTool.run(Self.avframe.path, ["/nonexistent.mp4", "-t", "0", "-o",
                                                               folder.url.appendingPathComponent("m.png").path])
        #expect(missing.status == 1 && missing.standardError.contains("avframe:"))
    }

    /// 2 s of video beside an audio track whose `mdhd` timescale was changed to 1 (and the edit lists dropped, and
    /// `mvhd` stretched to match): the asset then declares 16,000 s, and `--every` used to walk them all, writing a
    /// copy of the last frame per step.
    static func movieDeclaringHours() throws -> URL {
        try TestFiles.ffmpegMedia("avframe-audio-timescale-1-mvhd.mov", recipe: [
            "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=2",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=8000:duration=2",
            "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-pix_fmt", "yuv420p", "-c:a", "pcm_s16le",
        ]) { url in
            var bytes = [UInt8](try Data(contentsOf: url))
            func offsets(_ type: String) -> [Int] {
                let tag = Array(type.utf8)
                return (0..<(bytes.count - 4)).filter { Array(bytes[$0..<($0 + 4)]) == tag }
            }
            for edts in offsets("edts") { bytes.replaceSubrange(edts..<(edts + 4), with: Array("free".utf8)) }
            // The second track's (the audio's) version-0 mdhd: its timescale sits 16 bytes past the type.
            let mdhd = try #require(offsets("mdhd").last), mvhd = try #require(offsets("mvhd").first)
            bytes.replaceSubrange((mdhd + 16)..<(mdhd + 20), with: [0, 0, 0, 1])
            let movieScale = bytes[(mvhd + 16)..<(mvhd + 20)].reduce(0) { $0 << 8 | UInt32($1) }
            let duration = 16_000 * movieScale
            bytes.replaceSubrange((mvhd + 20)..<(mvhd + 24), with: (0..<4).map { UInt8(truncatingIfNeeded: duration >> (24 - 8 * $0)) })
            try Data(bytes).write(to: url)
        }
    }

    @Test("--every spans the frames the video shows, not the hours another track declares")
    func everyOverDeclaredHours() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let pattern = folder.url.appendingPathComponent("f-%d.ppm").path
        let result = try ExternalTool.run(Self.avframe.path, [try Self.movieDeclaringHours().path, "--every", "0.5",
                                                              "--nearest-sync", "-o", pattern])
        #expect(result.status == 0, "\(result.standardError.suffix(300))")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(files == ["f-1.ppm", "f-2.ppm", "f-3.ppm", "f-4.ppm"], "\(files.count) files")
        #expect(result.standardError.isEmpty, "no FFmpeg log: \(result.standardError.prefix(300))")
    }

    @Test("command lines that cannot be run exit with status 2 and say why", arguments: [
        ["-t", "inf"], ["-t", "nan"], ["-t", "0x10"], ["-t", "1:2:3:4"], ["-t", "1:75"], ["-t", "-1"],
        ["--every", "1e-300"], ["--every", "0"], ["--every", "inf"], ["--quality", "0x1", "-t", "1"], ["-t"],
    ])
    func usageErrors(arguments: [String]) throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let result = try ExternalTool.run(Self.avframe.path, [try Self.movie().path] + arguments
                                          + ["-o", folder.url.appendingPathComponent("u-%d.png").path])
        #expect(result.status == 2, "\(arguments): \(result.status) \(result.standardError)")
        #expect(result.standardError.hasPrefix("avframe: "), "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    /// A full disk (171,307 empty files were left in a full tmpfs): the first write that fails stops the run and
    /// takes its partial file with it. /dev/full fails every write with ENOSPC, as a full disk does.
    @Test("a write that fails stops the run, removes its partial file, and exits with status 1")
    func writeFailureStops() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("w-2.ppm").path,
                                                   withDestinationPath: "/dev/full")
        let result = try ExternalTool.run(Self.avframe.path, [try Self.movie().path, "-t", "0", "-t", "0.5",
                                                              "-t", "1", "-o", folder.url.appendingPathComponent("w-%d.ppm").path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("No space left on device"), "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["w-1.ppm"])
    }
}
