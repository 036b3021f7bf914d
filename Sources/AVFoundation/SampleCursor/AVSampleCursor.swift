import CoreMedia
import Foundation
import MediaContainer

/// A position at one sample of a track's raw sample sequence (the media timeline, edits not applied), movable in
/// decode or presentation order by counts or by time (AVSampleCursor.h).
///
/// Stepping one sample costs O(1) amortised (see `SampleTableRuns`), so walking a million-sample track is linear.
///
/// Chunks: the container readers hand the asset layer sample tables without chunk boundaries, so each sample is
/// reported as a chunk of its own, which AVSampleCursor.h prescribes for media that "does not signal chunking".
///
/// Thread safety: `lock` protects `position`; the tables it walks are immutable.
// Safe because `lock` guards `position`; the tables it walks are immutable.
open class AVSampleCursor: NSObject, NSCopying, @unchecked Sendable {
    private let runs: SampleTableRuns
    private let formatDescriptions: FormatDescriptionList
    private let timescale: CMTimeScale
    private let storageURL: URL?
    /// Earlier samples a decoder needs before output is right (the negated `sgpd` roll distance), or 0.
    private let refreshSampleCount: Int
    private let lock = NSLock()
    private var position: CursorPosition
    /// The presentation order, fetched from `runs` on first use (tracks with composition offsets only).
    private var cachedPresentationOrder: (order: [Int32], positions: [Int32])?

    /// A cursor at sample `index` (in decode order) of a non-empty table.
    init(runs: SampleTableRuns, formatDescriptions: FormatDescriptionList, timescale: CMTimeScale,
         storageURL: URL?, refreshSampleCount: Int = 0, index: Int) {
        self.refreshSampleCount = refreshSampleCount
        self.runs = runs
        self.formatDescriptions = formatDescriptions
        self.timescale = timescale
        self.storageURL = storageURL
        var start = CursorPosition(index: index)
        start.move(to: index, in: runs)
        position = start
        super.init()
    }

    private var count: Int { runs.table.count }

    private func time(_ ticks: Int64) -> CMTime { CMTime(value: ticks, timescale: timescale) }

    // MARK: Stepping

    /// Moves `stepCount` samples in decode order (backwards when negative); returns how many were traversed,
    /// less in magnitude than `stepCount` when the sequence ended first.
    public func stepInDecodeOrder(byCount stepCount: Int64) -> Int64 {
        lock.withLock {
            let target = Self.clamp(Int64(position.index) + stepCount, count: count)
            let moved = target - Int64(position.index)
            position.move(to: Int(target), in: runs)
            return moved
        }
    }

    /// Moves `stepCount` samples in presentation order (backwards when negative); returns how many were
    /// traversed.
    public func stepInPresentationOrder(byCount stepCount: Int64) -> Int64 {
        lock.withLock {
            guard runs.compositionOffsets != nil else {
                let target = Self.clamp(Int64(position.index) + stepCount, count: count)
                let moved = target - Int64(position.index)
                position.move(to: Int(target), in: runs)
                return moved
            }
            let order = presentationOrder()
            let current = Int64(order.positions[position.index])
            let target = Self.clamp(current + stepCount, count: count)
            position.move(to: Int(order.order[Int(target)]), in: runs)
            return target - current
        }
    }

    /// Moves to the sample whose decode interval contains the current decode time plus `deltaDecodeTime`; pins to
    /// the first or last sample (and sets `outWasPinned`) when that time is before the first sample or at or after
    /// the end of the last. Returns how far the decode time moved, which snaps to sample boundaries.
    public func step(byDecodeTime deltaDecodeTime: CMTime, wasPinned outWasPinned: UnsafeMutablePointer<ObjCBool>?)
        -> CMTime
    {
        lock.withLock {
            let old = position.decodeTime(in: runs)
            let table = runs.table
            let end = table.decodeTime(at: count)
            var pinned = false
            let target = targetTicks(from: old, delta: deltaDecodeTime)
            let index: Int
            if target < table.firstDecodeTime {
                index = 0
                pinned = true
            } else if target >= end {
                index = count - 1
                pinned = true
            } else {
                index = table.sampleIndex(containingDecodeTime: target) ?? count - 1
            }
            position.move(to: index, in: runs)
            outWasPinned?.pointee = ObjCBool(pinned)
            return time(position.decodeTime(in: runs) - old)
        }
    }

