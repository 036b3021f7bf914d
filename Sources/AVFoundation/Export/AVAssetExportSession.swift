import CoreMedia
import Foundation
import _KeyValueObserving

/// Exports an asset to a new file in the form an export preset describes: re-encoded to H.264, HEVC or ProRes and
/// AAC or linear PCM at the preset's size and rate, or passed through as stored (AVAssetExportSession.h).
///
/// Configure the output (`outputURL`, `outputFileType`, or pass them to `export(to:as:)`), optionally a `timeRange`,
/// `fileLengthLimit`, `metadata`, `audioMix` and the other settings, then export. The export reads with an
/// `AVAssetReader`, decodes, scales, encodes and writes with an `AVAssetWriter`, each stage on its own thread with
/// bounded queues between them (docs/export.md). Exports queue process-wide (`ExportQueue`): at most
/// `ExportLimits.concurrentExports` run at once; the others report `.waiting` until a slot frees.
///
/// Nothing is lost: an existing file is never overwritten (`AVError.fileAlreadyExists`), and a failed or cancelled
/// export removes its partial output and every temporary file. The completion handler of
/// `exportAsynchronously(completionHandler:)` is called exactly once, whatever happens.
///
/// Where Apple raises an Objective-C exception (exporting without an output file type, a file type the preset does not
/// support, changing a setting after the export started) nothing traps here: the export fails with an `AVError`
/// saying what was wrong, or the late change is ignored with a message on standard error.
///
/// Thread safety: every member may be used from any thread; `lock` guards `configuration` and `run`.
// Safe because `lock` guards `configuration` and `run`.
open class AVAssetExportSession: NSObject, @unchecked Sendable {
    /// The status of an export (AVAssetExportSessionStatus).
    public enum Status: Int, Sendable {
        /// The export has not started.
        case unknown = 0
        /// The export is queued behind others (see `ExportLimits.concurrentExports`).
        case waiting = 1
        /// The export is running.
        case exporting = 2
        /// The export finished and its output is complete.
        case completed = 3
        /// The export failed; `error` says why.
        case failed = 4
        /// The export was cancelled.
        case cancelled = 5
    }

    /// The name of the preset the session was made with.
    public let presetName: String
    /// The asset exported.
    public let asset: AVAsset

    let preset: ExportPreset
    let lock = NSLock()
    /// What the caller set; guarded by `lock`.
    var configuration = Configuration()
    /// The export's progress through its life; guarded by `lock`.
    var run = RunState()
    /// The `Progress` that `.exporting(progress:)` states carry; its own lock guards it.
    let progressObject = Progress(totalUnitCount: ExportLimits.progressUnits)

    /// What can be set until the export starts.
    struct Configuration {
        var outputURL: URL?
        var outputFileType: AVFileType?
        var shouldOptimizeForNetworkUse = false
        var allowsParallelizedExport = true
        var timeRange = CMTimeRange(start: .zero, duration: .positiveInfinity)
        var fileLengthLimit: Int64 = 0
        var metadata: [AVMetadataItem]?
        var metadataItemFilter: AVMetadataItemFilter?
        var audioTimePitchAlgorithm = AVAudioTimePitchAlgorithm.spectral
        var audioMix: AVAudioMix?
        var videoComposition: AVVideoComposition?
        /// Made from the composition's `customVideoCompositorClass` when the composition is set.
        var customVideoCompositor: (any AVVideoCompositing)?
        var canPerformMultiplePassesOverSourceMediaData = false
        var directoryForTemporaryFiles: URL?
        /// `configureForResumableExport()` found the export resumable (checked again when the export starts).
        var isResumable = false
        /// Why it found the export not resumable, in words.
        var resumptionRefusal: String?
        /// When `allowsParallelizedExport` splits an ordinary export (tests give their own thresholds).
        var parallelExportPolicy = ParallelExportPolicy.standard
        /// The machine the policy judges (`nil`: this one, when the export starts; tests give their own).
        var parallelExportMachine: ParallelExportPolicy.Machine?
    }

