import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// The export's plan as data: what each source track becomes, decided before a reader or writer exists, and
/// written to JSON and read back unchanged.
@Suite("Export plan: decisions as data")
struct ExportPlanTests {
    private static func request(_ asset: AVAsset, preset: String, fileType: AVFileType = .mov,
                                fileLengthLimit: Int64? = nil, fastStart: Bool = false,
                                multiPass: Bool = false) throws -> ExportRequest {
        ExportRequest(asset: asset, preset: try #require(ExportPreset.named(preset)),
                      outputURL: URL(fileURLWithPath: "/nonexistent/out.mov"), fileType: fileType,
                      timeRange: CMTimeRange(start: .zero, duration: .positiveInfinity),
                      fileLengthLimit: fileLengthLimit,
                      metadata: nil, metadataItemFilter: nil, shouldOptimizeForNetworkUse: fastStart, audioMix: nil,
                      videoComposition: nil, customVideoCompositor: nil, audioTimePitchAlgorithm: .spectral,
                      multiPass: multiPass, temporaryDirectory: nil)
    }

    private static func plan(_ request: ExportRequest) throws -> ExportPlan {
        try ExportPlanner.plan(request, source: ExportSource(asset: request.asset))
    }

    @Test("passthrough: every track as stored, presented by the session, one pass; fast start reserves the movie box")
    func passthrough() throws {
        let asset = AVURLAsset(url: try ExportMedia.url("h264-aac-1280x720-crf8.mp4"))
        let plan = try Self.plan(try Self.request(asset, preset: AVAssetExportPresetPassthrough, fileType: .mp4,
                                                  fastStart: true))
        #expect(plan.fileType == AVFileType.mp4.rawValue)
        #expect(plan.tracks.map(\.role) == [.passthrough, .passthrough])
        #expect(plan.tracks.map(\.presentation) == [.session, .session])
        #expect(plan.tracks.map(\.passes) == [1, 1])
        #expect(plan.tracks.map(\.sources) == asset.tracks.map { [$0.trackID] })
        #expect(plan.timeRange.range == CMTimeRange(start: .zero, duration: asset.duration))
        let room = try #require(plan.movieBoxReservation, "an 8 Mb/s passthrough is worth a reservation")
        #expect(room.samples >= 30 + 47, "at least every video frame and AAC packet of the second")
        // With a file length limit the export may stop early: no room is reserved for samples never written.
        let limited = try Self.plan(try Self.request(asset, preset: AVAssetExportPresetPassthrough, fileType: .mp4,
                                                     fileLengthLimit: 10_000_000, fastStart: true))
        #expect(limited.movieBoxReservation == nil)
    }

    @Test("a preset that encodes: settings as AVVideoSettings and AVAudioSettings keys, two passes only with a bit rate")
    func encoding() throws {
        let asset = AVURLAsset(url: try ExportMedia.url("h264-aac-640x360-30fps-48k.mp4"))
        let plan = try Self.plan(try Self.request(asset, preset: AVAssetExportPreset640x480, multiPass: true))
        let video = try #require(plan.tracks.first { if case .video = $0.role { true } else { false } })
        guard case .video(let settings) = video.role else { return }
        #expect(settings.codec == AVVideoCodecType.h264.rawValue)
        #expect((settings.width, settings.height) == (640, 360), "16:9 fits the 640x480 box at its width")
        #expect(settings.averageBitRate != nil && settings.supportsMultiPass)
        #expect(video.passes == 2)
        #expect(!settings.composed)
        let output = settings.outputSettings
        #expect(output[AVVideoWidthKey] as? Int == 640)
        let compression = try #require(output[AVVideoCompressionPropertiesKey] as? [String: Any])
        #expect(compression[AVVideoAverageBitRateKey] as? Int == settings.averageBitRate)
        #expect(compression[AVVideoExpectedSourceFrameRateKey] as? Int == 30)
        #expect(compression[AVVideoMaxKeyFrameIntervalDurationKey] as? Double == 2)
        let audio = try #require(plan.tracks.first { if case .audio = $0.role { true } else { false } })
        guard case .audio(let aac) = audio.role else { return }
        #expect(aac.formatID == kAudioFormatMPEG4AAC && aac.sampleRate == 48_000 && aac.channels == 2)
        #expect(audio.passes == 1)
        #expect(aac.encodeSettings[AVEncoderBitRateKey] as? Int == aac.bitRate)
        #expect(aac.decodeSettings[AVLinearPCMIsFloatKey] as? Bool == true)
        // The writer's settings parser takes what the plan derives.
        let input = AVAssetWriterInput(mediaType: .video, outputSettings: output)
        #expect(input.outputSettings?[AVVideoCodecKey] as? String == AVVideoCodecType.h264.rawValue)
        // Without multi-pass, one pass.
        let single = try Self.plan(try Self.request(asset, preset: AVAssetExportPreset640x480))
        #expect(single.tracks.allSatisfy { $0.passes == 1 })
    }

    @Test("a composition track copied into a movie is presented by the edits recorded as it is laid out")
    func compositionPresentation() throws {
        let clip = AVURLAsset(url: try ExportMedia.url("h264-bframes-aac-320x240-25fps.mov"))
        let composition = AVMutableComposition()
        let track = try #require(composition.addMutableTrack(withMediaType: .video,
                                                              preferredTrackID: kCMPersistentTrackID_Invalid))
        let source = try #require(clip.tracks(withMediaType: .video).first)
        let half = CMTime(value: 1, timescale: 2)
        try track.insertTimeRange(CMTimeRange(start: .zero, duration: half), of: source, at: .zero)
        track.insertEmptyTimeRange(CMTimeRange(start: half, duration: half))
        try track.insertTimeRange(CMTimeRange(start: .zero, duration: half), of: source, at: CMTime(value: 1, timescale: 1))
        let plan = try Self.plan(try Self.request(composition, preset: AVAssetExportPresetPassthrough))
        #expect(plan.tracks.map(\.presentation) == [.recordedLayout])
        // A file's track of the same clip is presented by the session.
        let filePlan = try Self.plan(try Self.request(clip, preset: AVAssetExportPresetPassthrough))
        #expect(filePlan.tracks.allSatisfy { $0.presentation == .session })
    }

    @Test("a plan is written to JSON and read back unchanged")
    func json() throws {
        let asset = AVURLAsset(url: try ExportMedia.url("h264-aac-640x360-30fps-48k.mp4"))
        let plans = [
            try Self.plan(try Self.request(asset, preset: AVAssetExportPreset640x480, multiPass: true)),
            try Self.plan(try Self.request(asset, preset: AVAssetExportPresetPassthrough, fileType: .mp4,
                                           fastStart: true)),
            try Self.plan(try Self.request(asset, preset: AVAssetExportPresetAppleProRes422LPCM)),
        ]
        for plan in plans {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let data = try encoder.encode(plan)
            #expect(try JSONDecoder().decode(ExportPlan.self, from: data) == plan)
            let text = try #require(String(data: data, encoding: .utf8))
            #expect(text.contains("\"presentation\":\"session\""))
            #expect(text.contains("\"timeRange\":{\"duration\":{"))
        }
    }
}
