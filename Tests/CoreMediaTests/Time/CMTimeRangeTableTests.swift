// Documented behaviour of CMTimeRange (validity, emptiness, half-open containment, union, intersection) and of
// the functions that move times between ranges (map, clamp, fold), each case naming its source.
import CoreMedia
import Testing

private let header = "CMTimeRange.h"
private let shown = "CMTimeRangeShow output recorded on Apple platforms (public sample, 2022)"
private let recorded = "CoreMedia results recorded on Apple platforms by a public differential test"

/// A range from `start` seconds lasting `duration` seconds (timescale 1).
private func r(_ start: Int64, _ duration: Int64) -> CMTimeRange {
    CMTimeRange(start: CMTime(value: start, timescale: 1), duration: CMTime(value: duration, timescale: 1))
}

@Suite("CMTimeRange as Apple documents it")
struct CMTimeRangeTableTests {
    @Test("validity, emptiness and indefiniteness follow the CMTIMERANGE_IS_… macros")
    func predicates() {
        // CMTimeRange.h: CMTIMERANGE_IS_VALID = both times valid, duration epoch 0, duration value >= 0.
        #expect(r(0, 1).isValid && CMTIMERANGE_IS_VALID(r(0, 1)))
        #expect(!r(0, -1).isValid, "a negative duration is invalid")
        #expect(!CMTimeRange(start: .zero, duration: t(1, 1, epoch: 1)).isValid, "a duration outside epoch 0 is invalid")
        #expect(!CMTimeRange(start: .invalid, duration: t(1, 1)).isValid && CMTIMERANGE_IS_INVALID(.invalid))
        #expect(!CMTimeRange().isValid, "the zero-filled struct is invalid")
        // CMTIMERANGE_IS_EMPTY = valid and duration == kCMTimeZero.
        #expect(CMTimeRange(start: t(5, 1), duration: t(0, 600)).isEmpty && CMTIMERANGE_IS_EMPTY(.zero))
        #expect(!r(5, 1).isEmpty && !CMTimeRange.invalid.isEmpty)
        // CMTIMERANGE_IS_INDEFINITE = valid and start or duration indefinite.
        #expect(CMTimeRange(start: .indefinite, duration: t(1, 1)).isIndefinite)
        #expect(CMTimeRange(start: .zero, duration: .indefinite).isIndefinite && CMTIMERANGE_IS_INDEFINITE(CMTimeRange(start: .zero, duration: .indefinite)))
        #expect(!r(0, 1).isIndefinite)
        // CMTimeRangeMake: a duration outside epoch 0 gives an invalid range.
        #expect(!CMTimeRangeMake(start: .zero, duration: t(1, 1, epoch: 2)).isValid)
        #expect(CMTimeRangeMake(start: t(1, 2), duration: t(1, 1)) == CMTimeRange(start: t(1, 2), duration: t(1, 1)))
        #expect(CMTimeRange.zero == CMTimeRange(start: .zero, duration: .zero) && CMTimeRange.invalid.start.flags == CMTimeFlags())
    }

    @Test("containment is half-open: the start is in, the end is not")
    func containment() {
        let range = r(0, 10)
        // CMTimeRange.h: "CMTimeRangeContainsTime(range, CMTimeRangeGetEnd(range)) always evaluates to false".
        #expect(CMTimeRangeContainsTime(range, time: .zero))
        #expect(range.containsTime(t(9, 1)) && range.containsTime(t(19, 2)))
        #expect(!CMTimeRangeContainsTime(range, time: CMTimeRangeGetEnd(range)))
        #expect(!range.containsTime(t(-1, 1000)) && !range.containsTime(t(11, 1)))
        #expect(!CMTimeRange.invalid.containsTime(.zero), "an invalid range contains nothing")
        #expect(!CMTimeRange(start: t(3, 1), duration: .zero).containsTime(t(3, 1)), "an empty range contains nothing")
        #expect(CMTimeRange(start: .zero, duration: .positiveInfinity).containsTime(t(.max, 1)))
        // CMTimeRangeContainsTimeRange: the other range starts no earlier and ends no later.
        #expect(CMTimeRangeContainsTimeRange(range, otherRange: r(2, 3)) && range.containsTimeRange(range))
        #expect(!range.containsTimeRange(r(5, 10)) && !range.containsTimeRange(r(-1, 2)))
        #expect(!range.containsTimeRange(.invalid) && !CMTimeRange.invalid.containsTimeRange(range))
        #expect(CMTimeRangeGetEnd(CMTimeRange(start: t(1, 2), duration: t(1, 1))) == t(3, 2))
        #expect(!CMTimeRange.invalid.end.isValid, "the end of an invalid range is invalid")
    }

