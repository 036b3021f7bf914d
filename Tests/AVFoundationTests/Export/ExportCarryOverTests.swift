import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// What carries from the source to the export: metadata (and what the sharing filter takes out), the tracks'
/// language, enabled state, alternate groups and transform, and what an audio mix does to the audio — judged by
/// ffprobe, mediainfo and the samples ffmpeg decodes.
@Suite("Export carry-over")
struct ExportCarryOverTests {
    static func export(_ source: String, preset: String, as fileType: AVFileType,
                       configure: (AVAssetExportSession) -> Void = { _ in }) async throws -> (URL, TemporaryDirectory) {
        let folder = try TestFiles.makeTemporaryDirectory()
        let output = folder.file(fileType == .mov ? "out.mov" : fileType == .m4a ? "out.m4a" : "out.mp4")
        let session = try #require(AVAssetExportSession(asset: AVURLAsset(url: try ExportMedia.url(source)), presetName: preset))
        configure(session)
        try await session.export(to: output, as: fileType)
        return (output, folder)
    }

    @Test("metadata: kept by default, location removed by the sharing filter, replaced by explicit metadata",
          arguments: [AVAssetExportPreset640x480, AVAssetExportPresetPassthrough])
    func metadata(preset: String) async throws {
        let source = "h264-aac-title-location.mov"
        #expect(try ExportProbe(try ExportMedia.url(source)).tag("location") != nil, "the source has a location")

        let (kept, keptFolder) = try await Self.export(source, preset: preset, as: .mov)
        _ = keptFolder
        let keptProbe = try ExportProbe(kept)
        #expect(keptProbe.tag("title") == "Eiffel")
        #expect(keptProbe.tag("location")?.hasPrefix("+48.8577+002.2950") == true)

        let (filtered, filteredFolder) = try await Self.export(source, preset: preset, as: .mp4) {
            $0.metadataItemFilter = AVMetadataItemFilter.forSharing()
        }
        _ = filteredFolder
        let filteredProbe = try ExportProbe(filtered)
        #expect(filteredProbe.tag("title") == "Eiffel", "the title is commerce/playback metadata: kept")
        #expect(filteredProbe.tag("location") == nil, "the location identifies the user: removed")

        let (replaced, replacedFolder) = try await Self.export(source, preset: preset, as: .mov) { session in
            let title = AVMutableMetadataItem()
            title.identifier = .commonIdentifierTitle
            title.value = NSString(string: "Replaced")
            session.metadata = [title]
            session.metadataItemFilter = AVMetadataItemFilter.forSharing()
        }
        _ = replacedFolder
        let replacedProbe = try ExportProbe(replaced)
        #expect(replacedProbe.tag("title") == "Replaced" || replacedProbe.tag("com.apple.quicktime.title") == "Replaced")
        #expect(replacedProbe.tag("location") == nil && replacedProbe.tag("title") != "Eiffel")
    }

    @Test("tracks: language, enabled state and the alternate group carry over",
          arguments: [(AVAssetExportPreset640x480, AVFileType.mp4), (AVAssetExportPresetPassthrough, .mov),
                      (AVAssetExportPresetAppleM4A, .m4a)])
    func tracks(preset: String, fileType: AVFileType) async throws {
        let (output, folder) = try await Self.export("h264-aac-eng-fra-alternate.mov", preset: preset, as: fileType)
        _ = folder
        let audio = try ExportProbe(output).mediainfo().filter { $0["@type"] as? String == "Audio" }
        #expect(audio.count == 2)
        #expect(audio.map { $0["Language"] as? String } == ["en", "fr"])
        #expect(audio.map { $0["Default"] as? String } == ["Yes", "No"], "English enabled, French not")
        let groups = audio.map { $0["AlternateGroup"] as? String }
        #expect(groups[0] != nil && groups[0] != "0" && groups[0] == groups[1], "one alternate group: \(groups)")
        #expect(try ExternalTool.ffmpegDecodeErrors(output) == "")
    }

