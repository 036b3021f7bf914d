import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// A source for the preset matrix: a file and the part of it exported.
struct ExportSourceCase: Sendable, CustomTestStringConvertible {
    let name: String
    let url: @Sendable () throws -> URL
    /// Seconds; nil for the whole file.
    var start: Double?
    var duration: Double?

    var testDescription: String { name + (start.map { " [\($0)s +\(duration ?? 0)s]" } ?? "") }

    static let all: [ExportSourceCase] = [
        ExportSourceCase(name: "H.264 B-frames + AAC 320x240 25 fps (mov)") {
            try ExportMedia.url("h264-bframes-aac-320x240-25fps.mov")
        },
        ExportSourceCase(name: "H.264 + AAC 48 kHz 640x360 30 fps (mp4)") { try ExportMedia.url("h264-aac-640x360-30fps-48k.mp4") },
        ExportSourceCase(name: "HEVC Main 10 + AAC 320x240") { try ExportMedia.url("hevc-main10-aac-320x240.mov") },
        ExportSourceCase(name: "fixture b4-video-h264-001 (160x120 15 fps, AAC 22.05 kHz mono)") {
            TestFiles.fixture("b4-video-h264-001.mp4")
        },
        ExportSourceCase(name: "fixture mb-sar-2x1 (640x360, 2:1 pixels, video only)", url: { TestFiles.fixture("mb-sar-2x1.mp4") },
                         start: 1, duration: 2),
    ]
}

/// One preset on one source.
struct PresetCase: Sendable, CustomTestStringConvertible {
    let preset: String
    let source: ExportSourceCase
    var testDescription: String { "\(preset.replacingOccurrences(of: "AVAssetExportPreset", with: "")) ← \(source.testDescription)" }

    static var all: [PresetCase] {
        (AVAssetExportSession.allExportPresets() + [AVAssetExportPresetPassthrough]).flatMap { preset in
            ExportSourceCase.all.map { PresetCase(preset: preset, source: $0) }
        }
    }
}

/// Every preset on every source, judged by ffprobe, mediainfo and ffmpeg: codec, size (fitted in the preset's box,
/// aspect kept, never upscaled), frame rate, duration, tracks, audio format and metadata, a clean decode, and the
/// picture against the source (PSNR after scaling the source to the output's size with ffmpeg).
@Suite("Export presets × sources")
struct ExportPresetMatrixTests {
    /// What the preset must produce, as docs/export.md documents it.
    struct Expectation {
        var videoCodec: String?
        /// (long, short) box; nil keeps the source's size.
        var box: (Int, Int)?
        var audioCodec: String?
        var maximumChannels: Int
        /// Lowest acceptable average PSNR (dB) against the scaled source.
        var minimumPSNR: Double
        var fileType: AVFileType

        // PSNR bounds: about 2 dB under the lowest value measured on these sources (x264 164 / x265 3.5 /
        // prores_ks from Debian's FFmpeg 5.1.9, ffmpeg's psnr filter): LowQuality 30.6, MediumQuality 37.5,
        // HighestQuality 43.8, HEVCHighestQuality 43.1, H.264 size presets 39.4, HEVC size presets 37.9, ProRes 422
        // 40.6, ProRes 4444 36.9 (its luma is 64 dB; the chroma goes 4:2:0 → 4:4:4 here and back in ffmpeg's
        // comparison, which costs the rest).
        init(_ preset: String) {
            maximumChannels = 2
            audioCodec = "aac"
            fileType = .mp4
            minimumPSNR = 37
            switch preset {
            case AVAssetExportPresetLowQuality: videoCodec = "h264"; box = (224, 224); maximumChannels = 1; minimumPSNR = 28
            case AVAssetExportPresetMediumQuality: videoCodec = "h264"; box = (568, 568); minimumPSNR = 35
            case AVAssetExportPresetHighestQuality: videoCodec = "h264"; minimumPSNR = 41
            case AVAssetExportPresetHEVCHighestQuality: videoCodec = "hevc"; minimumPSNR = 41
            case AVAssetExportPreset640x480: videoCodec = "h264"; box = (640, 480)
            case AVAssetExportPreset960x540: videoCodec = "h264"; box = (960, 540)
            case AVAssetExportPreset1280x720: videoCodec = "h264"; box = (1280, 720)
            case AVAssetExportPreset1920x1080: videoCodec = "h264"; box = (1920, 1080)
            case AVAssetExportPreset3840x2160: videoCodec = "h264"; box = (3840, 2160)
            case AVAssetExportPresetHEVC1920x1080: videoCodec = "hevc"; box = (1920, 1080); minimumPSNR = 35
            case AVAssetExportPresetHEVC3840x2160: videoCodec = "hevc"; box = (3840, 2160); minimumPSNR = 35
            case AVAssetExportPresetHEVC4320x2160: videoCodec = "hevc"; box = (4320, 2160); minimumPSNR = 35
            case AVAssetExportPresetHEVC7680x4320: videoCodec = "hevc"; box = (7680, 4320); minimumPSNR = 35
            case AVAssetExportPresetAppleProRes422LPCM:
                videoCodec = "prores"; audioCodec = "pcm_s24le"; maximumChannels = 8; minimumPSNR = 38; fileType = .mov
            case AVAssetExportPresetAppleProRes4444LPCM:
                videoCodec = "prores"; audioCodec = "pcm_s24le"; maximumChannels = 8; minimumPSNR = 35; fileType = .mov
            case AVAssetExportPresetAppleM4A: videoCodec = nil; fileType = .m4a
            default: fileType = .mov
            }
        }
    }

