import CoreMedia
import Foundation
import MediaCodecs

/// Where one output track's samples come from, ready for the writer: the reader (passthrough), or a transcoder's
/// stages.
protocol ExportFeed: ExportCancellable {
    /// Starts the feed's stage threads, counted in the job's group (none for passthrough).
    func start(in job: ExportJob)
    /// The next sample buffer for the writer, waiting for it; nil at the end, or once the export stops.
    func next() -> CMSampleBuffer?
    /// The edits that present the samples handed out, when they were laid out for a copy instead of on the asset's
    /// timeline (a composition's passthrough export: `ExportPlan.Presentation.recordedLayout`); read once the track
    /// ends, for the writer input.
    var presentedLayout: MediaLayoutEdits? { get }
}

extension ExportFeed {
    var presentedLayout: MediaLayoutEdits? { nil }
}

/// A track's samples as stored, straight from the reader (which maps them onto the asset's timeline and marks what
/// lies outside the time range: `DoNotDisplay` for the frames before it, trims for audio).
// Safe because immutable; the reader output is thread-safe.
final class PassthroughFeed: ExportFeed, @unchecked Sendable {
    // Immutable after init.
    private let output: AVAssetReaderOutput

    init(output: AVAssetReaderOutput) {
        self.output = output
    }

    func start(in job: ExportJob) {}

    func next() -> CMSampleBuffer? { output.copyNextSampleBuffer() }

    /// What the reader output recorded, when it lays out media.
    var presentedLayout: MediaLayoutEdits? { output.recordedMediaLayout }

    /// The reader's own cancellation stops its workers.
    func cancelStage() {}
}

/// An `AVError` for a codec failure in a stage: `code` says which stage (`.encodeFailed`, `.decodeFailed`); settings
/// the encoder refuses are `.unsupportedOutputSettings`.
func codecFailure(_ error: CodecError, _ what: String, code: AVError.Code, trackID: CMPersistentTrackID) -> AVError {
    let mapped: AVError.Code = switch error.kind {
    case .invalidSettings: .unsupportedOutputSettings
    case .unsupportedFormat: code == .encodeFailed ? .encoderNotFound : .decoderNotFound
    default: code
    }
    return ExportFailure.stage(mapped, "track \(trackID): \(what)", underlying: error, trackID: trackID)
}
