// Documented behaviour of CMTimeAdd, CMTimeSubtract, CMTimeMultiply, CMTimeMultiplyByRatio and
// CMTimeMultiplyByFloat64, one row per documented rule (or recorded Apple output), each naming its source.
import CoreMedia
import Testing

private let add = "CMTimeAdd(_:_:) documentation"
private let subtract = "CMTimeSubtract(_:_:) documentation"
private let multiply = "CMTimeMultiply(_:multiplier:) documentation"
private let ratio = "CMTimeMultiplyByRatio(_:multiplier:divisor:) documentation"
private let float64 = "CMTimeMultiplyByFloat64(_:multiplier:) documentation"
private let shown = "CMTimeShow output recorded on Apple platforms (public sample, 2022)"
private let lldb = "lldb output recorded on Apple platforms (skyebook.net, 'CoreMedia time division', 2015)"
private let recorded = "CoreMedia results recorded on Apple platforms by a public differential test"
private let maxScale = Int32.max  // kCMTimeMaxTimescale

@Suite("CMTime arithmetic as Apple documents it")
struct CMTimeArithmeticTableTests {
    static let sums: [TimeCase] = [
        TimeCase("1/30 + 1/25", CMTimeAdd(t(1, 30), t(1, 25)), .time(11, 150), source: add + ": different timescales give their least common multiple"),
        TimeCase("1/600 + 2/600", CMTimeAdd(t(1, 600), t(2, 600)), .time(3, 600), source: add + ": same timescale stays"),
        TimeCase("1800/600 + 3000/1000", CMTimeAdd(t(1800, 600), t(3000, 1000)), .time(18000, 3000), source: shown + ": {18000/3000 = 6.000}"),
        TimeCase("3000/600 - 3000/1000", CMTimeSubtract(t(3000, 600), t(3000, 1000)), .time(6000, 3000), source: shown + ": {6000/3000 = 2.000}"),
        TimeCase("-7/4 + 1/6", CMTimeAdd(t(-7, 4), t(1, 6)), .time(-19, 12), source: add + ": LCM of 4 and 6"),
        TimeCase("1/2147483647 + 1/2", CMTimeAdd(t(1, maxScale), t(1, 2)), .time(1_073_741_825, maxScale, rounded: true),
                 source: add + ": an LCM above kCMTimeMaxTimescale gives kCMTimeMaxTimescale with default rounding (1073741824.5 rounds half away)"),
        TimeCase("1/2147483646 + 1/2147483647", CMTimeAdd(t(1, maxScale - 1), t(1, maxScale)), .time(2, maxScale, rounded: true),
                 source: add + ": LCM above kCMTimeMaxTimescale, rounded"),
        TimeCase("Int64.max/2 + Int64.max/2", CMTimeAdd(t(.max, 2), t(.max, 2)), .time(.max, 1),
                 source: add + ": an overflowing value halves the timescale until it fits (exact at 1)"),
        TimeCase("Int64.max/3 + Int64.max/3", CMTimeAdd(t(.max, 3), t(.max, 3)), .time(6_148_914_691_236_517_205, 1, rounded: true),
                 source: add + ": halved timescale with default rounding sets hasBeenRounded"),
        TimeCase("Int64.max/1 + 1/1", CMTimeAdd(t(.max, 1), t(1, 1)), .positiveInfinity, source: add + ": still overflowing at timescale 1 gives +infinity"),
        TimeCase("Int64.min/1 - 1/1", CMTimeSubtract(t(.min, 1), t(1, 1)), .negativeInfinity, source: subtract + ": overflow downward gives -infinity"),
        TimeCase("Int64.min/1 + -1/1", CMTimeAdd(t(.min, 1), t(-1, 1)), .negativeInfinity, source: add + ": direction of the overflow"),
        TimeCase("rounded 1/3 + 1/3", CMTimeAdd(rounded(1, 3), t(1, 3)), .time(2, 3, rounded: true), source: add + ": set if either operand has hasBeenRounded"),
        TimeCase("1/3 - rounded 1/3", CMTimeSubtract(t(1, 3), rounded(1, 3)), .time(0, 3, rounded: true), source: subtract + ": set if either operand has hasBeenRounded"),
        // Non-numeric operands.
        TimeCase("invalid + 1/1", CMTimeAdd(.invalid, t(1, 1)), .invalid, source: add + ": either operand invalid gives invalid"),
        TimeCase("1/1 + invalid", CMTimeAdd(t(1, 1), .invalid), .invalid, source: add + ": either operand invalid gives invalid"),
        TimeCase("invalid + +inf", CMTimeAdd(.invalid, .positiveInfinity), .invalid, source: add + ": invalid wins over infinity"),
        TimeCase("+inf + 1/1", CMTimeAdd(.positiveInfinity, t(1, 1)), .positiveInfinity, source: add + ": one infinite operand"),
        TimeCase("1/1 + -inf", CMTimeAdd(t(1, 1), .negativeInfinity), .negativeInfinity, source: add + ": one infinite operand"),
        TimeCase("+inf + indefinite", CMTimeAdd(.positiveInfinity, .indefinite), .positiveInfinity, source: add + ": just one operand infinite gives that infinity"),
        TimeCase("+inf + +inf", CMTimeAdd(.positiveInfinity, .positiveInfinity), .positiveInfinity, source: add + ": +infinity + +infinity == +infinity"),
        TimeCase("-inf + -inf", CMTimeAdd(.negativeInfinity, .negativeInfinity), .negativeInfinity, source: add + ": -infinity + -infinity == -infinity"),
        TimeCase("+inf + -inf", CMTimeAdd(.positiveInfinity, .negativeInfinity), .invalid, source: add + ": +infinity + -infinity == invalid"),
        TimeCase("-inf + +inf", CMTimeAdd(.negativeInfinity, .positiveInfinity), .invalid, source: add + ": -infinity + +infinity == invalid"),
        TimeCase("+inf - +inf", CMTimeSubtract(.positiveInfinity, .positiveInfinity), .invalid, source: subtract + ": +infinity - +infinity == invalid"),
        TimeCase("-inf - -inf", CMTimeSubtract(.negativeInfinity, .negativeInfinity), .invalid, source: subtract + ": -infinity - -infinity == invalid"),
        TimeCase("+inf - -inf", CMTimeSubtract(.positiveInfinity, .negativeInfinity), .positiveInfinity, source: subtract + ": +infinity - -infinity == +infinity"),
        TimeCase("-inf - +inf", CMTimeSubtract(.negativeInfinity, .positiveInfinity), .negativeInfinity, source: subtract + ": -infinity - +infinity == -infinity"),
        TimeCase("1/1 - +inf", CMTimeSubtract(t(1, 1), .positiveInfinity), .negativeInfinity,
                 source: subtract + ": one infinite operand gives an infinite result (the sign of the difference)"),
        TimeCase("indefinite + 1/1", CMTimeAdd(.indefinite, t(1, 1)), .indefinite, source: add + ": valid, not infinite, an indefinite operand gives indefinite"),
        TimeCase("1/1 - indefinite", CMTimeSubtract(t(1, 1), .indefinite), .indefinite, source: subtract + ": an indefinite operand gives indefinite"),
        TimeCase("indefinite + indefinite", CMTimeAdd(.indefinite, .indefinite), .indefinite, source: add + ": both indefinite"),
        // Epochs.
        TimeCase("1/1 epoch 1 + 1/1 epoch 0", CMTimeAdd(t(1, 1, epoch: 1), t(1, 1)), .time(2, 1, epoch: 1),
                 source: add + ": a time in epoch 0 is a duration and can be added to a time in another epoch; " + recorded),
        TimeCase("2/1 epoch 3 + 4/1 epoch 3", CMTimeAdd(t(2, 1, epoch: 3), t(4, 1, epoch: 3)), .time(6, 1),
                 source: add + ": the same nonzero epoch gives epoch zero (a duration)"),
        TimeCase("4/1 epoch 3 - 2/1 epoch 3", CMTimeSubtract(t(4, 1, epoch: 3), t(2, 1, epoch: 3)), .time(2, 1),
                 source: subtract + ": the same nonzero epoch gives epoch zero (a duration)"),
        TimeCase("5/1 epoch 2 - 1/2 epoch 0", CMTimeSubtract(t(5, 1, epoch: 2), t(1, 2)), .time(9, 2, epoch: 2),
                 source: subtract + ": a duration can be subtracted from a time in another epoch"),
        TimeCase("2/1 epoch 3 + 4/1 epoch 4", CMTimeAdd(t(2, 1, epoch: 3), t(4, 1, epoch: 4)), .invalid, source: add + ": different nonzero epochs give invalid"),
        TimeCase("2/1 epoch 3 - 4/1 epoch 4", CMTimeSubtract(t(2, 1, epoch: 3), t(4, 1, epoch: 4)), .invalid, source: subtract + ": different nonzero epochs give invalid"),
        // Swift overlay operators are the same functions.
        TimeCase("1/30 + 1/25 (operator)", t(1, 30) + t(1, 25), .time(11, 150), source: "CMTime +(_:_:) documentation: CMTimeAdd"),
        TimeCase("1/25 - 1/30 (operator)", t(1, 25) - t(1, 30), .time(1, 150), source: "CMTime -(_:_:) documentation: CMTimeSubtract"),
    ]

