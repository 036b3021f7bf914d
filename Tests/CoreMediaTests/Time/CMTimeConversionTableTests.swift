// Documented behaviour of CMTimeConvertScale (every rounding method, positive and negative values),
// CMTimeMakeWithSeconds, CMTimeGetSeconds, CMTimeCompare's order, and CMTime's constants and flags.
import CoreMedia
import Foundation
import Testing

private let convert = "CMTimeConvertScale(_:timescale:method:) documentation"
private let halfAway = "CMTimeRoundingMethod.roundHalfAwayFromZero documentation: toward zero below 0.5, away at or above"
private let towardZero = "CMTimeRoundingMethod.roundTowardZero documentation"
private let awayFromZero = "CMTimeRoundingMethod.roundAwayFromZero documentation"
private let towardPlus = "CMTimeRoundingMethod.roundTowardPositiveInfinity documentation (CMTime.h)"
private let towardMinus = "CMTimeRoundingMethod.roundTowardNegativeInfinity documentation (CMTime.h)"
private let quickTime = "CMTimeRoundingMethod.quickTime documentation: toward zero to a smaller timescale, away from zero to a larger one, never a negative time to 0"
private let seconds = "CMTimeMakeWithSeconds(_:preferredTimescale:) documentation"
private let recorded = "CoreMedia results recorded on Apple platforms by a public differential test"

/// `value/10` converted to timescale 1 with `method`.
private func tenths(_ value: Int64, _ method: CMTimeRoundingMethod) -> CMTime {
    CMTimeConvertScale(CMTime(value: value, timescale: 10), timescale: 1, method: method)
}

@Suite("CMTime conversions, comparison and constants as Apple documents them")
struct CMTimeConversionTableTests {
    /// Tenths (±0.3, ±0.5, ±0.7, ±1.5) to whole seconds, with the result each method's definition gives.
    static let roundingTable: [(CMTimeRoundingMethod, String, [Int64: Int64])] = [
        (.roundHalfAwayFromZero, halfAway, [3: 0, 5: 1, 7: 1, 15: 2, -3: 0, -5: -1, -7: -1, -15: -2]),
        (.roundTowardZero, towardZero, [3: 0, 5: 0, 7: 0, 15: 1, -3: 0, -5: 0, -7: 0, -15: -1]),
        (.roundAwayFromZero, awayFromZero, [3: 1, 5: 1, 7: 1, 15: 2, -3: -1, -5: -1, -7: -1, -15: -2]),
        (.roundTowardPositiveInfinity, towardPlus, [3: 1, 5: 1, 7: 1, 15: 2, -3: 0, -5: 0, -7: 0, -15: -1]),
        (.roundTowardNegativeInfinity, towardMinus, [3: 0, 5: 0, 7: 0, 15: 1, -3: -1, -5: -1, -7: -1, -15: -2]),
        (.quickTime, quickTime, [3: 0, 5: 0, 7: 0, 15: 1, -3: -1, -5: -1, -7: -1, -15: -1]),
        (.default, "CMTimeRoundingMethod.default documentation: equal to roundHalfAwayFromZero",
         [3: 0, 5: 1, 7: 1, 15: 2, -3: 0, -5: -1, -7: -1, -15: -2]),
    ]

    @Test("every rounding method, positive and negative tenths to seconds")
    func roundingMethods() {
        for (method, source, table) in Self.roundingTable {
            for (tenthsValue, expected) in table.sorted(by: { $0.key < $1.key }) {
                TimeCase("\(tenthsValue)/10 to timescale 1 by \(method)", tenths(tenthsValue, method),
                         .time(expected, 1, rounded: true), source: source).check()
            }
        }
    }

