import CoreGraphics
import CoreMedia
import Foundation

extension AVAssetImageGenerator {
    /// The images of `images(for:)`: an asynchronous sequence (its own iterator) with one element per requested
    /// time, in the order requested.
    // Safe because it holds only the thread-safe channel and lifetime.
    public struct Images: AsyncSequence, AsyncIteratorProtocol, @unchecked Sendable {
        /// The answer for one requested time.
        // Safe because an immutable value (an image and times, or an error).
        @frozen
        public enum Element: @unchecked Sendable {
            /// The image for `requestedTime`, showing the frame at `actualTime`.
            case success(requestedTime: CMTime, image: CGImage, actualTime: CMTime)
            /// Why there is no image for `requestedTime`.
            case failure(requestedTime: CMTime, error: any Error)

            /// The time the image was requested for.
            public var requestedTime: CMTime {
                switch self {
                case .success(let time, _, _), .failure(let time, _): time
                }
            }

            /// The image; throws the request's error when it failed or was cancelled.
            public var image: CGImage {
                get throws {
                    switch self {
                    case .success(_, let image, _): return image
                    case .failure(_, let error): throw error
                    }
                }
            }

            /// The time of the frame the image shows; throws the request's error when it failed or was cancelled.
            public var actualTime: CMTime {
                get throws {
                    switch self {
                    case .success(_, _, let time): return time
                    case .failure(_, let error): throw error
                    }
                }
            }
        }

        private let channel: ImagesChannel
        /// Cancels the batch when the last copy of the sequence goes.
        private let lifetime: ImagesLifetime

        init(channel: ImagesChannel) {
            self.channel = channel
            lifetime = ImagesLifetime(channel: channel)
        }

        /// The sequence itself.
        public func makeAsyncIterator() -> Images { self }

        /// The next answer, waiting for it; nil after the last.
        public mutating func next() async -> Element? {
            await withTaskCancellationHandler {
                await channel.take()
            } onCancel: { [channel] in
                channel.cancel()
            }
        }
    }
}

/// Hands a batch's answers to the sequence that iterates them: at most `capacity` wait for the reader (the batch's
/// thread waits for room beyond that, so a slow reader holds few images); cancelling, or the sequence going, cancels
/// the batch and lets it run out.
// Safe because `condition` guards every `var`.
final class ImagesChannel: @unchecked Sendable {
    private static let capacity = 4
    private let condition = NSCondition()
    private var answers: [AVAssetImageGenerator.Images.Element] = []
    private var waiting: CheckedContinuation<AVAssetImageGenerator.Images.Element?, Never>?
    private var remaining = 0
    private var abandoned = false
    private weak var batch: FrameGrabBatch?

    /// The batch feeding the channel and how many answers it will give.
    func attach(_ batch: FrameGrabBatch, expecting count: Int) {
        condition.withLock {
            self.batch = batch
            remaining += count
            if let waiting, remaining == 0, answers.isEmpty {
                self.waiting = nil
                waiting.resume(returning: nil)
            }
        }
    }

    /// One answer from the batch; waits while the reader is `capacity` behind.
    func put(_ answer: AVAssetImageGenerator.Images.Element) {
        condition.withLock {
            remaining -= 1
            if let waiting {
                self.waiting = nil
                waiting.resume(returning: answer)
                return
            }
            guard !abandoned else { return }
            answers.append(answer)
            while answers.count > Self.capacity, !abandoned { condition.wait() }
        }
    }

    /// The next answer, or nil when every one has been taken.
    func take() async -> AVAssetImageGenerator.Images.Element? {
        await withCheckedContinuation { continuation in
            condition.withLock {
                if !answers.isEmpty {
                    continuation.resume(returning: answers.removeFirst())
                    condition.broadcast()
                } else if remaining <= 0 {
                    continuation.resume(returning: nil)
                } else {
                    waiting = continuation
                }
            }
        }
    }

    /// Cancels the images not made yet (they are still answered, as cancelled).
    func cancel() {
        let batch = condition.withLock { self.batch }
        batch?.cancel()
    }

    /// The sequence is gone: cancel the batch and stop keeping its answers.
    func abandon() {
        let batch = condition.withLock {
            abandoned = true
            answers.removeAll()
            condition.broadcast()
            return self.batch
        }
        batch?.cancel()
    }
}

/// Abandons a channel when the last copy of its sequence is released.
// Safe because immutable; the channel is thread-safe.
final class ImagesLifetime: @unchecked Sendable {
    private let channel: ImagesChannel
    init(channel: ImagesChannel) { self.channel = channel }
    deinit { channel.abandon() }
}
