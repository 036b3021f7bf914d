import CoreMedia
import Foundation
import Testing
@testable import AVFoundation

/// The read-ahead queue under an output: its bounds, what it keeps, and how it stops.
@Suite("Read-ahead worker")
struct ReadAheadWorkerTests {
    /// Makes `limit` small PCM-like buffers of `bytes` bytes each (no limit: forever), counting what it made.
    final class Endless: SampleProducer, @unchecked Sendable {
        let lock = NSLock()
        var made = 0
        let bytes: Int
        let limit: Int?

        init(bytes: Int, limit: Int? = nil) {
            self.bytes = bytes
            self.limit = limit
        }

        func next() throws(ReadingFailure) -> [CMSampleBuffer]? {
            let count: Int = lock.withLock { made += 1; return made }
            if let limit, count > limit { return nil }
            var block: CMBlockBuffer?
            CMBlockBufferCreateWithMemoryBlock(allocator: nil, memoryBlock: nil, blockLength: bytes, blockAllocator: nil,
                                               customBlockSource: nil, offsetToData: 0, dataLength: bytes,
                                               flags: kCMBlockBufferAssureMemoryNowFlag, blockBufferOut: &block)
            var buffer: CMSampleBuffer?
            var size = bytes
            var timing = CMSampleTimingInfo(duration: CMTime(value: 1, timescale: 30),
                                            presentationTimeStamp: CMTime(value: Int64(count), timescale: 30), decodeTimeStamp: .invalid)
            CMSampleBufferCreateReady(allocator: nil, dataBuffer: block, formatDescription: nil, sampleCount: 1,
                                      sampleTimingEntryCount: 1, sampleTimingArray: &timing, sampleSizeEntryCount: 1,
                                      sampleSizeArray: &size, sampleBufferOut: &buffer)
            return buffer.map { [$0] } ?? []
        }
    }

    @Test("a worker nobody reads stops at its bound (buffers or bytes) and exits when cancelled")
    func bounds() throws {
        for (bytes, expectedBuffers) in [(1024, ReadingLimits.readAheadBuffers),
                                         (ReadingLimits.readAheadBytes / 3 + 1, 3)] {
            let producer = Endless(bytes: bytes)
            let worker = ReadAheadWorker(name: "test") { _ in }
            worker.start(producer)
            // Wait (as long as a loaded machine needs) until the queue reaches its bound; then the worker must
            // have parked: a little later it has made nothing more.
            let deadline = Date(timeIntervalSinceNow: 60)
            while worker.readAhead.buffers < expectedBuffers && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            Thread.sleep(forTimeInterval: 0.2)
            #expect(worker.readAhead.buffers == expectedBuffers)
            #expect(producer.lock.withLock { producer.made } == expectedBuffers)
            #expect(worker.readAhead.buffers <= ReadingLimits.readAheadBuffers)
            worker.cancel()
            #expect(worker.waitUntilStopped(timeout: 60))
            #expect(worker.readAhead.buffers == 0)
        }
    }

    /// Makes one buffer per step, each step held until the test lets it go.
    final class Gated: SampleProducer, @unchecked Sendable {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let inner = Endless(bytes: 16, limit: 2)

        func next() throws(ReadingFailure) -> [CMSampleBuffer]? {
            entered.signal()
            release.wait()
            return try inner.next()
        }
    }

    @Test("an async caller suspends while another thread runs the step, and is resumed when it publishes or stops")
    func suspendsInsteadOfBlocking() async throws {
        let producer = Gated()
        let worker = ReadAheadWorker(name: "test") { _ in }
        worker.start(producer)
        // A pool thread is now in the step (held at the gate): the caller suspends on the queue.
        #expect(producer.entered.wait(timeout: .now() + 60) == .success)
        let first = Task { try await worker.take() }
        producer.release.signal()
        guard case .buffer = try await first.value else {
            Issue.record("the buffer the step made reaches the suspended caller")
            return
        }
        // The next step is held at the gate again; cancelling the worker resumes a suspended caller.
        #expect(producer.entered.wait(timeout: .now() + 60) == .success)
        let second = Task { try await worker.take() }
        worker.cancel()
        guard case .cancelled = try await second.value else {
            Issue.record("a cancelled worker answers cancelled")
            return
        }
        producer.release.signal()
        #expect(worker.waitUntilStopped(timeout: 60))
    }