    static let conversions: [TimeCase] = [
        TimeCase("1001/30000 to 600", CMTimeConvertScale(t(1001, 30000), timescale: 600, method: .roundHalfAwayFromZero),
                 .time(20, 600, rounded: true), source: convert + ": hasBeenRounded set when the value is rounded (compat sample)"),
        TimeCase("1/2 to 4 (exact)", CMTimeConvertScale(t(1, 2), timescale: 4, method: .roundTowardZero), .time(2, 4), source: convert + ": no rounding, no flag"),
        TimeCase("3/6 to 2 (exact)", CMTimeConvertScale(t(3, 6), timescale: 2, method: .roundAwayFromZero), .time(1, 2), source: convert + ": no rounding, no flag"),
        TimeCase("1/3 to 4 by quickTime", CMTimeConvertScale(t(1, 3), timescale: 4, method: .quickTime), .time(2, 4, rounded: true), source: quickTime + " (larger scale: away)"),
        TimeCase("-1/3 to 4 by quickTime", CMTimeConvertScale(t(-1, 3), timescale: 4, method: .quickTime), .time(-2, 4, rounded: true), source: quickTime + " (larger scale: away)"),
        TimeCase("1/3 to 2 by quickTime", CMTimeConvertScale(t(1, 3), timescale: 2, method: .quickTime), .time(0, 2, rounded: true), source: quickTime + " (smaller scale: toward zero)"),
        TimeCase("-1/3 to 2 by quickTime", CMTimeConvertScale(t(-1, 3), timescale: 2, method: .quickTime), .time(-1, 2, rounded: true), source: quickTime + " (smaller scale, but never a negative time to 0)"),
        TimeCase("1/2 to 3 by quickTime", CMTimeConvertScale(t(1, 2), timescale: 3, method: .quickTime), .time(2, 3, rounded: true), source: quickTime + "; " + recorded),
        TimeCase("5/3 to 2 by quickTime", CMTimeConvertScale(t(5, 3), timescale: 2, method: .quickTime), .time(3, 2, rounded: true), source: quickTime + " (smaller scale: toward zero); " + recorded),
        TimeCase("-1/1000 to 10 by quickTime", CMTimeConvertScale(t(-1, 1000), timescale: 10, method: .quickTime), .time(-1, 10, rounded: true), source: quickTime + ": -1/newTimescale"),
        TimeCase("rounded 1/2 to 4", CMTimeConvertScale(rounded(1, 2), timescale: 4, method: .default), .time(2, 4, rounded: true), source: "CMTimeFlags.hasBeenRounded documentation: derived from a rounded time"),
        TimeCase("7/1 epoch 3 to 10", CMTimeConvertScale(t(7, 1, epoch: 3), timescale: 10, method: .default), .time(70, 10, epoch: 3), source: convert),
        TimeCase("1/2 to 0", CMTimeConvertScale(t(1, 2), timescale: 0, method: .default), .invalid, source: recorded + ": a zero timescale gives an invalid time"),
        TimeCase("+inf to 600", CMTimeConvertScale(.positiveInfinity, timescale: 600, method: .default), .positiveInfinity, source: convert + ": non-numeric stays similarly non-numeric"),
        TimeCase("indefinite to 600", CMTimeConvertScale(.indefinite, timescale: 600, method: .default), .indefinite, source: convert + ": non-numeric stays similarly non-numeric"),
        TimeCase("invalid to 600", CMTimeConvertScale(.invalid, timescale: 600, method: .default), .invalid, source: convert + ": non-numeric stays similarly non-numeric"),
        TimeCase("1/30 convertScale(600) (overlay)", t(1, 30).convertScale(600, method: .default), .time(20, 600), source: "CMTime.convertScale(_:method:) documentation"),
        // CMTimeMakeWithSeconds.
        TimeCase("2.5 s at 600", CMTimeMakeWithSeconds(2.5, preferredTimescale: 600), .time(1500, 600), source: seconds + " (compat sample)"),
        TimeCase("5 s at 600", CMTimeMakeWithSeconds(5, preferredTimescale: 600), .time(3000, 600), source: "CMTimeShow output recorded on Apple platforms: {3000/600 = 5.000}"),
        TimeCase("0.1 s at 10", CMTime(seconds: 0.1, preferredTimescale: 10), .time(1, 10), source: seconds + ": not rounded when value/timescale gives back the seconds"),
        TimeCase("1.5 s at 2", CMTimeMakeWithSeconds(1.5, preferredTimescale: 2), .time(3, 2), source: recorded + ": flags 1"),
        TimeCase("0.5 s at 1", CMTimeMakeWithSeconds(0.5, preferredTimescale: 1), .time(0, 1, rounded: true), source: recorded + ": value 0, flags 3 (ties to even)"),
        TimeCase("0.7 s at 3", CMTimeMakeWithSeconds(0.7, preferredTimescale: 3), .time(2, 3, rounded: true), source: seconds + ": rounded when value/timescale is not the seconds"),
        TimeCase("1/3 s at 600", CMTimeMakeWithSeconds(1.0 / 3.0, preferredTimescale: 600), .time(200, 600),
                 source: seconds + ": 200/600 converts back to exactly the Float64 1/3, so it is not flagged"),
        TimeCase("-2.75 s at 4", CMTimeMakeWithSeconds(-2.75, preferredTimescale: 4), .time(-11, 4), source: seconds),
        TimeCase("1e18 s at 1000", CMTimeMakeWithSeconds(1e18, preferredTimescale: 1000), .time(7_000_000_000_000_000_000, 7),
                 source: seconds + ": the timescale is halved until the value no longer overflows (1000, 500, … 7)"),
        TimeCase("1e19 s at 600", CMTimeMakeWithSeconds(1e19, preferredTimescale: 600), .positiveInfinity, source: seconds + ": still overflowing at timescale 1 gives +infinity"),
        TimeCase("-1e19 s at 600", CMTimeMakeWithSeconds(-1e19, preferredTimescale: 600), .negativeInfinity, source: seconds + ": still overflowing at timescale 1 gives -infinity"),
        TimeCase("+infinity s", CMTimeMakeWithSeconds(.infinity, preferredTimescale: 600), .positiveInfinity, source: recorded + ": flags 5"),
        TimeCase("-infinity s", CMTimeMakeWithSeconds(-.infinity, preferredTimescale: 600), .negativeInfinity, source: recorded + ": flags 9"),
        TimeCase("NaN s at 600", CMTimeMakeWithSeconds(.nan, preferredTimescale: 600), .time(0, 600, rounded: true), source: recorded + ": value 0, timescale 600, flags 3"),
        TimeCase("1 s at 0", CMTimeMakeWithSeconds(1, preferredTimescale: 0), .invalid, source: seconds + ": a preferred timescale <= 0 gives an invalid time"),
        TimeCase("1 s at -600", CMTimeMakeWithSeconds(1, preferredTimescale: -600), .invalid, source: seconds + ": a preferred timescale <= 0 gives an invalid time"),
        TimeCase("CMTimeMake(1, 0)", CMTimeMake(value: 1, timescale: 0), .invalid, source: recorded + ": CMTimeMake with timescale 0 is invalid"),
        TimeCase("CMTimeMakeWithEpoch(3, 4, 7)", CMTimeMakeWithEpoch(value: 3, timescale: 4, epoch: 7), .time(3, 4, epoch: 7), source: "CMTimeMakeWithEpoch(value:timescale:epoch:) documentation"),
    ]

