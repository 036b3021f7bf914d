import CoreMedia
import CoreVideo
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// Multi-pass: x264 analyses the source, then encodes it with the statistics (kept in the writer's
/// `directoryForTemporaryFiles` and removed at the end); the pass descriptions follow Apple's documented sequence.
@Suite("AVAssetWriterInput multi-pass", .serialized)
struct WriterMultiPassTests {
    final class Log: @unchecked Sendable {
        let lock = NSLock()
        var passes: [[CMTimeRange]?] = []
        func add(_ ranges: [CMTimeRange]?) { lock.withLock { passes.append(ranges) } }
    }

    static let frames = 90
    static let target = 250_000

    /// Encodes the pattern at `target` b/s in one or two passes; returns the video bit rate ffprobe measures.
    static func encode(multiPass: Bool, log: Log, directory: TemporaryDirectory) async throws -> Double {
        let url = directory.file(multiPass ? "two-pass.mp4" : "one-pass.mp4")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mp4)
        let temporary = directory.file("temporary")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        writer.directoryForTemporaryFiles = temporary
        let input = AVAssetWriterInput(mediaType: .video, outputSettings: [
            AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 320, AVVideoHeightKey: 240,
            AVVideoCompressionPropertiesKey: [AVVideoAverageBitRateKey: target, AVVideoMaxKeyFrameIntervalKey: 30]])
        input.performsMultiPassEncodingIfSupported = multiPass
        let adaptor = AVAssetWriterInputPixelBufferAdaptor(assetWriterInput: input, sourcePixelBufferAttributes: nil)
        writer.add(input)
        #expect(input.currentPassDescription == nil, "nil before startWriting")
        #expect(writer.startWriting())
        writer.startSession(atSourceTime: .zero)
        #expect(input.canPerformMultiplePasses == multiPass)
        let queue = DispatchQueue(label: "multipass")
        let finished = DispatchSemaphore(value: 0)
        input.respondToEachPassDescription(on: queue) {
            let description = input.currentPassDescription
            log.add(description?.sourceTimeRanges.map(\.timeRangeValue))
            guard description != nil else {
                input.markAsFinished()
                finished.signal()
                return
            }
            let counter = Counter()
            input.requestMediaDataWhenReady(on: queue) {
                while input.isReadyForMoreMediaData {
                    guard counter.value < frames else {
                        input.markCurrentPassAsFinished()
                        return
                    }
                    let pixels = WriterMedia.pixelBuffer(width: 320, height: 240, frame: counter.value * 7 % 91)
                    _ = adaptor.append(pixels, withPresentationTime: CMTime(value: CMTimeValue(counter.value), timescale: 30))
                    counter.value += 1
                }
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async { finished.wait(); continuation.resume() }
        }
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "statistics removed")
        #expect(try WriterProbe(url: url).frameCount(stream: 0) == frames)
        let streams = try WriterProbe(url: url).streams()
        return Double(streams.first?["bit_rate"] as? String ?? "") ?? 0
    }

    final class Counter: @unchecked Sendable { var value = 0 }

    @Test("two passes run, the pass descriptions follow Apple's sequence, and the rate lands closer to the target")
    func twoPasses() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("multipass")
        let singleLog = Log(), doubleLog = Log()
        let single = try await Self.encode(multiPass: false, log: singleLog, directory: directory)
        let double = try await Self.encode(multiPass: true, log: doubleLog, directory: directory)
        let everything = CMTimeRange(start: .zero, duration: .positiveInfinity)
        #expect(singleLog.passes.count == 2 && singleLog.passes[0] == [everything] && singleLog.passes[1] == nil,
                "one pass, then nil: \(singleLog.passes)")
        #expect(doubleLog.passes.count == 3 && doubleLog.passes[0] == [everything] && doubleLog.passes[1] == [everything]
                && doubleLog.passes[2] == nil, "two passes over everything, then nil: \(doubleLog.passes)")
        print("multi-pass: target \(Self.target) b/s; one pass \(Int(single)) b/s (\(Int((single / Double(Self.target) - 1) * 100))%), two passes \(Int(double)) b/s (\(Int((double / Double(Self.target) - 1) * 100))%)")
        #expect(abs(double - Double(Self.target)) < abs(single - Double(Self.target)),
                "two passes \(double) b/s should be closer to \(Self.target) than one pass \(single) b/s")
    }
}
