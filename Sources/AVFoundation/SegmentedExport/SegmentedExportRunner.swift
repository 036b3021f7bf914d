import CoreMedia
import Foundation
import Synchronization

/// Carries out a segmented export's three steps: encode a segment into its piece, stitch the pieces into the
/// output, or both in one process (finished pieces kept, the others encoded, some side by side).
enum SegmentedExportRunner {
    /// The export plan of piece `index`: the segmented video track alone, over its segment, into a movie.
    static func piecePlan(_ index: Int, of plan: SegmentedExportPlan) -> ExportPlan {
        var piece = plan.export
        piece.tracks = [plan.export.tracks[plan.segmentedTrack]]
        piece.timeRange = ExportPlan.TimeRange(plan.segments[index].range)
        piece.videoPreRoll = plan.segments[index].preRoll
        piece.fileType = AVFileType.mov.rawValue
        piece.movieBoxReservation = nil
        return piece
    }

    /// The export plan of the stitch: the whole export, its segmented track made of the pieces, each with the
    /// bytes its receipt recorded (`contents`, by segment), which the stitch checks as it opens the piece when
    /// `checksContent`.
    static func stitchPlan(_ plan: SegmentedExportPlan, store: SegmentPieceStore,
                           contents: [ExportPlan.Stitch.Content]? = nil, checksContent: Bool = false) -> ExportPlan {
        var stitched = plan.export
        guard case .video(let video) = plan.export.tracks[plan.segmentedTrack].role else { return stitched }
        let pieces = plan.segments.indices.map { index in
            ExportPlan.Stitch.Piece(path: store.pieceURL(index).path, start: plan.segments[index].start,
                                    content: contents?[index])
        }
        stitched.tracks[plan.segmentedTrack].role = .stitched(ExportPlan.Stitch(video: video, pieces: pieces,
                                                                                checksContent: checksContent))
        stitched.tracks[plan.segmentedTrack].passes = 1
        return stitched
    }

    /// Checks that `request`'s asset is the source `plan` was made for.
    static func checkSource(_ request: ExportRequest, against plan: SegmentedExportPlan) throws {
        let source = try ExportSource(asset: request.asset)
        let identity = try SegmentedExportPlanner.identity(of: source)
        guard identity == plan.source else {
            throw AVError(.operationNotAllowed, "the source does not match the segmented export's plan (it was "
                          + "planned for \(describe(plan.source)); the source now is \(describe(identity))): plan "
                          + "the export again")
        }
    }

    private static func describe(_ identity: SegmentedExportPlan.SourceIdentity) -> String {
        let size = identity.byteCount.map { "\($0) bytes, " } ?? ""
        let ends = identity.endsChecksum.map { "ends \($0), " } ?? ""
        return "\(size)\(ends)\(identity.tracks.count) tracks, \(identity.duration.time.messageSeconds) s"
    }

    /// Encodes segment `index` into its piece, unless the piece is already finished and sound. Returns whether it
    /// encoded.
    @discardableResult
    static func encode(_ index: Int, of plan: SegmentedExportPlan, request: ExportRequest, store: SegmentPieceStore,
                       started: (ExportJob) -> Void = { _ in }) throws -> Bool {
        guard plan.segments.indices.contains(index) else {
            throw AVError(.operationNotAllowed, "the plan has segments 0…\(plan.segments.count - 1), not \(index)")
        }
        if store.problem(withPiece: index) == nil { return false }
        try store.make(index) { url in
            try ExportJob.run(request.piece(at: url), plan: piecePlan(index, of: plan), started: started)
        }
        return true
    }