    static let rangeCases: [RangeCase] = [
        RangeCase("[0,10) ∩ [5,20)", r(0, 10).intersection(r(5, 15)), r(5, 5), source: header + ": the largest range both include (compat sample)"),
        RangeCase("[5,20) ∩ [0,10)", CMTimeRangeGetIntersection(r(5, 15), otherRange: r(0, 10)), r(5, 5), source: header),
        RangeCase("[0,10) ∩ [2,3)", r(0, 10).intersection(r(2, 1)), r(2, 1), source: header),
        RangeCase("[0,1) ∩ [2,3)", r(0, 1).intersection(r(2, 1)), .zero, source: header + ": disjoint ranges share nothing; Apple returns kCMTimeRangeZero (see next row)"),
        RangeCase("[0,1) ∩ [1,2)", r(0, 1).intersection(r(1, 1)), .zero, source: header + ": touching half-open ranges share nothing"),
        RangeCase("{3 s, 0} ∩ {3 s, 3 s}", CMTimeRange(start: t(1800, 600), end: t(1800, 600)).intersection(CMTimeRange(start: t(1800, 600), duration: t(1800, 600))),
                  .zero, source: shown + ": {{0/1 = 0.000}, {0/1 = 0.000}}"),
        RangeCase("invalid ∩ [0,1)", CMTimeRange.invalid.intersection(r(0, 1)), .invalid, source: header + ": range operations need valid ranges"),
        RangeCase("[0,10) ∪ [5,20)", r(0, 10).union(r(5, 15)), r(0, 20), source: header + ": the smallest range including both"),
        RangeCase("[0,1) ∪ [2,3)", CMTimeRangeGetUnion(r(0, 1), otherRange: r(2, 1)), r(0, 3), source: header + ": the smallest range including both, gap included"),
        RangeCase("{3 s, 0} ∪ {3 s, 3 s}", CMTimeRange(start: t(1800, 600), end: t(1800, 600)).union(CMTimeRange(start: t(1800, 600), duration: t(1800, 600))),
                  CMTimeRange(start: t(1800, 600), duration: t(1800, 600)), source: shown + ": {{1800/600 = 3.000}, {1800/600 = 3.000}}"),
        RangeCase("from 3 s to 3 s", CMTimeRange(start: t(1800, 600), end: t(1800, 600)), CMTimeRange(start: t(1800, 600), duration: t(0, 600)),
                  source: shown + ": {{1800/600 = 3.000}, {0/600 = 0.000}}"),
        RangeCase("from 2 s to 1 s", CMTimeRangeFromTimeToTime(start: t(2, 1), end: t(1, 1)), .invalid, source: header + ": a negative duration is not a valid range"),
        RangeCase("from 1/30 to 1/25", CMTimeRange(start: t(1, 30), end: t(1, 25)), CMTimeRange(start: t(1, 30), duration: t(1, 150)), source: "CMTimeRangeFromTimeToTime(start:end:) documentation"),
    ]

    @Test("intersection, union and ranges from times", arguments: rangeCases)
    func rangeOperation(_ row: RangeCase) { row.check() }