    /// An export session for `asset` with the preset `presetName`; `nil` when there is no such preset or the preset
    /// cannot apply to the asset (see `exportPresets(compatibleWith:)`). An asset that cannot be opened still gets a
    /// session: its export fails with the asset's error.
    public init?(asset: AVAsset, presetName: String) {
        guard let preset = ExportPreset.named(presetName) else { return nil }
        if let source = try? ExportSource(asset: asset), ExportCompatibility.problem(with: preset, source: source) != nil {
            return nil
        }
        self.asset = asset
        self.presetName = presetName
        self.preset = preset
        super.init()
    }

    // MARK: Configuration

    /// Applies a change to the configuration unless the export has started (then it is ignored and reported).
    func configure(_ name: String, _ change: (inout Configuration) -> Void) {
        let started: Bool = lock.withLock {
            guard run.status == .unknown else { return true }
            change(&configuration)
            // The settings Apple documents as key-value observable.
            switch name {
            case "outputURL": KeyValueAnnouncements.record(self, key: name, value: configuration.outputURL as Any)
            case "outputFileType": KeyValueAnnouncements.record(self, key: name, value: configuration.outputFileType as Any)
            default: break
            }
            return false
        }
        announceChanges()
        if started {
            ExportLog.warn("AVAssetExportSession: \(name) cannot be changed after the export has started; the change is ignored")
        }
    }

    /// The URL of the file to write. It must not exist: an export never overwrites (`AVError.fileAlreadyExists`).
    public var outputURL: URL? {
        get { lock.withLock { configuration.outputURL } }
        set { configure("outputURL") { $0.outputURL = newValue } }
    }

    /// The type of file to write; one of `supportedFileTypes`.
    public var outputFileType: AVFileType? {
        get { lock.withLock { configuration.outputFileType } }
        set { configure("outputFileType") { $0.outputFileType = newValue } }
    }

    /// Whether the file is laid out for playback while it downloads (QuickTime "fast start": the movie box first).
    public var shouldOptimizeForNetworkUse: Bool {
        get { lock.withLock { configuration.shouldOptimizeForNetworkUse } }
        set { configure("shouldOptimizeForNetworkUse") { $0.shouldOptimizeForNetworkUse = newValue } }
    }

    /// Whether the export may use more resources in parallel to finish sooner (default true). A resumable export
    /// (`configureForResumableExport()`) then encodes its segments side by side, one single-threaded encoder per
    /// core, which takes less time than one encoder using every core (`docs/segmented-export.md` measures it);
    /// false encodes one segment at a time with one encoder using every core. An ordinary export is not split (its
    /// decode, scale, encode and write stages always run concurrently, and the codecs use every core), as Apple
    /// allows: parallelization is used "only if parallelization requirements are met", with no error when not.
    public var allowsParallelizedExport: Bool {
        get { lock.withLock { configuration.allowsParallelizedExport } }
        set { configure("allowsParallelizedExport") { $0.allowsParallelizedExport = newValue } }
    }

    /// The part of the asset to export. Default [0, +∞): the whole asset. The output starts exactly at its start
    /// (passthrough too: an edit list skips the frames decoded before it) and ends exactly at its end.
    public var timeRange: CMTimeRange {
        get { lock.withLock { configuration.timeRange } }
        set { configure("timeRange") { $0.timeRange = newValue } }
    }

    /// The size in bytes the output must not exceed; 0 (the default) for no limit. The export stops at the last
    /// sample that fits and completes a playable file no larger than the limit (stricter than Apple, whose output
    /// "may slightly exceed" it).
    public var fileLengthLimit: Int64 {
        get { lock.withLock { configuration.fileLengthLimit } }
        set { configure("fileLengthLimit") { $0.fileLengthLimit = newValue } }
    }

    /// Metadata to write instead of the asset's; nil (the default) writes the asset's own, filtered by
    /// `metadataItemFilter`.
    public var metadata: [AVMetadataItem]? {
        get { lock.withLock { configuration.metadata } }
        set { configure("metadata") { $0.metadata = newValue } }
    }

    /// A filter applied to the asset's metadata (not to `metadata`), such as `AVMetadataItemFilter.forSharing()`.
    public var metadataItemFilter: AVMetadataItemFilter? {
        get { lock.withLock { configuration.metadataItemFilter } }
        set { configure("metadataItemFilter") { $0.metadataItemFilter = newValue } }
    }

