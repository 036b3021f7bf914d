import ISOBMFF
import MediaContainer

/// One track fragment (`traf`) with its sample data located in the file: where each run's data starts, and the
/// defaults its samples take. Holds no box path: one per fragment and run was most of an index of 300,000
/// fragments, so paths are derived when a message needs one (`path`, `path(ofRun:)`).
struct TrackFragmentPlan: Sendable {
    /// One run (`trun`) and the absolute file offset of its first sample's data.
    struct Run: Sendable {
        var box: TrackRunBox
        var dataOffset: UInt64
    }

    /// The track.
    var trackID: UInt32
    /// 1-based index of the fragment in the file (for messages and ordering): the `n` of `moof[n]`.
    var fragmentNumber: Int
    /// 1-based index of the track fragment in its `moof`: the `m` of `traf[m]`.
    var trackFragmentNumber: Int
    /// `tfdt`, when present.
    var baseMediaDecodeTime: UInt64?
    /// The runs with their data located, in `traf` order (run `k` is `trun[k + 1]`).
    var runs: [Run]
    /// The sample description index the samples use (`tfhd`, else `trex`).
    var sampleDescriptionIndex: UInt32
    /// The default duration, size and flags (`tfhd`, else `trex`, else 0).
    var defaultDuration: UInt32
    var defaultSize: UInt32
    var defaultFlags: SampleFlags
    /// Per-sample dependency bytes of the fragment (`sdtp` in `traf`), if any.
    var dependencies: SampleDependencyTypeBox?
    /// `tfhd` duration-is-empty: no samples, only `defaultDuration` of time.
    var durationIsEmpty: Bool
    /// Samples in all runs.
    var sampleCount: Int
    /// Sum of the samples' durations in the media timescale.
    var totalDuration: Int64

    /// `moof[n]/traf[m]`.
    var path: BoxPath { Self.path(fragment: fragmentNumber, trackFragment: trackFragmentNumber) }

    /// `moof[n]/traf[m]/trun[k]` for the run at `index` (0-based) of `runs`.
    func path(ofRun index: Int) -> BoxPath { path.appending("trun", index: index + 1) }

    static func path(fragment: Int, trackFragment: Int) -> BoxPath {
        BoxPath.root.appending(MovieFragmentBox.type, index: fragment).appending("traf", index: trackFragment)
    }
}

/// Every track fragment of a fragmented file, grouped by track, with data offsets resolved (ISO/IEC 14496-12
/// §8.8.7–§8.8.8). Built while the file is scanned, one `moof` at a time (`add`), so that the parsed fragments need
/// not be held; per-sample tables are built from it lazily, one track at a time.
struct FragmentIndex: Sendable {
    /// Track fragments by track ID, in file order.
    private(set) var fragmentsByTrack: [UInt32: [TrackFragmentPlan]] = [:]
    /// Number of `moof` boxes used.
    private(set) var fragmentCount = 0
    /// Fragments left out because their media data runs past the end of a truncated file.
    private(set) var droppedIncompleteFragments = 0

    private let trackExtends: [UInt32: TrackExtendsBox]
    /// `moof` boxes seen, indexed or not.
    private var seen = 0
    /// Where the last `moof` seen starts.
    private var lastOffset: Int64?
    /// The number of the first fragment whose data runs past the end of the file, if any.
    private var firstIncomplete: Int?
    /// The first fragment that could not be indexed, and why: kept to be reported by `finish`, so that a broken
    /// fragment is reported where the whole index used to be built, after the movie box's own checks.
    private var failure: MovieFileError?

    /// An empty index whose fragments take their defaults from `trackExtends` (by track ID).
    init(trackExtends: [UInt32: TrackExtendsBox]) {
        self.trackExtends = trackExtends
    }

