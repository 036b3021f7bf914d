import CoreGraphics
import CoreMedia
import Foundation

extension AVAssetImageGenerator {
    /// Makes the image for `time`: the image and the time of the frame it shows. Throws an `AVError` naming why
    /// there is none, or `CancellationError` when the task or `cancelAllCGImageGeneration()` cancels it.
    public func image(at time: CMTime) async throws -> (image: CGImage, actualTime: CMTime) {
        let holder = BatchHolder()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(image: CGImage, actualTime: CMTime), any Error>) in
                let batch = startBatch(times: [time]) { _, _, outcome in
                    switch outcome {
                    case .image(let image, let actualTime): continuation.resume(returning: (image, actualTime))
                    case .failed(let error): continuation.resume(throwing: error)
                    case .cancelled: continuation.resume(throwing: CancellationError())
                    }
                }
                holder.set(batch)
            }
        } onCancel: {
            holder.cancel()
        }
    }

    /// The images for `times`, as an asynchronous sequence answering each time once, in the order given. Dropping
    /// the sequence, or cancelling the task iterating it, cancels the images not made yet.
    public func images(for times: [CMTime]) -> Images {
        let channel = ImagesChannel()
        let batch = startBatch(times: times) { _, time, outcome in
            switch outcome {
            case .image(let image, let actualTime):
                channel.put(.success(requestedTime: time, image: image, actualTime: actualTime))
            case .failed(let error):
                channel.put(.failure(requestedTime: time, error: error))
            case .cancelled:
                channel.put(.failure(requestedTime: time, error: CancellationError()))
            }
        }
        channel.attach(batch, expecting: times.count)
        return Images(channel: channel)
    }

    /// Starts answering `times` with the settings in force now.
    @discardableResult
    func startBatch(times: [CMTime], deliver: @escaping FrameGrabBatch.Deliver) -> FrameGrabBatch {
        let (settings, compositor, epoch) = snapshot()
        let batch = FrameGrabBatch(asset: asset, settings: settings, compositor: compositor, times: times,
                                   isCancelled: { [weak self] in self?.isCancelled(epoch: epoch) ?? false },
                                   deliver: deliver)
        batch.start()
        return batch
    }

    /// The error of a request answered as cancelled.
    static func cancellationError(at time: CMTime) -> AVError {
        AVError(.operationCancelled, "image generation for \(FrameResolver.text(time)) was cancelled",
                extra: time.isNumeric ? [AVErrorTimeKey: time] : [:])
    }
}

/// The batch of an async request, for its task's cancellation handler (which may run before the batch exists).
// Safe because `lock` guards `batch` and `cancelled`.
final class BatchHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var batch: FrameGrabBatch?
    private var cancelled = false

    func set(_ batch: FrameGrabBatch) {
        let cancel = lock.withLock {
            self.batch = batch
            return cancelled
        }
        if cancel { batch.cancel() }
    }

    func cancel() {
        let batch = lock.withLock {
            cancelled = true
            return self.batch
        }
        batch?.cancel()
    }
}

/// The one answer of a synchronous request.
// Safe because `condition` guards `outcome`.
final class BlockingAnswer: @unchecked Sendable {
    private let condition = NSCondition()
    private var outcome: FrameGrabOutcome?

    func set(_ value: FrameGrabOutcome) {
        condition.withLock {
            outcome = value
            condition.broadcast()
        }
    }

    func wait() -> FrameGrabOutcome {
        condition.withLock {
            while outcome == nil { condition.wait() }
            return outcome!
        }
    }
}
