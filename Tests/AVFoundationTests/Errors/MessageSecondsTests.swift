import CoreMedia
import Testing
@testable import AVFoundation

/// Times in messages: a user read "at 6.613333333333333 s" in an error; six decimals at most, no trailing zeros.
@Suite("Seconds in messages")
struct MessageSecondsTests {
    @Test("six decimals at most, trailing zeros dropped, words for times that are not numbers", arguments: [
        (CMTime(value: 1984, timescale: 300), "6.613333"), (CMTime(value: 2, timescale: 1), "2"),
        (CMTime(value: 1, timescale: 4), "0.25"), (CMTime(value: -3, timescale: 2), "-1.5"),
        (CMTime(value: -1, timescale: 1_000_000_000), "0"), (.positiveInfinity, "+infinity"),
        (.negativeInfinity, "-infinity"), (.indefinite, "indefinite"), (.invalid, "invalid"),
    ])
    func text(time: CMTime, expected: String) {
        #expect(time.messageSeconds == expected)
    }
}
