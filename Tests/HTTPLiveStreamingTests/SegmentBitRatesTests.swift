import HTTPLiveStreaming
import Testing

/// BANDWIDTH and AVERAGE-BANDWIDTH as rfc8216bis §4.1 defines them, on segment lists crafted so that each rule of the
/// definition changes the answer. Expected values are worked out by hand in the comments.
@Suite("SegmentBitRates")
struct SegmentBitRatesTests {
    private static func durations(_ seconds: [Double]) throws -> [PlaylistDuration] {
        try seconds.map { try PlaylistDuration(seconds: $0) }
    }

    @Test("the peak is the best window of 0.5 to 1.5 target durations, not the best single segment")
    func peakWindowMatters() throws {
        // Target 2 s, so windows last 1 to 3 s. The 0.4 s segment alone is 20,000 bit/s but too short to count;
        // with a 2 s neighbour it is 2,000 bytes in 2.4 s = 6,666.7 bit/s; three segments (4.4 s) are too long.
        let durations = try Self.durations([2, 2, 0.4, 2, 2])
        let target = MediaPlaylist.targetDuration(for: durations)
        #expect(target == 2)
        let rates = try SegmentBitRates(byteCounts: [1000, 1000, 1000, 1000, 1000], durations: durations,
                                        targetDuration: target)
        #expect(rates.peak == 6667)
        // 5,000 bytes in 8.4 s = 4,761.9 bit/s, rounded up.
        #expect(rates.average == 4762)
    }

    @Test("both bounds of the window are inclusive")
    func inclusiveBounds() throws {
        // Lower bound: a 1 s segment (exactly 0.5 × 2 s) of 2,000 bytes = 16,000 bit/s counts on its own; were the
        // bound exclusive the best window would be both segments, 24,000 bits in 3 s = 8,000 bit/s.
        let lower = try SegmentBitRates(byteCounts: [2000, 1000], durations: Self.durations([1, 2]), targetDuration: 2)
        #expect(lower.peak == 16_000)
        // Upper bound: 0.75 + 1.5 + 0.75 s of 1,000 bytes each: the whole 3 s (exactly 1.5 × 2 s) is 8,000 bit/s,
        // better than 0.75 + 1.5 s (7,111.2) or 1.5 s alone (5,333.4); the 0.75 s ones are too short alone.
        let upper = try SegmentBitRates(byteCounts: [1000, 1000, 1000], durations: Self.durations([0.75, 1.5, 0.75]),
                                        targetDuration: 2)
        #expect(upper.peak == 8000)
    }

    @Test("a playlist shorter than half its target duration has no window: its whole rate is the peak")
    func noQualifyingWindow() throws {
        // 1,000 bytes in 0.3 s = 26,666.7 bit/s; target 1 s needs at least 0.5 s.
        let rates = try SegmentBitRates(byteCounts: [1000], durations: Self.durations([0.3]), targetDuration: 1)
        #expect(rates.peak == 26_667)
        #expect(rates.average == 26_667)
    }

    @Test("rates use the durations as written (whole microseconds) and are exact for large sizes")
    func exactArithmetic() throws {
        // 3 × 1,001/30,000 s written as 0.033367 s each; 3 × 4,170 bytes = 100,080 bits in 0.100101 s.
        let frame = try PlaylistDuration(value: 1001, timescale: 30_000)
        let rates = try SegmentBitRates(byteCounts: [4170, 4170, 4170], durations: [frame, frame, frame],
                                        targetDuration: 1)
        #expect(rates.average == 999_791)  // 100,080 / 0.100101 = 999,790.21…
        // 10 TB in 10,000 s: 8 × 10¹³ bits × 10⁶ does not fit 64 bits, the rate does.
        let big = try SegmentBitRates(byteCounts: [10_000_000_000_000], durations: Self.durations([10_000]),
                                      targetDuration: 10_000)
        #expect(big.peak == 8_000_000_000 && big.average == 8_000_000_000)
    }

    @Test("mismatched or empty lists, negative sizes and zero durations are refused")
    func refusals() throws {
        let one = try Self.durations([1])
        #expect(throws: HLSError.self) { try SegmentBitRates(byteCounts: [1, 2], durations: one, targetDuration: 1) }
        #expect(throws: HLSError.self) { try SegmentBitRates(byteCounts: [], durations: [], targetDuration: 1) }
        #expect(throws: HLSError.self) { try SegmentBitRates(byteCounts: [-1], durations: one, targetDuration: 1) }
        #expect(throws: HLSError.self) { try SegmentBitRates(byteCounts: [1], durations: one, targetDuration: 0) }
        #expect(throws: HLSError.self) {
            try SegmentBitRates(byteCounts: [1], durations: Self.durations([0]), targetDuration: 1)
        }
        #expect(throws: HLSError.self) {
            try SegmentBitRates(byteCounts: [.max], durations: one, targetDuration: 1)
        }
    }
}