    @Test("CMTimeRangeEqual compares starts and durations as times")
    func equality() {
        // CMTimeRangeEqual(_:_:) documentation; equal times compare equal across timescales (CMTimeCompare).
        #expect(CMTimeRangeEqual(CMTimeRange(start: t(1, 30), duration: t(1, 1)), CMTimeRange(start: t(2, 60), duration: t(600, 600))))
        #expect(CMTimeRange(start: t(1, 30), duration: t(1, 1)).hashValue == CMTimeRange(start: t(2, 60), duration: t(600, 600)).hashValue)
        #expect(r(0, 1) != r(0, 2) && !CMTimeRangeEqual(r(0, 1), r(1, 1)))
    }

    static let mappingCases: [TimeCase] = [
        TimeCase("map 5 s of [0,10) onto [0,20)", CMTimeMapTimeFromRangeToRange(t(5, 1), fromRange: r(0, 10), toRange: r(0, 20)), .time(10, 1),
                 source: "CMTimeMapTimeFromRangeToRange(_:fromRange:toRange:) documentation (compat sample)"),
        TimeCase("map 2 s of [1,3) onto [10,14)", CMTimeMapTimeFromRangeToRange(t(2, 1), fromRange: r(1, 2), toRange: r(10, 4)), .time(12, 1),
                 source: header + ": result = (t - from.start) * (to.duration / from.duration) + to.start"),
        TimeCase("map from.start", CMTimeMapTimeFromRangeToRange(t(1, 1), fromRange: r(1, 2), toRange: r(10, 4)), .time(10, 1), source: header + ": the start maps to the start"),
        TimeCase("map from.end", CMTimeMapTimeFromRangeToRange(t(3, 1), fromRange: r(1, 2), toRange: r(10, 4)), .time(14, 1), source: header + ": the end maps to the end"),
        TimeCase("map 12/7 of [1/7, +2/5) onto [3/13, +7/11)",
                 CMTimeMapTimeFromRangeToRange(t(12, 7), fromRange: CMTimeRange(start: t(1, 7), duration: t(2, 5)),
                                               toRange: CMTimeRange(start: t(3, 13), duration: t(7, 11))),
                 .time(71, 26), source: header + ": the linear formula, exactly: (12/7 - 1/7) · (7/11) / (2/5) + 3/13 = 5/2 + 3/13 = 71/26"),
        TimeCase("map 1/30 of [0,10 s) onto [0,20 s) keeps timescale 30", CMTimeMapTimeFromRangeToRange(t(1, 30), fromRange: r(0, 10), toRange: r(0, 20)), .time(2, 30),
                 source: header + ": the linear formula (result timescale undocumented; the operand's is kept when exact)"),
        TimeCase("map with an empty fromRange", CMTimeMapTimeFromRangeToRange(t(1, 1), fromRange: r(1, 0), toRange: r(0, 1)), .invalid, source: header + ": either range empty gives invalid"),
        TimeCase("map with an empty toRange", CMTimeMapTimeFromRangeToRange(t(1, 1), fromRange: r(0, 2), toRange: r(0, 0)), .invalid, source: header + ": either range empty gives invalid"),
        TimeCase("map a time from another epoch", CMTimeMapTimeFromRangeToRange(t(1, 1, epoch: 1), fromRange: r(0, 2), toRange: r(0, 4)), .invalid,
                 source: header + ": t not in the epoch of fromRange.start gives invalid"),
        TimeCase("map with both durations +inf", CMTimeMapTimeFromRangeToRange(t(3, 1), fromRange: CMTimeRange(start: .zero, duration: .positiveInfinity),
                                                                               toRange: CMTimeRange(start: t(5, 1), duration: .positiveInfinity)), .time(8, 1),
                 source: header + ": both durations +infinity offsets t by the difference of the starts, unscaled"),
        TimeCase("map duration 3 s from 10 s onto 20 s", CMTimeMapDurationFromRangeToRange(t(3, 1), fromRange: r(0, 10), toRange: r(7, 20)), .time(6, 1),
                 source: header + ": result = dur * (toRange.duration / fromRange.duration)"),
        TimeCase("map duration 1/30 from 3 s onto 1 s", CMTimeMapDurationFromRangeToRange(t(1, 30), fromRange: r(0, 3), toRange: r(0, 1)), .time(1, 90), source: header),
        TimeCase("map a duration outside epoch 0", CMTimeMapDurationFromRangeToRange(t(3, 1, epoch: 2), fromRange: r(0, 10), toRange: r(0, 20)), .invalid,
                 source: header + ": dur without epoch zero gives invalid"),
        TimeCase("clamp 15 s to [0,10)", CMTimeClampToRange(t(15, 1), range: r(0, 10)), .time(10, 1), source: header + ": after the end gives the end; " + recorded),
        TimeCase("clamp -5 s to [0,10)", CMTimeClampToRange(t(-5, 1), range: r(0, 10)), .time(0, 1), source: header + ": before the start gives the start"),
        TimeCase("clamp 5 s to [0,10)", CMTimeClampToRange(t(5, 1), range: r(0, 10)), .time(5, 1), source: header + ": inside is unmodified"),
        TimeCase("clamp the end", CMTimeClampToRange(t(10, 1), range: r(0, 10)), .time(10, 1), source: header + ": the end of the range"),
        TimeCase("clamp to an empty range", CMTimeClampToRange(t(5, 1), range: r(3, 0)), .invalid, source: header + ": an empty range gives invalid"),
        TimeCase("clamp an invalid time", CMTimeClampToRange(.invalid, range: r(0, 10)), .invalid, source: header + ": an invalid time gives invalid"),
        TimeCase("fold 25 s into [0,10)", CMTimeFoldIntoRange(t(25, 1), foldRange: r(0, 10)), .time(5, 1), source: "CMTimeFoldIntoRange(_:foldRange:); " + recorded),
        TimeCase("fold 5 s into [0,10)", CMTimeFoldIntoRange(t(5, 1), foldRange: r(0, 10)), .time(5, 1), source: header + ": times inside the range stay"),
        TimeCase("fold 10 s into [0,10)", CMTimeFoldIntoRange(t(10, 1), foldRange: r(0, 10)), .time(0, 1), source: header + ": the end folds to the start (half-open)"),
        TimeCase("fold -3 s into [0,10)", CMTimeFoldIntoRange(t(-3, 1), foldRange: r(0, 10)), .time(7, 1), source: header + ": times before the range fold too (not folding them is up to the client)"),
        TimeCase("fold 7/3 into [1/3, +2/5)", CMTimeFoldIntoRange(t(7, 3), foldRange: CMTimeRange(start: t(1, 3), duration: t(2, 5))), .time(5, 15), source: header + ": 7/3 - 1/3 = 2 = 5 · 2/5, so it folds onto the start 1/3 (= 5/15)"),
        TimeCase("fold invalid", CMTimeFoldIntoRange(.invalid, foldRange: r(0, 10)), .invalid, source: recorded + ": folding an invalid time gives invalid"),
        TimeCase("fold into an empty range", CMTimeFoldIntoRange(t(5, 1), foldRange: r(0, 0)), .invalid, source: header + ": an empty range has no loop"),
    ]

    @Test("mapping, clamping and folding", arguments: mappingCases)
    func mapping(_ row: TimeCase) { row.check() }
}

/// One documented range case.
struct RangeCase: Sendable, CustomTestStringConvertible {
    let what: String
    let source: String
    let actual: CMTimeRange
    let expected: CMTimeRange

    init(_ what: String, _ actual: CMTimeRange, _ expected: CMTimeRange, source: String) {
        self.what = what
        self.actual = actual
        self.expected = expected
        self.source = source
    }

    var testDescription: String { "\(what) → \(expected.descriptionText) [\(source)]" }

    /// Compares field by field (timescales included): the same range written differently is a different result.
    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        let same = expected.isValid
            ? actual.start.value == expected.start.value && actual.start.timescale == expected.start.timescale
                && actual.start.flags == expected.start.flags && actual.duration.value == expected.duration.value
                && actual.duration.timescale == expected.duration.timescale && actual.duration.flags == expected.duration.flags
            : !actual.isValid
        #expect(same, "\(what): got \(actual), want \(expected) — \(source)", sourceLocation: sourceLocation)
    }
}
