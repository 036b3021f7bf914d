import ISOBMFF
import MediaContainer

/// Collects a track's samples run by run (chunks of the movie box, then fragment runs) in the compact forms
/// `SampleTable` keeps, materialising a per-sample array only when the samples stop being uniform, and only within
/// the per-sample budget.
struct SampleTableAccumulator {
    /// `length` consecutive samples sharing `value`.
    typealias Run = (value: Int64, length: Int)

    /// Where a failure is reported.
    struct Context {
        var trackID: Int32
        /// Most samples that may need a per-sample array entry (see `MovieFileLimits.perSampleAllowance`), and most
        /// samples that may hold no byte of the file (see `samplesWithoutBytes`).
        var perSampleBudget: Int
        /// The file's size: constant-size samples past it hold no byte of the file.
        var fileSize: Int64 = .max
    }

    let context: Context
    private(set) var count = 0
    /// Samples that cost the file nothing: constant-size samples whose data would start past its end, and
    /// zero-size samples. Only they can be declared by the billion in a few bytes (a constant `stsz` size with a
    /// huge count, a `trun` of default samples), so they are counted against the per-sample budget before the
    /// run is taken; every other sample has a table entry or data in the file.
    private var samplesWithoutBytes = 0
    private(set) var firstDecodeTime: Int64 = 0
    /// Decode durations as runs; the last run stays editable so a fragment's `tfdt` can close a gap.
    private var durationRuns: [Run] = []
    private var decodeEnd: Int64 = 0
    private var compositionRuns: [Run] = []
    private var hasCompositionOffsets = false
    private var descriptionRuns: [Run] = []
    private var constantSize: UInt32?
    private var sizes: [UInt32]?
    /// Contiguous runs of samples: first sample index and file offset.
    private var runStarts: [Int] = []
    private var runOffsets: [UInt64] = []
    /// `nil` while every sample is a sync sample.
    private var syncIndices: [Int]?
    private var partialSyncIndices: [Int] = []
    private var dependencyBytes: [UInt8]?

    init(context: Context) { self.context = context }

    /// Decode time just after the last sample.
    var decodeTimeAtEnd: Int64 { decodeEnd }

    // MARK: Appending

    /// Checks that `additional` more samples stay within the limits.
    mutating func reserve(_ additional: Int, path: Location) throws(MovieFileError) {
        guard additional >= 0, count <= MovieFileLimits.maximumSampleCount - additional else {
            throw failure("more than \(MovieFileLimits.maximumSampleCount) samples", path)
        }
    }

    /// Makes room for `additional` more runs at once, when their number is known (one per chunk of the movie box):
    /// grown by doubling instead, ten million chunks' run arrays held up to twice their size while they grew.
    /// Call once, not per run, or growth stops being geometric.
    mutating func reserveRuns(_ additional: Int) {
        runStarts.reserveCapacity(runStarts.count + additional)
        runOffsets.reserveCapacity(runOffsets.count + additional)
    }

    /// Appends a contiguous run of `length` samples starting at file offset `offset`.
    ///
    /// `sizes` gives each sample's size, or `nil` for `constantSize` each. `durations` and `compositionOffsets` are
    /// runs covering the `length` samples (`nil` compositions mean 0). `syncFlags` tells which samples are sync
    /// samples (`nil`: all); `dependencyByte` gives each sample's `sdtp`-style byte (`nil`: unknown).
    mutating func appendRun(length: Int, offset: UInt64, sizes runSizes: ArraySlice<UInt32>?, constantSize runSize: UInt32,
                            durations: [Run], compositionOffsets: [Run]?, descriptionIndex: Int64,
                            syncFlags: ((Int) -> Bool)?, dependencyByte: ((Int) -> UInt8)?,
                            path: Location) throws(MovieFileError) {
        guard length > 0 else { return }
        try reserve(length, path: path)
        let first = count
        // Every per-sample array grows by `length`: refuse before allocating anything.
        if sizes != nil || syncIndices != nil || dependencyBytes != nil {
            try checkBudget(first + length, "arrays", path)
        }
        // Offsets: one entry per contiguous run; the end must be addressable.
        let runBytes: UInt64
        if let runSizes {
            runBytes = runSizes.reduce(UInt64(0)) { $0 &+ UInt64($1) }
        } else {
            let (product, overflow) = UInt64(runSize).multipliedReportingOverflow(by: UInt64(length))
            guard !overflow else { throw failure("sample data of one run exceeds 2⁶⁴ bytes", path) }
            runBytes = product
        }
        guard !offset.addingReportingOverflow(runBytes).overflow else {
            throw failure("sample data runs past byte 2⁶⁴ (offset \(offset))", path)
        }
        if runSizes == nil { try countSamplesWithoutBytes(length: length, offset: offset, size: runSize, path: path) }
        runStarts.append(first)
        runOffsets.append(offset)
        // Sizes.
        if let runSizes {
            if sizes == nil, let uniform = runSizes.first, runSizes.allSatisfy({ $0 == uniform }),
               constantSize == nil || constantSize == uniform {
                constantSize = uniform
            } else {
                try materializeSizes(upTo: first + length, path: path)
                sizes?.append(contentsOf: runSizes)
            }
        } else if sizes == nil, constantSize == nil || constantSize == runSize {
            constantSize = runSize
        } else {
            try materializeSizes(upTo: first + length, path: path)
            sizes?.append(contentsOf: repeatElement(runSize, count: length))
        }
        // Durations and composition offsets, as runs.
        for run in durations { try appendDuration(run.value, length: run.length, path: path) }
        if let compositionOffsets {
            hasCompositionOffsets = true
            for run in compositionOffsets { Self.append(run.value, length: run.length, to: &compositionRuns) }
        } else {
            Self.append(0, length: length, to: &compositionRuns)
        }
        Self.append(descriptionIndex, length: length, to: &descriptionRuns)
        // Sync samples.
        if let syncFlags {
            if syncIndices == nil, (0..<length).contains(where: { !syncFlags($0) }) {
                try materializeSync(upTo: first + length, path: path)
            }
            if syncIndices != nil {
                for i in 0..<length where syncFlags(i) { syncIndices?.append(first + i) }
            }
        } else if syncIndices != nil {
            syncIndices?.append(contentsOf: first..<(first + length))
        }
        // Dependency bytes.
        if let dependencyByte {
            if dependencyBytes == nil, (0..<length).contains(where: { dependencyByte($0) != 0 }) {
                try checkBudget(first + length, "dependency flags", path)
                dependencyBytes = [UInt8](repeating: 0, count: first)
            }
            if dependencyBytes != nil { for i in 0..<length { dependencyBytes?.append(dependencyByte(i)) } }
        } else {
            dependencyBytes?.append(contentsOf: repeatElement(0, count: length))
        }
        count += length
    }

