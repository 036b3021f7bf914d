// Seeded property tests: CMTime arithmetic against the BigInt reference (BigRationalReference.swift) on random
// values and timescales, weighted toward the extremes (values near Int64.max/min, timescales near
// kCMTimeMaxTimescale) where overflow, LCM capping and timescale halving happen.
//
// The seed is printed; re-run a failure with LAVF_SEED=<seed> swift test --filter CMTimePropertyTests.
import BigInt
import CoreMedia
import Foundation
import Testing
import TestSupport

/// Random CMTime operands, a mix of ordinary media values and extremes.
struct TimeGenerator {
    var random: SplitMix64

    mutating func value() -> Int64 {
        switch random.next() % 7 {
        case 0: return Int64.random(in: -1_000...1_000, using: &random)
        case 1: return Int64.random(in: -(1 << 40)...(1 << 40), using: &random)
        case 2: return Int64.max - Int64.random(in: 0...1_000, using: &random)
        case 3: return Int64.min + Int64.random(in: 0...1_000, using: &random)
        case 4: return Int64.random(in: Int64.min...Int64.max, using: &random)
        case 5: return Int64.random(in: -(1 << 62)...(1 << 62), using: &random)
        default: return Int64(Int32.random(in: Int32.min...Int32.max, using: &random))
        }
    }

    mutating func timescale() -> Int32 {
        switch random.next() % 6 {
        case 0: return Int32.random(in: 1...1_000, using: &random)
        case 1: return [1, 24, 25, 30, 600, 1_000, 24_000, 30_000, 44_100, 48_000, 90_000, 1_000_000_000]
            .randomElement(using: &random)!
        case 2: return Int32.max - Int32.random(in: 0...1_000, using: &random)
        case 3: return Int32.random(in: 1...Int32.max, using: &random)
        case 4: return Int32(1) << Int32.random(in: 0...30, using: &random)
        default: return Int32.max
        }
    }

    mutating func multiplier() -> Int32 {
        switch random.next() % 4 {
        case 0: return Int32.random(in: -10...10, using: &random)
        case 1: return Int32.random(in: Int32.min...Int32.max, using: &random)
        case 2: return Bool.random(using: &random) ? Int32.max : Int32.min
        default: return Int32.random(in: -100_000...100_000, using: &random)
        }
    }

    mutating func time() -> CMTime {
        let rounded = random.next() % 10 == 0
        return CMTime(value: value(), timescale: timescale(), flags: rounded ? [.valid, .hasBeenRounded] : .valid, epoch: 0)
    }
}

@Suite("CMTime property tests against a BigInt reference")
struct CMTimePropertyTests {
    /// Cases per operation: enough to reach every branch many times, small enough to stay well under a second.
    static let casesPerOperation = 400

    static let seed: UInt64 = {
        let seed: UInt64
        if let text = ProcessInfo.processInfo.environment["LAVF_SEED"], let given = UInt64(text) {
            seed = given
        } else {
            seed = UInt64.random(in: 0...UInt64.max)
        }
        print("CMTimePropertyTests seed: \(seed) (re-run with LAVF_SEED=\(seed))")
        return seed
    }()

    static func generator(_ salt: UInt64) -> TimeGenerator {
        return TimeGenerator(random: SplitMix64(seed: seed ^ salt))
    }

