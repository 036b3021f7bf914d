@testable import AVFoundation
import CoreMedia
import Foundation
import Testing
import TestSupport

/// An export session renders a video composition through its compositor; judged by ffprobe (size, frame count)
/// and ffmpeg (decode without error, the pixel colours of the composed frames).
@Suite("Exporting with a video composition")
struct CompositionExportWithCompositorTests {
    private static func export(_ composition: AVComposition, _ videoComposition: AVVideoComposition,
                               preset: String = AVAssetExportPreset640x480)
        async throws -> (AVAssetExportSession, URL, TemporaryDirectory) {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("composed.mp4")
        let session = try #require(AVAssetExportSession(asset: composition, presetName: preset))
        session.videoComposition = videoComposition
        try await session.export(to: url, as: .mp4)
        return (session, url, directory)
    }

    /// The RGB of pixel (x, y) of frame `index` as ffmpeg decodes `url`.
    static func pixel(_ url: URL, frame index: Int, x: Int, y: Int) throws -> (r: Int, g: Int, b: Int) {
        let probe = try ExportProbe(url)
        let width = probe.video?["width"] as? Int ?? 0, height = probe.video?["height"] as? Int ?? 0
        let data = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-map", "0:v:0",
                                                     "-vf", "select=eq(n\\,\(index))", "-frames:v", "1",
                                                     "-pix_fmt", "rgb24", "-f", "rawvideo", "-"]).standardOutput
        let offset = (y * width + x) * 3
        guard data.count == width * height * 3, offset + 2 < data.count else {
            throw ReaderTestFailure("ffmpeg gave \(data.count) bytes for a \(width)x\(height) frame")
        }
        return (Int(data[offset]), Int(data[offset + 1]), Int(data[offset + 2]))
    }

    @Test("a custom compositor's frames are encoded: render size, frame count, colours, no decode error")
    func customCompositorExport() async throws {
        let (composition, _) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4", "blue-320x240-1s.mp4"])
        let videoComposition = VideoCompositionMedia.videoComposition(for: composition, compositor: AveragingCompositor.self)
        let (session, url, directory) = try await Self.export(composition, videoComposition)
        defer { _ = directory }
        #expect(session.customVideoCompositor is AveragingCompositor)
        let probe = try ExportProbe(url)
        #expect(probe.video?["width"] as? Int == 320 && probe.video?["height"] as? Int == 240)
        #expect(probe.video?["nb_frames"] as? String == "30")
        #expect(try ExternalTool.ffmpegDecodeErrors(url).isEmpty)
        let pixel = try Self.pixel(url, frame: 15, x: 160, y: 120)
        #expect(abs(pixel.r - 127) <= 10 && pixel.g <= 10 && abs(pixel.b - 127) <= 10, "\(pixel)")
    }

    @Test("a compositor's failure fails the export with videoCompositorFailed and leaves no file")
    func failingCompositorExport() async throws {
        let (composition, _) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4"])
        let videoComposition = VideoCompositionMedia.videoComposition(for: composition, compositor: FailingCompositor.self)
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("failed.mp4")
        let session = try #require(AVAssetExportSession(asset: composition, presetName: AVAssetExportPreset640x480))
        session.videoComposition = videoComposition
        await #expect(throws: (any Error).self) { try await session.export(to: url, as: .mp4) }
        let error = try #require(session.error as? AVError)
        #expect(error.code == .videoCompositorFailed, "\(error)")
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("cancelExport ends an export whose compositor never answers, and cancels the compositor's requests")
    func cancelSilentCompositor() async throws {
        let (composition, _) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4"])
        let videoComposition = VideoCompositionMedia.videoComposition(for: composition, compositor: SilentCompositor.self)
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("cancelled.mp4")
        let session = try #require(AVAssetExportSession(asset: composition, presetName: AVAssetExportPreset640x480))
        session.videoComposition = videoComposition
        session.outputURL = url
        session.outputFileType = .mp4
        let done = Finished()
        session.exportAsynchronously { done.set() }
        let compositor = try #require(session.customVideoCompositor as? SilentCompositor)
        // Exports share a few process-wide slots: in a full test run this one may wait for others first.
        let deadline = ContinuousClock.now + .seconds(300)
        while !compositor.hasStarted, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(compositor.hasStarted)
        session.cancelExport()
        let ended = ContinuousClock.now + .seconds(10)
        while !done.value, ContinuousClock.now < ended { try await Task.sleep(for: .milliseconds(20)) }
        #expect(done.value, "the export did not end within 10 s of cancelExport()")
        #expect(session.status == .cancelled, "\(String(describing: session.error))")
        #expect(compositor.cancels >= 1)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("Passthrough ignores the video composition, as Apple documents")
    func passthroughIgnores() async throws {
        let (composition, _) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4"])
        let videoComposition = VideoCompositionMedia.videoComposition(for: composition, compositor: FailingCompositor.self)
        let (_, url, directory) = try await Self.export(composition, videoComposition, preset: AVAssetExportPresetPassthrough)
        defer { _ = directory }
        #expect(try ExportProbe(url).video?["nb_frames"] as? String == "30")
    }
}

/// A flag set once from any thread.
private final class Finished: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    var value: Bool { lock.withLock { flag } }
    func set() { lock.withLock { flag = true } }
}
