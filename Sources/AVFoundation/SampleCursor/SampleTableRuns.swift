import CoreMedia
import MediaContainer

/// A sample table's run-length columns laid out for walking: sample cursors step through them in O(1) amortised
/// time per sample (a run position moves to the next run when the index leaves the current one), where the table's
/// own lookups cost O(log runs) each.
///
/// Built once per track and shared by all its cursors; immutable except the reordering bounds, which are built on
/// first use (only tracks with composition offsets need them) and guarded by `OnceResult`.
// Safe because immutable but for values built once under `OnceResult`.
final class SampleTableRuns: @unchecked Sendable {
    /// One column's runs: the first sample of each run, its value, and the sum of the values before it. They are
    /// the table's own (`RunLengthColumn.runList`, shared, not copied).
    struct Column: Sendable {
        let runs: [RunLengthColumn.Run]

        init(_ column: RunLengthColumn) { runs = column.runList }

        /// The run containing `index`, starting the search from `hint` (the run of a nearby index).
        func run(containing index: Int, hint: Int) -> Int {
            let count = runs.count
            var run = min(max(hint, 0), count - 1)
            // Steps in decode order land in the same or the next run, steps in presentation order a few runs away
            // (B-frame reordering): walk up to `nearby` runs from the hint before searching.
            let nearby = 4
            if runs[run].start <= index {
                for _ in 0...nearby {
                    if run + 1 == count || index < runs[run + 1].start { return run }
                    run += 1
                }
            } else {
                for _ in 0..<nearby where run > 0 {
                    run -= 1
                    if runs[run].start <= index { return run }
                }
            }
            var low = 0, high = count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if runs[mid].start <= index { low = mid } else { high = mid - 1 }
            }
            run = low
            return run
        }
    }

    let table: SampleTable
    let durations: Column
    let compositionOffsets: Column?
    let descriptionIndices: Column
    /// Made only for tables with composition offsets, the only ones whose cursors ask (96 bytes per track of a
    /// file of 20,000 tracks otherwise); without them each request computes its answer.
    private let reorderingOnce: OnceResult<ReorderingBounds>?
    private let orderOnce: OnceResult<(order: [Int32], positions: [Int32])>?

    init(_ table: SampleTable) {
        self.table = table
        durations = Column(table.durations)
        compositionOffsets = table.compositionOffsets.map(Column.init)
        descriptionIndices = Column(table.descriptionIndices)
        let reorders = table.compositionOffsets != nil
        reorderingOnce = reorders ? OnceResult() : nil
        orderOnce = reorders ? OnceResult() : nil
    }

    /// `once`'s value, or `compute`'s when there is no `once`.
    private func computed<Value>(_ once: OnceResult<Value>?, _ compute: () -> Value) -> Value {
        guard let once else { return compute() }
        // The closure cannot throw.
        return (try? once.get(compute)) ?? compute()
    }

    /// Sample indices in presentation order and each sample's position in it; identity without composition
    /// offsets (not materialised then: callers check `compositionOffsets` first).
    var presentationOrder: (order: [Int32], positions: [Int32]) {
        computed(orderOnce) {
            let order = table.presentationOrderIndices()
            var positions = [Int32](repeating: 0, count: order.count)
            for (position, index) in order.enumerated() { positions[Int(index)] = Int32(position) }
            return (order, positions)
        }
    }

    /// For each decode position, the latest presentation time before it and the earliest after it.
    struct ReorderingBounds: Sendable {
        /// `maxBefore[i]`: the greatest presentation time of samples 0..<i (Int64.min for i == 0).
        let maxBefore: [Int64]
        /// `minAfter[i]`: the least presentation time of samples (i+1)..<count (Int64.max for the last).
        let minAfter: [Int64]
    }

    /// The reordering bounds, built on first use (16 bytes per sample).
    var reorderingBounds: ReorderingBounds {
        computed(reorderingOnce) {
            let count = table.count
            var presentation = [Int64](repeating: 0, count: count)
            var position = CursorPosition(index: 0)
            for index in 0..<count {
                position.move(to: index, in: self)
                presentation[index] = position.presentationTime(in: self)
            }
            var maxBefore = [Int64](repeating: .min, count: count)
            var running = Int64.min
            for index in 0..<count {
                maxBefore[index] = running
                running = max(running, presentation[index])
            }
            var minAfter = [Int64](repeating: .max, count: count)
            running = .max
            for index in stride(from: count - 1, through: 0, by: -1) {
                minAfter[index] = running
                running = min(running, presentation[index])
            }
            return ReorderingBounds(maxBefore: maxBefore, minAfter: minAfter)
        }
    }
}

/// A position in a sample table with the runs it lies in, so that neighbouring positions are found in O(1).
struct CursorPosition: Sendable, Equatable {
    /// The sample index in decode order.
    private(set) var index: Int
    private var durationRun = 0
    private var offsetRun = 0
    private var descriptionRun = 0
    /// A sync sample at or after `syncKnownFrom` with no sync sample between them (or `nil`: none at or after it).
    private var nextSync: Int?
    private var syncKnownFrom = Int.max

    init(index: Int) {
        self.index = index
    }

    /// Moves to `newIndex` (which must be inside the table).
    mutating func move(to newIndex: Int, in runs: SampleTableRuns) {
        index = newIndex
        durationRun = runs.durations.run(containing: newIndex, hint: durationRun)
        descriptionRun = runs.descriptionIndices.run(containing: newIndex, hint: descriptionRun)
        if let offsets = runs.compositionOffsets { offsetRun = offsets.run(containing: newIndex, hint: offsetRun) }
    }

    /// Decode time in media ticks.
    func decodeTime(in runs: SampleTableRuns) -> Int64 {
        let column = runs.durations
        let run = column.runs[durationRun]
        return runs.table.firstDecodeTime &+ run.prefixSum &+ run.value &* Int64(index - run.start)
    }

    /// Composition offset in media ticks.
    func compositionOffset(in runs: SampleTableRuns) -> Int64 {
        runs.compositionOffsets.map { $0.runs[offsetRun].value } ?? 0
    }

    /// Presentation time in media ticks.
    func presentationTime(in runs: SampleTableRuns) -> Int64 {
        decodeTime(in: runs) &+ compositionOffset(in: runs)
    }

    /// Decode duration in media ticks.
    func duration(in runs: SampleTableRuns) -> Int64 {
        runs.durations.runs[durationRun].value
    }

    /// The 1-based sample description index.
    func descriptionIndex(in runs: SampleTableRuns) -> Int {
        Int(runs.descriptionIndices.runs[descriptionRun].value)
    }

    /// Whether the sample is a sync sample; O(1) amortised when walking forward (one search per sync sample).
    mutating func isSync(in runs: SampleTableRuns) -> Bool {
        let table = runs.table
        if table.allSamplesAreSync { return true }
        if index < syncKnownFrom || (nextSync.map { index > $0 } ?? false) {
            nextSync = table.syncSample(atOrAfter: index)
            syncKnownFrom = index
        }
        return nextSync == index
    }
}
