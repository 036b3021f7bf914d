import CoreMedia
import Foundation
import MediaContainer
import MovieFile
import Synchronization

/// The machinery behind a started `AVAssetWriter`: one worker per input (encoding in parallel), the sessions that
/// map the source timeline onto the movie's, and the output: a `ContainerWriter` (the native muxer for movie types,
/// an audio-file writer for the rest), reached only through that seam.
///
/// Samples leave the workers in decode order per input and reach the output in `deliver`. The output's tracks are
/// made once every input's first sample is known (its format and timescale) or the input ended without one; until
/// then samples wait in `EngineTrack.staged`, bounded by `WriterLimits.stagedBytes`. The muxer then interleaves by
/// time; `isReady(_:)` combines its back-pressure with each worker's queue depth, which is what
/// `isReadyForMoreMediaData` reports.
///
/// A failure anywhere (a refused sample, an encoder or file-system error) fails the whole writer: the output and
/// its temporary files are removed and every later call reports the error.
///
/// Thread safety: `lock` guards every `var`; the container writer serialises itself. Nothing that can call back into
/// the engine runs while `lock` is held (readiness observers are called after unlocking).
// Safe because `lock` guards every `var` and the container writer serialises itself.
final class WritingEngine: @unchecked Sendable {
    /// One `startSession`…`endSession` pair on the source timeline.
    struct Session {
        var start: CMTime
        var end: CMTime?
    }

    let url: URL
    let fileType: AVFileType
    let movieTimeScale: CMTimeScale
    /// Where the samples go.
    let output: any ContainerWriter
    /// Directory for multi-pass statistics (removed at the end), if any input encodes in several passes.
    let statisticsDirectory: URL?

    private let lock = Mutex(())
    private(set) var tracks: [EngineTrack]
    private var workers: [InputWorker] = []
    private var status = AVAssetWriter.Status.writing
    private var failure: AVError?
    var sessions: [Session] = []
    var tracksCreated = false
    private var finishRequested = false
    private var finishing = false
    private var finishHandlers: [@Sendable () -> Void] = []
    /// Entered when a failure or cancel makes the status final, left once it has removed the output: a caller that
    /// finds the status already final (`finish`, `cancel`) waits on it, so that no completion handler, and no return
    /// from `cancelWriting()`, can see a failed writer whose file is still there (found by avassetwriter-fuzz: a
    /// worker's failure raced a `finishWriting` whose handler ran at once).
    private let discarding = DispatchGroup()
    /// Test hook: runs in `fail` after the status became `.failed` and before the output is removed.
    nonisolated(unsafe) var willDiscardOutput: (@Sendable () -> Void)?
    /// Called (without the lock) when any input's readiness may have changed.
    private let readinessObserver: @Sendable () -> Void
    /// Wakes callers waiting for room in an input's queue (`waitForRoom`) whenever readiness may have changed. Taken
    /// before `lock`, never while holding it.
    private let room = NSCondition()