    /// Stitches the finished pieces into `request`'s output. Throws, naming the piece, when one is missing or damaged
    /// (and then leaves no output). Every receipt is read first; each piece's bytes are checked against its receipt
    /// as the stitch opens it, so that reading them overlaps writing the pieces before (a sixth of a stitch's time
    /// when done first). `piecesChecked` says the caller has just checked every piece (`runAll`), so they are not
    /// read a second time for it.
    ///
    /// The receipts' sizes also let a fast-start stitch leave room for its movie box, instead of moving the media
    /// data once it is written (`ExportPlanner.movieBoxRoom`).
    static func stitch(_ plan: SegmentedExportPlan, request: ExportRequest, store: SegmentPieceStore,
                       piecesChecked: Bool = false, progress: @escaping @Sendable (Float) -> Void = { _ in },
                       started: (ExportJob) -> Void = { _ in }) throws {
        let contents = try plan.segments.indices.map { index in
            switch store.finishedContent(index) {
            case .success(let content): return content
            case .failure(let problem):
                throw ExportPlan.Stitch.refusal(ofPiece: index, file: store.pieceURL(index), problem: problem.reason)
            }
        }
        var stitched = stitchPlan(plan, store: store, contents: contents, checksContent: !piecesChecked)
        if request.shouldOptimizeForNetworkUse, request.fileLengthLimit == nil {
            stitched.movieBoxReservation = ExportPlanner.movieBoxRoom(stitched.tracks,
                                                                      source: try ExportSource(asset: request.asset),
                                                                      range: stitched.timeRange.range)
        }
        try ExportJob.run(request, plan: stitched, progress: progress, started: started)
    }

    /// Encodes every segment whose piece is not finished, `parallel` at a time, then stitches. The first failure
    /// cancels the pieces under way and is thrown; finished pieces stay for the next attempt.
    static func runAll(_ plan: SegmentedExportPlan, request: ExportRequest, store: SegmentPieceStore, parallel: Int,
                       progress: @escaping @Sendable (Float) -> Void = { _ in },
                       started: @escaping @Sendable (ExportJob) -> Void = { _ in }) throws {
        let pending = plan.segments.indices.filter { store.problem(withPiece: $0) != nil }
        let pieces = PieceWork(pending: pending, finished: plan.segments.count - pending.count)
        // The stitch counts for a tenth of the progress; each piece for an equal share of the rest.
        let share = Float(0.9) / Float(max(1, plan.segments.count))
        let workers = DispatchGroup()
        for worker in 0..<max(1, min(parallel, pending.count)) {
            workers.enter()
            do {
                try DetachedThread.start(name: "AVAssetExportSession.segment.\(worker)",
                                         stackSize: ExportThreads.stackSize) {
                    defer { workers.leave() }
                    while let index = pieces.take() {
                        do {
                            try encode(index, of: plan, request: request, store: store) { job in
                                pieces.running(job)
                                started(job)
                            }
                            progress(share * Float(pieces.finish()))
                        } catch {
                            pieces.fail(error)
                            return
                        }
                    }
                }
            } catch {
                workers.leave()
                pieces.fail(ExportFailure.stage(.exportFailed, "the segmented export could not start a worker",
                                                underlying: error))
            }
        }
        workers.wait()
        if let failure = pieces.failure { throw failure }
        // Every piece was checked above (the finished ones) or has just been written and checksummed (the others).
        try stitch(plan, request: request, store: store, piecesChecked: true, progress: { progress(0.9 + 0.1 * $0) },
                   started: started)
    }
}

/// The segments a segmented export's workers share: which comes next, which jobs run, the first failure.
private final class PieceWork: Sendable {
    private struct State {
        var pending: [Int]
        var next = 0
        var finished: Int
        var jobs = ExportJobs()
        var failure: (any Error)?
    }

    private let state: Mutex<State>

    init(pending: [Int], finished: Int) {
        state = Mutex(State(pending: pending, finished: finished))
    }

    /// The next segment to encode, or nil when none is left or one failed.
    func take() -> Int? {
        state.withLock { state in
            guard state.failure == nil, state.next < state.pending.count else { return nil }
            defer { state.next += 1 }
            return state.pending[state.next]
        }
    }

    /// A piece's job started: a failure elsewhere cancels it.
    func running(_ job: ExportJob) {
        let cancel = state.withLock { state in
            state.jobs.add(job)
            return state.failure != nil
        }
        if cancel { job.cancel() }
    }

    /// A piece was finished; returns how many are.
    func finish() -> Int {
        state.withLock { state in
            state.finished += 1
            return state.finished
        }
    }

    /// The first failure stops the others.
    func fail(_ error: any Error) {
        let jobs: [ExportJob] = state.withLock { state in
            guard state.failure == nil else { return [] }
            state.failure = error
            return state.jobs.running
        }
        for job in jobs { job.cancel() }
    }

    var failure: (any Error)? { state.withLock { $0.failure } }
}
