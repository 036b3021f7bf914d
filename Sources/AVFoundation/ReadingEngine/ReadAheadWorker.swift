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
/// Cancellation: `cancel()` stops the run before its next step (one sample decoded, one buffer made) and releases
/// its producer once the step under way, if any, returns (decoders are freed then).
///
/// Thread safety: `condition` guards every `var`.
final class ReadAheadWorker: @unchecked Sendable {
    /// What the caller's end of the queue gives.
    enum Item {
        case buffer(CMSampleBuffer)
        case end
        case failed(ReadingFailure)
        case cancelled
    }

    private enum State {
        case idle, running, finished, failed(ReadingFailure), cancelled
    }

    /// A step that may run: the run's producer and its generation.
    private struct Claim {
        let producer: any SampleProducer
        let generation: Int
    }

    /// How many steps a worker takes in one turn on a pool thread while other workers wait for one.
    static let stepsPerTurn = 32

    private let name: String
    private let bound: ReadAheadBound
    private let pool: ReadAheadPool
    private let onFailure: @Sendable (ReadingFailure) -> Void
    private let condition = NSCondition()
    /// The buffers read ahead, oldest first (a handful: removing from the front is cheap, and a buffer handed out
    /// must not stay referenced here).
    private var queue: [(buffer: CMSampleBuffer, bytes: Int)] = []
    private var queuedBytes = 0
    /// The queue was found full: no step runs until the caller has taken half of it.
    private var waitingForRoom = false
    private var state = State.idle
    /// Incremented by every start and cancel, so a step of an earlier run discards what it made.
    private var generation = 0
    /// The producer of the current run, released when the run ends.
    private var producer: (any SampleProducer)?
    /// A step of the current run is under way (on a pool thread, or on the caller's).
    private var stepping = false
    /// Steps under way, of any run (`waitUntilStopped`).
    private var activeSteps = 0
    /// The worker is in the pool's queue.
    private var scheduled = false
    /// Async callers waiting for the step under way (`take(whenBusy: .notify)`), called once each when it publishes
    /// or the run is cancelled.
    private var waiters: [@Sendable () -> Void] = []

    /// A worker named `name` (for diagnostics) that reports a failure to `onFailure` as soon as it happens.
    init(name: String, bound: ReadAheadBound = .standard, pool: ReadAheadPool = .shared,
         onFailure: @escaping @Sendable (ReadingFailure) -> Void) {
        self.name = name
        self.bound = bound
        self.pool = pool
        self.onFailure = onFailure
    }

    /// Starts reading with `producer`, discarding what an earlier run left.
    func start(_ producer: any SampleProducer) {
        let previous: (any SampleProducer)? = condition.withLock {
            generation += 1
            queue.removeAll()
            queuedBytes = 0
            waitingForRoom = false
            stepping = false
            state = .running
            defer { self.producer = producer }
            return self.producer
        }
        previous?.cancel()
        scheduleIfIdle()
    }

    /// What `take` does when the queue is empty and a step of the run is under way on another thread.
    enum WhenBusy {
        /// Wait for the step (blocks the thread).
        case wait
        /// Return nil and call the closure once, when the step publishes or the run is cancelled (the caller then
        /// asks again). How an async caller (`AVAssetReaderOutput.Provider.next()`) waits without parking a thread
        /// of Swift's cooperative pool.
        case notify(@Sendable () -> Void)
        /// Return nil, registering nothing (an async caller's first, cheap try).
        case returnNil
    }

    /// The next item, waiting while a step is under way and the queue is empty; runs the next step itself when
    /// none is.
    func take() -> Item {
        // Waiting, the call always answers.
        take(whenBusy: .wait)!
    }

