import CoreMedia
import CoreVideo
import Foundation

/// One output's read-ahead: a `SampleProducer` run ahead of its caller into a bounded queue, and the caller's end
/// of that queue.
///
/// Bounds (`ReadAheadBound`, normally `ReadingLimits`'s): production stops while the queue holds `buffers` buffers or
/// `bytes` bytes of sample data (one more step's buffers may land on top of that: a decoder step yields at most a
/// few pictures), so memory stays bounded whatever the caller does, including never reading. Once full, the worker
/// waits until the caller has taken half of the queue: producer and caller then hand over batches instead of waking
/// each other for every buffer (a context switch per sample was half the cost of a remux).
///
/// Threads: the steps run on the process's `ReadAheadPool`, whose number of threads does not grow with the number of
/// outputs. A caller that finds the queue empty while no step is under way runs the next step itself, so reading
/// never waits for a thread that does not exist (the system may refuse every one) and nested read-ahead (a video
/// composition's sources, read from a step of the composition's own worker) cannot starve the pool. At most one
/// step of a run is under way at a time: a producer is never used by two threads at once.
///
/// Independence: each output reads the mapped file itself, so an output nobody reads only parks its own worker on
/// its full queue (taking no thread); every other output goes on to its end.
///
/// Batches: a step of a producer that never waits (`makesBatchesWithoutWaiting`: a passthrough output's) calls it
/// until the step has used the queue's room, or has run `batchWindow`, and then hands over everything it made at
/// once: one lock and at most one wake-up per batch instead of per sample (a sample buffer per step made the
/// hand-over most of the cost of a passthrough of small samples). Any other producer (a decoder, a compositor) is
/// called once per step, and what it made goes out at once: its next call may wait on another thread, perhaps on the
/// caller that wants what it made.
///
/// On demand: a run of such batches whose buffers prove tiny (`ReadingLimits.onDemandBytesPerBuffer`) stops being
/// scheduled on the pool; its caller makes each batch itself when it finds the queue empty. Handing a tiny buffer
/// to another thread costs more than making it.
///
/// Cancellation: `cancel()` stops the run before its next step (the producer calls of one batch window) and releases
/// its producer once the step under way, if any, returns (decoders are freed then).
///
/// The queue is the engines' one `BoundedQueue`: full at the bound, the worker is held until the caller has taken
/// half of it.
// Safe because `condition` guards every `var` here, and the queue is thread-safe itself; the queue's lock is only
// ever taken inside this one, never the other way round.
final class ReadAheadWorker: @unchecked Sendable {
    /// What the caller's end of the queue gives.
    enum Item {
        case buffer(CMSampleBuffer)
        case end
        case failed(ReadingFailure)
        case cancelled
    }

    /// A step that may run: the run's producer and its generation.
    private struct Claim {
        let producer: any SampleProducer
        let generation: Int
    }

    /// How many steps a worker takes in one turn on a pool thread while other workers wait for one.
    static let stepsPerTurn = 32

    /// How long one step goes on calling its producer before it hands over what it made: long enough for a batch of
    /// passthrough buffers (a few microseconds each), short enough that no buffer waits noticeably for its batch.
    static let batchWindow: UInt64 = 100_000  // nanoseconds

    private let name: String
    private let pool: ReadAheadPool
    private let onFailure: @Sendable (ReadingFailure) -> Void
    /// The buffers read ahead, oldest first, and how the run ended once they are taken.
    private let queue: BoundedQueue<CMSampleBuffer, ReadingFailure>
    private let condition = NSCondition()
    /// Incremented by every start and cancel, so a step of an earlier run discards what it made.
    private var generation = 0
    /// The producer of the current run (nil when no run goes on), released when the run ends.
    private var producer: (any SampleProducer)?
    /// A step of the current run is under way (on a pool thread, or on the caller's).
    private var stepping = false
    /// Steps under way, of any run (`waitUntilStopped`).
    private var activeSteps = 0
    /// The worker is in the pool's queue.
    private var scheduled = false
    /// Buffers and bytes of sample data the current run has made, when its producer makes batches without waiting
    /// (stored samples): what decides whether it is read on demand (`readsOnDemand`).
    private var runTally = (buffers: 0, bytes: 0, batches: false)
    /// What the finished run's producer asked to check when the caller takes its end (`SampleProducer.endCheck`).
    private var endCheck: (@Sendable () -> ReadingFailure?)?

