/// A duration as a playlist writes it: a whole number of microseconds.
///
/// Durations are kept as integers so that what a playlist says is exact and its rules can be checked exactly: the
/// target duration is computed from the `EXTINF` values as written (not from a `Double` that may sit a hair above a
/// whole second), and bit rates divide by the same durations a client reads (rfc8216bis §4.1: a segment's bit rate
/// is its size divided by its `EXTINF` duration). A microsecond is far below anything perceptible when thousands of
/// durations are accumulated, which is the accuracy §4.4.4.1 asks of `EXTINF`.
package struct PlaylistDuration: Hashable, Comparable, Sendable {
    /// The duration in microseconds, never negative.
    package let microseconds: Int64

    /// The duration nearest to `seconds`. Throws for a negative, infinite or NaN value or one beyond the module's
    /// limit (`Limits.maximumDurationSeconds`).
    package init(seconds: Double) throws(HLSError) {
        guard seconds.isFinite, seconds >= 0, seconds <= Double(Limits.maximumDurationSeconds) else {
            throw HLSError(.invalidValue, field: "duration",
                           "\(seconds) s is not a duration a playlist can hold (0 to "
                               + "\(Limits.maximumDurationSeconds) s)")
        }
        microseconds = Int64((seconds * 1_000_000).rounded())
    }

    /// The duration nearest to `value / timescale` seconds (a `CMTime`'s value and timescale), computed without
    /// floating point. Throws for a negative value, a timescale that is not positive, or a duration beyond the limit.
    package init(value: Int64, timescale: Int32) throws(HLSError) {
        guard value >= 0, timescale > 0 else {
            throw HLSError(.invalidValue, field: "duration",
                           "\(value)/\(timescale) s is not a duration (the value must be at least 0 and the timescale "
                               + "positive)")
        }
        let scale = Int64(timescale)
        let (whole, remainder) = value.quotientAndRemainder(dividingBy: scale)
        // remainder < timescale < 2³¹, so remainder × 10⁶ fits easily; the whole seconds are checked against the limit.
        guard whole <= Limits.maximumDurationSeconds else {
            throw HLSError(.invalidValue, field: "duration",
                           "\(value)/\(timescale) s is longer than \(Limits.maximumDurationSeconds) s")
        }
        let fraction = (remainder * 1_000_000 + scale / 2) / scale
        let total = whole * 1_000_000 + fraction
        guard total <= Limits.maximumDurationSeconds * 1_000_000 else {
            throw HLSError(.invalidValue, field: "duration",
                           "\(value)/\(timescale) s is longer than \(Limits.maximumDurationSeconds) s")
        }
        microseconds = total
    }

    /// The duration in seconds (exact: the count of microseconds is below 2⁵³).
    package var seconds: Double { Double(microseconds) / 1_000_000 }

    /// The smallest whole number of seconds that is not shorter than the duration.
    var wholeSecondsRoundedUp: Int64 { (microseconds + 999_999) / 1_000_000 }

    /// The duration as a decimal-floating-point (rfc8216bis §4.2): positional notation, never an exponent, at least
    /// three decimals (so it always reads as floating point, never as the integer form version 2 and below used),
    /// and up to six, trailing zeros beyond the third dropped: `2.000`, `2.002`, `0.033367`.
    var decimalText: String {
        let whole = microseconds / 1_000_000
        var fraction = String(microseconds % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.count > 3, fraction.last == "0" { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }

    package static func < (lhs: PlaylistDuration, rhs: PlaylistDuration) -> Bool {
        lhs.microseconds < rhs.microseconds
    }
}
