import CoreMedia
import Foundation
import Synchronization

/// One running export: it reads the asset with an `AVAssetReader`, turns each track into what the preset asks
/// (`ExportTrack`: passed through, or decoded, scaled and encoded on stage threads of its own) and writes the result
/// with an `AVAssetWriter` whose inputs take the samples as they are. docs/export.md draws the pipeline.
///
/// The job runs on its own thread (`run`), which builds the pipeline, waits for every track to end, and finishes
/// the file. `cancel()` and a failure anywhere stop everything promptly: the writer is cancelled (it removes the
/// partial output and its temporary files), the reader is cancelled, every queue is cancelled so no stage waits,
/// and the job removes its own temporary files once its stage threads have returned. `completion` is called exactly
/// once, after all of that.
///
/// Thread safety: `lock` guards every `var` (`stopFlag` mirrors `stopping` for lock-free reads); the reader, writer and stages are used from their own threads and are
/// thread-safe themselves.
// Safe because `lock` guards every `var`; the reader, writer and stages are thread-safe themselves.
final class ExportJob: @unchecked Sendable {
    let request: ExportRequest
    /// The plan to carry out, when the caller made it (a segmented export's pieces and stitch); `nil`: the job plans
    /// the request itself.
    let givenPlan: ExportPlan?
    private let reportProgress: @Sendable (Float) -> Void
    private let completion: @Sendable (ExportOutcome) -> Void

    private let lock = NSCondition()
    private var stopping = false
    /// `stopping`, readable without the lock: every track asks before each sample.
    private let stopFlag = Atomic<Bool>(false)
    private var cancelled = false
    private var failure: AVError?
    private var reader: AVAssetReader?
    private var writer: AVAssetWriter?
    private var cancellables: [any ExportCancellable] = []
    /// Tracks whose writer input is not finished yet.
    private var openTracks = 0
    /// Set when `fileLengthLimit` refused a sample: the time from which no track takes samples.
    private var cut: CMTime?
    /// Threads of this job's stages; waited for before the job completes.
    let threads = DispatchGroup()
    /// The progress made so far, per part (see `ExportProgress`).
    let progress: ExportProgress

    init(request: ExportRequest, plan: ExportPlan? = nil, progress: @escaping @Sendable (Float) -> Void,
         completion: @escaping @Sendable (ExportOutcome) -> Void) {
        self.request = request
        givenPlan = plan
        reportProgress = progress
        self.completion = completion
        self.progress = ExportProgress()
    }

    /// Starts the job on its own thread; when the system refuses the thread, the export fails at once with the cause
    /// (nothing would ever run it).
    func start() {
        do {
            try DetachedThread.start(name: "AVAssetExportSession", stackSize: ExportThreads.stackSize) { [self] in
                let outcome = run()
                completion(outcome)
            }
        } catch {
            completion(.failed(ExportFailure.stage(.exportFailed, "the export could not start", underlying: error)))
        }
    }

    /// Stops the export; it ends as cancelled (unless it had already failed or completed).
    func cancel() { stop(cancelling: true, failure: nil) }

    /// Stops the export with `error` (the first failure wins).
    func fail(_ error: AVError) { stop(cancelling: false, failure: error) }

    /// True once the export is being stopped (cancelled or failed).
    var isStopping: Bool { stopFlag.load(ordering: .acquiring) }

    /// The time from which no track takes samples, once `fileLengthLimit` refused one.
    var cutTime: CMTime? { lock.withLock { cut } }

    /// True once `fileLengthLimit` refused a sample.
    var isTruncated: Bool { cutTime != nil }

    private func stop(cancelling: Bool, failure error: AVError?) {
        let (writer, reader, cancellables): (AVAssetWriter?, AVAssetReader?, [any ExportCancellable]) = lock.withLock {
            guard !stopping else { return (nil, nil, []) }
            stopping = true
            stopFlag.store(true, ordering: .releasing)
            cancelled = cancelling
            failure = error
            lock.broadcast()
            return (self.writer, self.reader, self.cancellables)
        }
        // The writer first: it removes the partial output before anything else can touch it.
        writer?.cancelWriting()
        reader?.cancelReading()
        for item in cancellables { item.cancelStage() }
    }

    /// Registers what a stop must cancel; cancels it at once if the job is already stopping.
    func register(reader: AVAssetReader? = nil, writer: AVAssetWriter? = nil, _ items: [any ExportCancellable] = []) {
        let stopNow: Bool = lock.withLock {
            if let reader { self.reader = reader }
            if let writer { self.writer = writer }
            cancellables += items
            return stopping
        }
        if stopNow {
            writer?.cancelWriting()
            reader?.cancelReading()
            for item in items { item.cancelStage() }
        }
    }

    /// `fileLengthLimit` refused a sample starting at `time`: no track takes samples from then on.
    func truncate(at time: CMTime) {
        lock.withLock {
            guard time.isNumeric else { return }
            cut = cut.map { min($0, time) } ?? time
        }
    }

