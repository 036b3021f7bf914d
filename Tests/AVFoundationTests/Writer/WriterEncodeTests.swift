import CoreMedia
import CoreVideo
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// Encoded output judged by ffmpeg's decoders: picture quality against the source frames, and an AAC tone that
/// starts at the right sample (the priming trimmed through the edit list) and lasts as long as the input.
@Suite("AVAssetWriter encoding, judged by ffmpeg", .serialized)
struct WriterEncodeTests {
    @Test("H.264 at 1.5 Mb/s of a 320x240 pattern decodes with PSNR above 35 dB, frame for frame")
    func videoPSNR() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("psnr")
        let url = directory.file("psnr.mov")
        let raw = directory.file("source.bgra")
        let frames = 30
        var rawData = Data()
        let writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        let input = AVAssetWriterInput(mediaType: .video, outputSettings: [
            AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 320, AVVideoHeightKey: 240,
            AVVideoCompressionPropertiesKey: [AVVideoAverageBitRateKey: 1_500_000, AVVideoMaxKeyFrameIntervalKey: 30]])
        let adaptor = AVAssetWriterInputPixelBufferAdaptor(assetWriterInput: input, sourcePixelBufferAttributes: [
            kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA])
        writer.add(input)
        #expect(writer.startWriting())
        writer.startSession(atSourceTime: .zero)
        for frame in 0..<frames {
            while !input.isReadyForMoreMediaData { usleep(500) }
            let pixels = WriterMedia.pixelBuffer(width: 320, height: 240, frame: frame)
            CVPixelBufferLockBaseAddress(pixels, [])
            let stride = CVPixelBufferGetBytesPerRow(pixels)
            let base = CVPixelBufferGetBaseAddress(pixels)!
            for row in 0..<240 { rawData.append(Data(bytes: base + row * stride, count: 320 * 4)) }
            CVPixelBufferUnlockBaseAddress(pixels, [])
            #expect(adaptor.append(pixels, withPresentationTime: CMTime(value: CMTimeValue(frame), timescale: 30)))
        }
        input.markAsFinished()
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        try rawData.write(to: raw)
        // ffmpeg converts both to yuv420p (BT.601, the matrix our encoder tags for SD) and compares.
        let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "info", "-i", url.path, "-f", "rawvideo",
                                                       "-pix_fmt", "bgra", "-s", "320x240", "-r", "30", "-i", raw.path,
                                                       "-lavfi", "[0:v]format=yuv420p[a];[1:v]format=yuv420p[b];[a][b]psnr",
                                                       "-f", "null", "-"])
        let line = try #require(result.standardError.split(separator: "\n").first { $0.contains("PSNR y:") })
        let average = line.split(separator: " ").first { $0.hasPrefix("average:") }.flatMap { Double($0.dropFirst(8)) }
        print("H.264 1.5 Mb/s 320x240 PSNR: \(line)")
        #expect((average ?? 0) > 35, "\(line)")
        #expect(try WriterProbe(url: url).frameCount(stream: 0) == frames)
    }

    @Test("an AAC tone decodes to the same tone from its first sample, the priming trimmed", arguments: [AVFileType.m4a, .mov])
    func aacToneStartsOnTime(_ fileType: AVFileType) async throws {
        let directory = try TestFiles.makeTemporaryDirectory("tone")
        let url = directory.file(fileType == .m4a ? "tone.m4a" : "tone.mov")
        let writer = try AVAssetWriter(outputURL: url, fileType: fileType)
        let input = AVAssetWriterInput(mediaType: .audio, outputSettings: [
            AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 1, AVEncoderBitRateKey: 96_000])
        writer.add(input)
        #expect(writer.startWriting())
        writer.startSession(atSourceTime: .zero)
        let total = 44_100
        var position = 0
        WriterMedia.feed([input]) { _ in
            guard position < total else { return nil }
            let count = min(1500, total - position)
            defer { position += count }
            return WriterMedia.tone(frames: count, start: position, channels: 1, frequency: 441)
        }
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")

        // The edit list starts after the 1024 priming frames (ffprobe's view of elst, media timescale 44100).
        let edits = try WriterProbe(url: url).editLists()
        #expect(edits.first?.map(\.time) == [1024], "\(edits)")
        #expect(edits.first?.map(\.duration) == [600], "one second in the movie timescale: \(edits)")
        // ffmpeg decodes with the edit list applied: the tone must start at sample 0 with the input's phase.
        let decoded = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-f", "s16le", "-ac", "1", "-"])
        let samples = decoded.standardOutput.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        #expect(abs(samples.count - total) <= 1024, "decoded \(samples.count) samples for \(total)")
        func correlation(lag: Int) -> Double {
            var sum = 0.0
            for index in 200..<4200 {
                let expected = sin(2 * Double.pi * 441 * Double(index + lag) / 44_100)
                sum += Double(samples[index]) * expected
            }
            return sum
        }
        let best = (-50...50).max { correlation(lag: $0) < correlation(lag: $1) }!
        #expect(best == 0, "the decoded tone is \(best) samples off")
    }
}
