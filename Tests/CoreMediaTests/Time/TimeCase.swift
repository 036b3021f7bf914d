// A row of a documented-behaviour table: an operation's result, what it must be, and the source that says so.
import CoreMedia
import Testing

/// What a CMTime result must be.
enum ExpectedTime: Sendable, CustomStringConvertible {
    /// A numeric time with exactly these fields (flags: valid, plus hasBeenRounded when `rounded`).
    case time(Int64, Int32, rounded: Bool = false, epoch: Int64 = 0)
    /// A numeric time equal (CMTimeCompare == 0) to `value / timescale`, whatever its timescale.
    case equal(Int64, Int32)
    case invalid, positiveInfinity, negativeInfinity, indefinite

    func matches(_ time: CMTime) -> Bool {
        switch self {
        case let .time(value, timescale, rounded, epoch):
            return time.value == value && time.timescale == timescale && time.epoch == epoch
                && time.flags == (rounded ? [.valid, .hasBeenRounded] : .valid)
        case let .equal(value, timescale):
            return time.isNumeric && CMTimeCompare(time, CMTime(value: value, timescale: timescale)) == 0
        case .invalid: return !time.isValid
        case .positiveInfinity: return time.isPositiveInfinity
        case .negativeInfinity: return time.isNegativeInfinity
        case .indefinite: return time.isIndefinite
        }
    }

    var description: String {
        switch self {
        case let .time(value, timescale, rounded, epoch):
            return "\(value)/\(timescale)\(rounded ? " rounded" : "")\(epoch != 0 ? " epoch \(epoch)" : "")"
        case let .equal(value, timescale): return "== \(value)/\(timescale)"
        case .invalid: return "invalid"
        case .positiveInfinity: return "+infinity"
        case .negativeInfinity: return "-infinity"
        case .indefinite: return "indefinite"
        }
    }
}

/// One documented case: `actual` is computed when the table is built; the test compares it with `expected`.
struct TimeCase: Sendable, CustomTestStringConvertible {
    /// The operation, written out.
    let what: String
    /// The Apple documentation page (or recorded Apple output) whose text the case encodes.
    let source: String
    let actual: CMTime
    let expected: ExpectedTime

    init(_ what: String, _ actual: CMTime, _ expected: ExpectedTime, source: String) {
        self.what = what
        self.actual = actual
        self.expected = expected
        self.source = source
    }

    var testDescription: String { "\(what) → \(expected) [\(source)]" }

    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(expected.matches(actual),
                "\(what): got value \(actual.value) timescale \(actual.timescale) flags \(actual.flags.rawValue) epoch \(actual.epoch), want \(expected) — \(source)",
                sourceLocation: sourceLocation)
    }
}

/// Shorthand for a numeric time in epoch 0.
func t(_ value: Int64, _ timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }

/// A numeric time in `epoch`.
func t(_ value: Int64, _ timescale: Int32, epoch: Int64) -> CMTime {
    CMTime(value: value, timescale: timescale, flags: .valid, epoch: epoch)
}

/// A numeric time already flagged as rounded.
func rounded(_ value: Int64, _ timescale: Int32) -> CMTime {
    CMTime(value: value, timescale: timescale, flags: [.valid, .hasBeenRounded], epoch: 0)
}
