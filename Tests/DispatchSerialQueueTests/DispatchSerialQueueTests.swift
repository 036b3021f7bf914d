import Dispatch
import Foundation
import Synchronization
import Testing
@testable import _DispatchSerialQueue

/// An actor whose code runs on a queue of its own, the macOS 14 / iOS 17 idiom.
private actor QueueBoundCounter {
    let queue: DispatchSerialQueue
    private(set) var count = 0
    private var inside = false
    private(set) var overlaps = 0
    private(set) var callsOffQueue = 0
    private let marker: DispatchSpecificKey<Int>

    init(queue: DispatchSerialQueue, marker: DispatchSpecificKey<Int>) {
        self.queue = queue
        self.marker = marker
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor { queue.asUnownedSerialExecutor() }

    /// Counts one call; records a call that ran off the queue, or while another was inside.
    func increment() {
        if DispatchQueue.getSpecific(key: marker) != 1 { callsOffQueue += 1 }
        if inside { overlaps += 1 }
        inside = true
        // Long enough that two calls running at once would meet here.
        for _ in 0..<200 { _ = DispatchQueue.getSpecific(key: marker) }
        count += 1
        inside = false
    }

    func bump() { count += 1 }
}

@Suite("DispatchSerialQueue as an actor's executor")
struct DispatchSerialQueueTests {
    private func run(on queue: DispatchSerialQueue) async -> (count: Int, overlaps: Int, offQueue: Int) {
        let marker = DispatchSpecificKey<Int>()
        queue.setSpecific(key: marker, value: 1)
        let counter = QueueBoundCounter(queue: queue, marker: marker)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<400 { group.addTask { await counter.increment() } }
        }
        return (await counter.count, await counter.overlaps, await counter.callsOffQueue)
    }

    @Test("an actor's methods run on its queue, one at a time")
    func runsOnTheQueue() async {
        let result = await run(on: DispatchSerialQueue(label: "actor-queue"))
        #expect(result.count == 400)
        #expect(result.overlaps == 0)
        #expect(result.offQueue == 0)
    }

    @Test("a queue made concurrent still runs the actor's jobs one at a time")
    func concurrentQueueIsSerialised() async {
        let result = await run(on: DispatchQueue(label: "concurrent", attributes: .concurrent))
        #expect(result.count == 400)
        #expect(result.overlaps == 0)
        #expect(result.offQueue == 0)
    }

    @Test("work submitted to the queue may assume the actor's isolation")
    func assumeIsolatedOnTheQueue() async {
        let queue = DispatchSerialQueue(label: "assume")
        let counter = QueueBoundCounter(queue: queue, marker: DispatchSpecificKey<Int>())
        let done = Mutex(false)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                counter.assumeIsolated { $0.bump() }
                done.withLock { $0 = true }
                continuation.resume()
            }
        }
        #expect(done.withLock { $0 })
        #expect(await counter.count == 1)
    }

    @Test("the global queues are told apart from queues code makes (they cannot be serial executors)")
    func globalQueuesAreRecognised() {
        #expect(DispatchQueueKind.isGlobal(.global()))
        #expect(DispatchQueueKind.isGlobal(.global(qos: .utility)))
        #expect(DispatchQueueKind.isGlobal(.global(qos: .userInteractive)))
        #expect(!DispatchQueueKind.isGlobal(.main))
        #expect(!DispatchQueueKind.isGlobal(DispatchSerialQueue(label: "mine")))
        #expect(!DispatchQueueKind.isGlobal(DispatchQueue(label: "mine", target: .global())))
    }

    /// Set in the child process of `globalQueueIsRefused`.
    static let globalQueueChildVariable = "LAVF_DISPATCH_GLOBAL_EXECUTOR_CHILD"

    @Test("an actor whose executor is a global queue stops the program with a message naming the queue")
    func globalQueueIsRefused() async throws {
        if ProcessInfo.processInfo.environment[Self.globalQueueChildVariable] != nil {
            // The child: this must stop the process before the call returns.
            let counter = QueueBoundCounter(queue: .global(qos: .utility), marker: DispatchSpecificKey<Int>())
            await counter.bump()
            return
        }
        // The parent: the same test in a child process, which is expected to die.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["--testing-library", "swift-testing", "--filter", "DispatchSerialQueueTests/globalQueueIsRefused"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.globalQueueChildVariable] = "1"
        child.environment = environment
        let errors = Pipe()
        child.standardOutput = FileHandle.nullDevice
        child.standardError = errors
        try child.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal, "status \(child.terminationStatus)")
        #expect(message.contains("com.apple.root.utility-qos"), "stderr: \(message.suffix(600))")
        #expect(message.contains("cannot be an actor's serial executor"))
    }
}