    /// Moves to the last sample (in presentation order) presented at or before the current presentation time plus
    /// `deltaPresentationTime`; pins to the first or last sample in presentation order (and sets `outWasPinned`)
    /// when that time is before every sample or at or after the end of the latest one. Returns how far the
    /// presentation time moved.
    public func step(byPresentationTime deltaPresentationTime: CMTime,
                     wasPinned outWasPinned: UnsafeMutablePointer<ObjCBool>?) -> CMTime {
        lock.withLock {
            let old = position.presentationTime(in: runs)
            let table = runs.table
            var pinned = false
            let target = targetTicks(from: old, delta: deltaPresentationTime)
            let span = table.presentationSpan ?? 0..<0
            let index: Int
            if target < span.lowerBound {
                index = firstInPresentationOrder()
                pinned = true
            } else if target >= span.upperBound {
                index = lastInPresentationOrder()
                pinned = true
            } else {
                index = table.sampleIndex(presentedAt: target) ?? firstInPresentationOrder()
            }
            position.move(to: index, in: runs)
            outWasPinned?.pointee = ObjCBool(pinned)
            return time(position.presentationTime(in: runs) - old)
        }
    }

    /// `from + delta` in media ticks, rounded down (a time inside a sample's interval belongs to that sample);
    /// saturating for infinite deltas, unchanged for invalid ones.
    private func targetTicks(from ticks: Int64, delta: CMTime) -> Int64 {
        if delta.isPositiveInfinity { return .max }
        if delta.isNegativeInfinity { return .min }
        guard delta.isNumeric else { return ticks }
        let target = CMTimeConvertScale(time(ticks) + delta, timescale: timescale, method: .roundTowardNegativeInfinity)
        if target.isPositiveInfinity { return .max }
        if target.isNegativeInfinity { return .min }
        return target.value
    }

    /// The presentation order; call with `lock` held.
    private func presentationOrder() -> (order: [Int32], positions: [Int32]) {
        if let cached = cachedPresentationOrder { return cached }
        let order = runs.presentationOrder
        cachedPresentationOrder = order
        return order
    }

    private func firstInPresentationOrder() -> Int {
        guard runs.compositionOffsets != nil else { return 0 }
        return Int(presentationOrder().order.first ?? 0)
    }

    private func lastInPresentationOrder() -> Int {
        guard runs.compositionOffsets != nil else { return count - 1 }
        return Int(presentationOrder().order.last ?? Int32(count - 1))
    }

    private static func clamp(_ index: Int64, count: Int) -> Int64 {
        min(max(index, 0), Int64(count - 1))
    }

    // MARK: Position

    /// The presentation time stamp of the current sample.
    public var presentationTimeStamp: CMTime {
        lock.withLock { time(position.presentationTime(in: runs)) }
    }

    /// The decode time stamp of the current sample.
    public var decodeTimeStamp: CMTime {
        lock.withLock { time(position.decodeTime(in: runs)) }
    }

    /// Whether the current sample comes before, at or after `cursor`'s in decode order (both must walk the same
    /// track; otherwise, as Apple says, the result is undefined).
    public func comparePositionInDecodeOrder(withPositionOf cursor: AVSampleCursor) -> ComparisonResult {
        let mine = lock.withLock { position.index }
        let theirs = cursor === self ? mine : cursor.lock.withLock { cursor.position.index }
        return mine < theirs ? .orderedAscending : mine == theirs ? .orderedSame : .orderedDescending
    }

    /// Whether a sample before the current one in decode order is presented after `cursor`'s sample.
    public func samplesWithEarlierDecodeTimeStampsMayHaveLaterPresentationTimeStamps(than cursor: AVSampleCursor)
        -> Bool
    {
        let index = lock.withLock { position.index }
        guard index > 0 else { return false }
        let other = cursor.presentationTimeStamp
        let latestBefore: Int64
        if runs.compositionOffsets == nil {
            // Presentation order is decode order: the sample just before is presented latest.
            var previous = CursorPosition(index: index - 1)
            previous.move(to: index - 1, in: runs)
            latestBefore = previous.presentationTime(in: runs)
        } else {
            latestBefore = runs.reorderingBounds.maxBefore[index]
        }
        return time(latestBefore) > other
    }

    /// Whether a sample after the current one in decode order is presented before `cursor`'s sample.
    public func samplesWithLaterDecodeTimeStampsMayHaveEarlierPresentationTimeStamps(than cursor: AVSampleCursor)
        -> Bool
    {
        let index = lock.withLock { position.index }
        guard index < count - 1 else { return false }
        let other = cursor.presentationTimeStamp
        let earliestAfter: Int64
        if runs.compositionOffsets == nil {
            var next = CursorPosition(index: index + 1)
            next.move(to: index + 1, in: runs)
            earliestAfter = next.presentationTime(in: runs)
        } else {
            earliestAfter = runs.reorderingBounds.minAfter[index]
        }
        return time(earliestAfter) < other
    }