    /// Indexes the next `moof` in file order, which starts at `offset`. Data past `fileSize` is noted; whether it
    /// means a cut file is decided by `finish`.
    mutating func add(_ moof: MovieFragmentBox, offset: Int64, fileSize: Int64) {
        seen += 1
        lastOffset = offset
        // Past the limit fragments are only counted, for `finish`'s message.
        guard failure == nil, seen <= MovieFileLimits.maximumFragmentCount else { return }
        let number = seen
        var plans: [TrackFragmentPlan] = []
        var previousDataEnd = UInt64(offset)
        var trafCounts = 0
        var complete = true
        for node in moof.children where node.type == TrackFragmentBox.type {
            guard let traf = node.box as? TrackFragmentBox else { continue }
            trafCounts += 1
            do {
                let plan = try Self.plan(traf, fragmentNumber: number, trackFragmentNumber: trafCounts,
                                         moofOffset: UInt64(offset), previousDataEnd: previousDataEnd,
                                         trackExtends: trackExtends)
                previousDataEnd = plan.dataEnd
                if plan.furthestEnd > UInt64(fileSize) && plan.plan.sampleCount > 0 { complete = false }
                plans.append(plan.plan)
            } catch {
                failure = error
                return
            }
        }
        if !complete && firstIncomplete == nil { firstIncomplete = number }
        for plan in plans { fragmentsByTrack[plan.trackID, default: []].append(plan) }
    }

    /// Completes the index once the scan is over. When the file is truncated, the fragments from the first one whose
    /// data does not fit in the file on are left out: a cut download plays up to its last complete fragment.
    mutating func finish(fileIsTruncated: Bool) throws(MovieFileError) {
        guard seen <= MovieFileLimits.maximumFragmentCount else {
            throw MovieFileError(.malformed, "\(seen) movie fragments, more than the "
                                 + "\(MovieFileLimits.maximumFragmentCount) this reader indexes",
                                 path: BoxPath.root.appending(MovieFragmentBox.type, index: seen), offset: lastOffset)
        }
        if let failure { throw failure }
        fragmentCount = seen
        guard fileIsTruncated, let firstIncomplete else { return }
        droppedIncompleteFragments = seen - firstIncomplete + 1
        fragmentCount = firstIncomplete - 1
        for trackID in fragmentsByTrack.keys {
            fragmentsByTrack[trackID]!.removeAll { $0.fragmentNumber >= firstIncomplete }
            if fragmentsByTrack[trackID]!.isEmpty { fragmentsByTrack[trackID] = nil }
        }
    }