    @Test("CMTimeConvertScale and CMTimeMakeWithSeconds", arguments: conversions)
    func conversion(_ row: TimeCase) { row.check() }

    @Test("CMTimeGetSeconds: NaN when invalid or indefinite, ±infinity when infinite, epoch ignored")
    func getSeconds() {
        // CMTimeGetSeconds(_:) documentation.
        #expect(CMTimeGetSeconds(.invalid).isNaN)
        #expect(CMTimeGetSeconds(.indefinite).isNaN)
        #expect(CMTimeGetSeconds(.positiveInfinity) == .infinity)
        #expect(CMTimeGetSeconds(.negativeInfinity) == -.infinity)
        #expect(CMTimeGetSeconds(t(3, 2)) == 1.5)
        #expect(CMTimeGetSeconds(t(3, 2, epoch: 5)) == 1.5)
        #expect(t(-1, 4).seconds == -0.25)
    }

    /// Ascending in CMTimeCompare's documented order: -infinity < finite values < indefinite < +infinity < invalid.
    static let ascending: [CMTime] = [
        .negativeInfinity, t(.min, 1), t(-1, 1), t(-1, 3), .zero, t(1, maxTimescale), t(1, 3), t(1, 2), t(.max, 2),
        t(.max, 1), t(5, 1, epoch: 1), .indefinite, .positiveInfinity, .invalid,
    ]
    static let maxTimescale = Int32.max

    @Test("CMTimeCompare orders -inf < numerics < indefinite < +inf < invalid, later epochs after earlier")
    func compareOrder() {
        // CMTimeCompare(_:_:) documentation.
        for (i, lhs) in Self.ascending.enumerated() {
            for (j, rhs) in Self.ascending.enumerated() {
                let expected: Int32 = i < j ? -1 : (i == j ? 0 : 1)
                #expect(CMTimeCompare(lhs, rhs) == expected, "\(lhs) vs \(rhs)")
                #expect((lhs < rhs) == (i < j) && (lhs == rhs) == (i == j) && (lhs >= rhs) == (i >= j))
            }
        }
    }

    @Test("equal times: all invalid times, each non-numeric kind, equal rationals; hashes agree")
    func equality() {
        // CMTimeCompare(_:_:) documentation: invalid times equal other invalid times; each infinity and
        // indefinite equals itself whatever its other fields.
        let otherInvalid = CMTime(value: 5, timescale: 7, flags: [], epoch: 3)
        let otherInfinity = CMTime(value: 9, timescale: 1, flags: [.valid, .positiveInfinity], epoch: 2)
        #expect(CMTimeCompare(.invalid, otherInvalid) == 0)
        #expect(CMTimeCompare(.positiveInfinity, otherInfinity) == 0)
        #expect(t(1, 30) == t(2, 60) && t(1, 30).hashValue == t(2, 60).hashValue)
        #expect(otherInvalid.hashValue == CMTime.invalid.hashValue)
        #expect(otherInfinity.hashValue == CMTime.positiveInfinity.hashValue)
        #expect(Set([t(1, 30), t(2, 60), t(3, 90), t(1, 25)]).count == 2)
        // Epoch ordering recorded on Apple platforms: 100/1 in epoch 0 is before 1/1 in epoch 1.
        #expect(CMTimeCompare(t(100, 1), t(1, 1, epoch: 1)) < 0)
        #expect(t(1, 1, epoch: 1) != t(1, 1))
    }