    /// A worker named `name` (for diagnostics) that reports a failure to `onFailure` as soon as it happens.
    init(name: String, bound: ReadAheadBound = .standard, pool: ReadAheadPool = .shared,
         onFailure: @escaping @Sendable (ReadingFailure) -> Void) {
        self.name = name
        self.pool = pool
        self.onFailure = onFailure
        queue = BoundedQueue(maximumCount: bound.buffers, maximumBytes: bound.bytes,
                             resumeCount: bound.buffers / 2, resumeBytes: bound.bytes / 2)
        // Before the first start there is nothing to read: the caller gets the end.
        queue.finish()
    }

    /// Starts reading with `producer`, discarding what an earlier run left.
    func start(_ producer: any SampleProducer) {
        let previous: (any SampleProducer)? = condition.withLock {
            generation += 1
            stepping = false
            endCheck = nil
            runTally = (0, 0, producer.makesBatchesWithoutWaiting)
            queue.reopen()
            defer { self.producer = producer }
            return self.producer
        }
        previous?.cancel()
        scheduleIfIdle()
    }

    /// The next item, blocking the thread while another thread runs a step and the queue is empty; runs the next
    /// step itself when none is under way.
    func take() -> Item {
        while true {
            switch attempt() {
            case .answer(let item): return item
            case .busy(let mark): queue.waitForChange(after: mark)
            }
        }
    }

    /// The next item, suspending (without parking the thread) while another thread runs a step and the queue is
    /// empty; runs the next step itself when none is under way. Throws when the task is cancelled while it waits.
    func take() async throws(CancellationError) -> Item {
        while true {
            switch attempt() {
            case .answer(let item): return item
            case .busy(let mark): try await queue.change(after: mark)
            }
        }
    }

    private enum Attempt {
        case answer(Item)
        /// Another thread is mid-step: wait for the queue to change after `mark`.
        case busy(mark: Int)
    }

    /// The next item if there is one now, running steps on this thread while none is under way elsewhere.
    private func attempt() -> Attempt {
        while true {
            let (polled, releasedProducer) = queue.poll()
            if releasedProducer { scheduleIfIdle() }
            switch polled {
            case .taken(.element(let buffer)): return .answer(.buffer(buffer))
            case .taken(.finished):
                // Taken once: a second end of the same run is an end.
                let check = condition.withLock { () -> (@Sendable () -> ReadingFailure?)? in
                    defer { endCheck = nil }
                    return endCheck
                }
                if let failure = check?() { return .answer(.failed(failure)) }
                return .answer(.end)
            case .taken(.failed(let failure)): return .answer(.failed(failure))
            case .taken(.cancelled): return .answer(.cancelled)
            case .empty(let mark):
                // The step under way, if any, changes the queue when it ends (`step`), so the mark read before
                // this claim is never missed.
                guard let claim = condition.withLock({ claimStep() }) else { return .busy(mark: mark) }
                step(claim)
                scheduleIfIdle()
            }
        }
    }

    /// Stops the run promptly and drops what it read ahead.
    func cancel() {
        let running: (any SampleProducer)? = condition.withLock {
            generation += 1
            stepping = false
            // A failure stays reported as such; anything else becomes cancelled.
            queue.cancel()
            defer { producer = nil }
            return producer
        }
        running?.cancel()
    }

    /// Waits until no step runs, or `timeout` seconds pass; returns whether none runs.
    func waitUntilStopped(timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while activeSteps > 0 {
            if !condition.wait(until: deadline) { return activeSteps == 0 }
        }
        return true
    }

    /// Buffers and bytes read ahead now (for tests of the bounds).
    var readAhead: (buffers: Int, bytes: Int) {
        let occupancy = queue.occupancy
        return (occupancy.count, occupancy.bytes)
    }

    // MARK: Steps

    /// A turn on a pool thread: steps until the queue is full, the run ends, a caller is running a step, or other
    /// workers have waited for `stepsPerTurn` steps (the worker then queues again behind them).
    func runTurn(in pool: ReadAheadPool) {
        condition.lock()
        scheduled = false
        var steps = 0
        while let claim = claimStep() {
            condition.unlock()
            step(claim)
            steps += 1
            if steps >= Self.stepsPerTurn, pool.hasWaitingWork {
                scheduleIfIdle()
                return
            }
            condition.lock()
        }
        condition.unlock()
    }

