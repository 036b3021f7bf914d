import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// Scaled segments (`scaleTimeRange`) play their audio stretched with the algorithm asked for: exactly as many
/// samples as the scaled duration holds, pitch following the speed for `.varispeed` and kept for `.timeDomain`
/// and `.spectral`. ffmpeg's `astats` counts the output's zero crossings (two per cycle of the tone).
@Suite("Composition speed changes")
struct CompositionSpeedTests {
    /// The 880 Hz tone clip, slowed to twice its length.
    static func slowed() throws -> (AVMutableComposition, AVMutableCompositionTrack) {
        let composition = try CompositionMedia.concatenation(["tone-880hz-1s.m4a"])
        let track = try #require(composition.tracks(withMediaType: .audio).first)
        composition.scaleTimeRange(CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1)),
                                   toDuration: CMTime(value: 2, timescale: 1))
        return (composition, track)
    }

    /// Zero crossings per second of mono 32-bit float samples at 44.1 kHz, counted by ffmpeg's `astats`.
    static func crossingsPerSecond(_ samples: [Float]) throws -> Double {
        let directory = try TestFiles.makeTemporaryDirectory()
        let raw = directory.file("audio.f32")
        try samples.withUnsafeBytes { Data($0) }.write(to: raw)
        let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-hide_banner", "-f", "f32le", "-ar", "44100", "-ac", "1",
                                                       "-i", raw.path, "-af", "astats", "-f", "null", "-"])
        let line = result.standardError.split(separator: "\n").first { $0.contains("Zero crossings rate") }
        let rate = line.flatMap { $0.split(separator: ":").last }.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        return (rate ?? 0) * 44_100
    }

    @Test("half speed: exactly twice the samples; the pitch halves with varispeed and is kept otherwise",
          arguments: [(AVAudioTimePitchAlgorithm.varispeed, 440.0), (.timeDomain, 880.0), (.spectral, 880.0)])
    func halfSpeed(_ algorithm: AVAudioTimePitchAlgorithm, _ frequency: Double) throws {
        let (composition, track) = try Self.slowed()
        #expect(composition.duration == CMTime(value: 2, timescale: 1))
        #expect(track.segments.first?.timeMapping.target.duration == CMTime(value: 2, timescale: 1))
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: CompositionMedia.float32)
        output.audioTimePitchAlgorithm = algorithm
        let buffers = try CompositionMedia.read(composition, output)
        var expectedStart = CMTime.zero
        for buffer in buffers {
            #expect(CMSampleBufferGetPresentationTimeStamp(buffer) == expectedStart)
            expectedStart = expectedStart + CMTime(value: Int64(CMSampleBufferGetNumSamples(buffer)), timescale: 44_100)
        }
        let samples = CompositionMedia.floats(buffers)
        #expect(samples.count == 88_200, "two seconds at 44.1 kHz")
        #expect(!samples.contains { $0.isNaN })
        let measured = try Self.crossingsPerSecond(samples) / 2
        #expect(abs(measured - frequency) < frequency * 0.02, "\(algorithm.rawValue): \(measured) Hz, expected \(frequency)")
        // The tone keeps its level (ffmpeg's sine source is at 1/8 of full scale).
        let clip = AVURLAsset(url: try CompositionMedia.url("tone-880hz-1s.m4a"))
        let original = CompositionMedia.floats(try CompositionMedia.read(clip, AVAssetReaderTrackOutput(
            track: try #require(clip.tracks.first), outputSettings: CompositionMedia.float32)))
        let peak = samples.map(abs).max() ?? 0, originalPeak = original.map(abs).max() ?? 1
        #expect(abs(peak / originalPeak - 1) < 0.2, "peak \(peak), the clip's \(originalPeak)")
    }

    @Test("16-bit interleaved settings: the stretched audio converted, still twice the samples")
    func converted() throws {
        let (composition, track) = try Self.slowed()
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: [AVFormatIDKey: kAudioFormatLinearPCM,
                                                                             AVLinearPCMBitDepthKey: 16])
        let buffers = try CompositionMedia.read(composition, output)
        #expect(buffers.reduce(0) { $0 + CMSampleBufferGetNumSamples($1) } == 88_200)
        let asbd = try #require(buffers.first.flatMap(CMSampleBufferGetFormatDescription)
            .flatMap { CMAudioFormatDescriptionGetStreamBasicDescription($0)?.pointee })
        #expect(asbd.mBitsPerChannel == 16 && asbd.mFormatFlags & kLinearPCMFormatFlagIsFloat == 0)
    }

    @Test("the audio mix plays a scaled track at its new length, the others at theirs")
    func mix() throws {
        let (composition, track) = try Self.slowed()
        let mix = AVAssetReaderAudioMixOutput(audioTracks: [track], audioSettings: CompositionMedia.float32)
        mix.audioTimePitchAlgorithm = .timeDomain
        let samples = CompositionMedia.floats(try CompositionMedia.read(composition, mix))
        #expect(samples.count == 88_200)
        let measured = try Self.crossingsPerSecond(samples) / 2
        #expect(abs(measured - 880) < 880 * 0.02, "\(measured) Hz")
    }

    @Test("exporting a slowed composition with AppleM4A: ffprobe finds twice the duration, ffmpeg decodes it cleanly")
    func export() async throws {
        let (composition, _) = try Self.slowed()
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("slowed.m4a")
        let session = try #require(AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetAppleM4A))
        session.audioTimePitchAlgorithm = .spectral
        try await session.export(to: url, as: .m4a)
        let probe = try ExportProbe(url)
        #expect(abs(ExportProbe.duration(probe.audio) - 2) < 0.01, "\(ExportProbe.duration(probe.audio)) s")
        #expect(try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-f", "null", "-"]).standardError.isEmpty)
    }
}
