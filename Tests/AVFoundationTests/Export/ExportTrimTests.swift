import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// A trimmed export holds exactly the frames and audio samples of [start, start + duration), judged by ffmpeg:
/// passthrough frame by frame (framemd5 of the decoded pictures), transcodes by frame count and alignment (each
/// output frame is closest to the source frame at the same time), audio by sample count and alignment.
@Suite("Export time ranges")
struct ExportTrimTests {
    /// 25 fps, key frames every second, B-frames: 0.6 s is frame 15, not a key frame.
    static let source = "h264-bframes-aac-320x240-25fps.mov"
    static let start = 0.6, duration = 0.8

    /// Exports `preset` over [start, start + duration) to a new file.
    static func export(_ preset: String, as fileType: AVFileType = .mov, start: Double = start,
                       duration: Double = duration) async throws -> (URL, TemporaryDirectory) {
        let folder = try TestFiles.makeTemporaryDirectory()
        let output = folder.file(fileType == .mov ? "trimmed.mov" : "trimmed.mp4")
        let session = try #require(AVAssetExportSession(asset: AVURLAsset(url: try ExportMedia.url(source)), presetName: preset))
        session.timeRange = CMTimeRange(start: CMTime(value: Int64((start * 600).rounded()), timescale: 600),
                                        duration: CMTime(value: Int64((duration * 600).rounded()), timescale: 600))
        try await session.export(to: output, as: fileType)
        return (output, folder)
    }

    @Test("passthrough: the decoded frames are the source's frames in the range, hash for hash")
    func passthroughFrames() async throws {
        let (output, folder) = try await Self.export(AVAssetExportPresetPassthrough)
        _ = folder
        let ours = try ExportProbe.framemd5(output, stream: "v")
        let expected = try ExportProbe.framemd5(try ExportMedia.url(Self.source), stream: "v",
                                                outputOptions: ["-vf", "trim=start=\(Self.start):end=\(Self.start + Self.duration)"])
        #expect(ours.count == 20 && expected.count == 20, "0.8 s at 25 fps is 20 frames")
        #expect(ours.map(\.hash) == expected.map(\.hash))
        #expect(ours.first?.pts == 0, "the first presented frame is at 0")
        #expect(try ExternalTool.ffmpegDecodeErrors(output) == "")
    }

    @Test("passthrough: an edit list skips the frames decoded before the start (from the sync sample before it)")
    func passthroughEditList() async throws {
        let (output, folder) = try await Self.export(AVAssetExportPresetPassthrough, start: 0.5, duration: 1)
        _ = folder
        let probe = try ExportProbe(output)
        // The media starts at the key frame at 0 s: its frames before 0.5 s are kept and edited out.
        let packets = try WriterProbe(url: output).packets(stream: 0, ignoringEditList: true)
        #expect((packets.first?["flags"] as? String)?.hasPrefix("K") == true, "the media starts on a sync sample")
        let video = try #require(probe.video)
        let timescale = Int((video["time_base"] as? String)?.split(separator: "/").last ?? "") ?? 0
        let edits = try WriterProbe(url: output).editLists()
        let videoEdit = try #require(edits.first?.last)
        // media time: 0.5 s after the first presented sample, in the media timescale (ffprobe's trace of 'elst').
        let firstPresented = packets.compactMap { Int64($0["pts"] as? Int ?? -1) }.min() ?? 0
        #expect(videoEdit.time - firstPresented == Int64(timescale / 2), "edit starts 0.5 s into the media")
        #expect(abs(probe.duration - 1) < 0.001)
    }

