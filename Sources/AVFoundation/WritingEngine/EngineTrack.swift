import CoreMedia
import Foundation
import MediaContainer
import MovieFile

/// What the engine knows about one input's track while writing: its place in the output, the samples waiting for
/// the output's tracks to be made, and the presentation extent the edit list is built from. Used only under the
/// engine's lock.
final class EngineTrack {
    let spec: InputSpec
    /// The muxer's track, once the output's tracks exist (nil for a track that never got a sample).
    var handle: OutputTrack?
    /// Media timescale, decided from the first sample (or the input's `mediaTimeScale`).
    var timescale: CMTimeScale?
    /// Sample descriptions given to the output so far (index + 1 is the sample description index).
    var descriptions: [CMFormatDescription] = []
    /// The description object the last sample brought and its index in `descriptions`: samples of one source share
    /// one object, so the deep comparison with `descriptions` runs only when the object changes (a stitch's every
    /// piece brings its own, equal, description; comparing them per sample was 39 % of its CPU).
    var lastFormat: (format: CMFormatDescription, index: Int)?
    /// Samples made before the output's tracks exist.
    var staged: [EncodedSample] = []
    var stagedBytes = 0
    /// A sample whose duration waits for the next sample's decode time (buffers that gave no duration).
    var held: EncodedSample?
    /// The last duration known, for the last sample when it has none of its own.
    var lastDuration: CMTime = .invalid
    /// Decode time of the last sample taken, for the order check.
    var lastDecodeTime: CMTime = .invalid
    /// Disjoint, sorted presented time ranges on the source timeline (after trims).
    var presented: [CMTimeRange] = []
    /// Sorted, disjoint time ranges of samples marked `kCMSampleAttachmentKey_DoNotDisplay` (merged when they touch).
    var hidden: [CMTimeRange] = []
    /// Priming and padding met so far.
    var trimAtStart: CMTime = .zero
    var trimAtEnd: CMTime = .zero
    /// Samples taken so far.
    var sampleCount = 0

    /// Work items handed to the input's worker and not yet done.
    var queuedItems = 0
    var queuedBytes = 0
    /// The queue reached its limit; the input reports not ready until the worker has emptied half of it.
    var drainingQueue = false
    /// The caller marked the input finished (`markAsFinished`).
    var inputFinished = false
    /// The edits that present the track, handed over as the input was marked finished (a composition's passthrough
    /// export); nil: the edits follow the writer's sessions.
    var presentedLayout: MediaLayoutEdits?
    /// The worker has processed the end of the input (encoder flushed).
    var ended = false
    /// Multi-pass: the current pass was marked finished and the next has not begun.
    var betweenPasses = false
    /// True while the samples go nowhere (a multi-pass analysis pass).
    var discardsOutput = false
    /// Multi-pass: the pass under way (1-based), whether the encoder asked for another after it, and who to tell
    /// when a pass ends.
    var pass = 1
    var hasNextPass = true
    var passObserver: (@Sendable () -> Void)?

    /// `spec.cmMediaType`, spelled once: every sample delivered is checked against it.
    let cmMediaType: CMMediaType

    init(spec: InputSpec) {
        self.spec = spec
        cmMediaType = spec.cmMediaType
    }

    /// Whether the staged samples reach the staging limit (bytes or seconds, `WriterLimits`): the input then
    /// reports not ready until the output's tracks exist, so that the other inputs get fed.
    var stagingIsFull: Bool {
        guard timescale != nil, let first = staged.first else { return false }
        if stagedBytes >= WriterLimits.stagedBytes { return true }
        return (lastDecodeTime - first.effectiveDecodeTime).seconds >= WriterLimits.stagedSeconds
    }

    /// True when the output's track can be made: the first sample (and so its format) is known, or none will come.
    var isDescribable: Bool { timescale != nil || ended }

    /// Records a presented range, merging it with ranges it touches (a gap shorter than `tolerance` counts as
    /// touching, so that rounding between frame durations and timestamps does not split a track).
    func addPresented(_ range: CMTimeRange, tolerance: CMTime) {
        Self.merge(range, into: &presented, tolerance: tolerance)
    }

    /// Records the presentation range of a sample that is decoded but not shown, merging it with ranges it touches.
    func addHidden(_ range: CMTimeRange) {
        Self.merge(range, into: &hidden, tolerance: .zero)
    }

    /// Adds `range` to `ranges` (sorted, none touching another), merging it with those it touches or comes within
    /// `tolerance` of. Samples usually come in order, so the common case only extends or appends the last range.
    private static func merge(_ range: CMTimeRange, into ranges: inout [CMTimeRange], tolerance: CMTime) {
        guard range.duration > .zero else { return }
        if let last = ranges.last, range.start >= last.start {
            if range.start <= last.end + tolerance {
                ranges[ranges.count - 1] = CMTimeRange(start: last.start, end: max(last.end, range.end))
            } else {
                ranges.append(range)
            }
            return
        }
        ranges.append(range)
        ranges.sort { $0.start < $1.start }
        var merged: [CMTimeRange] = []
        for item in ranges {
            if let last = merged.last, item.start <= last.end + tolerance {
                merged[merged.count - 1] = CMTimeRange(start: last.start, end: max(last.end, item.end))
            } else {
                merged.append(item)
            }
        }
        ranges = merged
    }

    /// The media timescale for a track whose first sample is `firstSample`: the input's own when set; audio at its
    /// sample rate; otherwise the smallest timescale that holds the first sample's times exactly (their reduced
    /// denominators), made a multiple of 600 (Apple's movie and video default) when that stays small — so a
    /// 25 fps source read at 1/320000 s is written at 600, an NTSC one at 24000 or 30000.
    static func chooseTimescale(spec: InputSpec, firstSample: EncodedSample) -> CMTimeScale {
        if spec.mediaTimeScale > 0, spec.mediaType != .audio { return spec.mediaTimeScale }
        if let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(firstSample.format)?.pointee,
           asbd.mSampleRate >= 1, asbd.mSampleRate <= Double(Int32.max) {
            return CMTimeScale(asbd.mSampleRate.rounded())
        }
        func gcd(_ a: Int64, _ b: Int64) -> Int64 { b == 0 ? abs(a) : gcd(b, a % b) }
        var scale: Int64 = 1
        for time in [firstSample.presentationTime, firstSample.decodeTime, firstSample.duration] where time.isNumeric && time.timescale > 0 {
            let denominator = Int64(time.timescale) / max(1, gcd(time.value, Int64(time.timescale)))
            scale = scale / gcd(scale, denominator) * denominator
            if scale > Int64(Int32.max) { return time.timescale }
        }
        let withApple = scale / gcd(scale, 600) * 600
        if withApple <= 1_000_000 { return CMTimeScale(withApple) }
        return CMTimeScale(scale)
    }
}
