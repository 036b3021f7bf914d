/// A representation's `@bandwidth` from its segments' sizes and times, for a given `MPD@minBufferTime`.
///
/// ISO/IEC 23009-1 §5.3.5.2 defines it: over a constant-bit-rate channel of that many bits per second, a client that
/// starts at any segment (each starts with a SAP here) and begins playing `minBufferTime` after the first bit arrives
/// plays on without a stall. Segment by segment that is: for every segment j a client may start at and every
/// segment i from j on, segments j…i have arrived by the time segment i starts playing,
///
///     bits(j…i) / bandwidth ≤ minBufferTime + start(i) − start(j)
///
/// so the bandwidth is the largest bits(j…i) / (minBufferTime + start(i) − start(j)). Asking for all of segment i
/// before it plays (a client can play it while it arrives) errs on the side of a higher figure, never a lower one.
/// The division is exact (128-bit) and rounded up to a whole bit per second.
package enum RepresentationBandwidth {
    /// The bandwidth of segments of `byteCounts` bytes starting at `starts` (ticks of `timescale`, in order), for a
    /// buffer of `minBufferTicks` ticks. Throws for mismatched or empty lists, negative sizes, starts out of order,
    /// or a buffer that is not positive.
    package static func bitsPerSecond(byteCounts: [Int], starts: [Int64], timescale: Int64,
                                      minBufferTicks: Int64) throws(DASHError) -> Int {
        guard byteCounts.count == starts.count, !byteCounts.isEmpty else {
            throw DASHError(.invalidValue, field: "Representation@bandwidth",
                            "one size per segment start and at least one segment (\(byteCounts.count) sizes, "
                            + "\(starts.count) starts)")
        }
        guard timescale > 0, minBufferTicks > 0 else {
            throw DASHError(.invalidValue, field: "MPD@minBufferTime", "the buffer time and timescale are positive")
        }
        guard byteCounts.allSatisfy({ $0 >= 0 && $0 <= Int(Int32.max) }),
              zip(starts, starts.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw DASHError(.invalidValue, field: "Representation@bandwidth",
                            "segment sizes are 0 to 2³¹−1 bytes and their starts increase")
        }
        var best: UInt64 = 0
        for j in starts.indices {
            var bits: UInt64 = 0
            for i in j..<starts.count {
                // Each segment is below 2³⁴ bits; the sum is checked all the same.
                let (sum, overflow) = bits.addingReportingOverflow(UInt64(byteCounts[i]) * 8)
                guard !overflow else {
                    throw DASHError(.invalidValue, field: "Representation@bandwidth", "the segments are too large")
                }
                bits = sum
                let (window, late) = minBufferTicks.addingReportingOverflow(starts[i] - starts[j])
                guard !late, window > 0 else {
                    throw DASHError(.invalidValue, field: "Representation@bandwidth", "segment times are too far apart")
                }
                // ⌈bits × timescale / window⌉, in 128 bits.
                let product = bits.multipliedFullWidth(by: UInt64(timescale))
                let divisor = UInt64(window)
                guard product.high < divisor else {
                    throw DASHError(.invalidValue, field: "Representation@bandwidth", "the bit rate is too high")
                }
                let (quotient, remainder) = divisor.dividingFullWidth(product)
                let rate = quotient + (remainder > 0 ? 1 : 0)
                best = max(best, rate)
            }
        }
        guard let result = Int(exactly: best), result > 0 else {
            throw DASHError(.invalidValue, field: "Representation@bandwidth", "the segments hold no data")
        }
        return result
    }
}
