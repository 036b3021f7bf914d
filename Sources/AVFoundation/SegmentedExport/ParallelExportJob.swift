import CoreMedia
import Foundation

/// An ordinary export that `allowsParallelizedExport` may split, on a thread of its own: it asks the policy, and
/// either runs the export in one piece (`ExportJob`, exactly as the session would have) or plans it in segments,
/// encodes them side by side into a private temporary directory and stitches them into the output. The directory is
/// removed however the export ends; the output is written only by the stitch, whose job removes it when cancelled
/// or failed, as an ordinary export's does. `completion` is called exactly once.
final class ParallelExportJob: SessionExportJob {
    private let request: ExportRequest
    private let policy: ParallelExportPolicy
    private let machine: ParallelExportPolicy.Machine
    private let progress: @Sendable (Float) -> Void
    private let completion: @Sendable (ExportOutcome) -> Void
    private let cancellation = SegmentedExportCancellation()

    init(request: ExportRequest, policy: ParallelExportPolicy, machine: ParallelExportPolicy.Machine,
         progress: @escaping @Sendable (Float) -> Void, completion: @escaping @Sendable (ExportOutcome) -> Void) {
        self.request = request
        self.policy = policy
        self.machine = machine
        self.progress = progress
        self.completion = completion
    }

    func start() {
        startExportThread(named: "AVAssetExportSession.parallel", run: { [self] in run() }, completion: completion)
    }

    /// Cancels the segments or the stitch under way.
    func cancel() { cancellation.cancel() }

    private func run() -> ExportOutcome {
        do {
            if let split = splitPlan() {
                try runSplit(split.plan, workers: split.workers)
            } else {
                try ExportJob.run(request, plan: nil, progress: progress, started: cancellation.register)
            }
            return .completed
        } catch {
            return cancellation.isCancelled ? .cancelled : .failed(ExportFailure.avError(error))
        }
    }

    /// The segmented plan when the policy splits the export and the video can be cut in two or more segments;
    /// otherwise nil: the export runs in one piece, which reports whatever makes the source unreadable as today.
    private func splitPlan() -> (plan: SegmentedExportPlan, workers: Int)? {
        guard let source = try? ExportSource(asset: request.asset),
              let work = Self.work(of: request, source: source),
              case .split(let workers, let length) = policy.verdict(for: Self.settings(of: request,
                                                                                      allowsParallelizedExport: true),
                                                                    work, on: machine),
              let plan = try? SegmentedExportPlanner.plan(request, segmentDuration: length, threadCount: 1,
                                                          creationDate: Date()),
              plan.segments.count >= 2 else { return nil }
        return (plan, workers)
    }

    /// What the policy reads of `request`'s settings.
    static func settings(of request: ExportRequest, allowsParallelizedExport: Bool) -> ParallelExportPolicy.Settings {
        ParallelExportPolicy.Settings(allowsParallelizedExport: allowsParallelizedExport,
                                      videoCodec: request.preset.video?.codec.rawValue,
                                      allowCutting: request.fileLengthLimit == nil && !request.multiPass)
    }

    /// What the policy reads of `request`'s export of `source`; nil when it encodes no video.
    static func work(of request: ExportRequest, source: ExportSource) -> ParallelExportPolicy.Work? {
        guard let plan = try? ExportPlanner.plan(request, source: source),
              let video = plan.tracks.lazy.compactMap({ track -> ExportPlan.Video? in
                  if case .video(let video) = track.role { video } else { nil }
              }).first else { return nil }
        return ParallelExportPolicy.Work(duration: plan.timeRange.range.duration, width: video.width,
                                         height: video.height)
    }

    /// Encodes `plan`'s segments `workers` at a time into a private directory, stitches them into the output, and
    /// removes the directory.
    private func runSplit(_ plan: SegmentedExportPlan, workers: Int) throws {
        let directory = try Self.makePrivateDirectory(in: request.temporaryDirectory)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = SegmentPieceStore(directory: directory, name: "AVAssetExportSession",
                                      planChecksum: try plan.checksum())
        try SegmentedExportRunner.runAll(plan, request: request, store: store, parallel: workers, progress: progress,
                                         started: cancellation.register)
    }

    /// A new directory only this process's user can enter (`mkdtemp`: created, not found, so no one else's file or
    /// link can stand in for it), inside `parent` or the system's temporary directory.
    static func makePrivateDirectory(in parent: URL?) throws -> URL {
        let base = parent ?? FileManager.default.temporaryDirectory
        var template = Array(base.appendingPathComponent("AVAssetExportSession.parallel.XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!) }
        guard made != nil else {
            let cause = String(cString: strerror(errno))
            throw AVError(.exportFailed, "the export could not make a temporary directory in \(base.path) for its "
                          + "segments: \(cause)")
        }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return URL(fileURLWithPath: path, isDirectory: true)
    }
}
