/// A per-sample integer column stored as runs of equal values, with O(log runs) random access.
///
/// Sample tables are mostly runs: one frame duration for a whole constant-rate track, a handful of composition
/// offsets repeating with the GOP pattern, one sample description for every sample. ISO/IEC 14496-12 stores `stts`,
/// `ctts` and `stsc` as runs for the same reason; keeping them that way in memory is what lets a file with a million
/// samples open without expanding a million entries.
package struct RunLengthColumn: Sendable, Equatable {
    /// Index of the first sample of each run, ascending, starting at 0.
    private var runStarts: [Int] = []
    /// The value of each run.
    private var runValues: [Int64] = []
    /// Sum of `value × length` of all runs before each run (for cumulative columns such as decode time).
    private var runPrefixSums: [Int64] = []

    /// Number of samples covered.
    package private(set) var count: Int = 0

    /// An empty column.
    package init() {}

    /// Number of runs (a measure of how compressible the column was).
    package var runCount: Int { runStarts.count }

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
        if let last = runValues.last, last == value {
            count += length
            return true
        }
        runStarts.append(count)
        runValues.append(value)
        runPrefixSums.append(previousEnd)
        count += length
        return true
    }

    /// The value of sample `index` (0-based). `index` must be in `0..<count`.
    package func value(at index: Int) -> Int64 {
        runValues[run(containing: index)]
    }

    /// The sum of the values of all samples before `index` (0...count): the decode time of sample `index` when
    /// the column holds durations.
    package func cumulativeSum(before index: Int) -> Int64 {
        guard index < count else { return cumulativeSumAtEnd }
        let run = run(containing: index)
        return runPrefixSums[run] + runValues[run] * Int64(index - runStarts[run])
    }

    /// The sum of every sample's value.
    package var cumulativeSumAtEnd: Int64 {
        guard let last = runStarts.indices.last else { return 0 }
        return runPrefixSums[last] + runValues[last] * Int64(count - runStarts[last])
    }

    /// The first sample whose cumulative sum before it exceeds `target`, minus one: the sample "containing" time
    /// `target` when the column holds non-negative durations. Returns `nil` when `target` is negative or at or past
    /// the end. Zero-duration samples never contain a time.
    package func index(containingCumulative target: Int64) -> Int? {
        guard target >= 0, target < cumulativeSumAtEnd else { return nil }
        // The last run whose prefix sum is <= target.
        var low = 0, high = runStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runPrefixSums[mid] <= target { low = mid } else { high = mid - 1 }
        }
        // Several runs can share a prefix sum when some have value 0; skip those to the one that advances time.
        var run = low
        while runValues[run] == 0, run + 1 < runStarts.count { run += 1 }
        let value = runValues[run]
        guard value > 0 else { return nil }
        let offset = (target - runPrefixSums[run]) / value
        return runStarts[run] + Int(offset)
    }

    /// The runs as (first sample index, length, value), in order: for iteration and for writing tables back out.
    package var runs: [(start: Int, length: Int, value: Int64)] {
        runStarts.indices.map { i in
            let end = i + 1 < runStarts.count ? runStarts[i + 1] : count
            return (runStarts[i], end - runStarts[i], runValues[i])
        }
    }

    /// The smallest and largest value in the column, or `nil` when it is empty.
    package var valueRange: ClosedRange<Int64>? {
        guard let low = runValues.min(), let high = runValues.max() else { return nil }
        return low...high
    }

    private func run(containing index: Int) -> Int {
        precondition(index >= 0 && index < count, "sample index \(index) outside 0..<\(count)")
        var low = 0, high = runStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runStarts[mid] <= index { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
