import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import AVFoundation

/// The engines' one bounded queue: its resume threshold, its blocking and suspending waiters, its ends, and a
/// cancelled waiter. Every test asserts what was done (counts, order, answers), never how long it took.
@Suite("Bounded queue")
struct BoundedQueueTests {
    typealias Queue = BoundedQueue<Int, TestFailure>

    struct TestFailure: Error, Equatable {
        let reason: String
    }

    /// Runs `body` on a thread of its own (a blocking producer or taker); `done` is signalled when it returns.
    static func onThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        return done
    }

    /// Waits (yielding the processor) until `condition` holds: a state the other thread reaches by itself.
    static func until(_ condition: () -> Bool) {
        while !condition() { sched_yield() }
    }

    @Test("a full queue holds its producer until the takes reach the resume threshold, by count and by bytes")
    func resumeThreshold() {
        let queue = Queue(maximumCount: 4, resumeCount: 1)
        for value in 0..<4 {
            #expect(queue.admitsStep())
            queue.append(contentsOf: [(value, 0)])
        }
        #expect(!queue.admitsStep(), "full at four")
        #expect(queue.isHoldingProducer)
        var released: [Bool] = []
        for _ in 0..<3 { released.append(queue.poll().releasedProducer) }
        #expect(released == [false, false, true], "released by the take that leaves one element, not before")
        #expect(!queue.isHoldingProducer && queue.admitsStep())

        let bytes = Queue(maximumCount: 100, maximumBytes: 100, resumeBytes: 50)
        for value in 0..<4 { bytes.append(contentsOf: [(value, 30)]) }
        #expect(!bytes.admitsStep(), "120 bytes queued passes the bound of 100")
        #expect(bytes.poll().releasedProducer == false, "90 bytes left")
        #expect(bytes.poll().releasedProducer == false, "60 bytes left")
        #expect(bytes.poll().releasedProducer == true, "30 bytes left: at most 50")
    }

    @Test("by default a held producer goes on as soon as there is room; one element always fits an empty queue")
    func defaultThreshold() {
        let queue = Queue(maximumCount: 2, maximumBytes: 10)
        #expect(queue.resumeCount == 1 && queue.resumeBytes == 10)
        queue.append(contentsOf: [(0, 20)])
        #expect(!queue.admitsStep(), "an element over the byte bound fills the queue by itself")
        #expect(queue.poll().releasedProducer)
        #expect(queue.admitsStep())
    }

    @Test("a blocked put stays blocked past the first take and resumes at the threshold; order is kept")
    func blockingPut() {
        let queue = Queue(maximumCount: 4, resumeCount: 1)
        let puts = Counter()
        let producer = Self.onThread {
            for value in 0..<6 {
                _ = queue.put(value)
                puts.increment()
            }
        }
        Self.until { queue.isHoldingProducer }
        #expect(puts.value == 4)
        var taken: [Int] = []
        for _ in 0..<2 {
            taken.append(queue.take().element ?? -1)
            // Three and then two elements queued: both above the threshold, so the producer is still held.
            #expect(queue.isHoldingProducer)
        }
        #expect(puts.value == 4)
        taken.append(queue.take().element ?? -1)
        producer.wait()
        #expect(puts.value == 6)
        queue.finish()
        while let value = queue.take().element { taken.append(value) }
        #expect(taken == Array(0..<6))
    }

    @Test("blocking and suspended takers get every element once, in order per taker, then the end")
    func blockingAndAsyncTakers() async {
        let queue = Queue(maximumCount: 3)
        let blockingTaken = Locked<[Int]>([])
        let blockingTaker = Self.onThread {
            while let value = queue.take().element { blockingTaken.withLock { $0.append(value) } }
        }
        async let asyncTaken: [Int] = {
            var taken: [Int] = []
            while let value = try? await queue.take().element { taken.append(value) }
            return taken
        }()
        for value in 0..<200 {
            let added = (try? await queue.put(value)) ?? false
            #expect(added)
        }
        queue.finish()
        let fromTask = await asyncTaken
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                blockingTaker.wait()
                continuation.resume()
            }
        }
        let fromThread = blockingTaken.withLock { $0 }
        #expect((fromTask + fromThread).sorted() == Array(0..<200))
        #expect(fromTask == fromTask.sorted() && fromThread == fromThread.sorted())
    }

    @Test("cancel wakes every waiter, blocked or suspended, takers and producers; later puts fail")
    func cancelWakesAll() async {
        let empty = Queue(maximumCount: 1)
        let answers = Counter()
        let threads = (0..<3).map { _ in
            Self.onThread {
                if case .cancelled = empty.take() { answers.increment() }
            }
        }
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    guard case .cancelled? = try? await empty.take() else { return false }
                    return true
                }
            }
            empty.cancel()
            for await cancelled in group where cancelled { answers.increment() }
        }
        for thread in threads { thread.wait() }
        #expect(answers.value == 6)
        let added = (try? await empty.put(1)) ?? true
        #expect(!added && empty.isCancelled)

        let full = Queue(maximumCount: 1)
        #expect((try? await full.put(0)) == true)
        let refused = Counter()
        let producer = Self.onThread { if !full.put(1) { refused.increment() } }
        async let suspendedPut = try? await full.put(2)
        full.cancel()
        producer.wait()
        #expect(await suspendedPut == false)
        #expect(refused.value == 1)
        #expect(full.occupancy.count == 0, "cancel drops what was queued")
    }

    @Test("finish and fail end the queue after what is queued; a failure survives a later cancel")
    func ends() {
        let finished = Queue(maximumCount: 4)
        _ = finished.put(1)
        _ = finished.put(2)
        finished.finish()
        #expect(!finished.put(3))
        #expect(finished.take().element == 1 && finished.take().element == 2)
        guard case .finished = finished.take() else { Issue.record("finished after the elements"); return }

        let failed = Queue(maximumCount: 4)
        _ = failed.put(1)
        failed.fail(TestFailure(reason: "decoder"))
        #expect(failed.take().element == 1)
        guard case .failed(let failure) = failed.take() else { Issue.record("failed after the elements"); return }
        #expect(failure.reason == "decoder")
        failed.cancel()
        guard case .failed = failed.take() else { Issue.record("the failure stays the answer"); return }

        failed.reopen()
        #expect(failed.put(7) && failed.take().element == 7, "reopened, the queue works again")
    }

    @Test("a suspended taker whose task is cancelled is resumed and throws; the queue goes on working")
    func cancelledTask() async {
        let queue = Queue(maximumCount: 2)
        let waiter = Task { () -> Bool in
            do {
                _ = try await queue.take()
                return false
            } catch {
                return true
            }
        }
        waiter.cancel()
        #expect(await waiter.value, "the cancelled taker threw CancellationError")
        let producer = Task { () -> Bool in
            let first = try? await queue.put(0)
            let second = try? await queue.put(1)
            #expect(first == true && second == true)
            withUnsafeCurrentTask { $0?.cancel() }
            return (try? await queue.put(2)) == nil
        }
        #expect(await producer.value, "a producer cancelled while the queue is full throws")
        let first = try? await queue.take().element
        let second = try? await queue.take().element
        #expect(first == 0 && second == 1)
        #expect(queue.occupancy.count == 0, "the cancelled put added nothing")
    }

    /// A thread-safe count.
    final class Counter: Sendable {
        private let count = Locked(0)
        var value: Int { count.withLock { $0 } }
        func increment() { count.withLock { $0 += 1 } }
    }

    /// A value behind a lock.
    // Safe because `lock` guards `value`.
    final class Locked<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Value
        init(_ value: Value) { self.value = value }
        func withLock<Result>(_ body: (inout Value) -> Result) -> Result { lock.withLock { body(&value) } }
    }
}
