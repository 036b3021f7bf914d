import CoreMedia
import Foundation
import Synchronization

/// Planned, resumable writing of tracks in segments (iOS 27): the planner asks the client to write each planned
/// segment as a movie file in its directory, keeps track of which are finished, and once all are, returns a
/// composition that assembles them (to export with the passthrough preset, for example).
///
/// Finished segments survive an interruption: a planner made later over the same directory, given the same track
/// plans, starts at the first segment that is not finished. A segment is finished once its file is complete and the
/// planner has written a receipt for it (its size and checksum, and the client's state); a segment file without a
/// receipt, one whose bytes changed, or one written for another plan, is requested again (`SegmentPieceStore`, as
/// the segmented export keeps its pieces).
///
/// Differences from Apple's (README): the video encoders here cannot restore an earlier segment's state, so each
/// segment's encoder starts fresh; there is no `VTCompressionSession`, so the video request's compression-session
/// helper is absent.
// Safe because `state` sits behind a Mutex; `directory` is immutable.
open class AVAssetWritingPlanner: NSObject, @unchecked Sendable {
    /// How a segment handler ended its segment.
    public enum SegmentResult: Sendable {
        /// Finished; nothing to hand the next segment's handler.
        case success
        /// Finished; the next segment's request carries the data as `clientStateToRestore`, also after a resume.
        case successWithState(Data)
        /// Stopped before the segment's end: `executePlan()` throws, and a later run resumes at this segment.
        case cancelled
    }

    typealias SegmentHandler = @Sendable (AVPlannedSegmentWritingRequest) async throws -> SegmentResult

    private struct PlannedTrack {
        let plan: AVAssetTrackPlan
        let handler: SegmentHandler
        let store: SegmentPieceStore
        let inputSettings = SegmentInputSettings()
    }

    private struct State {
        var tracks: [PlannedTrack] = []
        var isExecuting = false
        /// The duration finished of each track, by assembly track ID.
        var finished: [CMPersistentTrackID: CMTime] = [:]
    }

    private let directory: URL
    private let state = Mutex(State())