    static let products: [TimeCase] = [
        TimeCase("1/30 * 3", CMTimeMultiply(t(1, 30), multiplier: 3), .time(3, 30), source: multiply + ": the result has the operand's timescale"),
        TimeCase("1800/600 * 2", CMTimeMultiply(t(1800, 600), multiplier: 2), .time(3600, 600), source: shown + ": {3600/600 = 6.000}"),
        TimeCase("-5/7 * -3", CMTimeMultiply(t(-5, 7), multiplier: -3), .time(15, 7), source: multiply),
        TimeCase("Int64.max/1 * 2", CMTimeMultiply(t(.max, 1), multiplier: 2), .positiveInfinity, source: multiply + ": overflow at timescale 1 gives +infinity"),
        TimeCase("Int64.min/1 * 2", CMTimeMultiply(t(.min, 1), multiplier: 2), .negativeInfinity, source: multiply + ": overflow at timescale 1 gives -infinity"),
        TimeCase("Int64.max/2 * 2", CMTimeMultiply(t(.max, 2), multiplier: 2), .time(.max, 1), source: multiply + ": the timescale is halved until the value fits"),
        TimeCase("Int64.max/3 * 2", CMTimeMultiply(t(.max, 3), multiplier: 2), .time(6_148_914_691_236_517_205, 1, rounded: true),
                 source: multiply + ": default rounding at the halved timescale sets hasBeenRounded"),
        TimeCase("rounded 1/3 * 2", CMTimeMultiply(rounded(1, 3), multiplier: 2), .time(2, 3, rounded: true), source: multiply + ": the operand's hasBeenRounded is kept"),
        TimeCase("1/1 epoch 4 * 2", CMTimeMultiply(t(1, 1, epoch: 4), multiplier: 2), .time(2, 1, epoch: 4), source: multiply),
        TimeCase("invalid * 5", CMTimeMultiply(.invalid, multiplier: 5), .invalid, source: multiply + ": an invalid operand gives invalid"),
        TimeCase("indefinite * 5", CMTimeMultiply(.indefinite, multiplier: 5), .indefinite, source: multiply + ": an indefinite operand gives indefinite"),
        TimeCase("+inf * -2", CMTimeMultiply(.positiveInfinity, multiplier: -2), .negativeInfinity, source: multiply + ": infinite, with the sign the operands give"),
        TimeCase("-inf * -1", CMTimeMultiply(.negativeInfinity, multiplier: -1), .positiveInfinity, source: multiply + ": infinite, with the sign the operands give"),
        TimeCase("-inf * 3", CMTimeMultiply(.negativeInfinity, multiplier: 3), .negativeInfinity, source: multiply),
        TimeCase("1/30 * 3 (operator)", t(1, 30) * 3, .time(3, 30), source: "CMTime *(_:_:) documentation: CMTimeMultiply"),
        TimeCase("3 * 1/30 (operator)", 3 * t(1, 30), .time(3, 30), source: "CMTime *(_:_:) documentation: CMTimeMultiply"),
        TimeCase("-(1/30)", -t(1, 30), .time(-1, 30), source: "CMTime -(_:) documentation: negation"),
        TimeCase("-(+inf)", -CMTime.positiveInfinity, .negativeInfinity, source: "CMTime -(_:) documentation: negation"),
        // CMTimeMultiplyByRatio.
        TimeCase("1800/600 * 2/3", CMTimeMultiplyByRatio(t(1800, 600), multiplier: 2, divisor: 3), .time(3600, 1800), source: shown + ": {3600/1800 = 2.000}"),
        TimeCase("43804/600 * 1/4", CMTimeMultiplyByRatio(t(43804, 600), multiplier: 1, divisor: 4), .time(43804, 2400), source: lldb + ": value 43804, timescale 2400, flags 1"),
        TimeCase("1/2 * 1/-3", CMTimeMultiplyByRatio(t(1, 2), multiplier: 1, divisor: -3), .time(-1, 6), source: ratio + ": the exact rational value is preserved"),
        TimeCase("Int64.max/1 * Int32.max/Int32.max", CMTimeMultiplyByRatio(t(.max, 1), multiplier: .max, divisor: .max), .time(.max, 1),
                 source: ratio + ": the exact value is preserved if possible without overflow"),
        TimeCase("Int64.max/1 * 3/2", CMTimeMultiplyByRatio(t(.max, 1), multiplier: 3, divisor: 2), .positiveInfinity,
                 source: ratio + ": still overflowing at timescale 1 gives +infinity"),
        TimeCase("1/3 * 1/Int32.max", CMTimeMultiplyByRatio(t(1, 3), multiplier: 1, divisor: .max), .time(0, maxScale, rounded: true),
                 source: ratio + ": on overflow a timescale minimizing the rounding error, default rounding"),
        TimeCase("3/2 * 1/0", CMTimeMultiplyByRatio(t(3, 2), multiplier: 1, divisor: 0), .positiveInfinity, source: ratio + ": only the denominator zero gives an infinity signed by the other arguments"),
        TimeCase("-3/2 * 1/0", CMTimeMultiplyByRatio(t(-3, 2), multiplier: 1, divisor: 0), .negativeInfinity, source: ratio + ": only the denominator zero"),
        TimeCase("3/2 * -1/0", CMTimeMultiplyByRatio(t(3, 2), multiplier: -1, divisor: 0), .negativeInfinity, source: ratio + ": only the denominator zero"),
        TimeCase("0/1 * 1/0", CMTimeMultiplyByRatio(t(0, 1), multiplier: 1, divisor: 0), .invalid, source: ratio + ": denominator and time zero give kCMTimeInvalid"),
        TimeCase("3/2 * 0/0", CMTimeMultiplyByRatio(t(3, 2), multiplier: 0, divisor: 0), .invalid, source: ratio + ": denominator and numerator zero give kCMTimeInvalid"),
        TimeCase("invalid * 2/3", CMTimeMultiplyByRatio(.invalid, multiplier: 2, divisor: 3), .invalid, source: ratio + ": time invalid gives invalid"),
        TimeCase("+inf * -2/3", CMTimeMultiplyByRatio(.positiveInfinity, multiplier: -2, divisor: 3), .negativeInfinity, source: ratio + ": time infinite gives a similar infinity"),
        TimeCase("indefinite * 2/3", CMTimeMultiplyByRatio(.indefinite, multiplier: 2, divisor: 3), .indefinite, source: ratio + ": time indefinite gives indefinite"),
        TimeCase("rounded 1/3 * 1/1", CMTimeMultiplyByRatio(rounded(1, 3), multiplier: 1, divisor: 1), .time(1, 3, rounded: true), source: ratio + ": the operand's hasBeenRounded is kept"),
        // CMTimeMultiplyByFloat64.
        TimeCase("1800/600 * 1.5", CMTimeMultiplyByFloat64(t(1800, 600), multiplier: 1.5), .time(4_500_000_000, 1_000_000_000), source: shown + ": {4500000000/1000000000 = 4.500}"),
        TimeCase("43804/600 * 0.25", CMTimeMultiplyByFloat64(t(43804, 600), multiplier: 0.25), .time(18_251_666_667, 1_000_000_000, rounded: true),
                 source: lldb + ": value 18251666667, timescale 1000000000, flags 3"),
        TimeCase("-1/3 * 0.5", CMTimeMultiplyByFloat64(t(-1, 3), multiplier: 0.5), .time(-166_666_667, 1_000_000_000, rounded: true), source: float64 + ": default rounding"),
        TimeCase("Int64.max/1 * 2.0", CMTimeMultiplyByFloat64(t(.max, 1), multiplier: 2.0), .positiveInfinity, source: float64 + ": overflow at timescale 1 gives +infinity"),
        TimeCase("Int64.max/1 * 2^-50", CMTimeMultiplyByFloat64(t(.max, 1), multiplier: 0x1p-50), .time(8_192_000_000_000, 1_000_000_000, rounded: true),
                 source: float64 + ": default rounding ((2^63 - 1) / 2^50 s is just below 8192 s)"),
        TimeCase("1/1 * 1e300", CMTimeMultiplyByFloat64(t(1, 1), multiplier: 1e300), .positiveInfinity, source: float64 + ": overflow at timescale 1 gives +infinity"),
        TimeCase("1/1 * 1e-300", CMTimeMultiplyByFloat64(t(1, 1), multiplier: 1e-300), .time(0, 1_000_000_000, rounded: true), source: float64 + ": default rounding"),
        TimeCase("invalid * 2.0", CMTimeMultiplyByFloat64(.invalid, multiplier: 2.0), .invalid, source: float64 + ": an invalid operand gives invalid"),
        TimeCase("+inf * -1.0", CMTimeMultiplyByFloat64(.positiveInfinity, multiplier: -1.0), .negativeInfinity, source: float64 + ": infinite, with the sign the operands give"),
        TimeCase("indefinite * 2.0", CMTimeMultiplyByFloat64(.indefinite, multiplier: 2.0), .indefinite, source: float64 + ": an indefinite operand gives indefinite"),
        TimeCase("1/2 * 1.5 (operator)", t(1, 2) * 1.5, .time(750_000_000, 1_000_000_000), source: "CMTime *(_:_:) documentation: CMTimeMultiplyByFloat64; " + recorded),
    ]

