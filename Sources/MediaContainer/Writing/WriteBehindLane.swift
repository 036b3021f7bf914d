import Dispatch

/// One write at a time on a background thread, so the kernel's copy of a large chunk into the page cache overlaps
/// with the caller preparing the next one.
///
/// At most one job is in flight: `submit` first waits for the previous job, so memory held by pending writes is
/// one chunk's worth, and writes reach the file in submission order (a crash leaves a prefix of the submitted
/// writes, which the fragmented writer's crash safety relies on). A job's failure is kept and thrown by the next
/// `submit` or `settle`; nothing submitted after a failure runs.
// Safe because `failure` is written by a job before `idle` is signalled and read after waiting on it; jobs run on one
// serial queue.
final class WriteBehindLane: @unchecked Sendable {
    /// A job and everything its memory depends on, handed to the lane's thread whole.
    // Safe because the job's closure and what it captures are handed to the lane's thread whole and used only there.
    struct Job: @unchecked Sendable {
        let run: () throws(ContainerWriterError) -> Void
    }

    private let queue = DispatchQueue(label: "MediaContainer.WriteBehindLane")
    /// Holds one permit while no job is in flight. Also orders `failure`: the job writes it before signalling,
    /// readers read it after waiting.
    private let idle = DispatchSemaphore(value: 1)
    private var failure: ContainerWriterError?

    /// Runs `job` on the lane's thread after the previous one has finished; throws the previous job's failure
    /// instead of running it.
    func submit(_ job: Job) throws(ContainerWriterError) {
        idle.wait()
        if let failure {
            idle.signal()
            throw failure
        }
        queue.async { [self] in
            do throws(ContainerWriterError) { try job.run() } catch { failure = error }
            idle.signal()
        }
    }

    /// Waits until no job is in flight; throws the failure of any earlier job.
    func settle() throws(ContainerWriterError) {
        idle.wait()
        let failure = self.failure
        idle.signal()
        if let failure { throw failure }
    }

    /// Waits until no job is in flight, ignoring failures (before closing or discarding the file).
    func quiesce() {
        idle.wait()
        idle.signal()
    }
}