    /// The next step of the current run, if one may run now (called with the lock held): a run goes on, no step
    /// of it is under way, and the queue has room (else the queue holds the worker until half of it is taken).
    private func claimStep() -> Claim? {
        guard let producer, !stepping, queue.admitsStep() else { return nil }
        stepping = true
        activeSteps += 1
        return Claim(producer: producer, generation: generation)
    }

    /// Runs one step of `claim`'s producer (without the lock) and publishes what it made: one producer call, or for
    /// a producer that never waits, calls until the queue's room is used, the batch window has passed, or the run
    /// ends or fails (what was made before a failure is handed over before it).
    private func step(_ claim: Claim) {
        let batches = claim.producer.makesBatchesWithoutWaiting
        let room = queue.room
        var made: [(element: CMSampleBuffer, cost: Int)] = []
        var madeBytes = 0
        var finished = false
        var failure: ReadingFailure?
        let deadline = DispatchTime.now().uptimeNanoseconds + Self.batchWindow
        repeat {
            do throws(ReadingFailure) {
                guard let produced = try claim.producer.next() else {
                    finished = true
                    break
                }
                for buffer in produced {
                    let cost = Self.byteCount(of: buffer)
                    made.append((buffer, cost))
                    madeBytes += cost
                }
            } catch {
                failure = error
            }
        } while batches && !finished && failure == nil && made.count < room.count && madeBytes < room.bytes
            && DispatchTime.now().uptimeNanoseconds < deadline
        // A failure of a run that was cancelled or restarted meanwhile is nobody's to report.
        var reported = false
        let check = finished && failure == nil ? claim.producer.endCheck() : nil
        // The run's producer, released outside the lock when the run ended (its deinit frees decoders). The queue
        // is changed under this lock, in the same step as `stepping`, so that a caller that found the queue empty
        // and this step under way sees the change (`attempt`).
        let ended: (any SampleProducer)? = condition.withLock {
            activeSteps -= 1
            defer { condition.broadcast() }
            guard generation == claim.generation else { return nil }
            stepping = false
            runTally.buffers += made.count
            runTally.bytes += madeBytes
            if !made.isEmpty {
                queue.append(contentsOf: made)
            } else if !finished, failure == nil {
                // Nothing to add, but a waiting caller may now run the next step itself.
                queue.nudge()
            }
            if let failure {
                queue.fail(failure)
                reported = true
            } else if finished {
                endCheck = check
                queue.finish()
            } else {
                return nil
            }
            defer { producer = nil }
            return producer
        }
        _ = ended
        if let failure, reported { onFailure(failure) }
    }

    /// Whether the run's buffers are so small that its caller makes them, on its own thread, when it finds the queue
    /// empty (`ReadingLimits.onDemandBytesPerBuffer`), instead of a pool thread making them ahead. Called with the
    /// lock held.
    private var readsOnDemand: Bool {
        runTally.batches && runTally.buffers >= ReadingLimits.onDemandMeasuredBuffers
            && runTally.bytes < runTally.buffers * ReadingLimits.onDemandBytesPerBuffer
    }

    /// Queues the worker on the pool when its run can take a step and nothing is taking or about to take one.
    private func scheduleIfIdle() {
        let schedule: Bool = condition.withLock {
            guard producer != nil, !scheduled, !stepping, !queue.isHoldingProducer, !readsOnDemand else { return false }
            scheduled = true
            return true
        }
        if schedule { pool.schedule(self) }
    }

    /// The bytes of sample data a buffer holds: its pixels, or its data buffer's length.
    static func byteCount(of buffer: CMSampleBuffer) -> Int {
        if let image = CMSampleBufferGetImageBuffer(buffer) {
            let planes = CVPixelBufferGetPlaneCount(image)
            if planes == 0 { return CVPixelBufferGetBytesPerRow(image) * CVPixelBufferGetHeight(image) }
            return (0..<planes).reduce(0) {
                $0 + CVPixelBufferGetBytesPerRowOfPlane(image, $1) * CVPixelBufferGetHeightOfPlane(image, $1)
            }
        }
        return CMSampleBufferGetDataBuffer(buffer).map(CMBlockBufferGetDataLength) ?? 0
    }
}
