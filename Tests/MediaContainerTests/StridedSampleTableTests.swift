import Testing
@testable import MediaContainer

/// The compact layout audio files use for PCM and constant-bit-rate packets: strided offsets and a constant size
/// whose last sample may be shorter.
@Suite("Strided sample tables")
struct StridedSampleTableTests {
    /// 10 packets of 4096 frames of 16-bit stereo and a final packet of 100 frames, starting at byte 44.
    func pcmTable() throws -> SampleTable {
        var durations = RunLengthColumn()
        durations.append(4096, count: 10)
        durations.append(100, count: 1)
        var descriptions = RunLengthColumn()
        descriptions.append(1, count: 11)
        return try #require(SampleTable(
            durations: durations, compositionOffsets: nil, descriptionIndices: descriptions,
            sizes: .constant(16_384), lastSampleSize: 400, offsets: .strided(first: 44, stride: 16_384),
            syncIndices: nil))
    }

    @Test("sizes, offsets and totals of a constant-size table with a short last packet")
    func shortLastPacket() throws {
        let table = try pcmTable()
        #expect(table.count == 11)
        #expect((0..<10).allSatisfy { table.size(at: $0) == 16_384 })
        #expect(table.size(at: 10) == 400)
        #expect(table.offset(at: 0) == 44)
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

    @Test("a strided layout whose last offset overflows 64 bits is refused")
    func overflowingStride() {
        var durations = RunLengthColumn()
        durations.append(1, count: 3)
        var descriptions = RunLengthColumn()
        descriptions.append(1, count: 3)
        #expect(SampleTable(durations: durations, compositionOffsets: nil, descriptionIndices: descriptions,
                            sizes: .constant(1), lastSampleSize: nil,
                            offsets: .strided(first: .max - 10, stride: .max / 2), syncIndices: nil) == nil)
        // A last-sample size makes no sense with per-sample sizes.
        #expect(SampleTable(durations: durations, compositionOffsets: nil, descriptionIndices: descriptions,
                            sizes: .perSample([1, 2, 3]), lastSampleSize: 4,
                            offsets: .strided(first: 0, stride: 1), syncIndices: nil) == nil)
    }

    @Test("the original per-sample initialiser still builds the same table")
    func perSampleUnchanged() throws {
        var durations = RunLengthColumn()
        durations.append(1024, count: 3)
        var descriptions = RunLengthColumn()
        descriptions.append(1, count: 3)
        let table = try #require(SampleTable(durations: durations, compositionOffsets: nil,
                                             descriptionIndices: descriptions, sizes: .constant(8),
                                             offsets: [10, 30, 50], syncIndices: nil))
        #expect([table.offset(at: 0), table.offset(at: 1), table.offset(at: 2)] == [10, 30, 50])
        #expect(table.totalSize == 24)
        #expect(table.sizeStorage == .constant(8))
        #expect(table.offsetStorage == .perSample([10, 30, 50]))
    }
}