    /// The algorithm for time-stretching audio in scaled edits. Default `.spectral`; only Apple's four constants are
    /// accepted (another value is ignored with a message, where Apple raises an exception).
    public var audioTimePitchAlgorithm: AVAudioTimePitchAlgorithm {
        get { lock.withLock { configuration.audioTimePitchAlgorithm } }
        set {
            guard AVAudioTimePitchAlgorithm.all.contains(newValue) else {
                ExportLog.warn("AVAssetExportSession: '\(newValue.rawValue)' is not an AVAudioTimePitchAlgorithm constant; ignored")
                return
            }
            configure("audioTimePitchAlgorithm") { $0.audioTimePitchAlgorithm = newValue }
        }
    }

    /// The volume of each audio track over time; nil exports every track at its own volume. Ignored by Passthrough,
    /// as Apple documents (its samples are not decoded).
    public var audioMix: AVAudioMix? {
        get { lock.withLock { configuration.audioMix } }
        set {
            let copy = newValue.map { AVAudioMix(inputParameters: $0.inputParameters) }
            configure("audioMix") { $0.audioMix = copy }
        }
    }

    /// How the video tracks are composed into the output's one video track (copied when set). Every preset but
    /// Passthrough renders it; Passthrough ignores it, as Apple documents. The output's size is the composition's
    /// render size fitted to the preset's size.
    public var videoComposition: AVVideoComposition? {
        get { lock.withLock { configuration.videoComposition } }
        set {
            let copy = newValue?.copy() as? AVVideoComposition
            let current = lock.withLock { configuration.customVideoCompositor }
            let compositor: (any AVVideoCompositing)?
            do {
                compositor = try AVAssetReaderVideoCompositionOutput.compositor(for: copy, keeping: current)
            } catch {
                ExportLog.warn("AVAssetExportSession: \(error.localizedDescription); the video composition is not set")
                return
            }
            configure("videoComposition") {
                $0.videoComposition = copy
                $0.customVideoCompositor = compositor
            }
        }
    }

    /// The custom compositor made from the video composition's `customVideoCompositorClass` (kept while the class
    /// stays the same); nil when the built-in compositor is used.
    public var customVideoCompositor: (any AVVideoCompositing)? { lock.withLock { configuration.customVideoCompositor } }

    /// Whether the export may read the source more than once for better results: H.264 and HEVC with a target bit
    /// rate are encoded in two passes (statistics in `directoryForTemporaryFiles`). Default false; no effect on
    /// presets that gain nothing (constant quality, ProRes, passthrough).
    public var canPerformMultiplePassesOverSourceMediaData: Bool {
        get { lock.withLock { configuration.canPerformMultiplePassesOverSourceMediaData } }
        set {
            configure("canPerformMultiplePassesOverSourceMediaData") {
                $0.canPerformMultiplePassesOverSourceMediaData = newValue
            }
        }
    }

    /// Where temporary files go (nil: beside the output). They are removed when the export completes, fails or is
    /// cancelled. The export fails if it is not an existing, writable directory.
    public var directoryForTemporaryFiles: URL? {
        get { lock.withLock { configuration.directoryForTemporaryFiles } }
        set { configure("directoryForTemporaryFiles") { $0.directoryForTemporaryFiles = newValue } }
    }

    // MARK: Status

    /// The status of the export. Key-value observable (announced on the thread that changes it).
    public var status: Status { lock.withLock { run.status } }

    /// Why the export failed, when `status` is `.failed`.
    public var error: (any Error)? { lock.withLock { run.status == .failed ? run.error : nil } }

    /// How much of the export is done, 0 to 1; only grows, and is 1 once the export completed. Key-value observable:
    /// announced at each progress step as the export advances, on the export's threads, and 1 before `status`
    /// becomes `.completed` (Apple's header calls it not observable).
    public var progress: Float { lock.withLock { run.progress } }

    /// The types of file the preset writes (without looking at the asset: see `determineCompatibleFileTypes`).
    public var supportedFileTypes: [AVFileType] { preset.fileTypes }

    /// The class, address, preset and status.
    public override var description: String {
        "<\(type(of: self)): \(Unmanaged.passUnretained(self).toOpaque()), presetName = \(presetName), status = \(status)>"
    }
}
