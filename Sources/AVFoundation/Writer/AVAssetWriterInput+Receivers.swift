import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs

// The input receivers of Apple's iOS 26 / macOS 26 API: what `AVAssetWriter.inputReceiver(for:)` and its pixel-buffer
// and metadata forms return. Each wraps the classic call (the input's `append(_:)`, or an adaptor made for it) and
// adds awaiting readiness and thrown errors (`ReceivingInput`).

extension AVAssetWriterInput {
    /// Appends sample buffers to an input: `append(_:)` suspends while the input cannot take more.
    public final class SampleBufferReceiver {
        let receiving: ReceivingInput

        init(input: AVAssetWriterInput) {
            receiving = ReceivingInput(input)
        }

        /// Waits until the input is ready for more media (without blocking a thread), then appends. Throws the
        /// writer's error when it failed or refused the sample, an `AVError` when the receiver was finished or the
        /// writer is not writing, and `CancellationError` when the task was cancelled (the writer is then cancelled
        /// and its output removed).
        nonisolated(nonsending)
        public func append(_ sampleBuffer: CMReadySampleBuffer<CMSampleBuffer.DynamicContent>) async throws {
            try await receiving.waitUntilReady()
            try appendNow(sampleBuffer)
        }

        /// Appends when the input is ready now and returns true; returns false, appending nothing, when it is not.
        /// Throws as `append(_:)` does.
        public func appendImmediately(_ sampleBuffer: CMReadySampleBuffer<CMSampleBuffer.DynamicContent>) throws -> Bool {
            guard try receiving.isReadyNow() else { return false }
            try appendNow(sampleBuffer)
            return true
        }

        /// No more sample buffers will be appended: the input is marked finished.
        public func finish() {
            receiving.finish()
        }

        private func appendNow(_ sampleBuffer: CMReadySampleBuffer<CMSampleBuffer.DynamicContent>) throws {
            let buffer = sampleBuffer.withUnsafeSampleBuffer { $0 }
            try receiving.requireAppended(receiving.input.append(buffer))
        }
    }

    /// Appends pixel buffers with their presentation times to a video input that encodes, and offers a pool of
    /// buffers in the source format (an `AVAssetWriterInputPixelBufferAdaptor` underneath).
    public final class PixelBufferReceiver {
        let receiving: ReceivingInput
        private let adaptor: AVAssetWriterInputPixelBufferAdaptor

        /// The attributes the pool's buffers have, as given to `inputPixelBufferReceiver(for:pixelBufferAttributes:)`.
        public let sourcePixelBufferAttributes: CVPixelBufferCreationAttributes?

        init(input: AVAssetWriterInput, attributes: CVPixelBufferCreationAttributes?) {
            receiving = ReceivingInput(input)
            sourcePixelBufferAttributes = attributes
            adaptor = AVAssetWriterInputPixelBufferAdaptor(assetWriterInput: input,
                                                           sourcePixelBufferAttributes: attributes?.dictionaryRepresentation)
        }

        /// A pool of buffers in the source format (the encoder's 4:2:0 format and the output settings' size where the
        /// attributes give none): nil until the writer has started.
        public var pixelBufferPool: CVMutablePixelBuffer.Pool? {
            adaptor.pixelBufferPool.map { CVMutablePixelBuffer.Pool(unsafePool: $0) }
        }

        /// Waits until the input is ready for more media, then appends the pixel buffer presented at
        /// `presentationTime`. Throws as `SampleBufferReceiver.append(_:)` does.
        nonisolated(nonsending)
        public func append(_ pixelBuffer: CVReadOnlyPixelBuffer, with presentationTime: CMTime) async throws {
            try await receiving.waitUntilReady()
            try appendNow(pixelBuffer, presentationTime)
        }

        /// Appends when the input is ready now and returns true; returns false, appending nothing, when it is not.
        public func appendImmediately(_ pixelBuffer: CVReadOnlyPixelBuffer, with presentationTime: CMTime) throws -> Bool {
            guard try receiving.isReadyNow() else { return false }
            try appendNow(pixelBuffer, presentationTime)
            return true
        }

        /// No more pixel buffers will be appended: the input is marked finished.
        public func finish() {
            receiving.finish()
        }

        private func appendNow(_ pixelBuffer: CVReadOnlyPixelBuffer, _ presentationTime: CMTime) throws {
            let buffer = pixelBuffer.withUnsafeBuffer { $0 }
            try receiving.requireAppended(adaptor.append(buffer, withPresentationTime: presentationTime))
        }
    }

    /// Appends timed metadata groups to a metadata input (an `AVAssetWriterInputMetadataAdaptor` underneath).
    public final class MetadataReceiver {
        let receiving: ReceivingInput
        private let adaptor: AVAssetWriterInputMetadataAdaptor

