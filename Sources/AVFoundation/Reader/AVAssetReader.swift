import CoreMedia
import Foundation

/// Reads the media data of an asset: the samples of its tracks as stored or decoded, and mixed audio
/// (AVAssetReader.h).
///
/// A reader is used once: add outputs, optionally set `timeRange`, call `startReading()` (which checks every
/// output's settings, decoders and tracks, and returns false with `error` set when one cannot be honoured), then
/// pull sample buffers from each output with `copyNextSampleBuffer()` until it returns nil. `status` becomes
/// `.completed` when every output has handed out its last sample buffer, `.failed` (with `error`, an `AVError`
/// whose underlying error is the demuxer's or the codec's) when reading cannot go on, `.cancelled` after
/// `cancelReading()`.
///
/// Reading ahead, memory, and outputs nobody reads: each output reads on its own worker thread into a bounded
/// queue (at most `ReadingLimits.readAheadBuffers` = 16 sample buffers and `ReadingLimits.readAheadBytes` =
/// 32 MiB of sample data, whichever comes first; a single larger buffer is still delivered), so decoding runs
/// while the caller works and memory stays bounded whatever the caller does. Outputs are independent: each reads
/// the file itself, so an output that is never read (or read slowly) only stops its own worker when its queue is
/// full and never stalls the others, which read on to their ends. Such a reader stays `.reading` (its unread
/// output has not handed out its last buffer) until `cancelReading()`, which stops every worker promptly. See
/// docs/reader.md.
///
/// API misuse that Apple answers with an exception (adding an output after reading started, setting `timeRange`
/// while reading, a bad `reset(forReadingTimeRanges:)`) never traps here: before reading starts, `startReading()`
/// returns false with an `AVError.operationNotAllowed` describing it; while reading, the reader fails with it.
///
/// Thread safety: every property and method may be used from any thread. `lock` guards `storedOutputs` and
/// `storedTimeRange`; the status and error live in `core`, which guards itself.
// Safe because `lock` guards the outputs and time range; `core` guards status and error.
open class AVAssetReader: NSObject, @unchecked Sendable {
    /// The status of a reader.
    public enum Status: Int, Sendable {
        /// Reading has not started.
        case unknown = 0
        /// The reader is reading.
        case reading = 1
        /// Every output has handed out every sample buffer of its time range.
        case completed = 2
        /// Reading stopped because of an error (`error`).
        case failed = 3
        /// Reading was cancelled with `cancelReading()`.
        case cancelled = 4
    }

    /// The asset whose media data the outputs read.
    public let asset: AVAsset

    let core = ReaderCore()
    private let lock = NSLock()
    private var storedOutputs: [AVAssetReaderOutput] = []
    private var storedTimeRange = CMTimeRange(start: .zero, duration: .positiveInfinity)
    private var storedTimeRanges: [CMTimeRange]?

    /// A reader of `asset`. Fails when the asset is of a kind this reader cannot read.
    public init(asset: AVAsset) throws {
        self.asset = asset
        super.init()
        core.owner = self
    }

    /// The status of reading. Key-value observable (announced on the thread that changes it).
    public var status: AVAssetReader.Status { core.status }

    /// The error that made reading fail; nil unless `status` is `.failed`.
    public var error: (any Error)? { core.status == .failed ? core.error : nil }

    /// The part of the asset's timeline to read: its intersection with [0, asset duration] is read. Default
    /// [0, +∞). Cannot be changed once reading has started.
    public var timeRange: CMTimeRange {
        get { lock.withLock { storedTimeRange } }
        set {
            guard core.status == .unknown else {
                core.misuse("timeRange cannot be set after reading has started")
                return
            }
            guard newValue.isValid, newValue.start.isNumeric,
                  newValue.duration.isNumeric || newValue.duration.isPositiveInfinity, newValue.duration >= .zero else {
                core.misuse("timeRange \(newValue.descriptionText) is not a valid range with a numeric start and a "
                            + "numeric or positively infinite duration")
                return
            }
            lock.withLock { storedTimeRange = newValue }
        }
    }

    /// Several time ranges read in one run instead of `timeRange`, with increasing starts and without overlap: how
    /// the image generator reads a batch of composed frames with one reader. Apple's API reads several ranges only
    /// through `reset(forReadingTimeRanges:)`, one reset per run; this is not public.
    var timeRanges: [CMTimeRange]? {
        get { lock.withLock { storedTimeRanges } }
        set { lock.withLock { storedTimeRanges = newValue } }
    }

    /// The outputs added, in order.
    public var outputs: [AVAssetReaderOutput] { lock.withLock { storedOutputs } }

    /// Whether `output` can be added: reading has not started, the output is not attached to a reader, and every
    /// track it reads belongs to this reader's asset.
    public func canAdd(_ output: AVAssetReaderOutput) -> Bool {
        guard core.status == .unknown, !output.isAttached else { return false }
        return output.sourceTracks.allSatisfy { $0.asset === asset } && output.hasValidConfiguration
    }

    /// Adds `output`. An output that cannot be added (see `canAdd(_:)`) is refused, which makes reading fail.
    public func add(_ output: AVAssetReaderOutput) {
        guard canAdd(output) else {
            let reason = core.status != .unknown ? "outputs cannot be added after reading has started"
                : output.isAttached ? "the output is already attached to a reader"
                : output.hasValidConfiguration ? "the output reads a track of another asset"
                : "the output's tracks are not valid for it (\(output.configurationProblem ?? "none given"))"
            core.misuse("cannot add \(type(of: output)): \(reason)")
            return
        }
        lock.withLock { storedOutputs.append(output) }
        output.attach(to: core, slot: core.addSlot())
    }

    /// Checks every output's settings, tracks and decoders and starts reading. Returns false, with `status`
    /// `.failed` and `error` saying which output, track and setting, when one of them cannot be honoured.
    public func startReading() -> Bool {
        guard core.status == .unknown else { return false }
        let (outputs, requested) = lock.withLock { (storedOutputs, storedTimeRanges ?? [storedTimeRange]) }
        let duration: CMTime
        do {
            duration = try asset.loadedDuration()
            if let refusal = asset.readingRefusal { throw refusal }
        } catch {
            // The asset's own load error, as the asset layer reports it (Apple's domains and codes).
            core.failStart(error)
            return false
        }
        let ranges = Self.clip(requested, to: duration)
        var makers: [ReaderCore.Maker] = []
        for output in outputs {
            do throws(ReadingFailure) {
                let plan = try output.makePlan()
                guard let slot = output.slot else { continue }
                makers.append(ReaderCore.Maker(slot: slot, name: "AVAssetReader \(type(of: output)) \(plan.name)",
                                               randomAccess: output.supportsRandomAccess,
                                               bound: output.readAheadBound ?? plan.bound, make: plan.make))
            } catch {
                core.failStart(error.avError)
                return false
            }
        }
        return core.start(makers: makers, ranges: ranges, duration: duration)
    }

    /// Stops reading: every output's worker stops promptly and `copyNextSampleBuffer()` returns nil from now on.
    public func cancelReading() {
        core.cancel()
    }

    /// `ranges` cut to [0, duration]; empty ones left out.
    static func clip(_ ranges: [CMTimeRange], to duration: CMTime) -> [CMTimeRange] {
        let whole = CMTimeRange(start: .zero, duration: duration.isNumeric ? duration : .positiveInfinity)
        return ranges.compactMap { range in
            let clipped = CMTimeRangeGetIntersection(range, otherRange: whole)
            return clipped.isValid && clipped.duration > .zero ? clipped : nil
        }
    }
}
