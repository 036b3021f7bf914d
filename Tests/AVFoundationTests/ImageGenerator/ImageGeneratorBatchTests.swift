import CoreGraphics
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// One answer of `generateCGImagesAsynchronously(forTimes:completionHandler:)`.
struct BatchAnswer: @unchecked Sendable {
    let requested: CMTime
    let image: CGImage?
    let actual: CMTime
    let result: AVAssetImageGenerator.Result
    let error: (any Error)?
}

/// Collects a batch's answers; `wait` returns when `count` have come (or after a minute, so a hang fails the test
/// instead of stalling the run).
final class BatchAnswers: @unchecked Sendable {
    private let condition = NSCondition()
    private(set) var answers: [BatchAnswer] = []
    private let count: Int

    init(count: Int) { self.count = count }

    func add(_ answer: BatchAnswer) {
        condition.withLock {
            answers.append(answer)
            condition.broadcast()
        }
    }

    /// Waits for every answer, then a moment more, so that an extra answer would be seen.
    func wait() -> [BatchAnswer] {
        let deadline = Date(timeIntervalSinceNow: 60)
        condition.withLock {
            while answers.count < count, condition.wait(until: deadline) {}
        }
        Thread.sleep(forTimeInterval: 0.2)
        return condition.withLock { answers }
    }

    var handler: AVAssetImageGeneratorCompletionHandler {
        { [self] requested, image, actual, result, error in
            add(BatchAnswer(requested: requested, image: image, actual: actual, result: result, error: error))
        }
    }
}

/// Batches, cancellation and failures: each time answered exactly once, in order, whatever happens to the others.
@Suite("AVAssetImageGenerator batches, cancellation and errors")
struct ImageGeneratorBatchTests {
    private static func exact(_ asset: AVAsset) -> AVAssetImageGenerator {
        let generator = AVAssetImageGenerator(asset: asset)
        generator.requestedTimeToleranceBefore = .zero
        generator.requestedTimeToleranceAfter = .zero
        return generator
    }

    private static func seconds(_ value: Double) -> CMTime { CMTime(seconds: value, preferredTimescale: 600) }

    private static func code(_ error: (any Error)?) -> AVError.Code? { (error as? AVError)?.code }

