import Synchronization

/// Stops a segmented export from another thread (a signal handler's, or `AVAssetExportSession.cancelExport()`): the
/// piece and stitch jobs under way are cancelled, which removes their partial output, and any job started later is
/// cancelled at once. Finished pieces stay.
package final class SegmentedExportCancellation: Sendable {
    private struct State {
        var cancelled = false
        var jobs = ExportJobs()
    }

    private let state = Mutex(State())

    package init() {}

    package func cancel() {
        let jobs = state.withLock { state in
            state.cancelled = true
            return state.jobs.running
        }
        for job in jobs { job.cancel() }
    }

    /// Whether `cancel()` has been called.
    package var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Keeps `job` for `cancel()`; cancels it at once when that has been called.
    func register(_ job: ExportJob) {
        let cancelNow = state.withLock { state in
            state.jobs.add(job)
            return state.cancelled
        }
        if cancelNow { job.cancel() }
    }
}

/// The jobs a segmented export may have to cancel, held weakly: one whose export ended is gone, so a long export in
/// many segments holds no more than the jobs under way (each piece's job once held its whole pipeline until the
/// export ended: 40 MB a 720p piece, for every piece).
struct ExportJobs {
    private struct Reference {
        weak var job: ExportJob?
    }

    private var references: [Reference] = []

    /// Adds `job`, forgetting jobs that are gone or being stopped (they need nothing more).
    mutating func add(_ job: ExportJob) {
        references.removeAll { $0.job.map(\.isStopping) ?? true }
        references.append(Reference(job: job))
    }

    /// The jobs still there.
    var running: [ExportJob] { references.compactMap(\.job) }
}
