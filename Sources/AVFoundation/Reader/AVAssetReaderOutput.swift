import CoreMedia
import Foundation

/// What an output reads, once its settings, tracks and decoders have been checked by `startReading()`.
struct OutputPlan: Sendable {
    /// A name for the output's worker thread.
    let name: String
    /// How far the output reads ahead unless its settings say otherwise: `.standard`, or `.storedSamples` for an
    /// output of samples as stored.
    var bound = ReadAheadBound.standard
    /// Makes a producer of the output's sample buffers over some time ranges of the asset's timeline.
    let make: @Sendable ([CMTimeRange]) -> any SampleProducer
}

/// An output of an asset reader: the interface for reading one stream of sample buffers (AVAssetReaderOutput.h).
/// Use a concrete subclass: `AVAssetReaderTrackOutput` or `AVAssetReaderAudioMixOutput`.
///
/// Thread safety: `lock` guards `settings` and the attachment to a reader; `copyNextSampleBuffer()` may be called
/// from any thread (one caller at a time per output, as Apple's outputs expect).
// Safe because `lock` guards the settings and the attachment; reading goes through the thread-safe reader core.
open class AVAssetReaderOutput: NSObject, @unchecked Sendable {
    /// What the caller configures before reading starts.
    struct Settings {
        var alwaysCopiesSampleData = true
        var supportsRandomAccess = false
        /// Not public: set by the export pipeline, whose own stage after the output makes a deep read-ahead a waste
        /// of memory (each decoded 1080p picture is 3 MB). `nil`: the output plan's own bound.
        var readAheadBound: ReadAheadBound?
        /// Not public: set by the passthrough export of a composition, which copies each segment's samples and
        /// presents them by an edit list (`PassthroughProducer`'s media layout); the recorder of those edits.
        var mediaLayout: EditListRecorder?
        /// How decoded audio of scaled edits is stretched (the track and audio mix outputs' public property).
        var audioTimePitchAlgorithm = AVAudioTimePitchAlgorithm.spectral
    }

    let lock = NSLock()
    private var settings = Settings()
    private var attachment: (core: ReaderCore, slot: Int)?

    override init() {
        super.init()
    }

    deinit {
        // Nobody can read this output any more: stop its worker.
        if let attachment { attachment.core.releaseSlot(attachment.slot) }
    }

    /// The media type of the samples this output reads (`AVMediaFormat.h` types).
    public var mediaType: AVMediaType { .video }

    /// Whether sample buffers are handed out with data of their own, which the caller may change. With `false`,
    /// buffers may refer to memory shared with others (the mapped file for samples as stored, the decoder's own
    /// pictures), which must not be changed: faster, and what Apple recommends when the data is only read.
    /// Default true. Cannot be changed once reading has started.
    public var alwaysCopiesSampleData: Bool {
        get { lock.withLock { settings.alwaysCopiesSampleData } }
        set { configure("alwaysCopiesSampleData") { $0.alwaysCopiesSampleData = newValue } }
    }

    /// Whether the time ranges read can be changed while reading (`reset(forReadingTimeRanges:)`). While true, the
    /// reader does not complete until `markConfigurationAsFinal()` is called. Default false. Cannot be changed once
    /// reading has started.
    public var supportsRandomAccess: Bool {
        get { lock.withLock { settings.supportsRandomAccess } }
        set { configure("supportsRandomAccess") { $0.supportsRandomAccess = newValue } }
    }

    /// The next sample buffer, waiting for it if the output's worker has not read it yet; nil when there are no
    /// more in the time range, or reading failed or was cancelled (check the reader's `status`).
    /// How far the output reads ahead of its caller (see `Settings.readAheadBound`).
    var readAheadBound: ReadAheadBound? {
        get { lock.withLock { settings.readAheadBound } }
        set { configure("readAheadBound") { $0.readAheadBound = newValue } }
    }

    /// The algorithm for time-stretching audio in edits at rates other than 1, for the subclasses that decode audio.
    /// Only Apple's four constants are accepted; another value is refused (misuse, as Apple raises an exception).
    var timePitchAlgorithm: AVAudioTimePitchAlgorithm {
        get { lock.withLock { settings.audioTimePitchAlgorithm } }
        set {
            guard AVAudioTimePitchAlgorithm.all.contains(newValue) else {
                misuse("'\(newValue.rawValue)' is not an AVAudioTimePitchAlgorithm constant")
                return
            }
            configure("audioTimePitchAlgorithm") { $0.audioTimePitchAlgorithm = newValue }
        }
    }

    /// Whether a passthrough track output lays its samples out for a copy (see `Settings.mediaLayout`). Not public.
    var recordsMediaLayout: Bool {
        get { lock.withLock { settings.mediaLayout != nil } }
        set { configure("recordsMediaLayout") { $0.mediaLayout = newValue ? EditListRecorder() : nil } }
    }

