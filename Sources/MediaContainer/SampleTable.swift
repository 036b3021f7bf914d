import Synchronization

/// Where every sample of one track is and when it plays, in the track's media timescale: the raw sample table,
/// edit lists not applied.
///
/// Built once per track by a container reader (MOV/MP4 from `stbl` and fragment runs, audio files from their
/// packet layout) and immutable afterwards. Timing, sample descriptions and composition offsets are kept as runs
/// (`RunLengthColumn`); sizes are one constant (optionally with a different last sample) or one `UInt32` per
/// sample; file offsets one `UInt64` per sample or one per run of contiguous constant-size samples; sync samples a
/// sorted list (absent when every sample is a sync sample). Random access is O(log n); the presentation-order
/// permutation that B-frame tracks need is built on first use.
package final class SampleTable: Sendable {
    /// Number of samples.
    package let count: Int
    /// Decode-time deltas (`stts`): each sample's decode duration.
    package let durations: RunLengthColumn
    /// Composition offsets (`ctts`), or `nil` when presentation time equals decode time.
    package let compositionOffsets: RunLengthColumn?
    /// 1-based sample description index of each sample (`stsc`'s sample_description_index).
    package let descriptionIndices: RunLengthColumn
    /// Decode time of the first sample (non-zero for a fragment's `tfdt` or a shifted track).
    package let firstDecodeTime: Int64

    private let sizes: SizeStorage
    /// The last sample's size when it differs from a `.constant` size (a short final PCM packet: audio files group
    /// PCM frames into fixed-size packets, and only the last can be shorter).
    private let lastSampleSize: UInt32?
    private let offsets: OffsetStorage
    /// 0-based indices of sync samples, ascending; `nil` means every sample is a sync sample.
    private let syncIndices: [Int]?
    /// 0-based indices of partial-sync samples (`stps`, open-GOP I-frames), ascending.
    private let partialSyncIndices: [Int]
    /// One `sdtp` byte per sample, or `nil`.
    private let dependencyBytes: [UInt8]?
    /// Sample indices sorted by presentation time and its inverse (each sample's position in that order), built on
    /// first use: only tracks with composition offsets need them.
    private let presentationOrder = Mutex<(order: [Int32], positions: [Int32])?>(nil)

    /// How sample sizes are stored.
    package enum SizeStorage: Sendable, Equatable {
        case constant(UInt32)
        case perSample([UInt32])
    }

    /// How sample file offsets are stored.
    ///
    /// `.runs` exists for constant-size samples (uncompressed audio, where every PCM frame is a sample): an hour of
    /// 48 kHz stereo is 172 million samples but a few thousand chunks, so one offset per chunk instead of one per
    /// sample is the difference between kilobytes and 1.4 GB.
    package enum OffsetStorage: Sendable, Equatable {
        /// One absolute offset per sample.
        case perSample([UInt64])
        /// Runs of contiguous constant-size samples: run `r` starts at sample `firstSamples[r]` (ascending, the
        /// first being 0) and byte `offsets[r]`; sample `i` of the run is `offsets[r] + (i − firstSamples[r]) × size`.
        /// Only valid with `SizeStorage.constant`.
        case runs(firstSamples: [Int], offsets: [UInt64])
    }

    /// A table from its columns. Returns `nil` when the columns disagree about the sample count, which a container
    /// reader reports as a malformed table with its own box path.
    package convenience init?(durations: RunLengthColumn, compositionOffsets: RunLengthColumn?,
                              descriptionIndices: RunLengthColumn, sizes: SizeStorage, offsets: [UInt64],
                              syncIndices: [Int]?, partialSyncIndices: [Int] = [], dependencyBytes: [UInt8]? = nil,
                              firstDecodeTime: Int64 = 0) {
        self.init(durations: durations, compositionOffsets: compositionOffsets, descriptionIndices: descriptionIndices,
                  sizes: sizes, offsetStorage: .perSample(offsets), syncIndices: syncIndices,
                  partialSyncIndices: partialSyncIndices, dependencyBytes: dependencyBytes,
                  firstDecodeTime: firstDecodeTime)
    }

    /// A table whose offsets may be stored per run of contiguous constant-size samples, and whose `.constant` size
    /// may have a different last sample (`lastSampleSize`; runs still advance by the constant size). Returns `nil`
    /// when the columns disagree about the sample count, when runs are given with per-sample sizes, are not
    /// ascending from sample 0 or end past 2^64 bytes, or when `lastSampleSize` comes with per-sample sizes or an
    /// empty table.
    package init?(durations: RunLengthColumn, compositionOffsets: RunLengthColumn?,
                  descriptionIndices: RunLengthColumn, sizes: SizeStorage, lastSampleSize: UInt32? = nil,
                  offsetStorage: OffsetStorage, syncIndices: [Int]?, partialSyncIndices: [Int] = [],
                  dependencyBytes: [UInt8]? = nil, firstDecodeTime: Int64 = 0) {
        let count = durations.count
        guard descriptionIndices.count == count,
              compositionOffsets.map({ $0.count == count }) ?? true,
              dependencyBytes.map({ $0.count == count }) ?? true
        else { return nil }
        switch offsetStorage {
        case .perSample(let values):
            guard values.count == count else { return nil }
        case .runs(let firstSamples, let runOffsets):
            guard case .constant(let size) = sizes, firstSamples.count == runOffsets.count,
                  count == 0 ? firstSamples.isEmpty : firstSamples.first == 0,
                  SampleTable.isStrictlyAscending(firstSamples, below: max(count, 1)) else { return nil }
            // Every sample's offset must be computable: the start of each run's last sample fits in 64 bits.
            for run in firstSamples.indices {
                let last = (run + 1 < firstSamples.count ? firstSamples[run + 1] : count) - 1 - firstSamples[run]
                let (span, overflow) = UInt64(size).multipliedReportingOverflow(by: UInt64(max(0, last)))
                guard !overflow, !runOffsets[run].addingReportingOverflow(span).overflow else { return nil }
            }
        }
        if case .perSample(let values) = sizes, values.count != count { return nil }
        if lastSampleSize != nil {
            guard case .constant = sizes, count > 0 else { return nil }
        }
        if let syncIndices, !SampleTable.isStrictlyAscending(syncIndices, below: count) { return nil }
        guard SampleTable.isStrictlyAscending(partialSyncIndices, below: count) else { return nil }
        self.count = count
        self.durations = durations
        self.compositionOffsets = compositionOffsets
        self.descriptionIndices = descriptionIndices
        self.sizes = sizes
        self.lastSampleSize = lastSampleSize
        self.offsets = offsetStorage
        self.syncIndices = syncIndices
        self.partialSyncIndices = partialSyncIndices
        self.dependencyBytes = dependencyBytes
        self.firstDecodeTime = firstDecodeTime
    }

    private static func isStrictlyAscending(_ values: [Int], below limit: Int) -> Bool {
        var previous = -1
        for value in values {
            guard value > previous, value < limit else { return false }
            previous = value
        }
        return true
    }

    // MARK: Per-sample values

    /// Decode time of sample `index`.
    package func decodeTime(at index: Int) -> Int64 {
        firstDecodeTime + durations.cumulativeSum(before: index)
    }

    /// Presentation (composition) time of sample `index`.
    package func presentationTime(at index: Int) -> Int64 {
        decodeTime(at: index) + (compositionOffsets?.value(at: index) ?? 0)
    }

    /// Decode duration of sample `index`.
    package func duration(at index: Int) -> Int64 { durations.value(at: index) }

    /// Size in bytes of sample `index`.
    package func size(at index: Int) -> Int {
        switch sizes {
        case .constant(let size):
            if let lastSampleSize, index == count - 1 { return Int(lastSampleSize) }
            return Int(size)
        case .perSample(let values): return Int(values[index])
        }
    }

    /// Absolute file offset of sample `index`.
    package func offset(at index: Int) -> UInt64 {
        switch offsets {
        case .perSample(let values):
            return values[index]
        case .runs(let firstSamples, let runOffsets):
            precondition(index >= 0 && index < count, "sample index \(index) outside 0..<\(count)")
            // Runs ascend strictly from sample 0, so run `index` starting at sample `index` holds it: every chunk
            // of one sample (10 million one-frame chunks made this search a quarter of a passthrough export's CPU)
            // is found without searching.
            if index < firstSamples.count, firstSamples[index] == index {
                return runOffsets[index]
            }
            var low = 0, high = firstSamples.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if firstSamples[mid] <= index { low = mid } else { high = mid - 1 }
            }
            // `init` checked that every run's last sample start fits in UInt64, so this cannot overflow. Runs
            // advance by the constant size (a short last sample starts where a full one would).
            let stride: UInt64 = if case .constant(let size) = sizes { UInt64(size) } else { 0 }
            return runOffsets[low] + UInt64(index - firstSamples[low]) * stride
        }
    }

    /// How offsets are stored (for writers that copy a table).
    package var offsetStorage: OffsetStorage { offsets }

    /// 1-based sample description index of sample `index`.
    package func descriptionIndex(at index: Int) -> Int { Int(descriptionIndices.value(at: index)) }

    /// Whether sample `index` is a sync sample (decodable on its own).
    package func isSync(at index: Int) -> Bool {
        guard let syncIndices else { return true }
        return SampleTable.binarySearch(syncIndices, index) != nil
    }

    /// Whether sample `index` is a partial-sync sample (`stps`).
    package func isPartialSync(at index: Int) -> Bool {
        SampleTable.binarySearch(partialSyncIndices, index) != nil
    }

    /// The sample's `sdtp` dependency byte (ISO/IEC 14496-12 §8.6.4), or `nil` when the track has none.
    package func dependencyByte(at index: Int) -> UInt8? { dependencyBytes?[index] }

    /// Whether every sample is a sync sample.
    package var allSamplesAreSync: Bool { syncIndices == nil }

    /// Number of sync samples.
    package var syncSampleCount: Int { syncIndices?.count ?? count }

    /// Sum of all sample sizes.
    package var totalSize: Int64 {
        switch sizes {
        case .constant(let size):
            guard let lastSampleSize, count > 0 else { return Int64(size) * Int64(count) }
            return Int64(size) * Int64(count - 1) + Int64(lastSampleSize)
        case .perSample(let values): return values.reduce(Int64(0)) { $0 + Int64($1) }
        }
    }

    /// How sizes are stored (for writers that copy a table). A constant size with a different last sample is
    /// expanded to per-sample sizes here, so that a copy is always exact; `constantSize` gives the compact form.
    package var sizeStorage: SizeStorage {
        guard case .constant(let size) = sizes, let lastSampleSize, lastSampleSize != size else { return sizes }
        var values = [UInt32](repeating: size, count: count)
        values[count - 1] = lastSampleSize
        return .perSample(values)
    }

    /// The constant size of every sample but possibly the last, and the last one's size, when sizes are stored as
    /// a constant; `nil` for per-sample sizes.
    package var constantSize: (size: UInt32, lastSampleSize: UInt32)? {
        guard case .constant(let size) = sizes else { return nil }
        return (size, lastSampleSize ?? size)
    }

    // MARK: Lookup

    /// The last sync sample at or before `index`, or `nil` if none precedes it.
    package func syncSample(atOrBefore index: Int) -> Int? {
        guard let syncIndices else { return index }
        var low = 0, high = syncIndices.count - 1, found: Int?
        while low <= high {
            let mid = (low + high) / 2
            if syncIndices[mid] <= index { found = syncIndices[mid]; low = mid + 1 } else { high = mid - 1 }
        }
        return found
    }

    /// The first sync sample at or after `index`, or `nil` if none follows it.
    package func syncSample(atOrAfter index: Int) -> Int? {
        guard let syncIndices else { return index < count ? index : nil }
        var low = 0, high = syncIndices.count - 1, found: Int?
        while low <= high {
            let mid = (low + high) / 2
            if syncIndices[mid] >= index { found = syncIndices[mid]; high = mid - 1 } else { low = mid + 1 }
        }
        return found
    }

    /// The sample whose decode interval [dts, dts + duration) contains `time`, or `nil` outside the track.
    package func sampleIndex(containingDecodeTime time: Int64) -> Int? {
        let (relative, overflow) = time.subtractingReportingOverflow(firstDecodeTime)
        guard !overflow else { return nil }
        return durations.index(containingCumulative: relative)
    }

    /// The sample presented at `time`: the one with the greatest presentation time not after `time`
    /// (ties broken by decode order), or `nil` if every sample is presented after `time`.
    package func sampleIndex(presentedAt time: Int64) -> Int? {
        guard count > 0 else { return nil }
        guard compositionOffsets != nil else {
            if time < firstDecodeTime { return nil }
            return sampleIndex(containingDecodeTime: time) ?? (count - 1)
        }
        let order = presentationOrderIndices()
        var low = 0, high = order.count - 1, found: Int?
        while low <= high {
            let mid = (low + high) / 2
            if presentationTime(at: Int(order[mid])) <= time { found = mid; low = mid + 1 } else { high = mid - 1 }
        }
        return found.map { Int(order[$0]) }
    }

    /// Sample indices in presentation order (ties keep decode order). Identity for tracks without composition
    /// offsets; otherwise computed once and cached (4 bytes per sample).
    package func presentationOrderIndices() -> [Int32] {
        guard compositionOffsets != nil else { return (0..<Int32(count)).map { $0 } }
        return presentationOrderTables().order
    }

    private func presentationOrderTables() -> (order: [Int32], positions: [Int32]) {
        if let cached = presentationOrder.withLock({ $0 }) { return cached }
        var keyed = [(time: Int64, index: Int32)]()
        keyed.reserveCapacity(count)
        var decode = firstDecodeTime
        for (start, length, value) in durations.runs {
            for i in start..<(start + length) {
                keyed.append((decode + (compositionOffsets?.value(at: i) ?? 0), Int32(i)))
                decode += value
            }
        }
        keyed.sort { $0.time != $1.time ? $0.time < $1.time : $0.index < $1.index }
        let order = keyed.map(\.index)
        var positions = [Int32](repeating: 0, count: count)
        for (position, index) in order.enumerated() { positions[Int(index)] = Int32(position) }
        let tables = (order: order, positions: positions)
        presentationOrder.withLock { $0 = tables }
        return tables
    }

    /// Position of sample `index` in presentation order.
    package func presentationPosition(of index: Int) -> Int {
        guard compositionOffsets != nil else { return index }
        return Int(presentationOrderTables().positions[index])
    }

    /// Earliest presentation time and end of the latest presentation interval of all samples: the media's
    /// presentation span before edits, or `nil` for an empty table.
    package var presentationSpan: Range<Int64>? {
        guard count > 0 else { return nil }
        guard compositionOffsets != nil else { return firstDecodeTime..<decodeTime(at: count) }
        var low = Int64.max, high = Int64.min
        var decode = firstDecodeTime
        for (start, length, value) in durations.runs {
            for i in start..<(start + length) {
                let pts = decode + (compositionOffsets?.value(at: i) ?? 0)
                low = min(low, pts)
                high = max(high, pts + value)
                decode += value
            }
        }
        return low..<max(low, high)
    }

    private static func binarySearch(_ values: [Int], _ target: Int) -> Int? {
        var low = 0, high = values.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if values[mid] == target { return mid }
            if values[mid] < target { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }
}