    @Test("each time answered once, in the order given: images, and failures for bad times in between")
    func mixedBatch() throws {
        let generator = Self.exact(AVURLAsset(url: try ImageGeneratorMedia.bFrames()))
        generator.maximumSize = CGSize(width: 64, height: 0)
        let times = [Self.seconds(3.5), Self.seconds(4.5), Self.seconds(0.25), Self.seconds(-1), .invalid,
                     Self.seconds(1.0), Self.seconds(3.5), .positiveInfinity, Self.seconds(4.0)]
        let collected = BatchAnswers(count: times.count)
        generator.generateCGImagesAsynchronously(forTimes: times.map { NSValue(time: $0) },
                                                 completionHandler: collected.handler)
        let answers = collected.wait()
        #expect(answers.count == times.count)
        let good: Set<Int> = [0, 2, 5, 6, 8]
        for (index, answer) in answers.enumerated() where index < times.count {
            #expect(answer.requested == times[index] || (!times[index].isValid && !answer.requested.isValid),
                    "answer \(index) is for time \(index)")
            if good.contains(index) {
                #expect(answer.result == .succeeded && answer.image?.width == 64 && answer.error == nil, "time \(index)")
            } else {
                #expect(answer.result == .failed && answer.image == nil, "time \(index)")
                #expect(Self.code(answer.error) == .noImageAtTime, "time \(index): \(String(describing: answer.error))")
            }
        }
        // The last frame (3.9667 s) answers the very end.
        #expect(abs(answers.last!.actual.seconds - 119.0 / 30) < 1e-6)
        #expect(answers[0].actual == answers[6].actual)
    }

    @Test("cancelAllCGImageGeneration answers every outstanding time as cancelled, once; later requests still work")
    func cancelBatch() throws {
        let generator = Self.exact(AVURLAsset(url: try ImageGeneratorMedia.bFrames()))
        let times = (0..<120).map { CMTime(value: CMTimeValue(119 - $0), timescale: 30) }
        let collected = BatchAnswers(count: times.count)
        let first = BlockingFlag()
        generator.generateCGImagesAsynchronously(forTimes: times.map { NSValue(time: $0) }) { requested, image, actual, result, error in
            collected.add(BatchAnswer(requested: requested, image: image, actual: actual, result: result, error: error))
            first.raise()
        }
        #expect(first.wait())
        generator.cancelAllCGImageGeneration()
        let answers = collected.wait()
        #expect(answers.count == times.count)
        #expect(answers.map(\.requested) == Array(times.prefix(answers.count)))
        let cancelled = answers.filter { $0.result == .cancelled }
        #expect(!cancelled.isEmpty, "a cancel after the first answer leaves some of 120 full-size frames unmade")
        for answer in cancelled {
            #expect(answer.image == nil && Self.code(answer.error) == .operationCancelled)
        }
        #expect(answers.allSatisfy { $0.result != .failed })
        // The cancel was for the requests made before it.
        var actual = CMTime.invalid
        _ = try generator.copyCGImage(at: Self.seconds(1), actualTime: &actual)
        #expect(actual == CMTime(value: 1, timescale: 1))
    }

    @Test("images(for:): one element per time in order; a failure does not stop the sequence")
    func sequence() async throws {
        let generator = Self.exact(AVURLAsset(url: try ImageGeneratorMedia.bFrames()))
        generator.maximumSize = CGSize(width: 32, height: 32)
        let times = [Self.seconds(2.5), Self.seconds(9), Self.seconds(0.5), Self.seconds(1.5)]
        var elements: [AVAssetImageGenerator.Images.Element] = []
        for await element in generator.images(for: times) { elements.append(element) }
        #expect(elements.map(\.requestedTime) == times)
        #expect((try? elements[0].image)?.width == 32)
        #expect(throws: AVError.self) { try elements[1].image }
        #expect(abs(((try? elements[2].actualTime) ?? .invalid).seconds - 0.5) < 1e-6)
        #expect(abs(((try? elements[3].actualTime) ?? .invalid).seconds - 1.5) < 1e-6)
        var empty = generator.images(for: []).makeAsyncIterator()
        #expect(await empty.next() == nil)
    }

    @Test("a task cancelled while iterating images(for:) ends with cancelled elements, and the batch stops")
    func sequenceTaskCancel() async throws {
        let generator = Self.exact(AVURLAsset(url: try ImageGeneratorMedia.bFrames()))
        let times = (0..<120).map { CMTime(value: CMTimeValue($0), timescale: 30) }
        let task = Task {
            var count = 0, cancelled = 0
            for await element in generator.images(for: times) {
                count += 1
                if count == 1 { withUnsafeCurrentTask { $0?.cancel() } }
                if case .failure(_, let error) = element, error is CancellationError { cancelled += 1 }
            }
            return (count, cancelled)
        }
        let (count, cancelled) = await task.value
        #expect(count == 120)
        #expect(cancelled > 0)
    }

    @Test("image(at:) in a cancelled task throws CancellationError")
    func imageTaskCancel() async throws {
        let generator = Self.exact(AVURLAsset(url: try ImageGeneratorMedia.bFrames()))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await generator.image(at: Self.seconds(3.9))
        }
        await #expect(throws: CancellationError.self) { _ = try await task.value }
    }

    @Test("no video, no file, not a movie: each time fails with the reason, nothing hangs")
    func unusableAssets() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let garbage = directory.url.appendingPathComponent("garbage.mp4")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }).write(to: garbage)
        let cases: [(URL, AVError.Code)] = [
            (try AssetMedia.url("pcm-s16le.wav"), .operationNotSupportedForAsset),
            (directory.url.appendingPathComponent("missing.mp4"), .fileFormatNotRecognized),
            (garbage, .fileFormatNotRecognized),
        ]
        for (url, expected) in cases {
            let generator = AVAssetImageGenerator(asset: AVURLAsset(url: url))
            let collected = BatchAnswers(count: 2)
            generator.generateCGImagesAsynchronously(forTimes: [NSValue(time: .zero), NSValue(time: Self.seconds(0.5))],
                                                     completionHandler: collected.handler)
            let answers = collected.wait()
            #expect(answers.count == 2, "\(url.lastPathComponent)")
            for answer in answers {
                #expect(answer.result == .failed, "\(url.lastPathComponent)")
                let error = answer.error as? AVError
                // A missing file is a file error; every error names a cause.
                if url.lastPathComponent == "missing.mp4" {
                    #expect(error != nil, "\(url.lastPathComponent): \(String(describing: answer.error))")
                } else {
                    #expect(error?.code == expected, "\(url.lastPathComponent): \(String(describing: answer.error))")
                }
                #expect(!(error.map { $0.localizedDescription } ?? "").isEmpty)
            }
        }
    }

    @Test("an undecodable group of pictures fails its own times only")
    func brokenGroup() throws {
        let generator = Self.exact(AVURLAsset(url: try ImageGeneratorMedia.brokenKeyFrame()))
        generator.maximumSize = CGSize(width: 64, height: 0)
        let times = [0.5, 2.0, 2.5, 3.5, 1.5].map(Self.seconds)
        let collected = BatchAnswers(count: times.count)
        generator.generateCGImagesAsynchronously(forTimes: times.map { NSValue(time: $0) },
                                                 completionHandler: collected.handler)
        let answers = collected.wait()
        #expect(answers.map(\.result) == [.succeeded, .failed, .failed, .succeeded, .succeeded])
        for answer in answers where answer.result == .failed {
            #expect(Self.code(answer.error) == .decodeFailed, "\(String(describing: answer.error))")
        }
    }

    @Test("copyCGImage throws for a time past the end, and generateCGImageAsynchronously answers once")
    func singleRequests() throws {
        let generator = Self.exact(AVURLAsset(url: try ImageGeneratorMedia.bFrames()))
        #expect(throws: AVError.self) { _ = try generator.copyCGImage(at: Self.seconds(10), actualTime: nil) }
        do {
            _ = try generator.copyCGImage(at: Self.seconds(10), actualTime: nil)
        } catch let error as AVError {
            #expect(error.code == .noImageAtTime)
            #expect(error.userInfo[AVErrorTimeKey] != nil)
        }
        let done = BlockingFlag()
        let count = Counter()
        generator.generateCGImageAsynchronously(for: Self.seconds(2)) { image, actual, error in
            #expect(image != nil && error == nil && abs(actual.seconds - 2) < 1e-6)
            count.increment()
            done.raise()
        }
        #expect(done.wait())
        Thread.sleep(forTimeInterval: 0.1)
        #expect(count.value == 1)
    }

    @Test("a custom video compositor's frames are the images; its failures are the request's error")
    func customCompositor() async throws {
        let url = try VideoCompositionMedia.url("red-320x240-1s.mp4")
        let asset = AVURLAsset(url: url)
        let composition = AVMutableComposition()
        let track = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid))
        let source = try #require(asset.tracks(withMediaType: .video).first)
        try track.insertTimeRange(CMTimeRange(start: .zero, duration: asset.duration), of: source, at: .zero)

        let generator = Self.exact(composition)
        generator.videoComposition = VideoCompositionMedia.videoComposition(for: composition, compositor: AveragingCompositor.self)
        #expect(generator.customVideoCompositor is AveragingCompositor)
        let (image, actual) = try await generator.image(at: Self.seconds(0.4))
        #expect(image.width == 320 && image.height == 240)
        #expect(abs(actual.seconds - 0.4) < 1 / 60)
        // Averaging one red source is the red frame: B and G low, R high, in the middle of the picture.
        let pixels = ImageGeneratorMedia.bgr(image)
        let middle = (120 * 320 + 160) * 3
        #expect(pixels[middle] < 30 && pixels[middle + 1] < 30 && pixels[middle + 2] > 200, "\(pixels[middle..<middle + 3])")

        let failing = Self.exact(composition)
        failing.videoComposition = VideoCompositionMedia.videoComposition(for: composition, compositor: FailingCompositor.self)
        var results: [Bool] = []
        for await element in failing.images(for: [Self.seconds(0.2), Self.seconds(0.7)]) {
            results.append((try? element.image) != nil)
            if case .failure(_, let error) = element {
                #expect(error is AVError, "\(error)")
            }
        }
        #expect(results == [true, false])
    }
}