    /// Stops the reader and the stages once the tracks have ended early (`fileLengthLimit`): what they would still
    /// produce is not wanted, and their threads must not wait for a consumer that is gone.
    private func stopStages() {
        let (reader, cancellables) = lock.withLock { (self.reader, self.cancellables) }
        reader?.cancelReading()
        for item in cancellables { item.cancelStage() }
    }

    /// A track's writer input was marked finished.
    func trackFinished() {
        lock.withLock {
            openTracks -= 1
            lock.broadcast()
        }
    }

    /// Reports progress to the session.
    func progressed() {
        reportProgress(progress.fraction)
    }

    // MARK: Running

    /// Runs the export and returns how it ended.
    private func run() -> ExportOutcome {
        var pipeline: ExportPipeline?
        do {
            let built = try ExportPipeline(job: self)
            pipeline = built
            try built.runAnalysisPass()
            try checkStopping()
            let tracks = try built.start()
            lock.withLock { openTracks = tracks }
            for (track, queue) in zip(built.tracks, built.feedQueues()) { track.startFeeding(on: queue) }
            // Wait for every track to end, or for a stop.
            lock.withLock {
                while openTracks > 0, !stopping { lock.wait() }
            }
            try checkStopping()
            if isTruncated { stopStages() }
            try built.finishWriting()
        } catch {
            let avError = ExportFailure.avError(error)
            if !(error is ExportStopped) { fail(avError) }
        }
        // Stage threads return promptly once their queues are cancelled or finished; temporary files go after.
        threads.wait()
        pipeline?.removeTemporaryFiles()
        let outcome: ExportOutcome = lock.withLock {
            if let failure { return .failed(failure) }
            if cancelled { return .cancelled }
            return .completed
        }
        if case .completed = outcome {} else { settleOutput() }
        // Whoever still holds the job (to cancel it) must not hold what the export ran on: its reader's decoders and
        // read-ahead, its stages' encoders and picture pools, its writer (tens of megabytes at 1080p).
        lock.withLock {
            reader = nil
            writer = nil
            cancellables = []
        }
        return outcome
    }

    /// An export that did not complete has left no output by the time its session hears of it. A stop cancels the
    /// writer on the thread that failed, after waking this one, so this thread can get here while that cancel is
    /// still removing the file (the avexport-fuzz target saw `out.mov` left in about one run in 80): cancelling
    /// again waits until the first cancel is done. A failure that reaches the job after the writer completed the
    /// file finds nothing to cancel: the job removes the file it made.
    private func settleOutput() {
        guard let writer = lock.withLock({ self.writer }) else { return }
        writer.cancelWriting()
        if writer.status == .completed { try? FileManager.default.removeItem(at: writer.outputURL) }
    }

    /// Throws `ExportStopped` when the job is stopping.
    func checkStopping() throws {
        if isStopping { throw ExportStopped() }
    }
}

/// Thrown inside the job when it was stopped; the outcome is already recorded.
struct ExportStopped: Error {}

/// Something a stopping export must cancel: a stage whose threads may be waiting.
protocol ExportCancellable: AnyObject, Sendable {
    /// Cancels the stage's queues so that none of its threads keeps waiting.
    func cancelStage()
}

/// Threads of the export's stages.
enum ExportThreads {
    /// Stack size of the job's and stages' threads: codec calls (x264's analysis, swscale) run on them, and Linux's
    /// 512 KiB default for secondary threads is tight for them; 4 MiB is what the main thread gets.
    static let stackSize = 4 << 20

    /// Runs `body` on a new named thread counted in `groups`; when the system refuses the thread, `job` fails with the
    /// cause and the groups are left at once, so that no one waits for a thread that never ran.
    static func spawn(_ name: String, in groups: [DispatchGroup], failing job: ExportJob,
                      _ body: @escaping @Sendable () -> Void) {
        for group in groups { group.enter() }
        do {
            try DetachedThread.start(name: name, stackSize: stackSize) {
                body()
                for group in groups { group.leave() }
            }
        } catch {
            for group in groups { group.leave() }
            job.fail(ExportFailure.stage(.exportFailed, "the export could not start its \(name) stage",
                                         underlying: error))
        }
    }
}

extension ExportJob {
    /// Runs an export of `request` carrying out `plan` (`nil`: the job plans the request) on a job of its own and
    /// waits for it; throws its failure. `started` gets the job before it runs, so that the caller can cancel it.
    static func run(_ request: ExportRequest, plan: ExportPlan?,
                    progress: @escaping @Sendable (Float) -> Void = { _ in },
                    started: (ExportJob) -> Void = { _ in }) throws {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<ExportOutcome?>(nil)
        let job = ExportJob(request: request, plan: plan, progress: progress) { outcome in
            result.withLock { $0 = outcome }
            done.signal()
        }
        started(job)
        job.start()
        done.wait()
        switch result.withLock({ $0 }) {
        case .completed?: return
        case .failed(let error)?: throw error
        case .cancelled?, nil: throw AVError(.operationCancelled, "the export was cancelled")
        }
    }
}
