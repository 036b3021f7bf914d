// Dispatch's serial-queue type and its use as an actor's executor (macOS 14, iOS 17), which Linux's Dispatch lacks.
//
// Apple declares `DispatchSerialQueue` as a subclass of `DispatchQueue` that conforms to `SerialExecutor`, so that
//
//     actor Store {
//         let queue = DispatchSerialQueue(label: "store")
//         nonisolated var unownedExecutor: UnownedSerialExecutor { queue.asUnownedSerialExecutor() }
//     }
//
// runs the actor's code on the queue. Linux's `DispatchQueue` is `public`, not `open`, so no subclass can be
// declared outside its module, and a wrapper class could not be passed where code expects a `DispatchQueue`
// (`dispatchPrecondition(condition: .onQueue(queue))`, `requestMediaDataWhenReady(on:using:)`). The one shape that
// keeps Apple's spelling and lets the queue go everywhere a queue goes is a type alias, with the executor
// conformance on `DispatchQueue` itself. That conformance and its two members are names Apple declares only on the
// subclass; scripts/api-surface/known-extras.txt lists them with this reason.
//
// If a later Linux toolchain's Dispatch declares `DispatchSerialQueue`, this module must go: the alias would be
// ambiguous with it.
@_exported import Dispatch

/// A queue that runs one work item at a time, in order. Here the same type as `DispatchQueue`; make it without
/// `.concurrent` attributes (Apple's initialiser has no `attributes` parameter) and use it as an actor's executor
/// through `asUnownedSerialExecutor()`.
public typealias DispatchSerialQueue = DispatchQueue

extension DispatchQueue: @retroactive SerialExecutor {
    /// Runs an actor's job on the queue. A barrier keeps the jobs one at a time even on a queue made concurrent (a
    /// barrier makes such a queue wait for everything before it and hold back everything after it).
    ///
    /// The global queues ignore barriers, so an actor on one would run two jobs at once: that is refused with a
    /// precondition failure naming the queue, where Apple's compiler refuses it (`DispatchQueue.global()` is not a
    /// `DispatchSerialQueue` there).
    public func enqueue(_ job: consuming ExecutorJob) {
        precondition(!DispatchQueueKind.isGlobal(self), """
            DispatchSerialQueue: "\(label)" is a global concurrent queue and cannot be an actor's serial executor; \
            make a queue of your own (DispatchSerialQueue(label:))
            """)
        let unownedJob = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        async(flags: .barrier) {
            unownedJob.runSynchronously(on: executor)
        }
    }

    /// Stops the program unless the caller runs on this queue: what `assumeIsolated` and the runtime's isolation
    /// checks call for an actor whose executor is this queue. Apple's traps the same way.
    public func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(self))
    }
}

/// Tells the global queues apart from queues code made.
enum DispatchQueueKind {
    /// libdispatch names its global (root) queues "com.apple.root.<qos>-qos[.overcommit]" on every platform; a queue
    /// code makes with that label prefix is not a root queue, but no program has reason to name its queue so.
    static func isGlobal(_ queue: DispatchQueue) -> Bool {
        queue.label.hasPrefix("com.apple.root.")
    }
}
