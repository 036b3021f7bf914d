/// A media playlist's `BANDWIDTH` and `AVERAGE-BANDWIDTH`, in bits per second, from its segments' sizes and `EXTINF`
/// durations.
///
/// rfc8216bis §4.1 (RFC 8216 §4.1 says the same) defines both:
/// - The peak segment bit rate is "the largest bit rate of any contiguous set of segments whose total duration is
///   between 0.5 and 1.5 times the target duration", a set's bit rate being the sum of its sizes divided by the sum
///   of its durations. Every run of consecutive segments is a set; both bounds are taken as inclusive. A run is not
///   cut at a discontinuity: the definition does not, and a client downloads across one all the same.
/// - The average segment bit rate is the sum of the sizes (in bits) of every segment divided by the playlist's
///   duration.
///
/// Sizes include container overhead (the whole `moof` + `mdat`, or byte range) but not HTTP's. Both rates are rounded
/// up to whole bits per second, so that neither understates what a client must sustain.
///
/// When no run qualifies, which happens only when the whole playlist lasts less than half the target duration (no
/// segment lasts longer than the target, so a run can always be grown into the window), the definition gives
/// nothing; the rate of the whole playlist, the only complete measure there is, is the peak then.
package struct SegmentBitRates: Hashable, Sendable {
    /// `BANDWIDTH` of a variant made of this playlist alone: the peak segment bit rate.
    package var peak: Int
    /// `AVERAGE-BANDWIDTH` of a variant made of this playlist alone: the average segment bit rate.
    package var average: Int

    /// The rates of segments of `byteCounts` bytes lasting `durations` (the same segments, in order), in a playlist of
    /// target duration `targetDuration` seconds (`MediaPlaylist.targetDuration`). Throws for mismatched or empty
    /// lists, a negative size, a segment of no duration, or rates beyond `Int`.
    package init(byteCounts: [Int], durations: [PlaylistDuration], targetDuration: Int) throws(HLSError) {
        guard byteCounts.count == durations.count, !byteCounts.isEmpty else {
            throw HLSError(.invalidValue, field: "segments",
                           "bit rates need one size per duration and at least one segment (\(byteCounts.count) sizes, "
                               + "\(durations.count) durations)")
        }
        guard targetDuration >= 1, Int64(targetDuration) <= Limits.maximumDurationSeconds else {
            throw HLSError(.invalidValue, field: "EXT-X-TARGETDURATION", "\(targetDuration) is not a target duration")
        }
        var bits: [Int64] = []
        bits.reserveCapacity(byteCounts.count)
        for (index, (bytes, duration)) in zip(byteCounts, durations).enumerated() {
            let (segmentBits, overflow) = Int64(bytes).multipliedReportingOverflow(by: 8)
            guard bytes >= 0, !overflow else {
                throw HLSError(.invalidValue, field: "segment \(index)", "\(bytes) bytes is not a segment size")
            }
            guard duration.microseconds > 0 else {
                throw HLSError(.invalidValue, field: "segment \(index)", "a segment must last longer than 0 s")
            }
            bits.append(segmentBits)
        }
        let totalBits = try Self.sum(bits), totalMicroseconds = try Self.sum(durations.map(\.microseconds))
        average = try Self.rate(bits: totalBits, microseconds: totalMicroseconds)
        peak = try Self.peakRate(bits: bits, durations: durations.map(\.microseconds),
                                 target: Int64(targetDuration) * 1_000_000) ?? average
    }

    /// The largest rate of any run of segments lasting 0.5 to 1.5 times `target` (microseconds), or nil when none
    /// does. The window test is exact: 2 × duration against `target` and 3 × `target`.
    private static func peakRate(bits: [Int64], durations: [Int64], target: Int64) throws(HLSError) -> Int? {
        var peak: Int?
        for start in bits.indices {
            var runBits: Int64 = 0, runMicroseconds: Int64 = 0
            for end in start..<bits.count {
                runBits = try sum([runBits, bits[end]])
                runMicroseconds += durations[end]  // Each is below 10¹⁵ (Limits) and the run stays below 3 × target.
                if 2 * runMicroseconds > 3 * target { break }
                if 2 * runMicroseconds >= target {
                    let rate = try rate(bits: runBits, microseconds: runMicroseconds)
                    peak = max(peak ?? rate, rate)
                }
            }
        }
        return peak
    }

    /// `bits` per `microseconds`, in bits per second rounded up, computed exactly in 128 bits.
    private static func rate(bits: Int64, microseconds: Int64) throws(HLSError) -> Int {
        let divisor = UInt64(microseconds)
        let product = UInt64(bits).multipliedFullWidth(by: 1_000_000)
        // The quotient fits 64 bits only when the high half is below the divisor.
        guard product.high < divisor else {
            throw HLSError(.invalidValue, field: "BANDWIDTH",
                           "\(bits) bits in \(microseconds) µs is beyond any bit rate")
        }
        let (quotient, remainder) = divisor.dividingFullWidth(product)
        guard quotient < UInt64(Int.max) else {
            throw HLSError(.invalidValue, field: "BANDWIDTH",
                           "\(bits) bits in \(microseconds) µs is beyond any bit rate")
        }
        return Int(quotient) + (remainder > 0 ? 1 : 0)
    }

    /// The sum of `values`, refusing overflow.
    private static func sum(_ values: [Int64]) throws(HLSError) -> Int64 {
        var total: Int64 = 0
        for value in values {
            let (next, overflow) = total.addingReportingOverflow(value)
            guard !overflow else { throw HLSError(.invalidValue, field: "segments", "the segments' total overflows") }
            total = next
        }
        return total
    }
}