    // MARK: Current sample

    /// The decode duration of the current sample.
    public var currentSampleDuration: CMTime {
        lock.withLock { time(position.duration(in: runs)) }
    }

    /// The format description of the current sample.
    public func copyCurrentSampleFormatDescription() -> CMFormatDescription {
        let index = lock.withLock { position.descriptionIndex(in: runs) }
        // Cursors are only made for tracks with descriptions; an index the table cannot resolve falls back to the
        // first description rather than failing a call that cannot report an error.
        return (1...formatDescriptions.count).contains(index) ? formatDescriptions[index - 1] : formatDescriptions[0]
    }

    /// Whether the current sample is a full sync, partial sync or droppable sample (`stss`, `stps`, `sdtp`).
    public var currentSampleSyncInfo: AVSampleCursorSyncInfo {
        lock.withLock {
            let table = runs.table
            let index = position.index
            let dependedOn = table.dependencyByte(at: index).map { ($0 >> 2) & 0x3 }
            return AVSampleCursorSyncInfo(sampleIsFullSync: ObjCBool(position.isSync(in: runs)),
                                          sampleIsPartialSync: ObjCBool(table.isPartialSync(at: index)),
                                          sampleIsDroppable: ObjCBool(dependedOn == 2))
        }
    }

    /// The current sample's dependencies: from its `sdtp` byte (ISO/IEC 14496-12 §8.6.4.3: sample_depends_on,
    /// sample_is_depended_on, sample_has_redundancy, each 1 yes, 2 no, 0 unknown); without one, a sync sample is
    /// known not to depend on others and nothing else is known.
    public var currentSampleDependencyInfo: AVSampleCursorDependencyInfo {
        lock.withLock {
            guard let byte = runs.table.dependencyByte(at: position.index) else {
                let independent = position.isSync(in: runs)
                return AVSampleCursorDependencyInfo(
                    sampleIndicatesWhetherItHasDependentSamples: false, sampleHasDependentSamples: false,
                    sampleIndicatesWhetherItDependsOnOthers: ObjCBool(independent), sampleDependsOnOthers: false,
                    sampleIndicatesWhetherItHasRedundantCoding: false, sampleHasRedundantCoding: false)
            }
            let dependsOn = (byte >> 4) & 0x3, dependedOn = (byte >> 2) & 0x3, redundancy = byte & 0x3
            return AVSampleCursorDependencyInfo(
                sampleIndicatesWhetherItHasDependentSamples: ObjCBool(dependedOn == 1 || dependedOn == 2),
                sampleHasDependentSamples: ObjCBool(dependedOn == 1),
                sampleIndicatesWhetherItDependsOnOthers: ObjCBool(dependsOn == 1 || dependsOn == 2),
                sampleDependsOnOthers: ObjCBool(dependsOn == 1),
                sampleIndicatesWhetherItHasRedundantCoding: ObjCBool(redundancy == 1 || redundancy == 2),
                sampleHasRedundantCoding: ObjCBool(redundancy == 1))
        }
    }

    /// Whether the current audio sample is independently decodable: a sync sample is, needing no refresh.
    public var currentSampleAudioDependencyInfo: AVSampleCursorAudioDependencyInfo {
        lock.withLock {
            AVSampleCursorAudioDependencyInfo(audioSampleIsIndependentlyDecodable: ObjCBool(position.isSync(in: runs)),
                                              audioSamplePacketRefreshCount: 0)
        }
    }

    /// Samples before the current one a decoder needs for full output after a seek: the track's pre-roll (a
    /// negative `sgpd` roll distance, ISO/IEC 14496-12 §10.1: 1 for AAC), as far as there are earlier samples; 0
    /// when the track gives none ("zero … if the track does not contain this information").
    public var samplesRequiredForDecoderRefresh: Int {
        lock.withLock { min(refreshSampleCount, position.index) }
    }

    /// The file holding the current sample's chunk.
    public var currentChunkStorageURL: URL? { storageURL }

    /// The byte range of the current sample's chunk: the sample itself (see the class comment).
    public var currentChunkStorageRange: AVSampleCursorStorageRange { currentSampleStorageRange }

