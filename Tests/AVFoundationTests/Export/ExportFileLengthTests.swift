import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// `fileLengthLimit`: the export stops at the last sample that fits and completes a playable file no larger than
/// the limit, its tracks ending together; judged by the file's size, ffprobe and a clean ffmpeg decode.
@Suite("Export fileLengthLimit")
struct ExportFileLengthTests {
    static func export(_ preset: String, limit: Int64?, fileType: AVFileType = .mov) async throws -> (AVAssetExportSession, URL, TemporaryDirectory) {
        let folder = try TestFiles.makeTemporaryDirectory()
        let output = folder.file(fileType == .mov ? "limited.mov" : "limited.mp4")
        let asset = AVURLAsset(url: try ExportMedia.url("h264-bframes-aac-320x240-25fps.mov"))
        let session = try #require(AVAssetExportSession(asset: asset, presetName: preset))
        if let limit { session.fileLengthLimit = limit }
        try await session.export(to: output, as: fileType)
        return (session, output, folder)
    }

    @Test("half the full size: a complete file within the limit, about half as long, tracks ending together",
          arguments: [(AVAssetExportPreset640x480, AVFileType.mp4), (AVAssetExportPresetPassthrough, .mov),
                      (AVAssetExportPresetAppleProRes422LPCM, .mov)])
    func halfSize(preset: String, fileType: AVFileType) async throws {
        let (_, full, fullFolder) = try await Self.export(preset, limit: nil, fileType: fileType)
        _ = fullFolder
        let fullSize = try ExportProbe(full).size
        let limit = fullSize / 2
        let (session, output, folder) = try await Self.export(preset, limit: limit, fileType: fileType)
        _ = folder
        #expect(session.status == .completed && session.progress == 1)
        let probe = try ExportProbe(output)
        print("fileLengthLimit \(limit) (\(preset)): \(probe.size) bytes, \(probe.duration) s")
        #expect(probe.size <= limit, "\(probe.size) bytes, limit \(limit)")
        #expect(probe.size > limit * 85 / 100, "the export stopped near the limit, not far before it: \(probe.size) of \(limit)")
        #expect(try ExternalTool.ffmpegDecodeErrors(output) == "")
        #expect(probe.duration > 0.5 && probe.duration < 1.6, "about half of the 2 s: \(probe.duration) s")
        let video = ExportProbe.duration(probe.video), audio = ExportProbe.duration(probe.audio)
        #expect(abs(video - audio) <= 0.05, "the tracks end together: video \(video) s, audio \(audio) s")
        #expect(abs(probe.duration - video) <= 0.05)
    }

    @Test("other limits: never over, and near", arguments: [0.3, 0.8])
    func otherLimits(fraction: Double) async throws {
        let (_, full, fullFolder) = try await Self.export(AVAssetExportPreset640x480, limit: nil, fileType: .mp4)
        _ = fullFolder
        let limit = Int64(Double(try ExportProbe(full).size) * fraction)
        let (_, output, folder) = try await Self.export(AVAssetExportPreset640x480, limit: limit, fileType: .mp4)
        _ = folder
        let probe = try ExportProbe(output)
        print("fileLengthLimit \(limit): \(probe.size) bytes")
        #expect(probe.size <= limit && probe.size > limit * 85 / 100, "\(probe.size) bytes for a limit of \(limit)")
        #expect(try ExternalTool.ffmpegDecodeErrors(output) == "")
    }

    @Test("a limit no media fits in fails with maximumFileSizeReached and leaves nothing")
    func tooSmall() async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let session = try #require(AVAssetExportSession(asset: AVURLAsset(url: try ExportMedia.url("h264-bframes-aac-320x240-25fps.mov")),
                                                        presetName: AVAssetExportPreset640x480))
        session.fileLengthLimit = 1_500
        await #expect { try await session.export(to: folder.file("tiny.mp4"), as: .mp4) } throws: { error in
            (error as? AVError)?.code == .maximumFileSizeReached
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test("a limit larger than the output changes nothing")
    func largeLimit() async throws {
        let (_, output, folder) = try await Self.export(AVAssetExportPreset640x480, limit: 50_000_000, fileType: .mp4)
        _ = folder
        #expect(abs(try ExportProbe(output).duration - 2) < 0.001)
    }

    @Test("estimates: the size of the whole export, and the longest export that fits a limit")
    func estimates() async throws {
        let asset = AVURLAsset(url: try ExportMedia.url("h264-bframes-aac-320x240-25fps.mov"))
        for preset in [AVAssetExportPreset640x480, AVAssetExportPresetPassthrough, AVAssetExportPresetAppleProRes422LPCM] {
            let session = try #require(AVAssetExportSession(asset: asset, presetName: preset))
            let estimate = try await session.estimatedOutputFileLengthInBytes
            let (_, output, folder) = try await Self.export(preset, limit: nil, fileType: .mov)
            _ = folder
            let actual = try ExportProbe(output).size
            // Passthrough knows its bytes; encoders are estimated from their rate policy.
            let tolerance = preset == AVAssetExportPresetPassthrough ? 0.1 : 0.6
            #expect(abs(Double(estimate) - Double(actual)) / Double(actual) <= tolerance,
                    "\(preset): estimated \(estimate), wrote \(actual)")
            session.fileLengthLimit = actual / 2
            let duration = try await session.estimatedMaximumDuration
            #expect(duration.seconds > 0.3 && duration.seconds < 1.7, "\(preset): \(duration.seconds) s fit half the size")
        }
        let unlimited = try #require(AVAssetExportSession(asset: asset, presetName: AVAssetExportPreset640x480))
        #expect(try await unlimited.estimatedMaximumDuration == CMTime(value: 2, timescale: 1) || abs(unlimited.maxDuration.seconds - 2) < 0.05)
        // Apple's synchronous estimate: 0 without a numeric time range, and for passthrough and ProRes.
        #expect(unlimited.estimatedOutputFileLength == 0)
        unlimited.timeRange = CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1))
        #expect(unlimited.estimatedOutputFileLength > 0)
        // The maximum duration considers the time range too (the part of the asset it selects).
        #expect(try await unlimited.estimatedMaximumDuration == CMTime(value: 1, timescale: 1))
        unlimited.timeRange = CMTimeRange(start: CMTime(value: 3, timescale: 2), duration: .positiveInfinity)
        #expect(abs(unlimited.maxDuration.seconds - 0.5) < 0.05, "\(unlimited.maxDuration.seconds)")
        let passthrough = try #require(AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetPassthrough))
        passthrough.timeRange = unlimited.timeRange
        #expect(passthrough.estimatedOutputFileLength == 0)
    }
}
