import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// The compat sample's `exportMovie` (ExportMovie.swift, unchanged): on a movie ffmpeg makes to the sample's
/// expectations, and after `writeMovie` and `readMovie` exactly as the sample's main.swift runs them. Its outputs are
/// then judged by ffprobe, ffmpeg and mediainfo.
@Suite("Compat sample: ExportMovie.swift")
struct CompatExportMovieTests {
    /// The movie Tests/Compat/RequiredMain.swift makes for the sample: 640x360 H.264 at 30 fps and AAC 44.1 kHz
    /// stereo, 3 s, titled "Compat sample", English audio, rotated 90° (ffmpeg 5.1 cannot rotate: the shared tool
    /// patches the track matrix).
    static func ffmpegMovie(in directory: TemporaryDirectory) throws -> URL {
        let movie = directory.file("ffmpeg-sample.mov")
        try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30",
                                          "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100", "-t", "3", "-ac", "2",
                                          "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k",
                                          "-metadata", "title=Compat sample", "-metadata:s:a:0", "language=eng", movie.path])
        let tool = TestFiles.sharedDirectory.appendingPathComponent("tools/set-rotation.py")
        try ExternalTool.check("python3", [tool.path, movie.path])
        return movie
    }

    @Test("exportMovie on an ffmpeg-made movie, its outputs judged by ffprobe, ffmpeg and mediainfo")
    func exportFFmpegMovie() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("compat-export")
        let movie = try Self.ffmpegMovie(in: directory)
        try await compatExportMovie(from: movie, into: directory.url)
        try Self.judge(directory, source: movie)
    }

    @Test("writeMovie → readMovie → exportMovie, as the sample's main.swift runs them")
    func writeReadExport() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("compat-chain")
        let movie = directory.file("sample.mov")
        try await compatWriteMovie(to: movie, seconds: 3)
        try await compatReadMovie(at: movie, seconds: 3)
        try await compatExportMovie(from: movie, into: directory.url)
        try Self.judge(directory, source: movie)
    }

    /// What the sample does not check: the trimmed movie is H.264 640x360 (no upscaling into 640x480), 1 s from
    /// 0.5 s, rotated as the source, with AAC, fast start and the title; the remux has the source's packets.
    static func judge(_ directory: TemporaryDirectory, source: URL) throws {
        let trimmed = try ExportProbe(directory.file("trimmed.mp4"))
        let video = try #require(trimmed.video), audio = try #require(trimmed.audio)
        #expect(video["codec_name"] as? String == "h264" && audio["codec_name"] as? String == "aac")
        #expect(video["width"] as? Int == 640 && video["height"] as? Int == 360)
        #expect(abs(trimmed.duration - 1) < 0.001)
        #expect(try trimmed.videoFrameCount() == 30)
        let rotation = (video["side_data_list"] as? [[String: Any]])?.first?["rotation"] as? Int
        #expect(rotation == -90 || rotation == 270, "the rotation carries over: \(String(describing: rotation))")
        #expect(try ExternalTool.ffmpegDecodeErrors(directory.file("trimmed.mp4")) == "")
        let general = try trimmed.mediainfo().first { $0["@type"] as? String == "General" }
        #expect(general?["IsStreamable"] as? String == "Yes", "shouldOptimizeForNetworkUse: the movie box comes first")
        let psnr = try trimmed.psnr(against: source, start: 0.5, duration: 1, width: 640, height: 360)
        #expect(psnr > 35, "PSNR \(psnr) dB against the source's second from 0.5 s")

        let remuxed = try ExportProbe(directory.file("remuxed.mov"))
        let original = try ExportProbe(source)
        #expect(remuxed.streams.count == 2)
        #expect(abs(remuxed.duration - original.duration) < 0.001)
        for stream in 0..<2 {
            let ours = try WriterProbe(url: directory.file("remuxed.mov")).packets(stream: stream, ignoringEditList: true)
            let theirs = try WriterProbe(url: source).packets(stream: stream, ignoringEditList: true)
            #expect(ours.map { $0["size"] as? String } == theirs.map { $0["size"] as? String }, "stream \(stream): the same packets")
        }
        #expect(try ExternalTool.ffmpegDecodeErrors(directory.file("remuxed.mov")) == "")
    }
}
