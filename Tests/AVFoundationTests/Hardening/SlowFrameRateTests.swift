import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// A slide show (a frame every few seconds) has a nominal frame rate below 0.5, which rounded to an expected frame
/// rate of 0 that the encoder refused ("ExpectedFrameRate must be in (0, 1000]"): the preset refused a source any
/// user expects it to export.
@Suite("Slow frame rates")
struct SlowFrameRateTests {
    @Test("a source of one frame every 3 s exports with a video preset, every frame kept, judged by ffprobe",
          .timeLimit(.minutes(10)))
    func frameEveryThreeSeconds() async throws {
        let source = try TestFiles.ffmpegMedia("slide-show-one-frame-per-3s.mp4", folder: "hardening", recipe: [
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=1/3:duration=9", "-c:v", "libx264", "-preset",
            "ultrafast", "-pix_fmt", "yuv420p",
        ])
        let asset = AVURLAsset(url: source)
        let track = try #require(try await asset.loadTracks(withMediaType: .video).first)
        #expect(try await track.load(.nominalFrameRate) < 0.5, "the source is as slow as the report's")
        let folder = try TestFiles.makeTemporaryDirectory()
        let output = folder.file("slides.mp4")
        let session = try #require(AVAssetExportSession(asset: asset, presetName: AVAssetExportPreset640x480))
        try await session.export(to: output, as: .mp4)
        let frames = try ExternalTool.check("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                                        "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0",
                                                        output.path]).output
        #expect(frames.trimmingCharacters(in: .whitespacesAndNewlines) == "3")
        #expect(try ExternalTool.ffmpegDecodeErrors(output) == "")
        _ = folder
    }
}
