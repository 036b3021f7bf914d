import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// Linear PCM counts frames in every container, as Apple does (MOV stores a sample per frame; WAVE, AIFF and CAF
/// were counted in 4,096-frame packets), and is still read in large blocks.
@Suite("Linear PCM sample counts")
struct PCMFrameCountTests {
    /// 2 s of 16-bit stereo PCM at 44.1 kHz in `container`, made by ffmpeg.
    static func source(_ container: String) throws -> URL {
        let codec = container == "aif" ? "pcm_s16be" : container == "mov" ? "pcm_s16le" : "pcm_s16le"
        return try TestFiles.ffmpegMedia("pcm-2s.\(container)", folder: "hardening", recipe: [
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=2", "-ac", "2", "-c:a", codec,
        ])
    }

    @Test("88,200 samples for 2 s at 44.1 kHz; a passthrough buffer holds a second of them", arguments: ["wav", "aif", "caf", "mov"])
    func framesAsSamples(container: String) async throws {
        let asset = AVURLAsset(url: try Self.source(container))
        let track = try #require(try await asset.loadTracks(withMediaType: .audio).first)
        let cursor = try #require(track.makeSampleCursorAtFirstSampleInDecodeOrder())
        let steps = cursor.stepInDecodeOrder(byCount: 1_000_000)
        #expect(steps + 1 == 88_200, "\(container): \(steps + 1) samples")
        #expect(cursor.currentSampleDuration == CMTime(value: 1, timescale: 44_100))
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
        reader.add(output)
        #expect(reader.startReading())
        let first = try #require(output.copyNextSampleBuffer())
        #expect(CMSampleBufferGetNumSamples(first) == 44_100, "\(container): one second per buffer")
        var frames = CMSampleBufferGetNumSamples(first)
        while let buffer = output.copyNextSampleBuffer() { frames += CMSampleBufferGetNumSamples(buffer) }
        #expect(frames == 88_200)
    }
}
