import CoreMedia
import Foundation
import _KeyValueObserving

/// The state an asset reader shares with its outputs: its status and error, and each output's read-ahead worker
/// and progress. Outputs keep the core (not the reader) alive, so reading goes on while a caller holds only its
/// outputs; an output's worker stops when the output is released.
///
/// Thread safety: `lock` guards every `var`.
// Safe because `lock` guards every `var`.
final class ReaderCore: @unchecked Sendable {
    /// One added output's reading state.
    private struct Slot {
        /// The output's worker, once reading has started.
        var worker: ReadAheadWorker?
        /// Makes a producer for a run over some time ranges (kept for `reset(forReadingTimeRanges:)`).
        var makeProducer: (@Sendable ([CMTimeRange]) -> any SampleProducer)?
        /// Whether the output has handed its caller the end of its current run.
        var ended = false
        /// Whether the output may be reset (`supportsRandomAccess`) and has not been marked final.
        var awaitsFinalConfiguration = false
    }

    private let lock = NSLock()
    /// The reader, whose `status` observers are told of each change (recorded under `lock`, so in order; delivered
    /// by `announceStatus()` once it is released).
    weak var owner: AVAssetReader?
    private var currentStatus = AVAssetReader.Status.unknown {
        didSet {
            if currentStatus != oldValue, let owner {
                KeyValueAnnouncements.record(owner, key: "status", value: currentStatus)
            }
        }
    }
    private var currentError: (any Error)?
    /// Misuse found before reading started, reported by `startReading`.
    private var pendingMisuse: AVError?
    private var slots: [Slot] = []
    /// The asset's duration when reading started, which `reset(forReadingTimeRanges:)` cuts its ranges to.
    private var startDuration = CMTime.invalid

    /// The asset's duration when reading started.
    var duration: CMTime { lock.withLock { startDuration } }

    /// The status.
    var status: AVAssetReader.Status { lock.withLock { currentStatus } }
    /// The error of a failed reader.
    var error: (any Error)? { lock.withLock { currentError } }

    /// Reserves a slot for a new output; returns its index.
    func addSlot() -> Int {
        lock.withLock {
            slots.append(Slot())
            return slots.count - 1
        }
    }

    // MARK: Starting

    /// Starts every output with its producer maker over `ranges`; `false` (and the status failed) when reading had
    /// already been started, or misuse was recorded before.
    /// What starts one output: its slot, its worker's name and read-ahead bound, and how to make its producer.
    struct Maker {
        var slot: Int
        var name: String
        var randomAccess: Bool
        var bound: ReadAheadBound
        var make: @Sendable ([CMTimeRange]) -> any SampleProducer
    }

    func start(makers: [Maker], ranges: [CMTimeRange], duration: CMTime) -> Bool {
        let workers: [(ReadAheadWorker, any SampleProducer)]? = lock.withLock {
            guard currentStatus == .unknown else { return nil }
            if let pendingMisuse {
                currentStatus = .failed
                currentError = pendingMisuse
                return nil
            }
            startDuration = duration
            currentStatus = .reading
            var started: [(ReadAheadWorker, any SampleProducer)] = []
            for maker in makers {
                let worker = ReadAheadWorker(name: maker.name, bound: maker.bound) { [weak self] failure in
                    self?.fail(failure.avError)
                }
                slots[maker.slot].worker = worker
                slots[maker.slot].makeProducer = maker.make
                slots[maker.slot].awaitsFinalConfiguration = maker.randomAccess
                started.append((worker, maker.make(ranges)))
            }
            return started
        }
        announceStatus()
        guard let workers else { return false }
        for (worker, producer) in workers { worker.start(producer) }
        if makers.isEmpty { completeIfDone() }
        return true
    }

    /// Fails reading before it starts.
    func failStart(_ error: any Error) {
        lock.withLock {
            guard currentStatus == .unknown else { return }
            currentStatus = .failed
            currentError = error
        }
        announceStatus()
    }

    // MARK: Reading

    /// The next buffer of output `slot`, waiting for its worker (blocking the thread); `nil` at its end, on failure
    /// or cancellation.
    func next(slot: Int) -> CMSampleBuffer? {
        guard let worker = readingWorker(slot: slot) else { return nil }
        return answer(worker.take(), slot: slot)
    }

    /// The next buffer of output `slot`, suspending while its worker reads it (no thread is parked); `nil` at its
    /// end, on failure or cancellation. Throws when the task is cancelled while it waits.
    func next(slot: Int) async throws(CancellationError) -> CMSampleBuffer? {
        guard let worker = readingWorker(slot: slot) else { return nil }
        return answer(try await worker.take(), slot: slot)
    }

    /// The worker of output `slot` while it is being read.
    private func readingWorker(slot: Int) -> ReadAheadWorker? {
        lock.withLock {
            guard currentStatus == .reading, slot < slots.count, !slots[slot].ended else { return nil }
            return slots[slot].worker
        }
    }

