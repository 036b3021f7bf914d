import CoreMedia
import CoreVideo
import Foundation
import Testing
import TestSupport
@testable import MediaCodecs

/// The one implementation of encoding passes, shared by the asset writer's inputs and the export.
@Suite("Multi-pass video encoder: an analysis pass, then the final pass over its statistics")
struct MultiPassVideoEncoderTests {
    private static var settings: [String: Any] {
        [AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 320, AVVideoHeightKey: 240,
         AVVideoCompressionPropertiesKey: [AVVideoAverageBitRateKey: 300_000]]
    }

    /// Encodes 30 frames of the pattern through `encoder` and ends the pass; returns its samples.
    private static func pass(_ encoder: MultiPassVideoEncoder) throws -> [CMSampleBuffer] {
        var samples: [CMSampleBuffer] = []
        for t in 0..<30 {
            let frame = try SyntheticVideo.frame(t, format: kCVPixelFormatType_420YpCbCr8Planar)
            samples += try encoder.encode(frame, presentationTimeStamp: CMTime(value: Int64(t) * 20, timescale: 600),
                                          duration: CMTime(value: 20, timescale: 600))
        }
        while let more = try encoder.finishNext() { samples += more }
        return samples
    }

    @Test("with a directory: the analysis pass writes statistics, the final pass reads them and hits the rate")
    func twoPasses() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let encoder = try MultiPassVideoEncoder(settings: try VideoEncoderSettings(outputSettings: Self.settings),
                                                sourceFormatHint: nil, statisticsDirectory: directory.url)
        #expect(encoder.isAnalysisPass)
        _ = try Self.pass(encoder)
        // The statistics are written when the analysis pass ends, which beginning the final pass does.
        #expect(try encoder.beginFinalPass())
        #expect(!encoder.isAnalysisPass)
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: directory.url.path)).isEmpty)
        #expect(try !encoder.beginFinalPass(), "there is one analysis pass")
        let samples = try Self.pass(encoder)
        #expect(samples.count == 30)
        let rate = Double(samples.reduce(0) { $0 + CMSampleBufferGetTotalSampleSize($1) } * 8)
        #expect(rate > 150_000 && rate < 450_000, "\(rate) b/s for a 300,000 b/s target")
        #expect(try decodeSamples(samples).count == 30)
    }

    @Test("without a directory: one pass, and no final pass to begin")
    func onePass() throws {
        let encoder = try MultiPassVideoEncoder(settings: try VideoEncoderSettings(outputSettings: Self.settings),
                                                sourceFormatHint: nil, statisticsDirectory: nil)
        #expect(!encoder.isAnalysisPass)
        #expect(try !encoder.beginFinalPass())
        #expect(try Self.pass(encoder).count == 30)
    }

    @Test("settings without a bit rate cannot run two passes: refused when the encoder is made")
    func refused() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let quality: [String: Any] = [AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 320,
                                      AVVideoHeightKey: 240, AVVideoCompressionPropertiesKey: [AVVideoQualityKey: 0.5]]
        #expect(throws: CodecError.self) {
            _ = try MultiPassVideoEncoder(settings: try VideoEncoderSettings(outputSettings: quality),
                                          sourceFormatHint: nil, statisticsDirectory: directory.url)
        }
    }
}