    @Test("a suspended caller whose task is cancelled is resumed and throws; the worker is left reading")
    func cancelledCaller() async throws {
        let producer = Gated()
        let worker = ReadAheadWorker(name: "test") { _ in }
        worker.start(producer)
        #expect(producer.entered.wait(timeout: .now() + 60) == .success)
        let waiter = Task { try await worker.take() }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        producer.release.signal()
        guard case .buffer = try await worker.take() else {
            Issue.record("the step's buffer is still there for the next caller")
            return
        }
        worker.cancel()
        producer.release.signal()
        #expect(worker.waitUntilStopped(timeout: 60))
    }

    @Test("a buffer handed out is not kept by the queue")
    func handsOutWithoutKeeping() throws {
        let worker = ReadAheadWorker(name: "test") { _ in }
        worker.start(Endless(bytes: 4096, limit: 100))
        weak var handedOut: CMSampleBuffer?
        var taken = 0
        while case .buffer(let buffer) = worker.take() {
            taken += 1
            if taken == 1 { handedOut = buffer }
        }
        #expect(taken == 100)
        #expect(handedOut == nil, "the first buffer was freed once its caller let it go")
        #expect(worker.waitUntilStopped(timeout: 60))
    }

    @Test("a failure reaches the caller after the buffers made before it, and is reported at once")
    func failure() throws {
        final class Failing: SampleProducer {
            var step = 0
            func next() throws(ReadingFailure) -> [CMSampleBuffer]? {
                step += 1
                if step > 2 { throw ReadingFailure(.mediaData, "sample 2 is cut off") }
                return try Endless(bytes: 16, limit: 1).next()
            }
        }
        let reported = NSLock()
        nonisolated(unsafe) var failures: [ReadingFailure] = []
        let worker = ReadAheadWorker(name: "test") { failure in reported.withLock { failures.append(failure) } }
        worker.start(Failing())
        var buffers = 0
        var outcome: String?
        loop: while true {
            switch worker.take() {
            case .buffer: buffers += 1
            case .failed(let failure): outcome = failure.message; break loop
            case .end, .cancelled: break loop
            }
        }
        #expect(buffers == 2)
        #expect(outcome == "sample 2 is cut off")
        #expect(worker.waitUntilStopped(timeout: 60))
        #expect(reported.withLock { failures.count } == 1)
    }

    /// Every buffer `worker` hands out until its end, counted; nil when it ended otherwise.
    static func drain(_ worker: ReadAheadWorker) -> Int? {
        var taken = 0
        while true {
            switch worker.take() {
            case .buffer: taken += 1
            case .end: return taken
            case .failed, .cancelled: return nil
            }
        }
    }

    /// Under a resource limit the system may refuse every thread; the reader then runs the steps itself.
    @Test("with no thread at all, reading still goes on: the reader runs the steps")
    func noThreads() throws {
        let pool = ReadAheadPool(threadLimit: 0)
        let worker = ReadAheadWorker(name: "test", pool: pool) { _ in }
        worker.start(Endless(bytes: 512, limit: 100))
        #expect(Self.drain(worker) == 100)
        #expect(pool.statistics.threads == 0)
        #expect(worker.waitUntilStopped(timeout: 60))
    }

    /// 2,000 one-sample tracks once meant 2,000 threads. Outputs share the pool's threads; read in turn, every one
    /// reaches its end.
    @Test("many outputs share a bounded number of threads, and each is read to its end")
    func boundedThreads() throws {
        let pool = ReadAheadPool(threadLimit: 2)
        let workers = (0..<200).map { _ in ReadAheadWorker(name: "test", pool: pool) { _ in } }
        for worker in workers { worker.start(Endless(bytes: 256, limit: 40)) }
        var peakThreads = 0
        var counts = [Int](repeating: 0, count: workers.count)
        var open = Set(workers.indices)
        while !open.isEmpty {
            for index in open.sorted() {
                peakThreads = max(peakThreads, pool.statistics.threads)
                switch workers[index].take() {
                case .buffer: counts[index] += 1
                case .end: open.remove(index)
                case .failed, .cancelled: Issue.record("worker \(index) did not end"); open.remove(index)
                }
            }
        }
        #expect(counts.allSatisfy { $0 == 40 })
        #expect(peakThreads <= 2, "\(peakThreads) threads for \(workers.count) outputs")
    }

