import MediaContainer
import Testing

/// Offsets stored per run of contiguous constant-size samples (`SampleTable.OffsetStorage.runs`), as uncompressed
/// audio needs: sample i of a run is the run's offset plus i times the size.
@Suite("SampleTable offset runs")
struct SampleTableOffsetRunsTests {
    static func column(_ value: Int64, _ count: Int) -> RunLengthColumn {
        var column = RunLengthColumn()
        column.append(value, count: count)
        return column
    }

    @Test("offsets come from the run holding the sample")
    func lookups() throws {
        let table = try #require(SampleTable(
            durations: Self.column(1, 10), compositionOffsets: nil, descriptionIndices: Self.column(1, 10),
            sizes: .constant(4), offsetStorage: .runs(firstSamples: [0, 6], offsets: [100, 1000]), syncIndices: nil))
        #expect((0..<10).map { table.offset(at: $0) } == [100, 104, 108, 112, 116, 120, 1000, 1004, 1008, 1012])
        #expect(table.offsetStorage == .runs(firstSamples: [0, 6], offsets: [100, 1000]))
    }

    @Test("runs of one sample each, then longer runs: each sample's offset is its run's")
    func singleSampleRuns() throws {
        // Samples 0, 1 and 2 are runs (chunks) of their own, all at one offset; samples 3...5 and 6...9 are runs of
        // three and four.
        let table = try #require(SampleTable(
            durations: Self.column(1, 10), compositionOffsets: nil, descriptionIndices: Self.column(1, 10),
            sizes: .constant(4),
            offsetStorage: .runs(firstSamples: [0, 1, 2, 3, 6], offsets: [100, 100, 100, 200, 50]), syncIndices: nil))
        #expect((0..<10).map { table.offset(at: $0) } == [100, 100, 100, 200, 204, 208, 50, 54, 58, 62])
    }

    @Test("runs are refused with per-sample sizes, when they do not start at sample 0, or are out of order")
    func refused() {
        func make(_ sizes: SampleTable.SizeStorage, _ starts: [Int], _ offsets: [UInt64]) -> SampleTable? {
            SampleTable(durations: Self.column(1, 4), compositionOffsets: nil, descriptionIndices: Self.column(1, 4),
                        sizes: sizes, offsetStorage: .runs(firstSamples: starts, offsets: offsets), syncIndices: nil)
        }
        #expect(make(.perSample([1, 1, 1, 1]), [0], [0]) == nil)
        #expect(make(.constant(1), [1], [0]) == nil)
        #expect(make(.constant(1), [0, 2, 2], [0, 5, 9]) == nil)
        #expect(make(.constant(1), [0, 5], [0, 9]) == nil)
        #expect(make(.constant(1), [0, 2], [0]) == nil)
        #expect(make(.constant(1), [0, 2], [0, 9]) != nil)
    }
}