    /// The current chunk: one sample.
    public var currentChunkInfo: AVSampleCursorChunkInfo {
        AVSampleCursorChunkInfo(chunkSampleCount: 1, chunkHasUniformSampleSizes: true,
                                chunkHasUniformSampleDurations: true, chunkHasUniformFormatDescriptions: true)
    }

    /// The current sample's index in its chunk: 0.
    public var currentSampleIndexInChunk: Int64 { 0 }

    /// The byte range of the current sample in `currentChunkStorageURL`.
    public var currentSampleStorageRange: AVSampleCursorStorageRange {
        lock.withLock {
            let index = position.index
            let offset = Int64(exactly: runs.table.offset(at: index)) ?? -1
            return AVSampleCursorStorageRange(offset: offset, length: Int64(runs.table.size(at: index)))
        }
    }

    // MARK: NSObject

    /// A new cursor at the same position.
    public func copy(with zone: NSZone? = nil) -> Any {
        let index = lock.withLock { position.index }
        return AVSampleCursor(runs: runs, formatDescriptions: formatDescriptions, timescale: timescale,
                              storageURL: storageURL, refreshSampleCount: refreshSampleCount, index: index)
    }

    /// The class, position and times.
    public override var description: String {
        let index = lock.withLock { position.index }
        return "<\(type(of: self)): \(Unmanaged.passUnretained(self).toOpaque()), sample \(index) of \(count), "
            + "dts = \(decodeTimeStamp.descriptionText), pts = \(presentationTimeStamp.descriptionText)>"
    }
}

extension AVAssetTrack {
    /// A cursor over the track's samples, or `nil` when the track has no samples, no format descriptions, or a
    /// sample table that cannot be read.
    private func makeCursor(_ index: (SampleTableRuns) -> Int?) -> AVSampleCursor? {
        guard let container = containerBacking, !container.model.formatDescriptions.isEmpty,
              let runs = try? container.sampleTableRuns(), runs.table.count > 0, let start = index(runs)
        else { return nil }
        let model = container.model
        let preRoll = model.rollDistance.map { $0 < 0 ? -$0 : 0 } ?? 0
        return AVSampleCursor(runs: runs, formatDescriptions: model.formatDescriptions,
                              timescale: model.mediaTimescale, storageURL: container.fileURL,
                              refreshSampleCount: preRoll, index: start)
    }

    /// How many samples a cursor over the track walks in decode order, and how many of them it reports as full sync
    /// samples, read from the sample table without walking it; `nil` where no cursor would be made. Not Apple API
    /// (`package`, for the package's tools): a cursor walk of a 2 GiB file's 2³¹ − 1 one-byte samples took `avinfo`
    /// over 20 s.
    package var sampleCounts: (samples: Int, sync: Int)? {
        guard let container = containerBacking, !container.model.formatDescriptions.isEmpty,
              let runs = try? container.sampleTableRuns(), runs.table.count > 0 else { return nil }
        return (runs.table.count, runs.table.syncSampleCount)
    }

    /// A cursor at the last sample presented at or before `presentationTimeStamp` (media time), or at the first
    /// sample in presentation order when every sample is presented later; `nil` for an invalid time.
    public func makeSampleCursor(presentationTimeStamp: CMTime) -> AVSampleCursor? {
        makeCursor { runs in
            let first = runs.compositionOffsets == nil ? 0 : Int(runs.presentationOrder.order.first ?? 0)
            if presentationTimeStamp.isNegativeInfinity { return first }
            if presentationTimeStamp.isPositiveInfinity {
                return runs.compositionOffsets == nil
                    ? runs.table.count - 1 : Int(runs.presentationOrder.order.last ?? 0)
            }
            guard presentationTimeStamp.isNumeric else { return nil }
            let ticks = CMTimeConvertScale(presentationTimeStamp, timescale: backing.naturalTimeScale,
                                           method: .roundTowardNegativeInfinity)
            guard ticks.isNumeric else { return ticks.isPositiveInfinity ? runs.table.count - 1 : first }
            return runs.table.sampleIndex(presentedAt: ticks.value) ?? first
        }
    }

    /// A cursor at the first sample in decode order.
    public func makeSampleCursorAtFirstSampleInDecodeOrder() -> AVSampleCursor? {
        makeCursor { _ in 0 }
    }

    /// A cursor at the last sample in decode order.
    public func makeSampleCursorAtLastSampleInDecodeOrder() -> AVSampleCursor? {
        makeCursor { $0.table.count - 1 }
    }
}