    /// Locates one track fragment's runs. `previousDataEnd` is where the preceding track fragment's data ended (or
    /// the `moof` start for the first), the implicit base when neither a base offset nor default-base-is-moof is set.
    private static func plan(_ traf: TrackFragmentBox, fragmentNumber: Int, trackFragmentNumber: Int,
                             moofOffset: UInt64, previousDataEnd: UInt64, trackExtends: [UInt32: TrackExtendsBox])
        throws(MovieFileError) -> (plan: TrackFragmentPlan, dataEnd: UInt64, furthestEnd: UInt64) {
        // Paths are made only for a message.
        func path() -> BoxPath { TrackFragmentPlan.path(fragment: fragmentNumber, trackFragment: trackFragmentNumber) }
        guard let tfhd = traf.header else {
            throw MovieFileError(.malformed, "a track fragment without a header (tfhd)", path: path())
        }
        let trex = trackExtends[tfhd.trackID]
        // ISO/IEC 14496-12 §8.8.7.1: an explicit base, else the moof (default-base-is-moof), else the moof for the
        // first track fragment and the end of the previous one's data for the others.
        let base = tfhd.baseDataOffset ?? (tfhd.defaultBaseIsMoof ? moofOffset : previousDataEnd)
        let defaultSize = tfhd.defaultSampleSize ?? trex?.defaultSampleSize ?? 0
        let defaultDuration = tfhd.defaultSampleDuration ?? trex?.defaultSampleDuration ?? 0
        var runs: [TrackFragmentPlan.Run] = []
        var cursor = base
        var furthestEnd = base
        var sampleCount = 0
        var totalDuration: Int64 = 0
        var runIndex = 0
        for node in traf.children where node.type == TrackRunBox.type {
            guard let trun = node.box as? TrackRunBox else { continue }
            runIndex += 1
            func runPath() -> BoxPath { path().appending("trun", index: runIndex) }
            let start: UInt64
            if let offset = trun.dataOffset {
                // §8.8.8.1: data_offset is added to the base; a sum outside the file's address range is corrupt.
                let (sum, overflow) = Int64(bitPattern: base).addingReportingOverflow(Int64(offset))
                guard !overflow, sum >= 0, base <= UInt64(Int64.max) else {
                    throw MovieFileError(.malformed, "data offset \(offset) from base \(base) points outside the file",
                                         path: runPath(), offset: node.header?.offset)
                }
                start = UInt64(sum)
            } else {
                // §8.8.8.1: without a data offset a run continues where the previous one ended.
                start = cursor
            }
            let count = Int(trun.sampleCount)
            guard sampleCount <= MovieFileLimits.maximumSampleCount - count else {
                throw MovieFileError(.malformed, "more than \(MovieFileLimits.maximumSampleCount) samples in one "
                                     + "track fragment", path: runPath(), offset: node.header?.offset)
            }
            let bytes = try Self.sum(trun.sampleSizes, default: defaultSize, count: count, path: runPath,
                                     what: "sample sizes")
            let (end, endOverflow) = start.addingReportingOverflow(bytes)
            guard !endOverflow else {
                throw MovieFileError(.malformed, "run data ends past 2⁶⁴ bytes", path: runPath(), offset: node.header?.offset)
            }
            let duration = try Self.sum(trun.sampleDurations, default: defaultDuration, count: count, path: runPath,
                                        what: "sample durations")
            let (total, durationOverflow) = totalDuration.addingReportingOverflow(Int64(clamping: duration))
            guard !durationOverflow, duration <= UInt64(Int64.max) else {
                throw MovieFileError(.malformed, "sample durations add up past 2⁶³ ticks", path: runPath())
            }
            totalDuration = total
            runs.append(.init(box: trun, dataOffset: start))
            cursor = end
            furthestEnd = max(furthestEnd, end)
            sampleCount += count
        }
        if tfhd.durationIsEmpty { totalDuration = Int64(defaultDuration) }
        let plan = TrackFragmentPlan(
            trackID: tfhd.trackID, fragmentNumber: fragmentNumber, trackFragmentNumber: trackFragmentNumber,
            baseMediaDecodeTime: traf.baseMediaDecodeTime?.baseMediaDecodeTime, runs: runs,
            sampleDescriptionIndex: tfhd.sampleDescriptionIndex ?? trex?.defaultSampleDescriptionIndex ?? 1,
            defaultDuration: defaultDuration, defaultSize: defaultSize,
            defaultFlags: tfhd.defaultSampleFlags ?? trex?.defaultSampleFlags ?? SampleFlags(rawValue: 0),
            dependencies: traf.sampleDependencies, durationIsEmpty: tfhd.durationIsEmpty && runs.isEmpty,
            sampleCount: sampleCount, totalDuration: totalDuration)
        return (plan, cursor, furthestEnd)
    }

    /// The sum of `values` (or `count` × `defaultValue`), checked.
    private static func sum(_ values: [UInt32]?, default defaultValue: UInt32, count: Int, path: () -> BoxPath,
                            what: String) throws(MovieFileError) -> UInt64 {
        if let values {
            // At most 2³² values of at most 2³² − 1: the sum fits in UInt64.
            return values.reduce(UInt64(0)) { $0 &+ UInt64($1) }
        }
        let (product, overflow) = UInt64(defaultValue).multipliedReportingOverflow(by: UInt64(count))
        guard !overflow else { throw MovieFileError(.malformed, "\(what) add up past 2⁶⁴", path: path()) }
        return product
    }
}
