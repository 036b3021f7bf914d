import CoreMedia
import Foundation
import MediaCodecs

/// A resumable `AVAssetExportSession` export: the segmented export engine, with its plan and pieces in the session's
/// `directoryForTemporaryFiles`.
///
/// The directory holds `AVAssetExportSession.plan.json` and each finished segment's piece and receipt
/// (`SegmentPieceStore`). A later session resumes when the plan it makes of its own configuration equals the stored
/// one, except for what the stored plan fixed for its pieces' sake (the encoders' thread count and instructions,
/// the movie's creation date): those are taken from the stored plan, so the resumed output is byte for byte what an
/// uninterrupted export makes. Any other difference (source, preset, time range, file type, metadata) means the
/// directory belongs to another export, and the session refuses to mix the two.
///
/// The plan is written when the export starts; the directory's files of this export are removed when it completes,
/// and kept when it is cancelled or fails (Apple: "the export maintains the partial results").
struct ResumableExport: Sendable {
    /// The stem of every file the export keeps in the directory.
    static let stem = "AVAssetExportSession"

    let request: ExportRequest
    let plan: SegmentedExportPlan
    let store: SegmentPieceStore
    let planURL: URL
    /// Segments whose pieces have receipts of this plan (their bytes are checked when the export runs).
    let finishedSegments: Int
    /// How many segments are encoded side by side.
    let parallelSegments: Int

    /// Why a session cannot export resumably, for `AVAssetExportSession.ResumptionState.notResumable`.
    struct Refusal: Error {
        let reason: AVAssetExportSession.ResumptionFailureReason
        let message: String

        init(_ reason: AVAssetExportSession.ResumptionFailureReason, _ message: String) {
            self.reason = reason
            self.message = message
        }
    }

    /// The codecs whose encoders a segmented export can hold to the same bytes from run to run.
    static let segmentableCodecs: Set<String> = [AVVideoCodecType.h264.rawValue, AVVideoCodecType.hevc.rawValue]

    /// The resumable export of `session` as `configuration` sets it up, or why there is none. Reads the source's
    /// tables and the directory; writes nothing.
    static func prepare(_ session: AVAssetExportSession, configuration: AVAssetExportSession.Configuration)
        -> Result<ResumableExport, Refusal> {
        guard let directory = configuration.directoryForTemporaryFiles else {
            return .failure(Refusal(.incompatibleSessionSettings, "directoryForTemporaryFiles is not set; a resumable "
                                    + "export keeps its segments there"))
        }
        var isDirectory: ObjCBool = false
        guard directory.isFileURL, FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
              isDirectory.boolValue else {
            return .failure(Refusal(.temporaryDirectoryDoesNotExist, "directoryForTemporaryFiles \(directory.path) is "
                                    + "not an existing directory"))
        }
        guard let codec = session.preset.video?.codec, segmentableCodecs.contains(codec.rawValue) else {
            return .failure(Refusal(.unsupportedForPresetOnPlatform, "\(session.presetName) does not encode video "
                                    + "with H.264 or HEVC, the encoders a resumable export cuts into segments"))
        }
        guard configuration.fileLengthLimit <= 0 else {
            return .failure(Refusal(.incompatibleSessionSettings, "a fileLengthLimit ends the export at a size the "
                                    + "segments cannot know in advance"))
        }
        guard !configuration.canPerformMultiplePassesOverSourceMediaData else {
            return .failure(Refusal(.incompatibleSessionSettings, "multiple passes are not made in segments"))
        }
        // The output's URL is not part of the plan, and `export(to:as:)` gives it only when the export starts.
        var planned = configuration
        if planned.outputURL == nil { planned.outputURL = directory.appendingPathComponent("\(stem).output") }
        let request: ExportRequest
        let source: ExportSource
        do {
            request = try session.makeRequest(planned)
            source = try ExportSource(asset: request.asset)
        } catch {
            return .failure(Refusal(.incompatibleSessionSettings, ExportFailure.avError(error).localizedDescription))
        }
        return prepare(request, source: source, directory: directory,
                       parallel: configuration.allowsParallelizedExport)
    }