    /// A video composition reads its sources from a step of its own worker. With every pool thread busy in such
    /// steps, the sources' steps run on the thread that waits for them, instead of waiting for a free one.
    @Test("read-ahead nested in a step completes on a pool of one thread")
    func nested() throws {
        final class Outer: SampleProducer, @unchecked Sendable {
            let inner: ReadAheadWorker
            init(inner: ReadAheadWorker) { self.inner = inner }
            func next() throws(ReadingFailure) -> [CMSampleBuffer]? {
                switch inner.take() {
                case .buffer(let buffer): return [buffer]
                case .end: return nil
                case .failed(let failure): throw failure
                case .cancelled: throw ReadingFailure(.mediaData, "cancelled")
                }
            }
        }
        let pool = ReadAheadPool(threadLimit: 1)
        let outers = (0..<4).map { _ in
            let inner = ReadAheadWorker(name: "inner", pool: pool) { _ in }
            inner.start(Endless(bytes: 128, limit: 50))
            let outer = ReadAheadWorker(name: "outer", pool: pool) { _ in }
            outer.start(Outer(inner: inner))
            return outer
        }
        for outer in outers { #expect(Self.drain(outer) == 50) }
    }

    /// Stored samples of `bytes` bytes made in batches, as a passthrough output's are, noting the thread of each call.
    final class Stored: SampleProducer, @unchecked Sendable {
        let inner: Endless
        let lock = NSLock()
        var threads: [ObjectIdentifier] = []

        init(bytes: Int) { inner = Endless(bytes: bytes) }

        var makesBatchesWithoutWaiting: Bool { true }

        func next() throws(ReadingFailure) -> [CMSampleBuffer]? {
            lock.withLock { threads.append(ObjectIdentifier(Thread.current)) }
            return try inner.next()
        }

        var made: Int { inner.lock.withLock { inner.made } }
    }

    /// Takes buffers until the queue holds `left` or fewer.
    static func take(_ worker: ReadAheadWorker, downTo left: Int) {
        while worker.readAhead.buffers > left {
            guard case .buffer = worker.take() else { Issue.record("the run ended"); return }
        }
    }

    @Test("tiny stored samples are read on demand after the first batch, on the caller's thread; larger ones ahead")
    func tinySamplesOnDemand() throws {
        let batch = ReadingLimits.storedSampleReadAheadBuffers
        for (bytes, onDemand) in [(16, true), (2 * ReadingLimits.onDemandBytesPerBuffer, false)] {
            let producer = Stored(bytes: bytes)
            let worker = ReadAheadWorker(name: "test", bound: .storedSamples) { _ in }
            worker.start(producer)
            // The first batch is made ahead, on a pool thread, up to the bound.
            let deadline = Date(timeIntervalSinceNow: 60)
            while worker.readAhead.buffers < batch && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            #expect(worker.readAhead.buffers == batch)
            // Taking half releases the producer: read ahead, a pool thread refills the queue; on demand, nothing is
            // made until the caller finds the queue empty.
            Self.take(worker, downTo: batch / 2 - 1)
            Thread.sleep(forTimeInterval: 0.3)
            if onDemand {
                #expect(producer.made == batch)
            } else {
                while producer.made <= batch && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
                #expect(producer.made > batch)
            }
            if onDemand {
                // Emptied, the queue is refilled by the caller's own step.
                let before = producer.lock.withLock { producer.threads.count }
                Self.take(worker, downTo: 0)
                guard case .buffer = worker.take() else { Issue.record("the run ended"); return }
                let callers = producer.lock.withLock { Set(producer.threads[before...]) }
                #expect(callers == [ObjectIdentifier(Thread.current)])
                #expect(producer.made > batch)
            }
            worker.cancel()
            #expect(worker.waitUntilStopped(timeout: 60))
        }
    }
}
