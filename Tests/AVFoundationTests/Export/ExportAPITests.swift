import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// The export session's API: preset names and lists, compatibility, file types, configuration rules; and the
/// engine's parts that can be checked alone (geometry, audio settings, queues, coverage, the export queue).
@Suite("Export API")
struct ExportAPITests {
    @Test("preset constants hold their own names (Apple's values), and allExportPresets lists all but Passthrough")
    func presetNames() {
        let constants: [(String, String)] = [
            (AVAssetExportPresetLowQuality, "AVAssetExportPresetLowQuality"),
            (AVAssetExportPresetMediumQuality, "AVAssetExportPresetMediumQuality"),
            (AVAssetExportPresetHighestQuality, "AVAssetExportPresetHighestQuality"),
            (AVAssetExportPresetHEVCHighestQuality, "AVAssetExportPresetHEVCHighestQuality"),
            (AVAssetExportPresetHEVCHighestQualityWithAlpha, "AVAssetExportPresetHEVCHighestQualityWithAlpha"),
            (AVAssetExportPreset640x480, "AVAssetExportPreset640x480"),
            (AVAssetExportPreset960x540, "AVAssetExportPreset960x540"),
            (AVAssetExportPreset1280x720, "AVAssetExportPreset1280x720"),
            (AVAssetExportPreset1920x1080, "AVAssetExportPreset1920x1080"),
            (AVAssetExportPreset3840x2160, "AVAssetExportPreset3840x2160"),
            (AVAssetExportPresetHEVC1920x1080, "AVAssetExportPresetHEVC1920x1080"),
            (AVAssetExportPresetHEVC1920x1080WithAlpha, "AVAssetExportPresetHEVC1920x1080WithAlpha"),
            (AVAssetExportPresetHEVC3840x2160, "AVAssetExportPresetHEVC3840x2160"),
            (AVAssetExportPresetHEVC3840x2160WithAlpha, "AVAssetExportPresetHEVC3840x2160WithAlpha"),
            (AVAssetExportPresetHEVC4320x2160, "AVAssetExportPresetHEVC4320x2160"),
            (AVAssetExportPresetHEVC7680x4320, "AVAssetExportPresetHEVC7680x4320"),
            (AVAssetExportPresetAppleM4A, "AVAssetExportPresetAppleM4A"),
            (AVAssetExportPresetPassthrough, "AVAssetExportPresetPassthrough"),
            (AVAssetExportPresetAppleProRes422LPCM, "AVAssetExportPresetAppleProRes422LPCM"),
            (AVAssetExportPresetAppleProRes4444LPCM, "AVAssetExportPresetAppleProRes4444LPCM"),
        ]
        for (value, name) in constants { #expect(value == name) }
        let all = AVAssetExportSession.allExportPresets()
        #expect(Set(all) == Set(constants.map(\.1)).subtracting([AVAssetExportPresetPassthrough]))
        #expect(all.count == constants.count - 1, "no duplicates")
        // Status raw values are Apple's (AVAssetExportSessionStatus).
        #expect(AVAssetExportSession.Status.waiting.rawValue == 1 && AVAssetExportSession.Status.cancelled.rawValue == 5)
    }

    @Test("compatible presets follow the asset's tracks")
    func compatiblePresets() throws {
        let movie = AVURLAsset(url: try ExportMedia.url("h264-bframes-aac-320x240-25fps.mov"))
        let presets = Set(AVAssetExportSession.exportPresets(compatibleWith: movie))
        let withAlpha = Set(AVAssetExportSession.allExportPresets().filter { $0.hasSuffix("WithAlpha") })
        #expect(presets == Set(AVAssetExportSession.allExportPresets()).subtracting(withAlpha))

        let audioOnly = AVURLAsset(url: try ExportMedia.url("aac-stereo-44100.m4a"))
        #expect(AVAssetExportSession.exportPresets(compatibleWith: audioOnly) == [AVAssetExportPresetAppleM4A])
        #expect(AVAssetExportSession(asset: audioOnly, presetName: AVAssetExportPreset640x480) == nil)
        #expect(AVAssetExportSession(asset: audioOnly, presetName: AVAssetExportPresetPassthrough) != nil)

        let videoOnly = AVURLAsset(url: try ExportMedia.url("h264-video-only-320x240.mp4"))
        #expect(!AVAssetExportSession.exportPresets(compatibleWith: videoOnly).contains(AVAssetExportPresetAppleM4A))

        // A source with alpha: ProRes 4444 keeps it; HEVC with alpha has no encoder in Debian's FFmpeg.
        let alpha = AVURLAsset(url: try ExportMedia.url("prores4444-alpha-320x240.mov"))
        let alphaPresets = AVAssetExportSession.exportPresets(compatibleWith: alpha)
        #expect(alphaPresets.contains(AVAssetExportPresetAppleProRes4444LPCM))
        #expect(withAlpha.isDisjoint(with: alphaPresets))
        #expect(AVAssetExportSession(asset: alpha, presetName: AVAssetExportPresetHEVCHighestQualityWithAlpha) == nil)

        #expect(AVAssetExportSession(asset: movie, presetName: "AVAssetExportPresetNoSuchThing") == nil)
    }

    @Test("compatibility and file types, with completion handlers and async")
    func compatibilityAndFileTypes() async throws {
        let movie = AVURLAsset(url: try ExportMedia.url("h264-bframes-aac-320x240-25fps.mov"))
        #expect(await AVAssetExportSession.compatibility(ofExportPreset: AVAssetExportPreset640x480, with: movie, outputFileType: .mp4))
        #expect(await AVAssetExportSession.compatibility(ofExportPreset: AVAssetExportPreset640x480, with: movie, outputFileType: nil))
        #expect(!(await AVAssetExportSession.compatibility(ofExportPreset: AVAssetExportPreset640x480, with: movie, outputFileType: .m4a)))
        #expect(!(await AVAssetExportSession.compatibility(ofExportPreset: AVAssetExportPresetAppleProRes422LPCM, with: movie,
                                                          outputFileType: .mp4)))
        let viaHandler: Bool = await withCheckedContinuation { continuation in
            AVAssetExportSession.determineCompatibility(ofExportPreset: AVAssetExportPresetAppleM4A, with: movie,
                                                        outputFileType: .m4a) { continuation.resume(returning: $0) }
        }
        #expect(viaHandler)

        let session = try #require(AVAssetExportSession(asset: movie, presetName: AVAssetExportPreset640x480))
        #expect(session.supportedFileTypes == [.mov, .m4v, .mp4])
        #expect(await session.compatibleFileTypes == [.mov, .m4v, .mp4])
        let proRes = try #require(AVAssetExportSession(asset: movie, presetName: AVAssetExportPresetAppleProRes4444LPCM))
        #expect(proRes.supportedFileTypes == [.mov])

        // Passthrough: every type it writes is supported; the compatible ones are those that hold the codecs.
        let passthrough = try #require(AVAssetExportSession(asset: movie, presetName: AVAssetExportPresetPassthrough))
        #expect(passthrough.supportedFileTypes.contains(.caf))
        #expect(await passthrough.compatibleFileTypes == [.mov, .mp4, .m4v, .mobile3GPP, .mobile3GPP2])
        let wave = try #require(AVAssetExportSession(asset: AVURLAsset(url: try ExportMedia.url("pcm-s16le-48000.wav")),
                                                     presetName: AVAssetExportPresetPassthrough))
        let waveTypes: [AVFileType] = await withCheckedContinuation { continuation in
            wave.determineCompatibleFileTypes { continuation.resume(returning: $0) }
        }
        #expect(waveTypes == [.mov, .caf, .wav, .aifc], "linear PCM little-endian: not MP4, not big-endian AIFF")
    }

    @Test("passthrough of audio-only sources to audio files, judged by ffprobe and ffmpeg",
          arguments: [("aac-stereo-44100.m4a", AVFileType.caf, "aac"), ("aac-stereo-44100.m4a", .m4a, "aac"),
                      ("pcm-s16le-48000.wav", .wav, "pcm_s16le"), ("pcm-s16le-48000.wav", .aifc, "pcm_s16le")])
    func audioFilePassthrough(source: String, fileType: AVFileType, codec: String) async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let input = try ExportMedia.url(source)
        let extensions: [AVFileType: String] = [.caf: "caf", .m4a: "m4a", .wav: "wav", .aifc: "aifc"]
        let output = folder.file("out." + (extensions[fileType] ?? "bin"))
        let session = try #require(AVAssetExportSession(asset: AVURLAsset(url: input), presetName: AVAssetExportPresetPassthrough))
        try await session.export(to: output, as: fileType)
        let probe = try ExportProbe(output)
        #expect(probe.audio?["codec_name"] as? String == codec)
        // ffmpeg 5.1's CAF demuxer ignores the packet table's priming and remainder: whole AAC packets (2.043 s).
        #expect(abs(probe.duration - (try ExportProbe(input).duration)) < (fileType == .caf ? 0.05 : 0.001))
        if codec.hasPrefix("pcm") {
            let ours = try ExternalTool.check("ffmpeg", ["-v", "error", "-i", output.path, "-f", "s16le", "-"]).standardOutput
            let theirs = try ExternalTool.check("ffmpeg", ["-v", "error", "-i", input.path, "-f", "s16le", "-"]).standardOutput
            #expect(ours == theirs, "the same samples")
        }
    }

    @Test("settings cannot change once the export has started; an unknown pitch algorithm is refused")
    func configurationRules() async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let session = try #require(AVAssetExportSession(asset: AVURLAsset(url: try ExportMedia.url("h264-bframes-aac-320x240-25fps.mov")),
                                                        presetName: AVAssetExportPreset640x480))
        #expect(session.timeRange == CMTimeRange(start: .zero, duration: .positiveInfinity), "Apple's default range")
        #expect(session.audioTimePitchAlgorithm == .spectral && session.allowsParallelizedExport)
        #expect(session.fileLengthLimit == 0 && session.metadata == nil && !session.shouldOptimizeForNetworkUse)
        session.audioTimePitchAlgorithm = AVAudioTimePitchAlgorithm(rawValue: "Nonsense")
        #expect(session.audioTimePitchAlgorithm == .spectral)
        session.audioTimePitchAlgorithm = .varispeed
        #expect(session.audioTimePitchAlgorithm == .varispeed)
        try await session.export(to: folder.file("a.mp4"), as: .mp4)
        session.outputURL = folder.file("other.mp4")
        session.fileLengthLimit = 10
        #expect(session.outputURL == folder.file("a.mp4") && session.fileLengthLimit == 0, "late changes are ignored")
        #expect(session.customVideoCompositor == nil)
    }

    // MARK: Engine parts

    @Test("output sizes: fitted in the box either way round, aspect kept, never upscaled, even")
    func geometry() {
        // Apple's measured outputs for a 1920x1080 iPhone video: 568x320 (MediumQuality), 224x128 (LowQuality; here
        // 224x126, the even size nearest the exact 224x126); for 1080x1920, 320x568 and 124x224 (here 126x224).
        func size(_ w: Double, _ h: Double, _ box: (Int, Int)?) -> [Int] {
            let result = ExportGeometry.outputSize(display: CGSize(width: w, height: h), box: box.map { (long: $0.0, short: $0.1) })
            return [result.width, result.height]
        }
        #expect(size(1920, 1080, (568, 568)) == [568, 320])
        #expect(size(1080, 1920, (568, 568)) == [320, 568])
        #expect(size(1920, 1080, (224, 224)) == [224, 126])
        #expect(size(1920, 1080, (1280, 720)) == [1280, 720])
        #expect(size(1080, 1920, (1280, 720)) == [720, 1280], "the box turns with the picture")
        #expect(size(640, 480, (1280, 720)) == [640, 480], "never upscaled")
        #expect(size(1440, 1080, (1280, 720)) == [960, 720])
        #expect(size(321, 241, nil) == [320, 240], "odd sizes round down to even, not up")
        #expect(size(1280, 360, (640, 480)) == [640, 180], "anamorphic 640x360 at 2:1 displays 1280x360")
        #expect(size(7680, 4320, (3840, 2160)) == [3840, 2160])
        let rotated = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 1080, ty: 0)
        let scaled = ExportGeometry.scaledTransform(rotated, from: CGSize(width: 1920, height: 1080), to: (1280, 720))
        #expect(scaled.tx == 720 && scaled.a == 0 && scaled.b == 1 && scaled.c == -1)
    }

    @Test("audio settings: AAC rates and AAC's bit-rate ceiling")
    func audioSettings() {
        #expect(ExportSettings.aacSampleRate(44_100, maximum: 48_000) == 44_100)
        #expect(ExportSettings.aacSampleRate(96_000, maximum: 48_000) == 48_000)
        #expect(ExportSettings.aacSampleRate(37_800, maximum: 48_000) == 44_100, "the next AAC rate up, losing no bandwidth")
        #expect(ExportSettings.aacSampleRate(22_050, maximum: 48_000) == 22_050)
        #expect(ExportSettings.aacBitRate(perChannel: 64_000, channels: 2, sampleRate: 44_100) == 128_000)
        // 6144 bits per channel per 1024-sample frame at 8 kHz is 48 kb/s per channel.
        #expect(ExportSettings.aacBitRate(perChannel: 128_000, channels: 1, sampleRate: 8_000) == 48_000)
    }

    @Test("presentation coverage follows decode order with B-frames to the first gap")
    func coverage() {
        func range(_ from: Int, _ to: Int) -> CMTimeRange {
            CMTimeRange(start: CMTime(value: Int64(from), timescale: 25), end: CMTime(value: Int64(to), timescale: 25))
        }
        var coverage = PresentationCoverage(start: .zero)
        let tolerance = CMTime(value: 1, timescale: 50)
        coverage.add(range(0, 1), tolerance: tolerance)            // I0
        coverage.add(range(3, 4), tolerance: tolerance)            // P3
        #expect(coverage.end == CMTime(value: 1, timescale: 25))
        coverage.add(range(1, 2), tolerance: tolerance)            // B1
        coverage.add(range(2, 3), tolerance: tolerance)            // B2
        #expect(coverage.end == CMTime(value: 4, timescale: 25), "B2 closes the gap up to P3's end")
        coverage.add(range(6, 7), tolerance: tolerance)            // P6 with B4, B5 missing
        #expect(coverage.end == CMTime(value: 4, timescale: 25))
    }

    @Test("the export queue runs at most its capacity, starts the next on release, and forgets withdrawn tickets")
    func exportQueue() async {
        let queue = ExportQueue(capacity: 1)
        let started = CallCounter()
        let first = queue.makeTicket(), second = queue.makeTicket(), third = queue.makeTicket()
        queue.enqueue(first) { started.increment() }
        queue.enqueue(second) { started.increment() }
        queue.enqueue(third) { started.increment() }
        // Starts run on a dispatch queue: wait until one has run (not a time it must run within: a loaded machine
        // can keep dispatch's threads off the cores past 50 ms), then a little more, in which an extra start would
        // show.
        #expect(await eventually { started.count >= 1 })
        try? await Task.sleep(for: .milliseconds(50))
        #expect(started.count == 1 && queue.counts == (1, 2))
        #expect(queue.withdraw(third))
        #expect(!queue.withdraw(first), "a running ticket cannot be withdrawn")
        queue.release(first)
        #expect(await eventually { started.count >= 2 })
        try? await Task.sleep(for: .milliseconds(50))
        #expect(started.count == 2 && queue.counts == (1, 0))
        queue.release(second)
        #expect(queue.counts == (0, 0))
        // The process-wide queue's size: half the cores, one to four.
        let cores = ProcessInfo.processInfo.activeProcessorCount
        if ProcessInfo.processInfo.environment["LAVF_EXPORT_SLOTS"] == nil {
            #expect(ExportQueue.shared.capacity == max(1, min(4, cores / 2)))
        }
    }
}