    @Test("a rotated source keeps its rotation, scaled with the picture", arguments: [AVAssetExportPresetLowQuality,
                                                                                    AVAssetExportPresetPassthrough])
    func rotation(preset: String) async throws {
        let (output, folder) = try await Self.export("h264-aac-640x360-rotated-90.mov", preset: preset, as: .mov)
        _ = folder
        let video = try #require(try ExportProbe(output).video)
        let rotation = (video["side_data_list"] as? [[String: Any]])?.first?["rotation"] as? Int
        #expect(rotation == -90 || rotation == 270, "ffprobe's rotation: \(String(describing: rotation))")
        // Displayed (ffmpeg applies the matrix): portrait, the stored picture's size turned.
        let stored = (video["width"] as? Int ?? 0, video["height"] as? Int ?? 0)
        #expect(preset == AVAssetExportPresetPassthrough ? stored == (640, 360) : stored == (224, 126))
        // The matrix's translation moves the turned picture back into view by its (scaled) height: ffprobe's display
        // matrix, third row, first column, in 16.16 fixed point.
        let matrix = (video["side_data_list"] as? [[String: Any]])?.first?["displaymatrix"] as? String ?? ""
        let rows = matrix.split(separator: "\n").map { $0.split(separator: " ").dropFirst().compactMap { Int($0) } }
        #expect(rows.count == 3 && rows[2].first == stored.1 * 65536, "translation by the height: \(matrix)")
        let info = try ExportProbe(output).mediainfo().first { $0["@type"] as? String == "Video" }
        #expect((info?["Rotation"] as? String).map { $0.hasPrefix("90") || $0.hasPrefix("270") } == true,
                "mediainfo's rotation: \(String(describing: info?["Rotation"]))")
    }

    @Test("an audio mix's volume and ramps are applied to the exported audio (ffmpeg's decode of the output)")
    func audioMix() async throws {
        let source = "h264-bframes-aac-320x240-25fps.mov"
        let asset = AVURLAsset(url: try ExportMedia.url(source))
        let audioTrack = try #require(try await asset.loadTracks(withMediaType: .audio).first)
        let (plain, plainFolder) = try await Self.export(source, preset: AVAssetExportPreset640x480, as: .mp4)
        _ = plainFolder
        let (mixed, mixedFolder) = try await Self.export(source, preset: AVAssetExportPreset640x480, as: .mp4) { session in
            let parameters = AVMutableAudioMixInputParameters(track: audioTrack)
            parameters.setVolume(0.5, at: .zero)
            parameters.setVolumeRamp(fromStartVolume: 0.5, toEndVolume: 0, timeRange: CMTimeRange(
                start: CMTime(value: 1, timescale: 1), duration: CMTime(value: 1, timescale: 1)))
            let mix = AVMutableAudioMix()
            mix.inputParameters = [parameters]
            session.audioMix = mix
        }
        _ = mixedFolder
        let original = try ExportTrimTests.samples(plain), quieter = try ExportTrimTests.samples(mixed)
        func rms(_ samples: [Float], _ from: Double, _ to: Double) -> Double {
            let slice = samples[Int(from * 44_100)..<min(samples.count, Int(to * 44_100))]
            return (slice.reduce(0.0) { $0 + Double($1 * $1) } / Double(slice.count)).squareRoot()
        }
        // 0…1 s at half volume: −6 dB.
        let firstSecond = rms(quieter, 0.1, 0.9) / rms(original, 0.1, 0.9)
        #expect(abs(firstSecond - 0.5) < 0.02, "volume 0.5 gives \(firstSecond)")
        // The ramp from 0.5 to 0 over 1…2 s: about 0.375 at 1.25 s, 0.125 at 1.75 s.
        let early = rms(quieter, 1.2, 1.3) / rms(original, 1.2, 1.3), late = rms(quieter, 1.7, 1.8) / rms(original, 1.7, 1.8)
        #expect(abs(early - 0.375) < 0.03 && abs(late - 0.125) < 0.03, "ramp: \(early) then \(late)")
    }
}
