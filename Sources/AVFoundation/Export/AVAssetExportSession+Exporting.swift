import CoreMedia
import Foundation
import _KeyValueObserving

/// What a session runs: one export job, a resumable export's segments and stitch (`ResumableExportJob`), or an export
/// that `allowsParallelizedExport` may split (`ParallelExportJob`).
protocol SessionExportJob: AnyObject, Sendable {
    /// Starts the export on its own thread; its completion is called exactly once.
    func start()
    /// Stops the export; it ends as cancelled unless it had already ended.
    func cancel()
}

extension ExportJob: SessionExportJob {}

/// Runs `run` on a thread of its own named `name` and hands its outcome to `completion`; a thread the system refuses
/// ends the export as failed, with the cause (the resumable and parallel jobs start this way).
func startExportThread(named name: String, run: @escaping @Sendable () -> ExportOutcome,
                       completion: @escaping @Sendable (ExportOutcome) -> Void) {
    do {
        try DetachedThread.start(name: name, stackSize: ExportThreads.stackSize) { completion(run()) }
    } catch {
        completion(.failed(ExportFailure.stage(.exportFailed, "the export could not start", underlying: error)))
    }
}

extension AVAssetExportSession {
    /// The export's progress through its life.
    struct RunState {
        var status = Status.unknown
        var error: (any Error)?
        var progress: Float = 0
        /// The running export, while `.exporting`.
        var job: (any SessionExportJob)?
        /// The ticket in the process-wide queue, while `.waiting` or `.exporting`.
        var ticket: ExportQueue.Ticket?
        /// Completion handlers waiting for the end (each called exactly once).
        var handlers: [@Sendable () -> Void] = []
        /// Bumped on every status change; `states(updateInterval:)` waits on it.
        var version = 0
        var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]
        /// Waiters whose task was cancelled before they were registered.
        var cancelledWaiters: Set<UUID> = []
        /// `cancelExport()` was called while the export was queued or running.
        var cancelRequested = false
    }

    /// Starts the export and returns at once. `handler` is called exactly once: when the export completes, fails
    /// or is cancelled (check `status` and `error`). A configuration that cannot be exported (no output URL or file
    /// type, a file type the preset does not write, an existing file at the URL) fails before anything starts, and
    /// `handler` is then called before this method returns, as Apple documents. Calling again while the export runs
    /// does not start another one: the new handler is called when this one ends (at once if it has ended).
    public func exportAsynchronously(completionHandler handler: @escaping @Sendable () -> Void) {
        let previous: Status = lock.withLock {
            let status = run.status
            switch status {
            case .unknown:
                run.handlers.append(handler)
                // Waiting from now on: for the queue, or for the checks below.
                run.status = .waiting
                changedLocked()
            case .waiting, .exporting:
                run.handlers.append(handler)
            case .completed, .failed, .cancelled:
                break
            }
            return status
        }
        announceChanges()
        switch previous {
        case .unknown: break
        case .waiting, .exporting: return
        case .completed, .failed, .cancelled:
            handler()
            return
        }
        let request: ExportRequest
        do {
            request = try makeRequest()
        } catch {
            finish(.failed(ExportFailure.avError(error)), synchronously: true)
            return
        }
        let ticket = ExportQueue.shared.makeTicket()
        let cancelled: Bool = lock.withLock {
            run.ticket = ticket
            return run.cancelRequested
        }
        if cancelled {
            finish(.cancelled, synchronously: false)
            return
        }
        ExportQueue.shared.enqueue(ticket) { [self] in begin(request) }
    }

    /// Exports to `url` as `fileType` and returns when the export has completed. Throws the export's error, or
    /// `CancellationError` when the task is cancelled (which cancels the export and removes its partial output) or
    /// `cancelExport()` is called.
    public func export(to url: URL, as fileType: AVFileType, isolation: isolated (any Actor)? = #isolation) async throws {
        configure("outputURL") { $0.outputURL = url }
        configure("outputFileType") { $0.outputFileType = fileType }
        await runUntilDone()
        switch status {
        case .completed: return
        case .cancelled: throw CancellationError()
        default: throw error ?? AVError(.exportFailed, "the export of \(asset) ended without completing")
        }
    }

    /// Exports to `outputURL` as `outputFileType` and returns when the export has ended; check `status` and
    /// `error`. Cancelling the task cancels the export.
    public func export() async {
        await runUntilDone()
    }

    /// Runs the export, cancelling it if the task is cancelled, and waits for its end.
    private func runUntilDone() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                exportAsynchronously { continuation.resume() }
            }
        } onCancel: {
            cancelExport()
        }
    }

    /// Cancels the export: a queued export leaves the queue, a running one stops promptly and removes its partial
    /// output and temporary files. Before the export starts, it marks the session cancelled (a later export ends at
    /// once as cancelled). After the end, nothing happens.
    public func cancelExport() {
        enum Step { case none, withdraw(ExportQueue.Ticket), cancelJob(any SessionExportJob) }
        let step: Step = lock.withLock {
            switch run.status {
            case .unknown:
                run.status = .cancelled
                changedLocked()
                return .none
            case .waiting:
                run.cancelRequested = true
                return run.ticket.map { .withdraw($0) } ?? .none
            case .exporting:
                run.cancelRequested = true
                return run.job.map { .cancelJob($0) } ?? .none
            case .completed, .failed, .cancelled:
                return .none
            }
        }
        announceChanges()
        switch step {
        case .none:
            break
        case .withdraw(let ticket):
            // Still queued: leave the queue now. Otherwise the queue has just given the export its slot and `begin`
            // sees `cancelRequested`.
            if ExportQueue.shared.withdraw(ticket) { finish(.cancelled, synchronously: false) }
        case .cancelJob(let job):
            job.cancel()
        }
    }

    // MARK: Running

    /// Reads the configuration into a request, checking what can be checked without the asset.
    func makeRequest() throws -> ExportRequest {
        try makeRequest(lock.withLock { configuration })
    }

    /// Reads `configuration` into a request, checking what can be checked without the asset.
    func makeRequest(_ configuration: Configuration) throws -> ExportRequest {
        guard let url = configuration.outputURL else {
            throw AVError(.operationNotAllowed, "the export has no outputURL; set one (or use export(to:as:))")
        }
        guard let fileType = configuration.outputFileType else {
            throw AVError(.operationNotAllowed, "the export has no outputFileType; set one of \(supportedFileTypesText) "
                          + "(or use export(to:as:))")
        }
        guard url.isFileURL else {
            throw AVError(.invalidOutputURLPathExtension, "the output URL \(url) is not a file URL")
        }
        guard preset.fileTypes.contains(fileType) else {
            throw AVError(.formatUnsupported, "\(presetName) cannot write files of type \(fileType.rawValue); it writes "
                          + supportedFileTypesText, extra: [AVErrorFileTypeKey: fileType.rawValue])
        }
        var info = stat()
        if lstat(url.path, &info) == 0 {
            throw AVError(.fileAlreadyExists, "a file already exists at \(url.path); an export never overwrites")
        }
        let range = configuration.timeRange
        guard range.isValid, range.start.isNumeric, range.start >= .zero,
              range.duration.isNumeric || range.duration.isPositiveInfinity, range.duration >= .zero else {
            throw AVError(.operationNotAllowed, "timeRange \(range.descriptionText) is not a range with a numeric start ≥ 0 and a numeric or "
                          + "positively infinite duration")
        }
        if let directory = configuration.directoryForTemporaryFiles {
            var isDirectory: ObjCBool = false
            guard directory.isFileURL, FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
                  isDirectory.boolValue else {
                throw AVError(.operationNotAllowed, "directoryForTemporaryFiles \(directory.path) is not an existing directory")
            }
            guard access(directory.path, W_OK | X_OK) == 0 else {
                throw AVError(.operationNotAllowed, "directoryForTemporaryFiles \(directory.path) is not writable")
            }
        }
        return ExportRequest(asset: asset, preset: preset, outputURL: url, fileType: fileType, timeRange: range,
                             fileLengthLimit: configuration.fileLengthLimit > 0 ? configuration.fileLengthLimit : nil,
                             metadata: configuration.metadata, metadataItemFilter: configuration.metadataItemFilter,
                             shouldOptimizeForNetworkUse: configuration.shouldOptimizeForNetworkUse,
                             audioMix: preset.isPassthrough ? nil : configuration.audioMix,
                             videoComposition: preset.isPassthrough ? nil : configuration.videoComposition,
                             customVideoCompositor: configuration.customVideoCompositor,
                             audioTimePitchAlgorithm: configuration.audioTimePitchAlgorithm,
                             multiPass: configuration.canPerformMultiplePassesOverSourceMediaData,
                             temporaryDirectory: configuration.directoryForTemporaryFiles)
    }

    private var supportedFileTypesText: String { preset.fileTypes.map(\.rawValue).joined(separator: ", ") }

    /// The queue gave the export its slot: start the job unless the export was cancelled meanwhile.
    private func begin(_ request: ExportRequest) {
        let progress: @Sendable (Float) -> Void = { [weak self] fraction in self?.report(fraction) }
        // Strong: a running export keeps its session alive until the handlers have run.
        let completion: @Sendable (ExportOutcome) -> Void = { outcome in self.finish(outcome, synchronously: false) }
        let configuration = lock.withLock { self.configuration }
        let machine = configuration.parallelExportMachine ?? .current
        let settings = ParallelExportJob.settings(of: request,
                                                  allowsParallelizedExport: configuration.allowsParallelizedExport)
        let job: any SessionExportJob
        if configuration.isResumable {
            job = ResumableExportJob(request: request, prepare: { [self] in
                ResumableExport.prepare(self, configuration: lock.withLock { self.configuration })
            }, progress: progress, completion: completion)
        } else if configuration.parallelExportPolicy.refusal(for: settings, on: machine) == nil {
            // The source decides, on the job's thread: it is read there.
            job = ParallelExportJob(request: request, policy: configuration.parallelExportPolicy, machine: machine,
                                    progress: progress, completion: completion)
        } else {
            job = ExportJob(request: request, progress: progress, completion: completion)
        }
        let start: Bool = lock.withLock {
            guard run.status == .waiting, !run.cancelRequested else { return false }
            run.status = .exporting
            run.job = job
            changedLocked()
            return true
        }
        announceChanges()
        guard start else {
            finish(.cancelled, synchronously: false)
            return
        }
        job.start()
    }

    /// Records progress (monotonic), updates the `Progress` object and tells `progress` observers. The export's
    /// tracks report in steps of `ExportLimits.progressStep`, so observers hear of each step, not each sample.
    private func report(_ fraction: Float) {
        let value: Float? = lock.withLock {
            guard run.status == .exporting, fraction > run.progress else { return nil }
            run.progress = min(1, fraction)
            KeyValueAnnouncements.record(self, key: "progress", value: run.progress)
            return run.progress
        }
        guard let value else { return }
        progressObject.completedUnitCount = Int64(Double(value) * Double(ExportLimits.progressUnits))
        announceChanges()
    }

    /// Delivers the `status`, `progress` and configuration changes recorded under `lock` to their observers
    /// (key-value observing), in order, on this thread. Call it after releasing `lock`.
    func announceChanges() {
        KeyValueAnnouncements.deliver(self)
    }

    /// Ends the export: records the outcome, frees the queue slot, then calls every handler once.
    func finish(_ outcome: ExportOutcome, synchronously: Bool) {
        let (handlers, ticket): ([@Sendable () -> Void], ExportQueue.Ticket?) = lock.withLock {
            guard run.status != .completed, run.status != .failed, run.status != .cancelled else { return ([], nil) }
            switch outcome {
            case .completed:
                run.status = .completed
                run.progress = 1
            case .failed(let error):
                run.status = .failed
                run.error = error
            case .cancelled:
                run.status = .cancelled
            }
            run.job = nil
            let pending = run.handlers
            run.handlers = []
            let ticket = run.ticket
            run.ticket = nil
            changedLocked()
            return (pending, ticket)
        }
        if case .completed = outcome { progressObject.completedUnitCount = ExportLimits.progressUnits }
        // Observers hear of the end before the completion handlers run.
        announceChanges()
        if let ticket { ExportQueue.shared.release(ticket) }
        if synchronously {
            for handler in handlers { handler() }
        } else if !handlers.isEmpty {
            DispatchQueue.global(qos: .userInitiated).async { for handler in handlers { handler() } }
        }
    }
}
