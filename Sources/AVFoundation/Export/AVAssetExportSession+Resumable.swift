import Foundation

/// Resumable export (AVAssetExportSession.h, iOS 27 / macOS 27): "for select encoders, an export can be performed in
/// temporal segments, and then stitched together at the end". The segments' pieces live in
/// `directoryForTemporaryFiles`, so an export that was cancelled, failed or was killed resumes where it stopped: a
/// later session configured identically, on the same directory, encodes only the segments not yet finished.
///
/// Here the select encoders are H.264 and HEVC (x264 and x265, whose output this library can hold to the same bytes
/// from run to run); `docs/segmented-export.md` describes the engine, `ResumableExport` how a session uses it.
extension AVAssetExportSession {
    /// Whether the export session is configured for resumption, as `configureForResumableExport()` found.
    public enum ResumptionState: Sendable {
        /// The export will be resumable; `isResumingFromPreviousState` is true when the directory holds finished
        /// segments of an earlier attempt of this export, which the export keeps.
        case resumable(isResumingFromPreviousState: Bool)
        /// The export cannot be resumable, for `failureReason`; it can still run, as an ordinary export.
        case notResumable(failureReason: AVAssetExportSession.ResumptionFailureReason)
    }

    /// Why an export session could not be configured for resumption.
    public struct ResumptionFailureReason: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The preset does not encode its video with one of the select encoders (H.264 or HEVC here): passthrough,
        /// audio-only and ProRes presets. The export can still run, not resumably.
        public static let unsupportedForPresetOnPlatform =
            ResumptionFailureReason("AVAssetExportSessionResumptionFailureReasonUnsupportedForPresetOnPlatform")
        /// `directoryForTemporaryFiles` names no existing directory: create it and configure again.
        public static let temporaryDirectoryDoesNotExist =
            ResumptionFailureReason("AVAssetExportSessionResumptionFailureReasonTemporaryDirectoryDoesNotExist")
        /// The session's settings rule out resumption: no `directoryForTemporaryFiles`, no output file type, a
        /// `fileLengthLimit`, multiple passes, an export already started, or an asset that cannot be read.
        public static let incompatibleSessionSettings =
            ResumptionFailureReason("AVAssetExportSessionResumptionFailureReasonIncompatibleSessionSettings")
        /// The directory holds the state of another export (another source, preset, time range or output type):
        /// use a directory of its own for each export, or empty it.
        public static let incompatibleTemporaryDirectoryContents =
            ResumptionFailureReason("AVAssetExportSessionResumptionFailureReasonIncompatibleTemporaryDirectoryContents")
    }

    /// Configures the export for resumption and says whether the directory holds an earlier attempt to resume.
    ///
    /// Call it after every setting is final (preset, output URL and type, time range, `directoryForTemporaryFiles`)
    /// and just before exporting. When it returns `.resumable`, the export encodes its video in segments kept in
    /// `directoryForTemporaryFiles` until the export completes; a cancelled, failed or killed export leaves the
    /// finished ones there for the next attempt. When it returns `.notResumable`, the export runs as an ordinary one.
    /// The export checks again when it starts: a setting changed since then that rules resumption out makes it an
    /// ordinary export, with a message on standard error.
    public func configureForResumableExport() async -> AVAssetExportSession.ResumptionState {
        await withCheckedContinuation { (continuation: CheckedContinuation<ResumptionState, Never>) in
            // Planning reads the source's sample tables: off the caller's (cooperative) thread.
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: self.configureResumption())
            }
        }
    }

    /// The Objective-C form (`configureForResumableExportWithCompletionHandler:`, refined for Swift as Apple's is):
    /// calls `handler` once with the state, on another thread.
    public func __configureForResumableExport(
        completionHandler handler: @escaping @Sendable (__AVAssetExportSessionResumptionState) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async {
            handler(__AVAssetExportSessionResumptionState(self.configureResumption()))
        }
    }

    /// Why the last `configureForResumableExport()` found the export not resumable, in words (for the project's
    /// tools; Apple's API gives only the reason's constant).
    package var resumptionRefusalMessage: String? { lock.withLock { configuration.resumptionRefusal } }

    /// Checks the configuration and the directory, and records the outcome for the export.
    func configureResumption() -> ResumptionState {
        let (status, configuration) = lock.withLock { (run.status, self.configuration) }
        let outcome: Result<ResumableExport, ResumableExport.Refusal>
        if status != .unknown {
            outcome = .failure(.init(.incompatibleSessionSettings, "the export has already started"))
        } else {
            outcome = ResumableExport.prepare(self, configuration: configuration)
        }
        switch outcome {
        case .success(let resumable):
            lock.withLock {
                self.configuration.isResumable = true
                self.configuration.resumptionRefusal = nil
            }
            return .resumable(isResumingFromPreviousState: resumable.finishedSegments > 0)
        case .failure(let refusal):
            lock.withLock {
                self.configuration.isResumable = false
                self.configuration.resumptionRefusal = refusal.message
            }
            return .notResumable(failureReason: refusal.reason)
        }
    }
}

/// The Objective-C form of `AVAssetExportSession.ResumptionState` (AVAssetExportSessionResumptionState, refined for
/// Swift as Apple's is).
// Safe because every stored property is a `let` of a Sendable type.
public final class __AVAssetExportSessionResumptionState: NSObject, @unchecked Sendable {
    /// Whether the export session is configured as resumable.
    public let isResumptionConfigured: Bool
    /// Whether the export continues from an earlier attempt; meaningful only when `isResumptionConfigured`.
    public let isResumingFromPreviousState: Bool
    /// Why the session could not be configured as resumable; nil when `isResumptionConfigured`.
    public let configurationFailureReason: AVAssetExportSession.ResumptionFailureReason?

    init(_ state: AVAssetExportSession.ResumptionState) {
        switch state {
        case .resumable(let resuming):
            isResumptionConfigured = true
            isResumingFromPreviousState = resuming
            configurationFailureReason = nil
        case .notResumable(let reason):
            isResumptionConfigured = false
            isResumingFromPreviousState = false
            configurationFailureReason = reason
        }
        super.init()
    }
}