    /// What the caller of `next` gets for `item`, recording an end or a failure.
    private func answer(_ item: ReadAheadWorker.Item, slot: Int) -> CMSampleBuffer? {
        switch item {
        case .buffer(let buffer):
            return status == .reading ? buffer : nil
        case .end:
            lock.withLock { slots[slot].ended = true }
            completeIfDone()
            return nil
        case .failed(let failure):
            fail(failure.avError)
            return nil
        case .cancelled:
            return nil
        }
    }

    /// Restarts output `slot` over `ranges` (`reset(forReadingTimeRanges:)`), after checking Apple's conditions.
    func reset(slot: Int, ranges: [CMTimeRange]) {
        let started: (ReadAheadWorker, any SampleProducer)?? = lock.withLock {
            // After failure or cancellation nothing changes and the next copy returns nil (AVAssetReaderOutput.h).
            guard currentStatus == .reading else { return .some(nil) }
            guard slot < slots.count, let worker = slots[slot].worker, let make = slots[slot].makeProducer else { return nil }
            guard slots[slot].awaitsFinalConfiguration else { return nil }
            guard slots[slot].ended else { return nil }
            slots[slot].ended = false
            return .some((worker, make(ranges)))
        }
        switch started {
        case .some(.some(let (worker, producer))): worker.start(producer)
        case .some(.none): return
        case .none: misuse("reset(forReadingTimeRanges:) may be used only while reading, on an output whose "
                           + "supportsRandomAccess is true, that has not been marked final and whose "
                           + "copyNextSampleBuffer() has returned nil")
        }
    }

    /// Marks output `slot` as configured for good (`markConfigurationAsFinal()`).
    func markFinal(slot: Int) {
        lock.withLock { if slot < slots.count { slots[slot].awaitsFinalConfiguration = false } }
        completeIfDone()
    }

    /// Becomes completed once every output has handed out its end and none awaits reconfiguration.
    private func completeIfDone() {
        lock.withLock {
            guard currentStatus == .reading,
                  slots.allSatisfy({ $0.worker == nil || ($0.ended && !$0.awaitsFinalConfiguration) }) else { return }
            currentStatus = .completed
        }
        announceStatus()
    }

    // MARK: Stopping

    /// Fails reading with `error` (the first failure wins) and stops every worker.
    func fail(_ error: AVError) {
        let workers: [ReadAheadWorker] = lock.withLock {
            guard currentStatus == .reading || currentStatus == .unknown else { return [] }
            currentStatus = .failed
            currentError = error
            return slots.compactMap(\.worker)
        }
        announceStatus()
        for worker in workers { worker.cancel() }
    }

    /// Cancels reading and stops every worker promptly.
    func cancel() {
        let workers: [ReadAheadWorker] = lock.withLock {
            if currentStatus == .reading || currentStatus == .unknown { currentStatus = .cancelled }
            return slots.compactMap(\.worker)
        }
        announceStatus()
        for worker in workers { worker.cancel() }
    }

    /// Stops output `slot`'s worker (the output is gone).
    func releaseSlot(_ slot: Int) {
        let worker = lock.withLock { slot < slots.count ? slots[slot].worker : nil }
        worker?.cancel()
    }

    /// Records misuse of the API, which Apple answers with an exception: before reading starts, `startReading` will
    /// fail with it; while reading, the reader fails with it now; afterwards there is nothing left to protect.
    func misuse(_ message: String) {
        let error = AVError(.operationNotAllowed, "AVAssetReader misuse: \(message)")
        let reading: Bool = lock.withLock {
            switch currentStatus {
            case .unknown:
                if pendingMisuse == nil { pendingMisuse = error }
                return false
            case .reading: return true
            default: return false
            }
        }
        if reading { fail(error) }
    }

    /// Tells the reader's `status` observers of the changes recorded (key-value observing), on this thread.
    private func announceStatus() {
        if let owner { KeyValueAnnouncements.deliver(owner) }
    }

    // MARK: For tests

    /// The worker of output `slot`.
    func worker(slot: Int) -> ReadAheadWorker? { lock.withLock { slot < slots.count ? slots[slot].worker : nil } }
}

extension ReadingFailure {
    /// The `AVError` a caller sees: the code for the kind of failure, the description, the track and time, and the
    /// lower layer's error (the demuxer's, the codec's) as the underlying error.
    var avError: AVError {
        let code: AVError.Code
        switch kind {
        case .mediaData: code = .fileFailedToParse
        case .decode: code = .decodeFailed
        case .decoderNotFound: code = .decoderNotFound
        case .settings: code = .unsupportedOutputSettings
        case .unsupported: code = .operationNotSupportedForAsset
        case .invalidComposition: code = .invalidVideoComposition
        case .compositor: code = .videoCompositorFailed
        }
        var extra: [String: Any] = [:]
        if let trackID { extra[AVErrorPersistentTrackIDKey] = NSNumber(value: trackID) }
        if let time, time.isNumeric { extra[AVErrorPresentationTimeStampKey] = time }
        return AVError(code, description, underlying: underlying ?? self, extra: extra)
    }
}