    /// A planner keeping its segments in `directoryForTemporaryFiles`, which must be the same when resuming and
    /// differ between writing sessions. It is made when missing; throws when it cannot be, or is a file.
    public convenience init(directoryForTemporaryFiles: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directoryForTemporaryFiles.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw AVError(.operationNotAllowed, "\(directoryForTemporaryFiles.path) is a file, not a directory "
                              + "for the planner's temporary files")
            }
        } else {
            do {
                try FileManager.default.createDirectory(at: directoryForTemporaryFiles,
                                                        withIntermediateDirectories: true)
            } catch {
                throw AVError(.operationNotAllowed, "cannot make the directory \(directoryForTemporaryFiles.path) "
                              + "for the planner's temporary files", underlying: error)
            }
        }
        self.init(directory: directoryForTemporaryFiles)
    }

    private init(directory: URL) {
        self.directory = directory
        super.init()
    }

    /// Adds `trackPlan` to the plan: `segmentHandler` writes each of its segments, one call at a time, and returns
    /// how the segment ended. Plans added while `executePlan()` runs wait for the next run.
    public func plan(_ trackPlan: AVAssetTrackPlan,
                     segmentHandler: @escaping @Sendable (AVPlannedSegmentWritingRequest) async throws
                         -> AVAssetWritingPlanner.SegmentResult) {
        let store = SegmentPieceStore(directory: directory,
                                      name: "AVAssetWritingPlanner.track-\(trackPlan.assemblyTrackID)",
                                      planChecksum: trackPlan.fingerprint)
        state.withLock { state in
            state.tracks.append(PlannedTrack(plan: trackPlan, handler: segmentHandler, store: store))
        }
    }

    /// The progress so far, track by track.
    public var progress: AVAssetWritingPlannerProgress {
        state.withLock { state in
            var tracks: [CMPersistentTrackID: Float] = [:]
            var done = 0.0, total = 0.0
            for track in state.tracks {
                let length = track.plan.segmentConfigurations.reduce(CMTime.zero) { $0 + $1.duration }.seconds
                let finished = state.finished[track.plan.assemblyTrackID]?.seconds ?? 0
                tracks[track.plan.assemblyTrackID] = length > 0 ? Float(min(1, finished / length)) : 0
                done += finished
                total += length
            }
            return AVAssetWritingPlannerProgress(tracks: tracks, overall: total > 0 ? Float(min(1, done / total)) : 0)
        }
    }

    /// Writes every planned segment not yet finished, track by track and in order, calling each track's handler
    /// once per segment; returns the composition that assembles the finished segments, one track per plan with its
    /// assembly track ID. Throws the handler's error when it throws, `AVError.operationCancelled` when it returns
    /// `.cancelled` or the task is cancelled; the segments finished stay for a later run.
    public func executePlan() async throws -> AVComposition {
        let tracks = try state.withLock { state -> [PlannedTrack] in
            guard !state.isExecuting else {
                throw AVError(.operationNotAllowed, "executePlan() is already running on this planner")
            }
            guard !state.tracks.isEmpty else {
                throw AVError(.operationNotAllowed, "no track was planned: call plan(_:segmentHandler:) first")
            }
            let ids = state.tracks.map(\.plan.assemblyTrackID)
            if let repeated = ids.first(where: { id in ids.filter { $0 == id }.count > 1 }) {
                throw AVError(.operationNotAllowed, "two track plans have the assembly track ID \(repeated)")
            }
            state.isExecuting = true
            return state.tracks
        }
        defer { state.withLock { $0.isExecuting = false } }
        for track in tracks { try await write(track) }
        return try await Self.offCallerThread { try Self.assemble(tracks) }
    }

    /// Writes `track`'s unfinished segments.
    private func write(_ track: PlannedTrack) async throws {
        let plan = track.plan, store = track.store
        var clientState: Data?
        var finished = CMTime.zero
        let total = plan.segmentConfigurations.reduce(CMTime.zero) { $0 + $1.duration }
        for (index, range) in plan.segmentRanges.enumerated() {
            guard !Task.isCancelled else {
                throw AVError(.operationCancelled, "the task running executePlan() was cancelled before segment "
                              + "\(index) of track \(plan.assemblyTrackID); the finished segments stay for a later run")
            }
            let sound = try await Self.offCallerThread { store.problem(withPiece: index) == nil }
            if sound, case .success(let receipt) = store.receipt(index) {
                clientState = receipt.clientState
                finished = finished + range.duration
                record(finished, of: plan.assemblyTrackID)
                continue
            }
            store.clear(index)
            let request = makeRequest(track, index: index, range: range, clientState: clientState,
                                      progress: Float(finished.seconds / max(total.seconds, 1e-9)))
            let result: SegmentResult
            do {
                result = try await track.handler(request)
            } catch {
                store.clear(index)
                throw error
            }
            switch result {
            case .cancelled:
                store.clear(index)
                throw AVError(.operationCancelled, "the handler cancelled segment \(index) of track "
                              + "\(plan.assemblyTrackID); the \(index) segment\(index == 1 ? "" : "s") before it "
                              + "stay in \(directory.path), and a planner over it resumes there")
            case .success:
                clientState = nil
            case .successWithState(let data):
                clientState = data
            }
            let state = clientState
            try await Self.offCallerThread {
                try Self.checkSegmentFile(store.pieceURL(index), plan: plan, index: index)
                try store.seal(index, clientState: state)
            }
            finished = finished + range.duration
            record(finished, of: plan.assemblyTrackID)
        }
    }

    private func makeRequest(_ track: PlannedTrack, index: Int, range: CMTimeRange, clientState: Data?,
                             progress: Float) -> AVPlannedSegmentWritingRequest {
        let url = track.store.pieceURL(index)
        if let video = track.plan as? AVAssetVideoTrackPlan,
           let configuration = video.segmentConfigurations[index] as? AVPlannedVideoSegmentConfiguration {
            return AVPlannedVideoSegmentWritingRequest(timeRange: range, segmentFileOutputURL: url, plan: video,
                                                       frameCount: configuration.frameCount,
                                                       clientStateToRestore: clientState, progress: progress,
                                                       settingsOfEarlierSegments: track.inputSettings)
        }
        return AVPlannedSegmentWritingRequest(timeRange: range, segmentFileOutputURL: url,
                                              assemblyTrackID: track.plan.assemblyTrackID,
                                              clientStateToRestore: clientState, progress: progress)
    }

    private func record(_ finished: CMTime, of trackID: CMPersistentTrackID) {
        state.withLock { $0.finished[trackID] = finished }
    }

    /// A segment the handler reported finished must be a movie holding a track of the plan's media type.
    private static func checkSegmentFile(_ url: URL, plan: AVAssetTrackPlan, index: Int) throws {
        let what = "segment \(index) of track \(plan.assemblyTrackID)"
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw AVError(.operationNotAllowed, "the handler reported \(what) finished, but wrote nothing at "
                          + url.path)
        }
        let asset = AVURLAsset(url: url)
        if let refusal = asset.readingRefusal {
            throw AVError(.invalidSourceMedia, "\(what) (\(url.lastPathComponent)) cannot be read",
                          underlying: refusal)
        }
        guard asset.tracks(withMediaType: plan.mediaType).count == 1 else {
            throw AVError(.invalidSourceMedia, "\(what) (\(url.lastPathComponent)) must hold one "
                          + "\(plan.mediaType.rawValue) track; it holds "
                          + "\(asset.tracks(withMediaType: plan.mediaType).count)")
        }
    }

    /// The composition of every track's finished segments, each at its planned start.
    private static func assemble(_ tracks: [PlannedTrack]) throws -> AVComposition {
        let composition = AVMutableComposition()
        for track in tracks {
            let plan = track.plan
            guard let output = composition.addMutableTrack(withMediaType: plan.mediaType,
                                                           preferredTrackID: plan.assemblyTrackID) else {
                throw AVError(.operationNotAllowed, "the assembly composition cannot take a \(plan.mediaType.rawValue) "
                              + "track with ID \(plan.assemblyTrackID)")
            }
            for (index, range) in plan.segmentRanges.enumerated() {
                let url = track.store.pieceURL(index)
                guard let source = AVURLAsset(url: url).tracks(withMediaType: plan.mediaType).first else {
                    throw AVError(.invalidSourceMedia, "segment \(index) of track \(plan.assemblyTrackID) "
                                  + "(\(url.lastPathComponent)) holds no \(plan.mediaType.rawValue) track")
                }
                let written = source.timeRange
                let duration = min(written.duration, range.duration)
                guard duration > .zero else { continue }
                try output.insertTimeRange(CMTimeRange(start: written.start, duration: duration), of: source,
                                           at: range.start)
            }
        }
        return composition
    }

    /// Runs blocking file work (checksums, opening movies) on a global queue rather than a Swift concurrency thread.
    private static func offCallerThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try work() })
            }
        }
    }

    /// Recommended segments for a compressed copy of `videoAssetTrack`: cut where the track starts a full sync
    /// sample, each segment at least `minimumSegmentDuration` long and holding at least `minimumSegmentFrameCount`
    /// frames (the last one joins the one before when it would be shorter), covering the track from its start.
    /// Empty when the track has no frames.
    public class func segmentBoundaryRecommendations(forVideoTrack videoAssetTrack: AVAssetTrack,
                                                     minimumSegmentDuration: CMTime,
                                                     minimumSegmentFrameCount: Int)
        -> [AVPlannedVideoSegmentConfiguration] {
        WritingPlannerBoundaries.recommendations(for: videoAssetTrack, minimumDuration: minimumSegmentDuration,
                                                 minimumFrameCount: minimumSegmentFrameCount)
    }
}

/// Per-track and overall progress of an `AVAssetWritingPlanner`, as fractions of the planned durations (iOS 27).
// Safe because immutable.
open class AVAssetWritingPlannerProgress: NSObject, @unchecked Sendable {
    private let tracks: [CMPersistentTrackID: Float]
    /// The share of all planned tracks' durations finished, from 0 to 1.
    public let overallProgress: Float

    /// No progress, and no tracks.
    public override convenience init() {
        self.init(tracks: [:], overall: 0)
    }

    init(tracks: [CMPersistentTrackID: Float], overall: Float) {
        self.tracks = tracks
        overallProgress = overall
        super.init()
    }

    /// The share of the track's planned duration finished (0 for a track not planned).
    public func progress(forTrack assemblyTrackID: CMPersistentTrackID) -> Float {
        tracks[assemblyTrackID] ?? 0
    }
}
