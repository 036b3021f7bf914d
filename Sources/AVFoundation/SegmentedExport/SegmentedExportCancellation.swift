import Synchronization

/// Stops a segmented export from another thread (a signal handler's, or `AVAssetExportSession.cancelExport()`): the
/// piece and stitch jobs under way are cancelled, which removes their partial output, and any job started later is
/// cancelled at once. Finished pieces stay.
package final class SegmentedExportCancellation: Sendable {
    private struct State {
        var cancelled = false
        var jobs: [ExportJob] = []
    }

    private let state = Mutex(State())

    package init() {}

    package func cancel() {
        let jobs = state.withLock { state in
            state.cancelled = true
            return state.jobs
        }
        for job in jobs { job.cancel() }
    }

    /// Whether `cancel()` has been called.
    package var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Keeps `job` for `cancel()`; cancels it at once when that has been called.
    func register(_ job: ExportJob) {
        let cancelNow = state.withLock { state in
            // Jobs being stopped need nothing more.
            state.jobs.removeAll { $0.isStopping }
            state.jobs.append(job)
            return state.cancelled
        }
        if cancelNow { job.cancel() }
    }
}