    @Test("CMTimeAdd and CMTimeSubtract are exact or rounded by the documented rule")
    func addAndSubtract() {
        var generator = Self.generator(1)
        for _ in 0..<Self.casesPerOperation {
            let (lhs, rhs) = (generator.time(), generator.time())
            for subtracting in [false, true] {
                let actual = subtracting ? CMTimeSubtract(lhs, rhs) : CMTimeAdd(lhs, rhs)
                let expected = BigRationalReference.sum(lhs, rhs, subtracting: subtracting)
                #expect(BigRationalReference.observed(actual) == expected,
                        "seed \(Self.seed): \(lhs.value)/\(lhs.timescale) \(subtracting ? "-" : "+") \(rhs.value)/\(rhs.timescale)")
                let numerator = subtracting
                    ? BigInt(lhs.value) * BigInt(rhs.timescale) - BigInt(rhs.value) * BigInt(lhs.timescale)
                    : BigInt(lhs.value) * BigInt(rhs.timescale) + BigInt(rhs.value) * BigInt(lhs.timescale)
                #expect(BigRationalReference.isExactClaimHonest(
                    actual, numerator: numerator, denominator: BigInt(lhs.timescale) * BigInt(rhs.timescale)))
            }
        }
    }

    @Test("CMTimeAdd and CMTimeSubtract when one timescale divides the other (a time plus .zero) match the reference")
    func addAndSubtractMultipleTimescales() {
        var generator = Self.generator(7)
        for _ in 0..<Self.casesPerOperation {
            var (lhs, rhs) = (generator.time(), generator.time())
            // One timescale a multiple of the other, in either order; zero values (the `.zero` operand) often.
            let factor = Int32.random(in: 1...Int32.max / max(lhs.timescale, 1), using: &generator.random)
            rhs.timescale = factor == 1 ? 1 : lhs.timescale.multipliedReportingOverflow(by: factor).partialValue
            if rhs.timescale <= 0 { rhs.timescale = 1 }
            if generator.random.next() % 3 == 0 { rhs.value = 0 }
            if generator.random.next() % 2 == 0 { swap(&lhs, &rhs) }
            for subtracting in [false, true] {
                let actual = subtracting ? CMTimeSubtract(lhs, rhs) : CMTimeAdd(lhs, rhs)
                let expected = BigRationalReference.sum(lhs, rhs, subtracting: subtracting)
                #expect(BigRationalReference.observed(actual) == expected,
                        Comment(rawValue: "seed \(Self.seed): \(lhs.value)/\(lhs.timescale) \(subtracting ? "-" : "+") "
                                + "\(rhs.value)/\(rhs.timescale)"))
            }
        }
        // The epoch rule (CMTimeAdd documentation) holds on this path too: a duration keeps the other's epoch, the
        // same epoch gives a duration, different nonzero epochs an invalid time.
        let time = CMTime(value: 90, timescale: 600, flags: .valid, epoch: 3)
        #expect(CMTimeAdd(time, .zero).epoch == 3)
        #expect(CMTimeAdd(time, .zero).value == 90 && CMTimeAdd(time, .zero).timescale == 600)
        #expect(CMTimeSubtract(time, CMTime(value: 1, timescale: 30, flags: .valid, epoch: 3)).epoch == 0)
        #expect(CMTimeSubtract(time, CMTime(value: 1, timescale: 30, flags: .valid, epoch: 3)).value == 70)
        #expect(!CMTimeAdd(time, CMTime(value: 1, timescale: 30, flags: .valid, epoch: 4)).isValid)
    }

    @Test("CMTimeMultiply is exact or rounded by the documented rule")
    func multiply() {
        var generator = Self.generator(2)
        for _ in 0..<Self.casesPerOperation {
            let time = generator.time()
            let multiplier = generator.multiplier()
            let actual = CMTimeMultiply(time, multiplier: multiplier)
            #expect(BigRationalReference.observed(actual) == BigRationalReference.product(time, multiplier),
                    "seed \(Self.seed): \(time.value)/\(time.timescale) * \(multiplier)")
            #expect(BigRationalReference.isExactClaimHonest(
                actual, numerator: BigInt(time.value) * BigInt(multiplier), denominator: BigInt(time.timescale)))
        }
    }

    @Test("CMTimeMultiplyByRatio is exact or rounded by the documented rule")
    func multiplyByRatio() {
        var generator = Self.generator(3)
        for _ in 0..<Self.casesPerOperation {
            let time = generator.time()
            let multiplier = generator.multiplier()
            var divisor = generator.multiplier()
            if divisor == 0 { divisor = 1 }
            let actual = CMTimeMultiplyByRatio(time, multiplier: multiplier, divisor: divisor)
            #expect(BigRationalReference.observed(actual) == BigRationalReference.ratio(time, multiplier, divisor),
                    "seed \(Self.seed): \(time.value)/\(time.timescale) * \(multiplier)/\(divisor)")
            let sign = BigInt(divisor < 0 ? -1 : 1)
            #expect(BigRationalReference.isExactClaimHonest(
                actual, numerator: sign * BigInt(time.value) * BigInt(multiplier),
                denominator: sign * BigInt(time.timescale) * BigInt(divisor)))
        }
    }

    @Test("CMTimeMultiplyByFloat64 is the exact product rounded once")
    func multiplyByFloat64() {
        var generator = Self.generator(6)
        for _ in 0..<Self.casesPerOperation {
            let time = generator.time()
            let multiplier: Double
            switch generator.random.next() % 3 {
            case 0: multiplier = [0.5, 1.5, -2.0, 0.25, 1.001, 3.0, -0.1].randomElement(using: &generator.random)!
            case 1: multiplier = Double(sign: Bool.random(using: &generator.random) ? .minus : .plus,
                                        exponent: Int.random(in: -200...70, using: &generator.random),
                                        significand: Double.random(in: 1..<2, using: &generator.random))
            default: multiplier = Double.random(in: -1e6...1e6, using: &generator.random)
            }
            let actual = CMTimeMultiplyByFloat64(time, multiplier: multiplier)
            #expect(BigRationalReference.observed(actual) == BigRationalReference.float64Product(time, multiplier),
                    "seed \(Self.seed): \(time.value)/\(time.timescale) * \(multiplier)")
        }
    }

    @Test("CMTimeCompare agrees with exact rational comparison")
    func compare() {
        var generator = Self.generator(4)
        for _ in 0..<Self.casesPerOperation {
            let (lhs, rhs) = (generator.time(), generator.time())
            let expected = BigRationalReference.compare(lhs, rhs)
            #expect(CMTimeCompare(lhs, rhs) == expected, "seed \(Self.seed): \(lhs.value)/\(lhs.timescale) vs \(rhs.value)/\(rhs.timescale)")
            #expect(CMTimeCompare(rhs, lhs) == -expected)
            // Equal times hash alike (Hashable must agree with ==, which is CMTimeCompare == 0).
            let scaled = CMTimeMultiplyByRatio(lhs, multiplier: 3, divisor: 3)
            if scaled.isNumeric, scaled == lhs { #expect(scaled.hashValue == lhs.hashValue) }
        }
    }

    @Test("CMTimeConvertScale rounds by every method as documented")
    func convertScale() {
        var generator = Self.generator(5)
        for _ in 0..<Self.casesPerOperation {
            let time = generator.time()
            let timescale = generator.timescale()
            let method = CMTimeRoundingMethod(rawValue: UInt32.random(in: 1...6, using: &generator.random))!
            let actual = CMTimeConvertScale(time, timescale: timescale, method: method)
            #expect(BigRationalReference.observed(actual) == BigRationalReference.convert(time, to: timescale, method: method),
                    "seed \(Self.seed): \(time.value)/\(time.timescale) to \(timescale) by \(method)")
            #expect(BigRationalReference.isExactClaimHonest(
                actual, numerator: BigInt(time.value), denominator: BigInt(time.timescale)))
        }
    }
}
