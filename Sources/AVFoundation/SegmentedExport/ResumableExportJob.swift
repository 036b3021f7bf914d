import Foundation

/// A session's resumable export under way, on a thread of its own: it checks the configuration and the directory
/// again (a setting may have changed since `configureForResumableExport()`), then encodes the unfinished segments
/// and stitches them; when the export is no longer resumable, it runs as an ordinary export and says so on standard
/// error. `completion` is called exactly once.
final class ResumableExportJob: SessionExportJob {
    private let request: ExportRequest
    private let prepare: @Sendable () -> Result<ResumableExport, ResumableExport.Refusal>
    private let progress: @Sendable (Float) -> Void
    private let completion: @Sendable (ExportOutcome) -> Void
    private let cancellation = SegmentedExportCancellation()

    /// `request` is what the ordinary export would carry out; `prepare` makes the resumable one.
    init(request: ExportRequest, prepare: @escaping @Sendable () -> Result<ResumableExport, ResumableExport.Refusal>,
         progress: @escaping @Sendable (Float) -> Void, completion: @escaping @Sendable (ExportOutcome) -> Void) {
        self.request = request
        self.prepare = prepare
        self.progress = progress
        self.completion = completion
    }

    func start() {
        startExportThread(named: "AVAssetExportSession.resumable", run: { [self] in run() }, completion: completion)
    }

    /// Cancels the segments and the stitch under way; the finished segments stay in the directory.
    func cancel() { cancellation.cancel() }

    private func run() -> ExportOutcome {
        do {
            switch prepare() {
            case .success(let resumable):
                try resumable.run(progress: progress, cancellation: cancellation)
            case .failure(let refusal):
                ExportLog.warn("AVAssetExportSession: the export is no longer resumable (\(refusal.message)); it runs "
                               + "as an ordinary export")
                try ExportJob.run(request, plan: nil, progress: progress, started: cancellation.register)
            }
            return .completed
        } catch {
            return cancellation.isCancelled ? .cancelled : .failed(ExportFailure.avError(error))
        }
    }
}