    @Test("preset output judged by ffprobe, mediainfo and ffmpeg", arguments: PresetCase.all)
    func preset(_ testCase: PresetCase) async throws {
        let sourceURL = try testCase.source.url()
        let source = try ExportProbe(sourceURL)
        let asset = AVURLAsset(url: sourceURL)
        let expected = Expectation(testCase.preset)
        let compatible = AVAssetExportSession.exportPresets(compatibleWith: asset)

        if testCase.preset.hasSuffix("WithAlpha") {
            // No source here has alpha, and no HEVC-with-alpha encoder exists in Debian's FFmpeg: never compatible.
            #expect(!compatible.contains(testCase.preset))
            #expect(AVAssetExportSession(asset: asset, presetName: testCase.preset) == nil)
            return
        }
        if testCase.preset == AVAssetExportPresetAppleM4A, source.audio == nil {
            #expect(!compatible.contains(testCase.preset), "an audio-only preset does not apply to a video-only asset")
            #expect(AVAssetExportSession(asset: asset, presetName: testCase.preset) == nil)
            return
        }
        if testCase.preset != AVAssetExportPresetPassthrough {
            #expect(compatible.contains(testCase.preset))
        }
        let session = try #require(AVAssetExportSession(asset: asset, presetName: testCase.preset))
        #expect(session.supportedFileTypes.contains(expected.fileType))
        let start = testCase.source.start ?? 0
        var duration = source.duration
        if let rangeStart = testCase.source.start, let rangeDuration = testCase.source.duration {
            session.timeRange = CMTimeRange(start: CMTime(seconds: rangeStart, preferredTimescale: 600),
                                            duration: CMTime(seconds: rangeDuration, preferredTimescale: 600))
            duration = rangeDuration
        }
        let folder = try TestFiles.makeTemporaryDirectory()
        let output = folder.file("out" + (expected.fileType == .mov ? ".mov" : expected.fileType == .m4a ? ".m4a" : ".mp4"))
        try await session.export(to: output, as: expected.fileType)
        #expect(session.status == .completed && session.progress == 1)

        let result = try ExportProbe(output)
        #expect(try ExternalTool.ffmpegDecodeErrors(output) == "", "ffmpeg decodes the output without errors")
        #expect(abs(result.duration - duration) <= 0.07, "duration \(result.duration) s, expected \(duration) s")

        if testCase.preset == AVAssetExportPresetPassthrough {
            try checkPassthrough(result, source: source)
            return
        }
        // Tracks: the preset's video (when it writes video) and every audio track, nothing else.
        let videoCount = expected.videoCodec == nil ? 0 : source.streams("video").count
        #expect(result.streams("video").count == videoCount)
        #expect(result.streams("audio").count == source.streams("audio").count)
        if let codec = expected.videoCodec, let video = result.video, let sourceVideo = source.video {
            #expect(video["codec_name"] as? String == codec)
            let (width, height) = Self.expectedSize(sourceVideo, box: expected.box)
            #expect(video["width"] as? Int == width && video["height"] as? Int == height,
                    "size \(video["width"] ?? "?")x\(video["height"] ?? "?"), expected \(width)x\(height)")
            let sourceWidth = sourceVideo["width"] as? Int ?? 0, sourceHeight = sourceVideo["height"] as? Int ?? 0
            let sar = ExportProbe.rational((sourceVideo["sample_aspect_ratio"] as? String)?.replacingOccurrences(of: ":", with: "/") ?? "1/1")
            #expect(Double(width) <= Double(sourceWidth) * max(1, sar) + 0.5 && height <= sourceHeight, "never upscaled")
            let rate = ExportProbe.rational(video["avg_frame_rate"]), sourceRate = ExportProbe.rational(sourceVideo["r_frame_rate"])
            #expect(abs(rate - sourceRate) / sourceRate < 0.01, "frame rate \(rate), source \(sourceRate)")
            if codec == "prores" {
                #expect(video["profile"] as? String == (testCase.preset == AVAssetExportPresetAppleProRes422LPCM ? "Standard" : "4444"))
            }
            let info = try result.mediainfo()
            let infoVideo = info.first { $0["@type"] as? String == "Video" }
            let infoFormat: String = switch codec { case "h264": "AVC"; case "hevc": "HEVC"; default: "ProRes" }
            #expect(infoVideo?["Format"] as? String == infoFormat, "mediainfo's video format")
            #expect(infoVideo?["Width"] as? String == String(width) && infoVideo?["Height"] as? String == String(height))
            let psnr = try result.psnr(against: sourceURL, start: start, duration: duration, width: width, height: height)
            print("PSNR \(testCase.testDescription): \(String(format: "%.2f", psnr)) dB")
            #expect(psnr >= expected.minimumPSNR, "PSNR \(psnr) dB against the scaled source, expected ≥ \(expected.minimumPSNR)")
        }
        if let audio = result.audio, let sourceAudio = source.audio {
            #expect(audio["codec_name"] as? String == expected.audioCodec)
            let channels = min(sourceAudio["channels"] as? Int ?? 0, expected.maximumChannels)
            #expect(audio["channels"] as? Int == channels)
            #expect(audio["sample_rate"] as? String == sourceAudio["sample_rate"] as? String)
            #expect(abs(ExportProbe.duration(audio) - duration) <= 0.03, "audio lasts \(ExportProbe.duration(audio)) s")
            let infoAudio = try result.mediainfo().first { $0["@type"] as? String == "Audio" }
            #expect(infoAudio?["Format"] as? String == (expected.audioCodec == "aac" ? "AAC" : "PCM"))
        }
        if let title = source.tag("title") {
            #expect(result.tag("title") == title, "the title carries over")
        }
    }

    /// Passthrough: the same codecs, sizes and packet counts as the source.
    private func checkPassthrough(_ result: ExportProbe, source: ExportProbe) throws {
        #expect(result.streams.count == source.streams.count)
        for (out, original) in zip(result.streams, source.streams) {
            #expect(out["codec_name"] as? String == original["codec_name"] as? String)
            #expect(out["width"] as? Int == original["width"] as? Int && out["height"] as? Int == original["height"] as? Int)
            #expect(out["sample_rate"] as? String == original["sample_rate"] as? String)
        }
    }

    /// The documented size policy, computed here from ffprobe's view of the source: the displayed picture (width ×
    /// sample aspect ratio) fitted in the box (long × short edge, either orientation), never scaled up, even
    /// dimensions nearest the exact ones.
    /// An export is a final rendition, scaled as ffmpeg scales by default (bicubic), so a transcode's quality
    /// matches ffmpeg's: the output is nearer the source scaled by bicubic than by bilinear or area averaging.
    /// The source is untagged 720p (read as BT.709) and the output 540 lines (an untagged one would be read as
    /// BT.601): the samples keep their values (a high PSNR against ffmpeg's scale, which keeps them too) and the
    /// output says BT.709.
    @Test("a scaling preset scales YCbCr by bicubic, and an untagged HD source's matrix is kept and written out at 540 lines")
    func scalesByBicubic() async throws {
        let source = try ExportMedia.url("h264-testsrc-1280x720-sharp-edges.mp4")
        let folder = try TestFiles.makeTemporaryDirectory()
        let output = folder.file("out.mp4")
        let session = try #require(AVAssetExportSession(asset: AVURLAsset(url: source), presetName: AVAssetExportPreset960x540))
        try await session.export(to: output, as: .mp4)
        let probe = try ExportProbe(output)
        let byScaler = try ["bicubic", "bilinear", "area"].map {
            ($0, try probe.psnr(against: source, duration: 1, width: 960, height: 540, scaler: $0))
        }
        print("PSNR by the reference's scaler: \(byScaler)")
        #expect(byScaler[0].1 > 50, "\(byScaler)")
        #expect(probe.video?["color_space"] as? String == "bt709", "the matrix the source was read with")
        #expect(byScaler[0].1 > byScaler[1].1 + 3 && byScaler[0].1 > byScaler[2].1 + 3, "\(byScaler)")
    }

    static func expectedSize(_ video: [String: Any], box: (Int, Int)?) -> (Int, Int) {
        let sar = ExportProbe.rational((video["sample_aspect_ratio"] as? String)?.replacingOccurrences(of: ":", with: "/") ?? "1/1")
        let width = Double(video["width"] as? Int ?? 0) * (sar > 0 ? sar : 1), height = Double(video["height"] as? Int ?? 0)
        var scale = 1.0
        if let box { scale = min(1, Double(box.0) / max(width, height), Double(box.1) / min(width, height)) }
        func even(_ value: Double, limit: Double) -> Int {
            var result = Int((value / 2).rounded()) * 2
            if Double(result) > limit { result = Int((limit / 2).rounded(.down)) * 2 }
            return max(2, result)
        }
        return (even(width * scale, limit: width), even(height * scale, limit: height))
    }
}