    /// Starts writing: creates the output (never over an existing file) and the inputs' workers.
    init(url: URL, fileType: AVFileType, specs: [InputSpec], movieOptions: MovieWriterOptions,
         segmentation: MovieSegmentation? = nil,
         movieMetadata: [MetadataEntry], audioMetadata: [MetadataEntry], temporaryDirectory: URL?,
         readinessObserver: @escaping @Sendable () -> Void) throws(AVError) {
        self.url = url
        self.fileType = fileType
        movieTimeScale = movieOptions.movieTimescale
        self.readinessObserver = readinessObserver
        tracks = specs.map(EngineTrack.init(spec:))
        output = try OutputContainer.make(url: url, fileType: fileType, movieOptions: movieOptions,
                                          segmentation: segmentation, movieMetadata: movieMetadata,
                                          audioMetadata: audioMetadata)
        if specs.contains(where: \.multiPass) {
            let directory = TemporaryFileName.url(for: url, purpose: "passes", in: temporaryDirectory)
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
            } catch {
                output.cancel()
                throw AVError(.unknown, "cannot create the multi-pass directory \(directory.path)", underlying: error)
            }
            statisticsDirectory = directory
        } else {
            statisticsDirectory = nil
        }
        do throws(AVError) {
            for spec in specs {
                workers.append(try InputWorker(spec: spec, engine: self, statisticsDirectory: statisticsDirectory))
            }
        } catch {
            discardOutput()
            throw error
        }
        for track in tracks where track.spec.multiPass { track.discardsOutput = true }
    }

    // MARK: State

    /// The writer's status while the engine runs.
    var currentStatus: AVAssetWriter.Status { lock.withLock { _ in status } }
    /// The error that failed writing, if any.
    var currentError: AVError? { lock.withLock { _ in failure } }
    /// True while samples are being taken.
    var isWriting: Bool { lock.withLock { _ in status == .writing } }

    /// Fails writing with `error` (the first failure wins): removes the output and temporary files. Once the output
    /// is being completed (`finishing`) only the completion itself can fail it (`whileFinishing`): a failure from
    /// elsewhere then (a call made after `finishWriting`) would report a failed writer whose finished file it can no
    /// longer remove (found by avassetwriter-fuzz).
    func fail(_ error: AVError, whileFinishing: Bool = false) {
        let handlers: [@Sendable () -> Void]? = lock.withLock { _ in
            guard status == .writing, !finishing || whileFinishing else { return nil }
            status = .failed
            failure = error
            discarding.enter()
            let pending = finishHandlers
            finishHandlers = []
            return pending
        }
        guard let handlers else { return }
        willDiscardOutput?()
        discardOutput()
        discarding.leave()
        readinessChanged()
        for handler in handlers { handler() }
    }

    /// Removes the output and temporaries.
    private func discardOutput() {
        output.cancel()
        if let statisticsDirectory { try? FileManager.default.removeItem(at: statisticsDirectory) }
    }

    // MARK: Sessions

    /// Starts a session at `time` on the source timeline.
    func startSession(at time: CMTime) throws(AVError) {
        try lock.withLock { (_: inout Void) throws(AVError) in
            guard status == .writing else { throw WriterFailure.misuse("startSession(atSourceTime:) needs a writer that is writing (status \(status))") }
            guard time.isNumeric else { throw WriterFailure.misuse("startSession(atSourceTime:) needs a numeric time", time: time) }
            if let last = sessions.last {
                guard let end = last.end else {
                    throw WriterFailure.misuse("startSession(atSourceTime:) was called while a session is in progress; call endSession(atSourceTime:) first")
                }
                guard time >= end else {
                    throw WriterFailure.misuse("a session cannot start at \(time.messageSeconds) s, before the previous one ended (\(end.messageSeconds) s)", time: time)
                }
            }
            sessions.append(Session(start: time))
        }
    }

    /// Ends the current session at `time`.
    func endSession(at time: CMTime) throws(AVError) {
        try lock.withLock { (_: inout Void) throws(AVError) in
            guard status == .writing else { throw WriterFailure.misuse("endSession(atSourceTime:) needs a writer that is writing (status \(status))") }
            guard let last = sessions.last, last.end == nil else {
                throw WriterFailure.misuse("endSession(atSourceTime:) was called with no session in progress")
            }
            guard time.isNumeric, time >= last.start else {
                throw WriterFailure.misuse("a session cannot end at \(time.messageSeconds) s, before it started (\(last.start.messageSeconds) s)", time: time)
            }
            sessions[sessions.count - 1].end = time
        }
    }

    // MARK: Taking work

    /// Hands an item to an input's worker after checking the call's preconditions. With `waitingForRoom`, a sample
    /// that finds the input's queue at its hard limit (`WriterLimits.hardQueuedItems`: a caller appending regardless
    /// of readiness) waits until the worker has made room; the check and the accounting are one pass under the lock.
    func enqueue(_ index: Int, _ item: InputWorker.Item, bytes: Int, waitingForRoom: Bool = false) throws(AVError) {
        while true {
            let queued = try lock.withLock { (_: inout Void) throws(AVError) -> Bool in
                guard status == .writing else {
                    throw failure ?? WriterFailure.misuse("the writer is not writing (status \(status))")
                }
                let track = tracks[index]
                guard !track.inputFinished else {
                    throw WriterFailure.misuse("a sample was appended to the \(track.spec.mediaType.rawValue) input after markAsFinished()")
                }
                guard !track.betweenPasses else {
                    throw WriterFailure.misuse("a sample was appended after markCurrentPassAsFinished() and before the next pass began")
                }
                if waitingForRoom, track.queuedItems >= WriterLimits.hardQueuedItems { return false }
                if case .end = item {
                    track.inputFinished = true
                } else if case .endOfPass = item {
                    track.betweenPasses = true
                } else if sessions.isEmpty {
                    throw WriterFailure.misuse("a sample was appended before startSession(atSourceTime:); start a session first")
                }
                track.queuedItems += 1
                track.queuedBytes += bytes
                return true
            }
            if queued { break }
            waitForRoom(index)
        }
        workers[index].submit(item, bytes: bytes)
    }

    /// A worker finished an item.
    func itemDone(_ index: Int, bytes: Int) {
        lock.withLock { _ in
            tracks[index].queuedItems -= 1
            tracks[index].queuedBytes -= bytes
        }
        readinessChanged()
    }

    /// Whether input `index` should be given more media now.
    func isReady(_ index: Int) -> Bool { state(of: index).ready }

    /// The writer's status and error, and whether input `index` should be given more media now, read together: the
    /// receivers' one question before each append.
    func state(of index: Int) -> (status: AVAssetWriter.Status, error: AVError?, ready: Bool) {
        let (current, error, ready, handle): (AVAssetWriter.Status, AVError?, Bool?, OutputTrack?) = lock.withLock { _ in
            let track = tracks[index]
            // After a failure or cancellation an input reports ready until it is marked finished, so that a
            // "while ready, append" loop learns of the failure from `append` returning false instead of waiting.
            guard status == .writing else { return (status, failure, status != .completed && !track.inputFinished, nil) }
            if track.inputFinished || track.betweenPasses { return (status, nil, false, nil) }
            let realTime = track.spec.expectsMediaDataInRealTime
            let itemLimit = realTime ? WriterLimits.realTimeQueuedItems : WriterLimits.queuedItems
            let byteLimit = realTime ? WriterLimits.realTimeQueuedBytes : WriterLimits.queuedBytes
            // Not ready from the limit until half the queue is done: the caller then appends in bursts instead of
            // being woken for every item the worker finishes.
            if track.queuedItems >= itemLimit || track.queuedBytes >= byteLimit { track.drainingQueue = true }
            if track.drainingQueue {
                if track.queuedItems > itemLimit / 2 || track.queuedBytes > byteLimit / 2 { return (status, nil, false, nil) }
                track.drainingQueue = false
            }
            if realTime { return (status, nil, true, nil) }
            if !tracksCreated { return (status, nil, !track.stagingIsFull, nil) }
            if let handle = track.handle { return (status, nil, nil, handle) }
            return (status, nil, true, nil)
        }
        if let ready { return (current, error, ready) }
        // The container writer's own lock answers this; asking it outside ours keeps the lock order one way.
        guard let handle else { return (current, error, true) }
        return (current, error, output.isReadyForMoreMediaData(handle))
    }

    /// Marks an input finished: its worker flushes the encoder, then the track ends. `layout`, when given, is what
    /// presents the track instead of the sessions (`EngineTrack.presentedLayout`).
    func markFinished(_ index: Int, presenting layout: MediaLayoutEdits? = nil) throws(AVError) {
        let alreadyFinished = lock.withLock { _ in
            let finished = tracks[index].inputFinished || status != .writing
            if !finished, let layout { tracks[index].presentedLayout = layout }
            return finished
        }
        if alreadyFinished { return }
        try enqueue(index, .end, bytes: 0)
    }

    // MARK: Samples from the workers

    /// Takes samples an input's worker produced (in decode order).
    ///
    /// The samples are checked and accounted for under the lock; the container writer (which has its own lock) gets
    /// them after it is released, so that the muxer's work never holds up a caller asking `isReadyForMoreMediaData`
    /// or appending. A track's samples still reach the muxer in order: each input delivers one batch at a time (on its
    /// serial worker, or under a passthrough input's order lock; see `InputWorker`).
    func deliver(_ index: Int, _ buffers: [CMSampleBuffer]) throws(AVError) {
        guard !buffers.isEmpty else { return }
        var ready: [EncodedSample] = []
        let track: EngineTrack = try lock.withLock { (_: inout Void) throws(AVError) -> EngineTrack in
            let track = tracks[index]
            guard status == .writing, !track.discardsOutput else { return track }
            for buffer in buffers {
                let samples: [EncodedSample]
                do throws(SampleProblem) {
                    samples = try EncodedSample.samples(of: buffer)
                } catch {
                    throw WriterFailure.misuse("input \(index) (\(track.spec.mediaType.rawValue)): \(error.description)",
                                               time: CMSampleBufferGetPresentationTimeStamp(buffer))
                }
                for sample in samples { try take(sample, track: track, ready: &ready) }
            }
            try createTracksIfReady()
            return track
        }
        for sample in ready { try write(sample, track: track) }
        // No readiness announcement here: every delivery runs inside a worker item whose `itemDone` (or a failure)
        // follows at once and announces it. Announcing twice per sample doubled the wake-ups every input's waiters,
        // request pumps and observers take, which callers appending from several threads contend for.
    }

    /// Checks a sample against its track, completes the duration of the one before it, and passes it on; samples for
    /// the container writer are added to `ready` (see `deliver`).
    private func take(_ sample: EncodedSample, track: EngineTrack, ready: inout [EncodedSample]) throws(AVError) {
        // Only failures need the input's name: made per sample, it would cost an allocation each.
        var name: String { "input \(track.spec.index) (\(track.spec.mediaType.rawValue))" }
        let mediaType = CMFormatDescriptionGetMediaType(sample.format)
        guard mediaType == track.cmMediaType
            || (track.spec.mediaType == .text && mediaType == kCMMediaType_Subtitle) else {
            throw WriterFailure.misuse("\(name): a sample of media type '\(FourCharCodeText.string(mediaType))' does not match the input's")
        }
        if case .passthrough = track.spec.encoding, let hint = track.spec.sourceFormatHint,
           CMFormatDescriptionGetMediaSubType(hint) != CMFormatDescriptionGetMediaSubType(sample.format) {
            throw WriterFailure.misuse("\(name): a '\(FourCharCodeText.string(CMFormatDescriptionGetMediaSubType(sample.format)))' sample does not match the source format hint '\(FourCharCodeText.string(CMFormatDescriptionGetMediaSubType(hint)))'",
                                       time: sample.presentationTime)
        }
        let decode = sample.effectiveDecodeTime
        guard decode.isNumeric else { throw WriterFailure.misuse("\(name): a sample has no numeric timestamp") }
        if track.lastDecodeTime.isValid, decode <= track.lastDecodeTime {
            throw WriterFailure.misuse("\(name): decode timestamp \(decode.messageSeconds) s does not follow the previous sample's \(track.lastDecodeTime.messageSeconds) s; samples must be appended in increasing decode order",
                                       time: sample.presentationTime)
        }
        if sample.decodeTime.isNumeric, sample.presentationTime < sample.decodeTime {
            throw WriterFailure.misuse("\(name): presentation time \(sample.presentationTime.messageSeconds) s is before decode time \(decode.messageSeconds) s",
                                       time: sample.presentationTime)
        }
        track.lastDecodeTime = decode + (sample.frameCount > 1 && sample.duration.isNumeric
                                         ? CMTimeMultiply(sample.duration, multiplier: Int32(sample.frameCount - 1)) : .zero)
        if var held = track.held {
            held.duration = decode - held.effectiveDecodeTime
            track.held = nil
            try pass(held, track: track, ready: &ready)
        }
        if sample.duration.isNumeric, sample.duration > .zero {
            try pass(sample, track: track, ready: &ready)
        } else {
            track.held = sample
        }
    }

    /// Records a complete sample and sends it on (or stages it until the output's tracks exist).
    private func pass(_ sample: EncodedSample, track: EngineTrack, ready: inout [EncodedSample]) throws(AVError) {
        track.lastDuration = sample.duration
        track.sampleCount += 1
        let total = sample.frameCount > 1 ? CMTimeMultiply(sample.duration, multiplier: Int32(sample.frameCount)) : sample.duration
        let start = sample.presentationTime + sample.trimAtStart
        let end = sample.presentationTime + total - sample.trimAtEnd
        track.trimAtStart = track.trimAtStart + sample.trimAtStart
        track.trimAtEnd = track.trimAtEnd + sample.trimAtEnd
        if sample.isHidden {
            track.addHidden(CMTimeRange(start: sample.presentationTime, end: sample.presentationTime + total))
        } else if end > start {
            track.addPresented(CMTimeRange(start: start, end: end), tolerance: sample.duration)
        }
        if track.timescale == nil { track.timescale = EngineTrack.chooseTimescale(spec: track.spec, firstSample: sample) }
        if tracksCreated {
            ready.append(sample)
        } else {
            track.staged.append(sample)
            track.stagedBytes += sample.byteCount
        }
    }

    /// The worker has flushed an input that was marked finished.
    func inputEnded(_ index: Int) throws(AVError) {
        try lock.withLock { (_: inout Void) throws(AVError) in
            guard status == .writing else { return }
            let track = tracks[index]
            if var held = track.held {
                // The last sample of a stream whose buffers gave no durations lasts as long as the one before it
                // (one frame at 30 fps when it is the only one).
                held.duration = track.lastDuration.isNumeric && track.lastDuration > .zero
                    ? track.lastDuration : CMTime(value: 1, timescale: 30)
                track.held = nil
                var ready: [EncodedSample] = []
                try pass(held, track: track, ready: &ready)
                for sample in ready { try write(sample, track: track) }
            }
            track.ended = true
            try createTracksIfReady()
            if tracksCreated { try endTrack(track) }
        }
        readinessChanged()
        finishIfDrained()
    }

    /// Multi-pass: the worker finished a pass.
    func passEnded(_ index: Int, nextPass: Bool) throws(AVError) {
        lock.withLock { _ in
            let track = tracks[index]
            track.betweenPasses = false
            track.discardsOutput = false
            track.pass += 1
            track.hasNextPass = nextPass
        }
        readinessChanged()
        if let handler = lock.withLock({ _ in tracks[index].passObserver }) { handler() }
    }

    // MARK: Finishing

    /// Finishes writing: marks every input finished, and once their workers have drained, gives the muxer the edit
    /// lists and completes the file. `completion` runs when the status is final (at once if it already is).
    func finish(_ completion: @escaping @Sendable () -> Void) {
        let runNow: Bool = lock.withLock { _ in
            guard status == .writing else { return true }
            finishRequested = true
            finishHandlers.append(completion)
            return false
        }
        if runNow {
            // Final already: a failure or cancel on another thread may still be removing the output.
            discarding.wait()
            completion()
            return
        }
        for index in tracks.indices {
            do throws(AVError) {
                try markFinished(index)
            } catch {
                fail(error)
                return
            }
        }
        finishIfDrained()
    }

    /// Completes the output when a finish was asked for and every input has ended. Called without the lock.
    func finishIfDrained() {
        let ready: Bool = lock.withLock { _ in
            guard finishRequested, !finishing, status == .writing, tracks.allSatisfy(\.ended) else { return false }
            finishing = true
            return true
        }
        guard ready else { return }
        do throws(AVError) {
            try lock.withLock { (_: inout Void) throws(AVError) in
                try createTracksIfReady()
                try applyTimeline()
                do throws(ContainerWriterError) {
                    try output.finish()
                } catch {
                    throw WriterFailure.container(error, "finishing \(url.lastPathComponent)")
                }
            }
        } catch {
            fail(error, whileFinishing: true)
            return
        }
        // Segments go to the delegate on the writer's own thread: the writer is complete once they all did.
        output.waitUntilOutputDelivered()
        let handlers: [@Sendable () -> Void]? = lock.withLock { _ in
            // A cancel while the segments were delivered made the status final already: it stays cancelled.
            guard status == .writing else { return nil }
            status = .completed
            let pending = finishHandlers
            finishHandlers = []
            return pending
        }
        guard let handlers else { return }
        if let statisticsDirectory { try? FileManager.default.removeItem(at: statisticsDirectory) }
        readinessChanged()
        for handler in handlers { handler() }
    }

    /// Cancels writing: removes the output and temporary files. Waits for the workers to stop touching them.
    func cancel() {
        let handlers: [@Sendable () -> Void]? = lock.withLock { _ in
            guard status == .writing else { return nil }
            status = .cancelled
            discarding.enter()
            let pending = finishHandlers
            finishHandlers = []
            return pending
        }
        guard let handlers else {
            // Final already: return once the output is gone, as a cancel does.
            discarding.wait()
            return
        }
        for worker in workers { worker.queue.sync {} }
        discardOutput()
        discarding.leave()
        readinessChanged()
        for handler in handlers { handler() }
    }

    // MARK: Segments

    /// Cuts a segment after everything appended so far (`flushSegment()`). Passthrough inputs deliver on the
    /// appending thread, so what was appended has reached the writer, unless it is still staged because another input
    /// has no sample yet: then the segment has no boundary the writer could place, which fails writing.
    func flushSegment() {
        for worker in workers { worker.queue.sync {} }
        do throws(AVError) {
            guard let movie = output as? MovieWriter else {
                throw WriterFailure.misuse("flushSegment() needs segment output")
            }
            let created = lock.withLock { _ in tracksCreated }
            guard created else {
                throw WriterFailure.misuse("flushSegment() was called before every input appended a sample; each "
                                           + "segment holds every input's samples, so each needs one first")
            }
            do throws(ContainerWriterError) {
                try movie.flushSegment()
            } catch {
                throw WriterFailure.container(error, "flushing a segment")
            }
        } catch {
            fail(error)
        }
    }

    // MARK: Small queries

    /// Items queued for an input's worker.
    func queuedItems(_ index: Int) -> Int { lock.withLock { _ in tracks[index].queuedItems } }

    /// Waits while input `index`'s queue holds `WriterLimits.hardQueuedItems` items and the writer is writing: an
    /// append made while the input was not ready. The worker never waits for the caller, so the wait ends; it is
    /// woken by every change of readiness (an item done, a failure, a cancel, the end), not by polling.
    private func waitForRoom(_ index: Int) {
        room.lock()
        defer { room.unlock() }
        while lock.withLock({ _ in tracks[index].queuedItems >= WriterLimits.hardQueuedItems && status == .writing }) {
            room.wait()
        }
    }

    /// Tells waiters for room and the readiness observer that an input's readiness may have changed (without the
    /// lock).
    private func readinessChanged() {
        room.withLock { room.broadcast() }
        readinessObserver()
    }

    /// True once the input was marked finished or its current pass ended.
    func inputIsFinishedOrBetweenPasses(_ index: Int) -> Bool {
        lock.withLock { _ in tracks[index].inputFinished || tracks[index].betweenPasses }
    }

    /// True between a pass's end and the next pass's start.
    func inputIsBetweenPasses(_ index: Int) -> Bool { lock.withLock { _ in tracks[index].betweenPasses } }

    /// Whether the encoder asked for another pass after the last one ended.
    func hasNextPass(_ index: Int) -> Bool { lock.withLock { _ in tracks[index].hasNextPass } }

    /// Who to tell when an input's pass ends.
    func setPassObserver(_ index: Int, _ observer: @escaping @Sendable () -> Void) {
        lock.withLock { _ in tracks[index].passObserver = observer }
    }
}