    /// Replaces the sync information of every sample so far with an explicit list (the movie box's `stss`).
    mutating func setSyncSamples(_ indices: [Int]?) { syncIndices = indices }

    /// Sets the partial sync samples (the movie box's `stps`).
    mutating func setPartialSyncSamples(_ indices: [Int]) { partialSyncIndices = indices }

    /// Sets the dependency bytes of every sample so far (the movie box's `sdtp`).
    mutating func setDependencyBytes(_ bytes: [UInt8]?) { dependencyBytes = bytes }

    /// Marks the table as having composition offsets even if all are zero (a `ctts` box was present).
    mutating func noteCompositionOffsetsPresent() { hasCompositionOffsets = true }

    /// Moves the decode timeline so the next sample starts at `time` (a fragment's `tfdt`): the first sample of the
    /// track starts there; later, the previous sample's duration absorbs the gap. Returns false when that would
    /// make a duration negative (an overlap), in which case nothing changes.
    mutating func setNextDecodeTime(_ time: Int64) -> Bool {
        if count == 0 {
            firstDecodeTime = time
            decodeEnd = time
            return true
        }
        let delta = time &- decodeEnd
        guard delta != 0 else { return true }
        guard let last = durationRuns.last else { return false }
        let (newValue, overflow) = last.value.addingReportingOverflow(delta)
        guard !overflow, newValue >= 0 else { return false }
        durationRuns[durationRuns.count - 1].length -= 1
        if durationRuns[durationRuns.count - 1].length == 0 { durationRuns.removeLast() }
        Self.append(newValue, length: 1, to: &durationRuns)
        decodeEnd = time
        return true
    }

    // MARK: Finishing

