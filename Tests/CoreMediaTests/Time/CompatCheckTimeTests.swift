// The compat sample's checkTime() expectations (../shared/compat/Sources/CompatSample/Checks.swift), one for one,
// written with the same call forms so that a change breaking the sample breaks this test first.
import CoreMedia
import Testing

@Suite("Compat sample checkTime()")
struct CompatCheckTimeTests {
    @Test("every checkTime expectation holds")
    func checkTimeExpectations() {
        let a = CMTime(value: 1, timescale: 30)
        let b = CMTime(value: 1, timescale: 25)
        #expect(a + b == CMTime(value: 11, timescale: 150), "1/30 + 1/25 == 11/150")
        #expect(CMTimeAdd(a, b) == a + b, "CMTimeAdd matches +")
        #expect(CMTimeCompare(a, b) < 0, "1/30 < 1/25")

        let ntsc = CMTime(value: 1001, timescale: 30000)
        let converted = CMTimeConvertScale(ntsc, timescale: 600, method: .roundHalfAwayFromZero)
        #expect(converted.value == 20 && converted.timescale == 600, "1001/30000 at 600 is 20/600")
        #expect(converted.flags.contains(.hasBeenRounded), "a rounded conversion is flagged")

        #expect(CMTimeGetSeconds(CMTime(value: 3, timescale: 2)) == 1.5, "3/2 s is 1.5 s")
        #expect(CMTime(seconds: 2.5, preferredTimescale: 600).value == 1500, "2.5 s at 600")
        #expect(!CMTime.invalid.isValid, "invalid is not valid")
        #expect((CMTime.positiveInfinity + a).isPositiveInfinity, "+inf + x is +inf")
        #expect(CMTime.positiveInfinity > CMTime(value: .max, timescale: 1), "+inf is greatest")
        #expect(CMTimeMultiply(a, multiplier: 3) == CMTime(value: 1, timescale: 10), "3 * 1/30 == 1/10")

        let first = CMTimeRange(start: .zero, duration: CMTime(value: 10, timescale: 1))
        let second = CMTimeRange(start: CMTime(value: 5, timescale: 1), duration: CMTime(value: 10, timescale: 1))
        #expect(first.intersection(second) == CMTimeRange(start: CMTime(value: 5, timescale: 1),
                                                          duration: CMTime(value: 5, timescale: 1)), "intersection")
        #expect(first.union(second).end == CMTime(value: 15, timescale: 1), "union end")
        #expect(first.containsTime(CMTime(value: 9, timescale: 1)), "contains 9 s")
        #expect(!first.containsTime(first.end), "a range does not contain its end")
        let mapped = CMTimeMapTimeFromRangeToRange(CMTime(value: 5, timescale: 1), fromRange: first,
                                                   toRange: CMTimeRange(start: .zero, duration: CMTime(value: 20, timescale: 1)))
        #expect(mapped == CMTime(value: 10, timescale: 1), "map 5 s of 10 s onto 20 s")
    }

    @Test("the sample's other CMTime call forms compile and behave")
    func otherSampleCallForms() {
        // ExportMovie.swift, ReadMovie.swift, WriteMovie.swift.
        let range = CMTimeRange(start: CMTime(value: 1, timescale: 2), duration: CMTime(value: 1, timescale: 1))
        #expect(range.end == CMTime(value: 3, timescale: 2))
        var lastVideoTime = CMTime.negativeInfinity
        let frame = 7
        let time = CMTime(value: CMTimeValue(frame), timescale: 30)
        #expect(time > lastVideoTime)
        lastVideoTime = time
        #expect(abs(CMTimeGetSeconds(lastVideoTime) - 7.0 / 30.0) < 1e-12)
    }
}
