import Testing
@testable import MediaContainer

/// The compact layout audio files use for PCM and constant-bit-rate packets: one offset run and a constant size
/// whose last sample may be shorter (`lastSampleSize`).
@Suite("Sample tables with a short last sample")
struct SampleTableLastSampleSizeTests {
    /// 10 packets of 4096 frames of 16-bit stereo and a final packet of 100 frames, starting at byte 44.
    func pcmTable() throws -> SampleTable {
        var durations = RunLengthColumn()
        durations.append(4096, count: 10)
        durations.append(100, count: 1)
        var descriptions = RunLengthColumn()
        descriptions.append(1, count: 11)
        return try #require(SampleTable(
            durations: durations, compositionOffsets: nil, descriptionIndices: descriptions,
            sizes: .constant(16_384), lastSampleSize: 400, offsetStorage: .runs(firstSamples: [0], offsets: [44]),
            syncIndices: nil))
    }

    @Test("sizes, offsets and totals of a constant-size table with a short last packet")
    func shortLastPacket() throws {
        let table = try pcmTable()
        #expect(table.count == 11)
        #expect((0..<10).allSatisfy { table.size(at: $0) == 16_384 })
        #expect(table.size(at: 10) == 400)
        #expect(table.offset(at: 0) == 44)
        // The short packet starts where a full one would: runs advance by the constant size.
        #expect(table.offset(at: 10) == 44 + 10 * 16_384)
        #expect(table.totalSize == 10 * 16_384 + 400)
        #expect(table.decodeTime(at: 10) == 40_960)
        #expect(table.durations.cumulativeSumAtEnd == 41_060)
        #expect(table.constantSize?.size == 16_384)
        #expect(table.constantSize?.lastSampleSize == 400)
        // A copy through `sizeStorage` is exact: the short last packet is not lost.
        guard case .perSample(let sizes) = table.sizeStorage else {
            Issue.record("a constant size with a different last sample must expand to per-sample sizes")
            return
        }
        #expect(sizes.count == 11 && sizes.last == 400 && sizes.first == 16_384)
    }

    @Test("a run whose last offset overflows 64 bits is refused; a last-sample size needs a constant size")
    func refused() {
        var durations = RunLengthColumn()
        durations.append(1, count: 3)
        var descriptions = RunLengthColumn()
        descriptions.append(1, count: 3)
        #expect(SampleTable(durations: durations, compositionOffsets: nil, descriptionIndices: descriptions,
                            sizes: .constant(UInt32.max), offsetStorage: .runs(firstSamples: [0], offsets: [.max - 10]),
                            syncIndices: nil) == nil)
        #expect(SampleTable(durations: durations, compositionOffsets: nil, descriptionIndices: descriptions,
                            sizes: .perSample([1, 2, 3]), lastSampleSize: 4, offsetStorage: .perSample([0, 1, 3]),
                            syncIndices: nil) == nil)
        #expect(SampleTable(durations: RunLengthColumn(), compositionOffsets: nil, descriptionIndices: RunLengthColumn(),
                            sizes: .constant(4), lastSampleSize: 2, offsetStorage: .perSample([]), syncIndices: nil) == nil)
    }

    @Test("without a last-sample size, constant sizes stay constant")
    func unchanged() throws {
        var durations = RunLengthColumn()
        durations.append(1024, count: 3)
        var descriptions = RunLengthColumn()
        descriptions.append(1, count: 3)
        let table = try #require(SampleTable(durations: durations, compositionOffsets: nil,
                                             descriptionIndices: descriptions, sizes: .constant(8),
                                             offsets: [10, 30, 50], syncIndices: nil))
        #expect(table.totalSize == 24)
        #expect(table.sizeStorage == .constant(8))
        #expect(table.constantSize?.lastSampleSize == 8)
    }
}