        init(input: AVAssetWriterInput) {
            receiving = ReceivingInput(input)
            adaptor = AVAssetWriterInputMetadataAdaptor(assetWriterInput: input)
        }

        /// Waits until the input is ready for more media, then appends the group. Throws as
        /// `SampleBufferReceiver.append(_:)` does.
        nonisolated(nonsending)
        public func append(_ timedMetadataGroup: AVTimedMetadataGroup) async throws {
            try await receiving.waitUntilReady()
            try receiving.requireAppended(adaptor.append(timedMetadataGroup))
        }

        /// Appends when the input is ready now and returns true; returns false, appending nothing, when it is not.
        public func appendImmediately(_ timedMetadataGroup: AVTimedMetadataGroup) throws -> Bool {
            guard try receiving.isReadyNow() else { return false }
            try receiving.requireAppended(adaptor.append(timedMetadataGroup))
            return true
        }

        /// No more groups will be appended: the input is marked finished.
        public func finish() {
            receiving.finish()
        }
    }

    /// The passes of a multi-pass input, as an async sequence of pass descriptions.
    ///
    /// Iterating it drives the passes: the first element describes the first pass (all of the source, once the
    /// writer has started); asking for the next element ends the current pass (`markCurrentPassAsFinished()`) and
    /// waits, without blocking a thread, for the encoder's decision: the next pass's description, or the end of the
    /// sequence when there is none. Then call the receiver's `finish()`. Leaving the loop early keeps the results of
    /// the last pass, as `markAsFinished()` between passes does.
    public final class MultiPassController {
        private let input: AVAssetWriterInput

        init(input: AVAssetWriterInput) {
            self.input = input
        }

        /// The passes, or nil when the input cannot encode in several passes (its output settings name no encoder
        /// that can: H.264 and HEVC can).
        public var passDescriptions: (some AsyncSequence<AVAssetWriterInputPassDescription, Never>)? {
            input.requestsSupportedMultiPass ? PassDescriptions(input: input) : nil
        }
    }
}

/// `MultiPassController.passDescriptions`.
struct PassDescriptions: AsyncSequence, Sendable {
    typealias Element = AVAssetWriterInputPassDescription
    typealias Failure = Never

    let input: AVAssetWriterInput

    func makeAsyncIterator() -> Iterator { Iterator(input: input) }

    struct Iterator: AsyncIteratorProtocol {
        let input: AVAssetWriterInput
        /// The pass last handed out.
        private var handedOut: Int?

        init(input: AVAssetWriterInput) {
            self.input = input
        }

        mutating func next() async -> AVAssetWriterInputPassDescription? {
            if let pass = handedOut {
                // Asking for the next pass ends this one.
                input.markCurrentPassAsFinished()
                while true {
                    let generation = input.changes.generation
                    switch input.passProgress {
                    case .pass(let number) where number == pass: break
                    case .waiting: break
                    case .pass(let number):
                        handedOut = number
                        return input.currentPassDescription
                    case .done, .notWriting: return nil
                    }
                    if Task.isCancelled { return nil }
                    await input.changes.wait(after: generation)
                }
            }
            // The first pass begins when the writer starts.
            while true {
                let generation = input.changes.generation
                switch input.passProgress {
                case .pass(let number):
                    handedOut = number
                    return input.currentPassDescription
                case .done, .notWriting: return nil
                case .waiting: break
                }
                if Task.isCancelled { return nil }
                await input.changes.wait(after: generation)
            }
        }
    }
}

extension AVAssetWriterInput {
    /// Where a multi-pass input is, for `PassDescriptions`.
    enum PassProgress {
        /// Writing has not started, or a pass ended and the encoder has not yet said whether another follows.
        case waiting
        /// Pass `number` is under way.
        case pass(Int)
        /// No more passes.
        case done
        /// The writer failed, was cancelled or completed.
        case notWriting
    }

    var passProgress: PassProgress {
        guard let (engine, index) = running else {
            return writer?.status == .unknown || writer == nil ? .waiting : .notWriting
        }
        guard engine.isWriting else { return .notWriting }
        switch lock.withLock({ passState }) {
        case .notStarted: return .waiting
        case .done: return .done
        case .pass(let number): return engine.inputIsBetweenPasses(index) ? .waiting : .pass(number)
        }
    }

    /// Whether the input asks for several passes and its output settings name an encoder that can make them.
    var requestsSupportedMultiPass: Bool {
        guard lock.withLock({ configuration.performsMultiPassEncodingIfSupported }), case .video(let settings) = encoding else {
            return false
        }
        return VideoEncoderSession.supportsMultiPass(settings)
    }
}