    private static func prepare(_ request: ExportRequest, source: ExportSource, directory: URL, parallel: Bool)
        -> Result<ResumableExport, Refusal> {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var plan: SegmentedExportPlan
        do {
            plan = try SegmentedExportPlanner.plan(request, segmentDuration: segmentDuration(request, source: source),
                                                   threadCount: parallel ? 1 : min(16, max(1, cores)),
                                                   creationDate: Date())
        } catch {
            return .failure(Refusal(.unsupportedForPresetOnPlatform, ExportFailure.avError(error).localizedDescription))
        }
        let planURL = directory.appendingPathComponent("\(stem).plan.json")
        if FileManager.default.fileExists(atPath: planURL.path) {
            let stored: SegmentedExportPlan
            do {
                stored = try SegmentedExportPlan.decoded(from: try Data(contentsOf: planURL), path: planURL.path)
            } catch {
                return .failure(Refusal(.incompatibleTemporaryDirectoryContents,
                                        ExportFailure.avError(error).localizedDescription))
            }
            guard plan.adopting(executionChoicesOf: stored) == stored else {
                return .failure(Refusal(.incompatibleTemporaryDirectoryContents, "\(directory.path) holds the "
                                        + "segments of another export (another source or other settings); use a "
                                        + "directory of its own for each export, or empty it"))
            }
            if let instructions = stored.video?.instructionSet, !instructions.isAvailable {
                return .failure(Refusal(.unsupportedForPresetOnPlatform, "the export was begun with "
                                        + "\(instructions.rawValue) instructions, which this processor lacks"))
            }
            plan = stored
        }
        let store: SegmentPieceStore
        do {
            store = SegmentPieceStore(directory: directory, name: stem, planChecksum: try plan.checksum())
        } catch {
            return .failure(Refusal(.incompatibleSessionSettings, ExportFailure.avError(error).localizedDescription))
        }
        // Receipts only: the export checks each piece's bytes once, before it uses it (`runAll`).
        let finished = plan.segments.indices.filter { store.hasReceipt($0) }.count
        let threads = plan.video?.threadCount ?? cores
        return .success(ResumableExport(request: request, plan: plan, store: store, planURL: planURL,
                                        finishedSegments: finished,
                                        parallelSegments: parallel ? max(1, cores / max(1, threads)) : 1))
    }

    /// The segments' length: an eighth of the export, within 2 s and 60 s. Long enough that a segment's fresh
    /// encoder costs little (docs/segmented-export.md), short enough that an interruption loses little and that
    /// even a short export has segments to run side by side.
    static func segmentDuration(_ request: ExportRequest, source: ExportSource) -> CMTime {
        let range = request.timeRange
        let end = range.duration.isNumeric ? min(range.end, source.duration) : source.duration
        let eighth = CMTimeMultiplyByRatio(end - range.start, multiplier: 1, divisor: 8)
        return min(max(eighth, CMTime(value: 2, timescale: 1)), CMTime(value: 60, timescale: 1))
    }

    /// Carries the export out: writes the plan unless the directory has it, encodes the unfinished segments, stitches
    /// them into the output, and removes the directory's files of this export once the output is complete.
    func run(progress: @escaping @Sendable (Float) -> Void, cancellation: SegmentedExportCancellation) throws {
        if !FileManager.default.fileExists(atPath: planURL.path) {
            try store.writeAtomically(try plan.encoded(), to: planURL)
        }
        try SegmentedExportRunner.runAll(plan, request: request, store: store, parallel: parallelSegments,
                                         progress: progress, started: cancellation.register)
        store.removeAll(count: plan.segments.count)
        try? FileManager.default.removeItem(at: planURL)
    }
}
