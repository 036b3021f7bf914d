import CoreMedia
import Foundation

// The output providers of Apple's iOS 26 / macOS 26 API: what `AVAssetReader.outputProvider(for:)` and its
// metadata and random-access forms return. A provider reads through its output's slot in the reader exactly as
// `copyNextSampleBuffer()` does (same read-ahead worker, same trimming, same end and failure); what it adds is
// waiting without blocking a thread and errors thrown instead of a nil to look into.

extension AVAssetReaderOutput {
    /// What a provider can hand out: ready sample buffers (dynamic content) and timed metadata groups.
    public protocol SupportedPayload {}

    /// Reads one output's media as `Payload`s: sample buffers, or timed metadata groups for a metadata track.
    public final class Provider<Payload> where Payload: AVAssetReaderOutput.SupportedPayload {
        private let output: AVAssetReaderOutput
        private let makePayload: (CMSampleBuffer) throws(AVError) -> Payload

        init(output: AVAssetReaderOutput, makePayload: @escaping (CMSampleBuffer) throws(AVError) -> Payload) {
            self.output = output
            self.makePayload = makePayload
        }

        /// The next piece of media, suspending (without blocking a thread) while the output's worker reads it;
        /// nil once the output's time ranges are read (or the reader was cancelled). Throws the reader's error
        /// when reading failed, an `AVError` when the reader has not started, and `CancellationError` when the
        /// task was cancelled (reading is then cancelled, as `cancelReading()` does).
        nonisolated(nonsending)
        public func next() async throws -> Payload? {
            guard let buffer = try await output.nextSampleBuffer() else { return nil }
            return try makePayload(buffer)
        }
    }

    /// Starts a provider's reading over with other time ranges, and says when no more will come (the reader
    /// completes only then).
    public final class RandomAccessController {
        private let output: AVAssetReaderOutput

        init(output: AVAssetReaderOutput) {
            self.output = output
        }

        /// Reads `timeRanges` next, once the provider's `next()` has returned nil. The ranges must have strictly
        /// increasing starts and must not overlap; not allowed after `markConfigurationAsFinal()`. Misuse fails the
        /// reader with `AVError.operationNotAllowed` saying what was wrong (Apple raises an exception).
        public func resetForReading(timeRanges: [CMTimeRange]) {
            output.reset(ranges: timeRanges, call: "resetForReading(timeRanges:)")
        }

        /// No more time ranges will be given: the reader may complete once the provider has handed out its last
        /// sample.
        public func markConfigurationAsFinal() {
            output.markConfigurationAsFinal()
        }
    }
}

extension AVTimedMetadataGroup: AVAssetReaderOutput.SupportedPayload {}

extension CMReadySampleBuffer: AVAssetReaderOutput.SupportedPayload where Content == CMSampleBuffer.DynamicContent {}

extension AVAssetReaderOutput {
    /// The next sample buffer of this output for an async caller: the same answer as `copyNextSampleBuffer()`,
    /// but a caller whose buffer is still being read suspends on the output's queue (resumed when the worker
    /// publishes) instead of parking its thread, and the end of reading is told apart from its failure by throwing.
    func nextSampleBuffer() async throws -> CMSampleBuffer? {
        guard let (core, slot) = readerAttachment else {
            throw AVError(.operationNotAllowed, "the \(type(of: self)) was not attached to a reader")
        }
        if core.status == .unknown {
            throw AVError(.operationNotAllowed, "next() was called before the reader's start()")
        }
        let buffer: CMSampleBuffer?
        do {
            if Task.isCancelled { throw CancellationError() }
            buffer = try await core.next(slot: slot)
        } catch {
            // A cancelled task cancels reading, as `cancelReading()` does.
            core.cancel()
            throw error
        }
        if let buffer { return buffer }
        if Task.isCancelled { throw CancellationError() }
        if core.status == .failed {
            throw core.error ?? AVError(.unknown, "the asset reader failed")
        }
        return nil
    }
}
