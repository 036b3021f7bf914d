import Foundation

/// The threads that run every output's read-ahead in the process: at most `threadLimit` of them, however many
/// outputs read (2,000 tracks once meant 2,000 threads, each reserving an 8 MiB stack: under a 4 GiB address-space
/// limit thread creation failed and the export waited for ever for a thread that never ran).
///
/// Work is a `ReadAheadWorker` with room in its queue. A thread takes the oldest, runs its steps until the queue is
/// full or it has had a turn while others wait, and takes the next. No one depends on a thread of the pool existing:
/// a reader that finds its output's queue empty runs the next step itself (`ReadAheadWorker.take()`), so when the
/// system refuses every thread, reading still goes on, one step at a time on the reader's own thread. Threads that
/// stay idle for `idleLifetime` seconds exit; the pool starts them again when there is work.
///
/// Thread safety: `condition` guards every `var`.
// Safe because `condition` guards every `var`.
final class ReadAheadPool: @unchecked Sendable {
    static let shared = ReadAheadPool(threadLimit: ReadingLimits.readAheadThreads)

    let threadLimit: Int
    /// How long a thread with nothing to do waits for work before it exits.
    static let idleLifetime: TimeInterval = 10
    /// The stack of a pool thread: decoders run on it (as they did on a thread of Foundation's default size).
    static let stackSize = 8 << 20

    private let condition = NSCondition()
    /// Workers waiting for a thread, oldest first, from `head` on (taken from the front without moving the rest).
    private var ready: [ReadAheadWorker?] = []
    private var head = 0
    private var threads = 0
    private var idleThreads = 0
    /// Threads the system refused so far (for tests and diagnostics).
    private var refusals = 0

    /// A pool of at most `threadLimit` threads (0: none, every step runs on its reader's thread; for tests).
    init(threadLimit: Int) {
        self.threadLimit = max(0, threadLimit)
    }

    /// Queues `worker` for a turn (it has said it is not queued already), starting a thread when none is idle and
    /// the limit allows.
    func schedule(_ worker: ReadAheadWorker) {
        let startThread: Bool = condition.withLock {
            ready.append(worker)
            if idleThreads > 0 {
                condition.signal()
                return false
            }
            guard threads < threadLimit else { return false }
            threads += 1
            return true
        }
        guard startThread else { return }
        do {
            try DetachedThread.start(name: "AVFoundation read-ahead", stackSize: Self.stackSize) { [self] in serve() }
        } catch {
            // The work is still done: by a thread of the pool that exists, or by the reader itself.
            condition.withLock {
                threads -= 1
                refusals += 1
            }
        }
    }

    /// Whether workers are waiting for a thread (a worker that has had its turn then yields).
    var hasWaitingWork: Bool { condition.withLock { head < ready.count } }

    /// Threads running now, and how many the system refused so far.
    var statistics: (threads: Int, refusals: Int) { condition.withLock { (threads, refusals) } }

    /// A pool thread: takes workers in turn until it has been idle for `idleLifetime`.
    private func serve() {
        while let worker = nextWorker() {
            worker.runTurn(in: self)
        }
    }

    private func nextWorker() -> ReadAheadWorker? {
        condition.withLock { () -> ReadAheadWorker? in
            while head == ready.count {
                idleThreads += 1
                let woken = condition.wait(until: Date(timeIntervalSinceNow: Self.idleLifetime))
                idleThreads -= 1
                if !woken, head == ready.count {
                    threads -= 1
                    return nil
                }
            }
            let worker = ready[head]
            ready[head] = nil
            head += 1
            if head == ready.count {
                ready.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 64, head * 2 >= ready.count {
                ready.removeFirst(head)
                head = 0
            }
            return worker
        }
    }
}