    /// The finished table.
    func makeTable(path: Location) throws(MovieFileError) -> SampleTable {
        var durations = RunLengthColumn()
        for run in durationRuns where !durations.append(run.value, count: run.length) {
            throw failure("sample durations add up past 2⁶³ ticks", path)
        }
        // A sample presented before it is decoded (a negative composition offset: `ctts` or `trun` version 1) is
        // no sample buffer: Core Media's timing has decode ≤ presentation. Such a track's decode times move earlier
        // by its most negative offset and every offset grows by as much, so each sample keeps the presentation time
        // the file gives it (edit lists and durations are in presentation time) and decodes no later than it shows.
        // This is the shift a `cslg` box's compositionToDTSShift states; ffmpeg's reader makes the same one.
        let decodeShift = hasCompositionOffsets ? min(0, compositionRuns.lazy.map(\.value).min() ?? 0) : 0
        var compositions: RunLengthColumn?
        if hasCompositionOffsets {
            if count > context.perSampleBudget { try checkBudget(count, "composition offsets", path) }
            var column = RunLengthColumn()
            for run in compositionRuns { column.append(run.value - decodeShift, count: run.length) }
            compositions = column
        }
        // Presentation times are decode times plus composition offsets, and readers add and subtract them and
        // durations freely: a fragment's tfdt near 2⁶³ with a positive offset trapped as avinfo asked the track's
        // time range. The timeline's own cap (2⁶²) holds for the table too, so every such sum fits.
        let latestOffset = max(0, (compositions?.valueRange?.upperBound ?? 0) + decodeShift)
        guard decodeEnd <= Int64.max / 2 - latestOffset, firstDecodeTime >= Int64.min / 2 - decodeShift else {
            throw failure("sample times run past 2⁶² ticks (decode time \(decodeEnd) at the end of the track)", path)
        }
        var descriptions = RunLengthColumn()
        for run in descriptionRuns { descriptions.append(run.value, count: run.length) }
        let sizeStorage: SampleTable.SizeStorage
        let offsetStorage: SampleTable.OffsetStorage
        if let sizes {
            sizeStorage = .perSample(sizes)
            var offsets = [UInt64]()
            offsets.reserveCapacity(count)
            for (run, start) in runStarts.enumerated() {
                let end = run + 1 < runStarts.count ? runStarts[run + 1] : count
                var offset = runOffsets[run]
                for index in start..<end {
                    offsets.append(offset)
                    offset &+= UInt64(sizes[index])  // Checked when the run was appended.
                }
            }
            offsetStorage = .perSample(offsets)
        } else {
            sizeStorage = .constant(constantSize ?? 0)
            offsetStorage = .runs(firstSamples: runStarts, offsets: runOffsets)
        }
        guard let table = SampleTable(durations: durations, compositionOffsets: compositions,
                                      descriptionIndices: descriptions, sizes: sizeStorage,
                                      offsetStorage: offsetStorage, syncIndices: syncIndices,
                                      partialSyncIndices: partialSyncIndices, dependencyBytes: dependencyBytes,
                                      firstDecodeTime: firstDecodeTime + decodeShift) else {
            throw failure("the sample table columns disagree (an internal inconsistency)", path)
        }
        return table
    }

    // MARK: Helpers

    private mutating func appendDuration(_ value: Int64, length: Int, path: Location) throws(MovieFileError) {
        let (product, overflow) = value.multipliedReportingOverflow(by: Int64(length))
        let (end, endOverflow) = decodeEnd.addingReportingOverflow(product)
        guard !overflow, !endOverflow else { throw failure("sample durations add up past 2⁶³ ticks", path) }
        decodeEnd = end
        Self.append(value, length: length, to: &durationRuns)
    }

    /// Appends `length` samples of `value` to `runs`, merging with the last run when the value repeats.
    static func append(_ value: Int64, length: Int, to runs: inout [Run]) {
        guard length > 0 else { return }
        if let last = runs.last, last.value == value {
            runs[runs.count - 1].length += length
        } else {
            runs.append((value, length))
        }
    }

    /// Counts the samples of a constant-size run that hold no byte of the file, and refuses the run when they
    /// exceed the per-sample budget: a declared count the file's bytes cannot back.
    private mutating func countSamplesWithoutBytes(length: Int, offset: UInt64, size: UInt32,
                                                   path: Location) throws(MovieFileError) {
        let fileSize = UInt64(max(0, context.fileSize))
        let inFile: Int
        if size == 0 || offset >= fileSize {
            inFile = 0
        } else {
            let available = (fileSize - offset + UInt64(size) - 1) / UInt64(size)
            inFile = Int(clamping: min(available, UInt64(length)))
        }
        let without = length - inFile
        guard without > 0 else { return }
        let (total, overflow) = samplesWithoutBytes.addingReportingOverflow(without)
        guard !overflow, total <= context.perSampleBudget else {
            let what = size == 0 ? "of 0 bytes" : "of \(size) bytes starting at byte \(offset)"
            throw failure("\(count + length) samples declared, of which \(without) \(what) lie past the end of the "
                          + "\(fileSize)-byte file: more than its bytes can hold (at most \(context.perSampleBudget) "
                          + "samples without data)", path)
        }
        samplesWithoutBytes = total
    }

    /// Switches sizes to one entry per sample, checking that `total` samples fit the budget.
    private mutating func materializeSizes(upTo total: Int, path: Location) throws(MovieFileError) {
        guard sizes == nil else { return }
        try checkBudget(total, "sample sizes", path)
        sizes = [UInt32](repeating: constantSize ?? 0, count: count)
    }

    /// Switches sync information to an explicit list, checking that `total` samples fit the budget.
    private mutating func materializeSync(upTo total: Int, path: Location) throws(MovieFileError) {
        guard syncIndices == nil else { return }
        try checkBudget(total, "sync sample list", path)
        syncIndices = Array(0..<count)
    }

    private func checkBudget(_ needed: Int, _ what: String, _ path: Location) throws(MovieFileError) {
        guard needed <= context.perSampleBudget else {
            throw failure("\(needed) samples need per-sample \(what), more than this file's size justifies "
                          + "(\(context.perSampleBudget))", path)
        }
    }

    private func failure(_ message: String, _ path: Location) -> MovieFileError {
        MovieFileError(.malformed, message, path: path.path, offset: path.offset, trackID: context.trackID)
    }
}
