/// A per-sample integer column stored as runs of equal values, with O(log runs) random access.
///
/// Sample tables are mostly runs: one frame duration for a whole constant-rate track, a handful of composition
/// offsets repeating with the GOP pattern, one sample description for every sample. ISO/IEC 14496-12 stores `stts`,
/// `ctts` and `stsc` as runs for the same reason; keeping them that way in memory is what lets a file with a million
/// samples open without expanding a million entries.
package struct RunLengthColumn: Sendable, Equatable {
    /// One run of equal values.
    package struct Run: Sendable, Equatable {
        /// Index of the run's first sample.
        package var start: Int
        /// The value of each of its samples.
        package var value: Int64
        /// Sum of `value × length` of all runs before it (for cumulative columns such as decode time).
        package var prefixSum: Int64
    }

    /// The runs, their starts ascending from 0: one array (a track of one run per column, the common case, costs
    /// one allocation per column, not three), which sample cursors walk as it is (`SampleTableRuns`).
    package private(set) var runList: [Run] = []

    /// Number of samples covered.
    package private(set) var count: Int = 0

    /// An empty column.
    package init() {}

    /// Number of runs (a measure of how compressible the column was).
    package var runCount: Int { runList.count }

    /// Appends `length` samples all holding `value`, merging with the last run when the value repeats.
    ///
    /// Returns `false` (appending nothing) when the cumulative sum would overflow `Int64`: a file whose durations
    /// add up past 2⁶³ ticks is malformed, and the caller reports it.
    @discardableResult
    package mutating func append(_ value: Int64, count length: Int) -> Bool {
        guard length > 0 else { return true }
        let previousEnd = cumulativeSumAtEnd
        let (product, productOverflow) = value.multipliedReportingOverflow(by: Int64(length))
        guard !productOverflow, !previousEnd.addingReportingOverflow(product).overflow else { return false }
        if let last = runList.last, last.value == value {
            count += length
            return true
        }
        runList.append(Run(start: count, value: value, prefixSum: previousEnd))
        count += length
        return true
    }

    /// The value of sample `index` (0-based). `index` must be in `0..<count`.
    package func value(at index: Int) -> Int64 {
        runList[run(containing: index)].value
    }

    /// The sum of the values of all samples before `index` (0...count): the decode time of sample `index` when
    /// the column holds durations.
    package func cumulativeSum(before index: Int) -> Int64 {
        guard index < count else { return cumulativeSumAtEnd }
        let entry = runList[run(containing: index)]
        return entry.prefixSum + entry.value * Int64(index - entry.start)
    }

    /// The sum of every sample's value.
    package var cumulativeSumAtEnd: Int64 {
        guard let last = runList.last else { return 0 }
        return last.prefixSum + last.value * Int64(count - last.start)
    }

    /// The first sample whose cumulative sum before it exceeds `target`, minus one: the sample "containing" time
    /// `target` when the column holds non-negative durations. Returns `nil` when `target` is negative or at or past
    /// the end. Zero-duration samples never contain a time.
    package func index(containingCumulative target: Int64) -> Int? {
        guard target >= 0, target < cumulativeSumAtEnd else { return nil }
        // The last run whose prefix sum is <= target.
        var low = 0, high = runList.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runList[mid].prefixSum <= target { low = mid } else { high = mid - 1 }
        }
        // Several runs can share a prefix sum when some have value 0; skip those to the one that advances time.
        var run = low
        while runList[run].value == 0, run + 1 < runList.count { run += 1 }
        let value = runList[run].value
        guard value > 0 else { return nil }
        let offset = (target - runList[run].prefixSum) / value
        return runList[run].start + Int(offset)
    }

    /// The runs as (first sample index, length, value), in order: for iteration and for writing tables back out.
    package var runs: [(start: Int, length: Int, value: Int64)] {
        runList.indices.map { i in
            let end = i + 1 < runList.count ? runList[i + 1].start : count
            return (runList[i].start, end - runList[i].start, runList[i].value)
        }
    }

    /// The smallest and largest value in the column, or `nil` when it is empty.
    package var valueRange: ClosedRange<Int64>? {
        guard let low = runList.lazy.map(\.value).min(), let high = runList.lazy.map(\.value).max() else { return nil }
        return low...high
    }

    private func run(containing index: Int) -> Int {
        precondition(index >= 0 && index < count, "sample index \(index) outside 0..<\(count)")
        var low = 0, high = runList.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runList[mid].start <= index { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
