import CoreMedia
import Foundation
import Synchronization

/// What the input receivers (`AVAssetWriterInput.SampleBufferReceiver` and its pixel-buffer and metadata forms)
/// share: the input they append to, waiting for it to take more without a thread waiting, the errors their calls
/// throw, and task cancellation.
///
/// The receivers are a second door into the same engine as the classic API: an append goes through the input (or
/// its adaptor) exactly as `append(_:)` does, and is accepted or refused by the same checks. What they add is the
/// waiting (`ChangeSignal`, signalled by the input whenever its readiness, the writer's status or its pass may have
/// changed) and errors thrown instead of a `false` to look up.
///
/// Cancellation: a task cancelled while it appends cancels the writer (`cancelWriting()`: the output and temporary
/// files are removed, so a cancelled job leaves nothing half-written) and the append throws `CancellationError`.
///
/// Thread safety: `finished` is the only state and `Mutex` guards it; the input guards itself.
final class ReceivingInput: Sendable {
    let input: AVAssetWriterInput
    private let finished = Mutex(false)

    init(_ input: AVAssetWriterInput) {
        self.input = input
    }

    /// Suspends until the input can take more media; throws when it never will (the receiver was finished, the
    /// writer failed, was cancelled or completed, or writing has not started) or the task was cancelled.
    func waitUntilReady() async throws {
        while true {
            if Task.isCancelled {
                input.writer?.cancelWriting()
                throw CancellationError()
            }
            if try isReadyNow() { return }
            // Not ready: read the generation, then check again, so that a change between the check and the wait
            // is not lost (the first check spares the signal's lock when the input is ready, the common case).
            let generation = input.changes.generation
            if try isReadyNow() { return }
            await input.changes.wait(after: generation)
        }
    }

    /// Whether the input can take more media now; throws as `waitUntilReady()` does. One question to the engine: its
    /// status and the input's readiness are read together.
    func isReadyNow() throws -> Bool {
        if finished.withLock({ $0 }) {
            throw WriterFailure.misuse("media was appended to the \(input.mediaType.rawValue) input's receiver after finish()")
        }
        guard let (engine, index) = input.running else {
            if let error = input.writer?.error as? AVError { throw error }
            throw WriterFailure.misuse("media was appended to the \(input.mediaType.rawValue) input's receiver before the writer's start()")
        }
        let state = engine.state(of: index)
        switch state.status {
        case .writing: return state.ready
        case .failed: throw state.error ?? WriterFailure.misuse("the writer failed")
        case .cancelled: throw AVError(.operationCancelled, "the asset writer was cancelled (cancelWriting())")
        case .completed, .unknown:
            throw WriterFailure.misuse("media was appended to the \(input.mediaType.rawValue) input's receiver after the writer finished writing")
        }
    }

    /// Throws the writer's error when an append was refused (`false` from the classic call).
    func requireAppended(_ appended: Bool) throws {
        if appended { return }
        throw currentError ?? WriterFailure.misuse("the \(input.mediaType.rawValue) input refused the sample")
    }

    /// No more media will be appended through this receiver: the input is marked finished.
    func finish() {
        finished.withLock { $0 = true }
        input.markAsFinished()
    }

    /// The writer's error, if it failed.
    private var currentError: AVError? {
        (input.running?.engine.currentError) ?? (input.writer?.error as? AVError)
    }
}
