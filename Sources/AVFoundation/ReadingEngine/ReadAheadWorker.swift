import CoreMedia
import CoreVideo
import Foundation

/// One output's read-ahead: a worker thread that runs a `SampleProducer` into a bounded queue, and the caller's
/// end of that queue.
///
/// Bounds (`ReadAheadBound`, normally `ReadingLimits`'s): the worker stops producing while the queue holds `buffers`
/// buffers or `bytes` bytes of sample data (one more step's buffers may land on top of that: a decoder step yields at
/// most a few pictures), so memory stays bounded whatever the caller does, including never reading. Once full, the
/// worker waits until the caller has taken half of the queue: the two threads then hand over batches instead of
/// waking each other for every buffer (a context switch per sample was half the cost of a remux).
///
/// Independence: each output has its own worker and reads the mapped file itself, so an output nobody reads only
/// parks its own worker on its full queue; every other output goes on to its end.
///
/// Cancellation: `cancel()` wakes the worker, which stops before its next step (one sample decoded, one buffer
/// made) and releases its producer (decoders are freed on the worker thread as it exits).
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

    /// A producer handed to the worker thread, which alone uses it from then on.
    private struct Handoff: @unchecked Sendable {
        let producer: any SampleProducer
    }

    private let name: String
    private let bound: ReadAheadBound
    private let onFailure: @Sendable (ReadingFailure) -> Void
    private let condition = NSCondition()
    /// The buffers read ahead, oldest first (a handful: removing from the front is cheap, and a buffer handed out
    /// must not stay referenced here).
    private var queue: [(buffer: CMSampleBuffer, bytes: Int)] = []
    private var queuedBytes = 0
    /// The worker found the queue full and waits until it is half empty.
    private var waitingForRoom = false
    private var state = State.idle
    /// Incremented by every start and cancel, so a worker left over from an earlier run stops at once.
    private var generation = 0
    private var runningWorkers = 0
    /// The producer of the current run, told to stop waiting by `cancel()`.
    private var producer: (any SampleProducer)?

    /// A worker named `name` (the thread's name) that reports a failure to `onFailure` as soon as it happens.
    init(name: String, bound: ReadAheadBound = .standard, onFailure: @escaping @Sendable (ReadingFailure) -> Void) {
        self.name = name
        self.bound = bound
        self.onFailure = onFailure
    }

    /// Starts reading with `producer`, discarding what an earlier run left.
    func start(_ producer: any SampleProducer) {
        let handoff = Handoff(producer: producer)
        let (runGeneration, previous): (Int, (any SampleProducer)?) = condition.withLock {
            generation += 1
            queue.removeAll()
            queuedBytes = 0
            state = .running
            runningWorkers += 1
            defer { self.producer = producer }
            return (generation, self.producer)
        }
        previous?.cancel()
        let thread = Thread { [self] in
            run(handoff.producer, generation: runGeneration)
        }
        thread.name = name
        thread.start()
    }

    /// The next item, waiting while the worker is still producing and the queue is empty.
    func take() -> Item {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if !queue.isEmpty {
                let (buffer, bytes) = queue.removeFirst()
                queuedBytes -= bytes
                if waitingForRoom, hasRoomToResume { condition.broadcast() }
                return .buffer(buffer)
            }
            switch state {
            case .idle, .finished: return .end
            case .failed(let failure): return .failed(failure)
            case .cancelled: return .cancelled
            case .running: condition.wait()
            }
        }
    }

    /// Stops the worker promptly and drops what it read ahead.
    func cancel() {
        let running: (any SampleProducer)? = condition.withLock {
            generation += 1
            queue.removeAll()
            queuedBytes = 0
            // A failure stays reported as such; anything else becomes cancelled.
            if case .failed = state {} else { state = .cancelled }
            condition.broadcast()
            defer { producer = nil }
            return producer
        }
        running?.cancel()
    }

    /// Waits until no worker thread runs, or `timeout` seconds pass; returns whether none runs.
    func waitUntilStopped(timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while runningWorkers > 0 {
            if !condition.wait(until: deadline) { return runningWorkers == 0 }
        }
        return true
    }

    /// Buffers and bytes read ahead now (for tests of the bounds).
    var readAhead: (buffers: Int, bytes: Int) { condition.withLock { (queue.count, queuedBytes) } }

    // MARK: Worker thread

    private func run(_ producer: any SampleProducer, generation runGeneration: Int) {
        defer {
            let finished: (any SampleProducer)? = condition.withLock {
                runningWorkers -= 1
                condition.broadcast()
                guard generation == runGeneration else { return nil }
                defer { self.producer = nil }
                return self.producer
            }
            _ = finished  // released here, outside the lock (a producer's deinit frees decoders)
        }
        while true {
            // Wait for room (half the queue, once it was full), or stop.
            let proceed: Bool = condition.withLock {
                if isFull { waitingForRoom = true }
                while generation == runGeneration, waitingForRoom, !hasRoomToResume { condition.wait() }
                waitingForRoom = false
                return generation == runGeneration
            }
            guard proceed else { return }
            let produced: [CMSampleBuffer]?
            do {
                produced = try producer.next()
            } catch {
                let report: Bool = condition.withLock {
                    guard generation == runGeneration else { return false }
                    state = .failed(error)
                    condition.broadcast()
                    return true
                }
                if report { onFailure(error) }
                return
            }
            let keepGoing: Bool = condition.withLock {
                guard generation == runGeneration else { return false }
                guard let produced else {
                    state = .finished
                    condition.broadcast()
                    return false
                }
                for buffer in produced {
                    let bytes = Self.byteCount(of: buffer)
                    queue.append((buffer, bytes))
                    queuedBytes += bytes
                }
                if !produced.isEmpty { condition.broadcast() }
                return true
            }
            guard keepGoing else { return }
        }
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