    @Test("CMTimeMinimum returns the second and CMTimeMaximum the first of equal times")
    func minimumAndMaximum() {
        // CMTimeShow output recorded on Apple platforms: min(1800/600, 3000/1000) shows {3000/1000 = 3.000},
        // max shows {1800/600 = 3.000}.
        TimeCase("min(1800/600, 3000/1000)", CMTimeMinimum(t(1800, 600), t(3000, 1000)), .time(3000, 1000), source: "CMTimeMinimum; recorded CMTimeShow").check()
        TimeCase("max(1800/600, 3000/1000)", CMTimeMaximum(t(1800, 600), t(3000, 1000)), .time(1800, 600), source: "CMTimeMaximum; recorded CMTimeShow").check()
        TimeCase("min(1/2, 1/3)", CMTimeMinimum(t(1, 2), t(1, 3)), .time(1, 3), source: "CMTimeMinimum(_:_:) documentation").check()
        TimeCase("max(invalid, +inf)", CMTimeMaximum(.invalid, .positiveInfinity), .invalid, source: "CMTimeMaximum(_:_:): as CMTimeCompare orders").check()
    }

    @Test("constants, flags and rounding methods have Apple's values")
    func constants() {
        // CMTime.h: flag bits 1<<0 … 1<<4, the mask, and the rounding method values 1…6.
        #expect(CMTimeFlags.valid.rawValue == 1 && CMTimeFlags.hasBeenRounded.rawValue == 2)
        #expect(CMTimeFlags.positiveInfinity.rawValue == 4 && CMTimeFlags.negativeInfinity.rawValue == 8)
        #expect(CMTimeFlags.indefinite.rawValue == 16 && CMTimeFlags.impliedValueFlagsMask.rawValue == 28)
        #expect((0...7).compactMap(CMTimeRoundingMethod.init(rawValue:)).map(\.rawValue) == [1, 2, 3, 4, 5, 6])
        #expect(CMTimeRoundingMethod.default == .roundHalfAwayFromZero)
        #expect(CMTimeRoundingMethod(rawValue: 99) == nil)
        #expect(kCMTimeMaxTimescale == 0x7fff_ffff)
        // Recorded on Apple platforms: the constants' fields.
        #expect(CMTime.invalid.flags.rawValue == 0 && CMTime.invalid.value == 0 && CMTime.invalid.timescale == 0)
        #expect(CMTime.zero.value == 0 && CMTime.zero.timescale == 1 && CMTime.zero.flags == .valid)
        #expect(CMTime.positiveInfinity.flags.rawValue == 5 && CMTime.negativeInfinity.flags.rawValue == 9)
        #expect(CMTime.indefinite.flags.rawValue == 17)
        #expect(CMTime.indefinite.isIndefinite && CMTime.positiveInfinity.isPositiveInfinity && CMTime.negativeInfinity.isNegativeInfinity)
        #expect(!CMTime().isValid)
        // Recorded on Apple platforms: CMTime is 24 bytes (value, timescale, flags, epoch).
        #expect(MemoryLayout<CMTime>.size == 24 && MemoryLayout<CMTimeRange>.size == 48 && MemoryLayout<CMTimeMapping>.size == 96)
    }

    @Test("the CMTIME_IS_… macros and overlay properties")
    func inspection() {
        // CMTime.h macro definitions.
        #expect(CMTIME_IS_VALID(.zero) && CMTIME_IS_INVALID(.invalid))
        #expect(CMTIME_IS_NUMERIC(t(1, 2)) && !CMTIME_IS_NUMERIC(.indefinite) && !CMTIME_IS_NUMERIC(.invalid))
        #expect(CMTIME_IS_POSITIVEINFINITY(.positiveInfinity) && CMTIME_IS_NEGATIVEINFINITY(.negativeInfinity))
        #expect(CMTIME_IS_INDEFINITE(.indefinite) && !CMTIME_IS_INDEFINITE(.zero))
        #expect(CMTIME_HAS_BEEN_ROUNDED(rounded(1, 3)) && !CMTIME_HAS_BEEN_ROUNDED(t(1, 3)))
        // A flag without the valid bit is not positive infinity (CMTIME_IS_POSITIVE_INFINITY requires valid).
        let unflagged = CMTime(value: 0, timescale: 0, flags: .positiveInfinity, epoch: 0)
        #expect(!unflagged.isPositiveInfinity && !unflagged.isValid)
        // hasBeenRounded only counts for numeric times.
        let roundedInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .positiveInfinity, .hasBeenRounded], epoch: 0)
        #expect(!roundedInfinity.hasBeenRounded)
    }
}