    /// The next item; runs the next step itself when none is under way. When the queue is empty and another thread
    /// is mid-step, does what `whenBusy` says (nil unless it waits).
    func take(whenBusy: WhenBusy) -> Item? {
        condition.lock()
        while true {
            if !queue.isEmpty {
                let (buffer, bytes) = queue.removeFirst()
                queuedBytes -= bytes
                let resume = waitingForRoom && hasRoomToResume
                if resume { waitingForRoom = false }
                condition.unlock()
                if resume { scheduleIfIdle() }
                return .buffer(buffer)
            }
            switch state {
            case .idle, .finished:
                condition.unlock()
                return .end
            case .failed(let failure):
                condition.unlock()
                return .failed(failure)
            case .cancelled:
                condition.unlock()
                return .cancelled
            case .running:
                guard let claim = claimStep() else {
                    switch whenBusy {
                    case .wait:
                        condition.wait()
                        continue
                    case .notify(let waiter):
                        waiters.append(waiter)
                        condition.unlock()
                        return nil
                    case .returnNil:
                        condition.unlock()
                        return nil
                    }
                }
                condition.unlock()
                step(claim)
                scheduleIfIdle()
                condition.lock()
            }
        }
    }

    /// Stops the run promptly and drops what it read ahead.
    func cancel() {
        var woken: [@Sendable () -> Void] = []
        defer { for waiter in woken { waiter() } }
        let running: (any SampleProducer)? = condition.withLock {
            swap(&woken, &waiters)
            generation += 1
            queue.removeAll()
            queuedBytes = 0
            stepping = false
            // A failure stays reported as such; anything else becomes cancelled.
            if case .failed = state {} else { state = .cancelled }
            condition.broadcast()
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
    var readAhead: (buffers: Int, bytes: Int) { condition.withLock { (queue.count, queuedBytes) } }

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

    /// The next step of the current run, if one may run now (called with the lock held): the run goes on, no step
    /// of it is under way, and the queue has room (else the worker waits for half of it to be taken).
    private func claimStep() -> Claim? {
        guard case .running = state, !stepping, let producer, !waitingForRoom else { return nil }
        if isFull {
            waitingForRoom = true
            return nil
        }
        stepping = true
        activeSteps += 1
        return Claim(producer: producer, generation: generation)
    }

    /// Runs one step of `claim`'s producer (without the lock) and publishes what it made.
    private func step(_ claim: Claim) {
        let outcome: Result<[CMSampleBuffer]?, ReadingFailure>
        do throws(ReadingFailure) {
            outcome = .success(try claim.producer.next())
        } catch {
            outcome = .failure(error)
        }
        var failure: ReadingFailure?
        var woken: [@Sendable () -> Void] = []
        // The run's producer, released outside the lock when the run ended (its deinit frees decoders).
        let ended: (any SampleProducer)? = condition.withLock {
            swap(&woken, &waiters)
            activeSteps -= 1
            defer { condition.broadcast() }
            guard generation == claim.generation else { return nil }
            stepping = false
            switch outcome {
            case .failure(let error):
                state = .failed(error)
                failure = error
            case .success(nil):
                state = .finished
            case .success(let produced?):
                for buffer in produced {
                    let bytes = Self.byteCount(of: buffer)
                    queue.append((buffer, bytes))
                    queuedBytes += bytes
                }
                return nil
            }
            defer { producer = nil }
            return producer
        }
        _ = ended
        if let failure { onFailure(failure) }
        for waiter in woken { waiter() }
    }

    /// Queues the worker on the pool when its run can take a step and nothing is taking or about to take one.
    private func scheduleIfIdle() {
        let schedule: Bool = condition.withLock {
            guard case .running = state, !scheduled, !stepping, !waitingForRoom, producer != nil else { return false }
            scheduled = true
            return true
        }
        if schedule { pool.schedule(self) }
    }

    /// Whether a worker that found the queue full may go on: half of it taken (called with the lock held).
    private var hasRoomToResume: Bool {
        queue.count <= bound.buffers / 2 && queuedBytes <= bound.bytes / 2
    }

    /// Whether the queue is at its bound (called with the lock held).
    private var isFull: Bool {
        queue.count >= bound.buffers || (!queue.isEmpty && queuedBytes >= bound.bytes)
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