    @Test("addition and subtraction", arguments: sums)
    func sum(_ row: TimeCase) { row.check() }

    @Test("multiplication", arguments: products)
    func product(_ row: TimeCase) { row.check() }

    @Test("compound assignment operators are the same functions")
    func compoundOperators() {
        var time = t(1, 30)
        time += t(1, 25)
        #expect(ExpectedTime.time(11, 150).matches(time))
        time -= t(1, 25)
        #expect(ExpectedTime.time(5, 150).matches(time))
        time *= 3
        #expect(ExpectedTime.time(15, 150).matches(time))
        time *= 2.0
        #expect(ExpectedTime.time(200_000_000, 1_000_000_000).matches(time))
    }

    @Test("CMTimeAbsoluteValue negates negative times and -infinity")
    func absoluteValue() {
        let source = "CMTimeAbsoluteValue(_:) documentation: the time with its sign inverted if negative"
        TimeCase("|-4/2|", CMTimeAbsoluteValue(t(-4, 2)), .time(4, 2), source: source).check()
        TimeCase("|4/2|", CMTimeAbsoluteValue(t(4, 2)), .time(4, 2), source: source).check()
        TimeCase("|-inf|", CMTimeAbsoluteValue(.negativeInfinity), .positiveInfinity, source: source + "; " + recorded).check()
        TimeCase("|Int64.min/2|", CMTimeAbsoluteValue(t(.min, 2)), .time(1 << 62, 1), source: source + " (CMTimeMultiply's halving rule)").check()
        TimeCase("|Int64.min/1|", CMTimeAbsoluteValue(t(.min, 1)), .positiveInfinity, source: source + " (overflow at timescale 1)").check()
        TimeCase("|invalid|", CMTimeAbsoluteValue(.invalid), .invalid, source: source).check()
    }
}