    @Test("passthrough: audio holds exactly the range's samples, aligned with the source's")
    func passthroughAudio() async throws {
        let (output, folder) = try await Self.export(AVAssetExportPresetPassthrough)
        _ = folder
        let audio = try #require(try ExportProbe(output).audio)
        #expect(audio["duration_ts"] as? Int == 35_280, "0.8 s at 44.1 kHz, from the edit list")
        let ours = try Self.samples(output)
        let source = try Self.samples(try ExportMedia.url(Self.source))
        let first = Int(Self.start * 44_100)
        #expect(Self.bestOffset(ours, source, at: first) == 0)
        let difference = (0..<35_280).map { abs(ours[$0] - source[first + $0]) }.max() ?? 1
        // The same AAC packets decoded from one packet of pre-roll instead of from the start: float rounding only.
        #expect(difference < 1e-4, "largest difference \(difference)")
    }

    @Test("transcode: 20 frames, each the source's frame at its time", arguments: [AVAssetExportPreset640x480,
                                                                                  AVAssetExportPresetAppleProRes422LPCM])
    func transcodedFrames(preset: String) async throws {
        let (output, folder) = try await Self.export(preset)
        _ = folder
        let probe = try ExportProbe(output)
        #expect(try probe.videoFrameCount() == 20)
        #expect(abs(ExportProbe.duration(probe.video) - Self.duration) < 0.001)
        let source = try ExportMedia.url(Self.source)
        let aligned = try probe.psnr(against: source, start: Self.start, duration: Self.duration, width: 320, height: 240)
        let early = try probe.psnr(against: source, start: Self.start - 0.04, duration: Self.duration, width: 320, height: 240)
        let late = try probe.psnr(against: source, start: Self.start + 0.04, duration: Self.duration, width: 320, height: 240)
        #expect(aligned > 35, "aligned PSNR \(aligned)")
        #expect(aligned > early + 6 && aligned > late + 6, "one frame off is much worse: \(early), \(aligned), \(late)")
    }

    @Test("transcode: audio holds exactly the range's samples, aligned with the source's")
    func transcodedAudio() async throws {
        let (output, folder) = try await Self.export(AVAssetExportPreset640x480)
        _ = folder
        let audio = try #require(try ExportProbe(output).audio)
        #expect(audio["duration_ts"] as? Int == 35_280)
        let ours = try Self.samples(output)
        let source = try Self.samples(try ExportMedia.url(Self.source))
        #expect(Self.bestOffset(ours, source, at: Int(Self.start * 44_100)) == 0)
    }

    @Test("a start between frames: the frame on screen is shown from the start, shortened")
    func startBetweenFrames() async throws {
        // 0.5 s is half-way through frame 12 (0.48…0.52 s).
        let (output, folder) = try await Self.export(AVAssetExportPreset640x480, start: 0.5, duration: 1)
        _ = folder
        let frames = try ExternalTool.ffprobeJSON(["-select_streams", "v", "-show_entries", "packet=pts_time,duration_time",
                                                   "-show_packets", output.path])["packets"] as? [[String: Any]] ?? []
        let times = frames.compactMap { Double($0["pts_time"] as? String ?? "") }.sorted()
        #expect(times.first == 0)
        #expect(times.count == 26, "frame 12 (shortened to 0.02 s) and frames 13…37")
        #expect(times.count > 1 && abs(times[1] - 0.02) < 0.0005)
    }

    // MARK: Audio helpers

    /// The first channel of a file's first audio stream, decoded by ffmpeg to 32-bit float.
    static func samples(_ url: URL) throws -> [Float] {
        let data = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-map", "0:a:0",
                                                     "-af", "pan=mono|c0=c0", "-f", "f32le", "-"]).standardOutput
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    /// The shift of `ours` against `source` at `position` that matches best (least squared error over 4096 samples).
    static func bestOffset(_ ours: [Float], _ source: [Float], at position: Int) -> Int {
        var best = (error: Float.infinity, offset: Int.min)
        for offset in -200...200 {
            let base = position + offset
            guard base >= 0, base + 5096 <= source.count, ours.count >= 5096 else { continue }
            var error: Float = 0
            for index in 1000..<5096 { let d = ours[index] - source[base + index]; error += d * d }
            if error < best.error { best = (error, offset) }
        }
        return best.offset
    }
}