    /// The edits that present what an output laying out media has handed out (and read ahead) so far; nil for any
    /// other output.
    var recordedMediaLayout: MediaLayoutEdits? { lock.withLock { settings.mediaLayout }?.recorded }

    public func copyNextSampleBuffer() -> CMSampleBuffer? {
        guard let (core, slot) = lock.withLock({ attachment }) else { return nil }
        return core.next(slot: slot)
    }

    /// Starts reading over with new time ranges of the asset's timeline (each cut to [0, duration]), after
    /// `copyNextSampleBuffer()` returned nil. Needs `supportsRandomAccess`; not allowed after
    /// `markConfigurationAsFinal()`. The ranges must have strictly increasing starts and must not overlap; each must
    /// have a numeric start and a numeric or positively infinite duration. (Apple raises an exception for a
    /// violation; here the reader fails with `AVError.operationNotAllowed` describing it.) After the reader failed or
    /// was cancelled nothing changes and `copyNextSampleBuffer()` returns nil.
    public func reset(forReadingTimeRanges timeRanges: [NSValue]) {
        reset(ranges: timeRanges.map(\.timeRangeValue), call: "reset(forReadingTimeRanges:)")
    }

    /// `reset(forReadingTimeRanges:)` with the ranges unboxed; `call` names the public call in messages.
    func reset(ranges: [CMTimeRange], call: String) {
        guard let (core, slot) = lock.withLock({ attachment }) else { return }
        if let problem = Self.problem(with: ranges) {
            core.misuse("\(call): \(problem)")
            return
        }
        guard core.status == .reading || core.status == .unknown else { return }
        guard core.status == .reading else {
            core.misuse("\(call) cannot be used before reading has started")
            return
        }
        core.reset(slot: slot, ranges: AVAssetReader.clip(ranges, to: core.duration))
    }

    /// Ends reconfiguration: the reader may now complete once this output has handed out its last buffer.
    public func markConfigurationAsFinal() {
        guard let (core, slot) = lock.withLock({ attachment }) else { return }
        core.markFinal(slot: slot)
    }

    // MARK: Subclass hooks

    /// The tracks this output reads (all must belong to the reader's asset).
    var sourceTracks: [AVAssetTrack] { [] }

    /// Why the output cannot read its tracks at all (no tracks, a track of the wrong media type), if so.
    var configurationProblem: String? { nil }

    /// Whether the output can read its tracks at all.
    var hasValidConfiguration: Bool { configurationProblem == nil }

    /// Checks the settings against the tracks and their decoders: called by `startReading()`.
    func makePlan() throws(ReadingFailure) -> OutputPlan {
        throw ReadingFailure(.unsupported, "\(type(of: self)) is not a concrete output")
    }

    // MARK: Attachment

    /// Whether the output has been added to a reader.
    var isAttached: Bool { lock.withLock { attachment != nil } }

    /// The reader state this output reads through, and its slot there, once added.
    var readerAttachment: (core: ReaderCore, slot: Int)? { lock.withLock { attachment } }

    /// The output's slot in its reader.
    var slot: Int? { lock.withLock { attachment?.slot } }

    /// Whether reading has started (configuration is then frozen).
    var hasStarted: Bool {
        guard let core = lock.withLock({ attachment?.core }) else { return false }
        return core.status != .unknown
    }

    /// The configuration as it is when reading starts.
    var configuration: Settings { lock.withLock { settings } }

    func attach(to core: ReaderCore, slot: Int) {
        lock.withLock { attachment = (core, slot) }
    }

    /// Applies a configuration change unless reading has started (misuse then, as Apple raises an exception).
    func configure(_ name: String, _ change: (inout Settings) -> Void) {
        if let core = lock.withLock({ attachment?.core }), core.status != .unknown {
            core.misuse("\(name) cannot be changed after reading has started")
            return
        }
        lock.withLock { change(&settings) }
    }

    /// Reports misuse to the reader this output is attached to, if any.
    func misuse(_ message: String) {
        lock.withLock { attachment?.core }?.misuse(message)
    }

    /// What is wrong with `ranges` for `reset(forReadingTimeRanges:)`, if anything.
    static func problem(with ranges: [CMTimeRange]) -> String? {
        guard !ranges.isEmpty else { return "no time ranges were given" }
        var previous: CMTimeRange?
        for (index, range) in ranges.enumerated() {
            guard range.isValid, range.start.isNumeric,
                  range.duration.isNumeric || range.duration.isPositiveInfinity, range.duration >= .zero else {
                return "time range \(index) is not a range with a numeric start and a numeric or positively infinite duration"
            }
            if let previous {
                guard range.start > previous.start, range.start >= previous.end else {
                    return "time range \(index) does not start after the previous one ends: starts must strictly "
                        + "increase and ranges must not overlap"
                }
            }
            previous = range
        }
        return nil
    }
}
