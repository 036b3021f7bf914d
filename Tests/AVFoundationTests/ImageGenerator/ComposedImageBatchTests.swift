import CoreGraphics
import CoreMedia
import Foundation
import Testing
@testable import AVFoundation

/// Images of a video composition: a window of times is read by one reader, and every time still gets the image,
/// actual time or error that a reader of its own gives, in the order asked.
@Suite("Composed image batches")
struct ComposedImageBatchTests {
    struct Answer {
        let index: Int
        let requested: CMTime
        let outcome: FrameGrabOutcome

        var image: CGImage? {
            if case .image(let image, _) = outcome { return image }
            return nil
        }

        var actualTime: CMTime? {
            if case .image(_, let actualTime) = outcome { return actualTime }
            return nil
        }
    }

    /// Runs a batch of `times` with `composition` to its end: the answers as delivered, and the readers it started.
    static func run(_ asset: AVAsset, _ composition: AVVideoComposition, compositor: (any AVVideoCompositing)? = nil,
                    times: [CMTime]) throws -> (answers: [Answer], readers: Int) {
        var settings = FrameGrabSettings()
        settings.videoComposition = composition.copy() as? AVVideoComposition
        let collected = Collected()
        let batch = FrameGrabBatch(asset: asset, settings: settings, compositor: compositor, times: times,
                                   isCancelled: { false }) { index, requested, outcome in
            collected.add(Answer(index: index, requested: requested, outcome: outcome), expecting: times.count)
        }
        batch.start()
        // Only a guard against a hang: nothing here depends on how long the batch takes.
        try #require(collected.done.wait(timeout: .now() + 600) == .success)
        return (collected.answers, batch.composedReaderRuns)
    }

    static func seconds(_ value: Double) -> CMTime { CMTime(seconds: value, preferredTimescale: 600) }

    @Test("one reader answers a window of times, with the images and times readers of their own give")
    func sharedReader() throws {
        let source = AVURLAsset(url: try ImageGeneratorMedia.bFrames())
        let composition = AVMutableComposition()
        let track = try #require(composition.addMutableTrack(withMediaType: .video,
                                                             preferredTrackID: kCMPersistentTrackID_Invalid))
        try track.insertTimeRange(CMTimeRange(start: .zero, duration: source.duration),
                                  of: try #require(source.tracks(withMediaType: .video).first), at: .zero)
        let videoComposition = VideoCompositionMedia.videoComposition(for: composition, compositor: nil,
                                                                     renderSize: CGSize(width: 640, height: 360))
        // Out of order, a repeat, the end, a time past it, and two times less than a frame apart.
        let times = [2.5, 0.1, 1.05, 3.3, 0.1, 4.0, 5.0, 1.0, 1.01].map(Self.seconds)
        let (answers, readers) = try Self.run(composition, videoComposition, times: times)

        #expect(answers.map(\.index) == Array(times.indices), "answered once each, in the order asked")
        #expect(readers == 1, "the eight readable times share one reader (a reader each before)")
        guard case .failed(let error) = answers[6].outcome else {
            Issue.record("5 s is past the end of a 4 s asset")
            return
        }
        #expect(error.code == .noImageAtTime)
        for answer in answers where answer.index != 6 {
            let (lone, loneReaders) = try Self.run(composition, videoComposition, times: [answer.requested])
            #expect(loneReaders == 1)
            let alone = try #require(lone.first)
            #expect(answer.actualTime == alone.actualTime, "time \(answer.requested.seconds)")
            let shared = try #require(answer.image), own = try #require(alone.image)
            #expect(ImageGeneratorMedia.bgr(shared) == ImageGeneratorMedia.bgr(own),
                    "the pixels at \(answer.requested.seconds) s are those of a reader of its own")
        }
        #expect(answers[1].actualTime == Self.seconds(0.1), "the actual time is the requested one")
        let duration = composition.duration
        if Self.seconds(4) >= duration {
            #expect(answers[5].actualTime == duration - CMTime(value: 1, timescale: 30),
                    "the end is answered by the frame one frame duration before it")
        }
    }

    @Test("a compositor's failure at one time fails that time only")
    func failureStaysPerTime() throws {
        let (composition, _) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4"])
        let videoComposition = VideoCompositionMedia.videoComposition(for: composition,
                                                                      compositor: FailingCompositor.self)
        let times = [0.2, 0.7, 0.3].map(Self.seconds)
        let (answers, readers) = try Self.run(composition, videoComposition, compositor: FailingCompositor(),
                                              times: times)
        #expect(answers.map(\.index) == [0, 1, 2])
        #expect(answers.map { $0.image != nil } == [true, false, true])
        // The shared read fails at 0.7 s; a failed reader hands out nothing more, so the frames it made before may
        // be lost with it, and the times it left are read again, each on its own: one reader more than before at
        // most.
        #expect(readers >= 2 && readers <= 1 + times.count)
    }

    /// Answers collected from the batch's thread.
    final class Collected: @unchecked Sendable {
        // Safe because `lock` guards `list`.
        private let lock = NSLock()
        private var list: [Answer] = []
        let done = DispatchSemaphore(value: 0)

        var answers: [Answer] { lock.withLock { list } }

        func add(_ answer: Answer, expecting count: Int) {
            let complete: Bool = lock.withLock {
                list.append(answer)
                return list.count == count
            }
            if complete { done.signal() }
        }
    }
}
