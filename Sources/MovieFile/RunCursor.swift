/// Consumes a run-length table (`stts`, `ctts`) in pieces: `take(n)` gives the runs covering the next `n` samples.
/// Past the table's end, samples get the value 0 (a short `ctts`).
struct RunCursor {
    private let runs: [(value: Int64, length: Int)]
    private var index = 0
    private var usedInRun = 0

    init(_ runs: [(value: Int64, length: Int)]) { self.runs = runs }

    mutating func take(_ count: Int) -> [SampleTableAccumulator.Run] {
        var result: [SampleTableAccumulator.Run] = []
        var remaining = count
        while remaining > 0 {
            guard index < runs.count else {
                SampleTableAccumulator.append(0, length: remaining, to: &result)
                break
            }
            let available = runs[index].length - usedInRun
            guard available > 0 else {
                index += 1
                usedInRun = 0
                continue
            }
            let used = min(available, remaining)
            SampleTableAccumulator.append(runs[index].value, length: used, to: &result)
            usedInRun += used
            remaining -= used
        }
        return result
    }
}
