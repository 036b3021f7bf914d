// CMTime: a rational time (value / timescale seconds) or one of the non-numeric times (invalid, indefinite,
// ±infinity), with a rounded flag and an epoch. Field order and constants follow Apple's CMTime.h so the layout
// (24 bytes: value, timescale, flags, epoch) and the constants' fields match.

/// A time as a rational number of seconds, `value / timescale`, or a non-numeric time.
public struct CMTime: Sendable {
    /// The numerator: the number of `timescale` units.
    public var value: CMTimeValue
    /// The denominator: units per second.
    public var timescale: CMTimeScale
    /// Which kind of time this is (valid, ±infinity, indefinite) and whether it was rounded.
    public var flags: CMTimeFlags
    /// The epoch; times in later epochs come after times in earlier ones.
    public var epoch: CMTimeEpoch

    /// Creates an invalid time (all fields zero), like `kCMTimeInvalid`.
    public init() {
        self.init(value: 0, timescale: 0, flags: [], epoch: 0)
    }

    /// Creates a time from all four fields, as they are given.
    public init(value: CMTimeValue, timescale: CMTimeScale, flags: CMTimeFlags, epoch: CMTimeEpoch) {
        self.value = value
        self.timescale = timescale
        self.flags = flags
        self.epoch = epoch
    }

    /// Creates a valid time of `value / timescale` seconds in epoch 0 (`CMTimeMake`).
    ///
    /// A timescale that is not positive gives an invalid time: Apple's CMTime.h says timescales must be positive,
    /// and a "valid" time with a zero timescale would divide by zero wherever it is used.
    public init(value: CMTimeValue, timescale: CMTimeScale) {
        self = timescale > 0 ? CMTime(value: value, timescale: timescale, flags: .valid, epoch: 0) : .invalid
    }

    /// Creates the time nearest to `seconds` at `preferredTimescale` (`CMTimeMakeWithSeconds`).
    public init(seconds: Double, preferredTimescale: CMTimeScale) {
        self = CMTime.make(seconds: seconds, preferredTimescale: preferredTimescale)
    }

    /// The time zero (0/1).
    public static let zero = CMTime(value: 0, timescale: 1, flags: .valid, epoch: 0)
    /// An invalid time (all fields zero).
    public static let invalid = CMTime()
    /// An indefinite (unknown) time.
    public static let indefinite = CMTime(value: 0, timescale: 0, flags: [.valid, .indefinite], epoch: 0)
    /// Positive infinity.
    public static let positiveInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .positiveInfinity], epoch: 0)
    /// Negative infinity.
    public static let negativeInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .negativeInfinity], epoch: 0)
}

// MARK: Inspecting (the CMTIME_IS_… macros of CMTime.h, as Apple's Swift overlay spells them)

extension CMTime {
    /// Whether the valid flag is set.
    public var isValid: Bool { flags.contains(.valid) }

    /// Whether the time is +infinity.
    public var isPositiveInfinity: Bool { isValid && flags.contains(.positiveInfinity) }

    /// Whether the time is -infinity.
    public var isNegativeInfinity: Bool { isValid && flags.contains(.negativeInfinity) }

    /// Whether the time is indefinite.
    public var isIndefinite: Bool { isValid && flags.contains(.indefinite) }

    /// Whether the time holds a usable value: valid and not infinite or indefinite.
    public var isNumeric: Bool { flags.intersection([.valid, .impliedValueFlagsMask]) == .valid }

    /// Whether the time is numeric and was rounded (or derived from a rounded time).
    public var hasBeenRounded: Bool { isNumeric && flags.contains(.hasBeenRounded) }

    /// The time in seconds: NaN when invalid or indefinite, ±infinity when infinite (`CMTimeGetSeconds`).
    public var seconds: Double {
        switch kind {
        case .numeric: return Double(value) / Double(timescale)
        case .positiveInfinity: return .infinity
        case .negativeInfinity: return -.infinity
        case .indefinite, .invalid: return .nan
        }
    }

    /// This time converted to `newTimescale`, rounded with `method` (`CMTimeConvertScale`).
    public func convertScale(_ newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
        CMTime.convert(self, toTimescale: newTimescale, method: method)
    }
}

// MARK: Classification used by the arithmetic

extension CMTime {
    /// What a time is, ordered as `CMTimeCompare` orders the kinds: -inf < numeric < indefinite < +inf < invalid.
    enum Kind: UInt8, Comparable {
        case negativeInfinity, numeric, indefinite, positiveInfinity, invalid

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The kind of this time. A time flagged numeric whose timescale is not positive is treated as invalid:
    /// its value has no meaning, and every operation on it would otherwise divide by zero.
    var kind: Kind {
        let bits = flags.rawValue
        if bits & CMTimeFlags.valid.rawValue == 0 { return .invalid }
        if bits & CMTimeFlags.impliedValueFlagsMask.rawValue == 0 { return timescale > 0 ? .numeric : .invalid }
        if bits & CMTimeFlags.positiveInfinity.rawValue != 0 { return .positiveInfinity }
        if bits & CMTimeFlags.negativeInfinity.rawValue != 0 { return .negativeInfinity }
        return .indefinite
    }

    /// Whether this is a plain numeric time the fast paths may use directly: valid, no implied-value flag,
    /// positive timescale. One mask test and one comparison, so the per-sample paths stay cheap.
    @inline(__always)
    var isPlainNumeric: Bool {
        flags.rawValue & (CMTimeFlags.valid.rawValue | CMTimeFlags.impliedValueFlagsMask.rawValue)
            == CMTimeFlags.valid.rawValue && timescale > 0
    }

    /// The hasBeenRounded bit of this time's flags (for carrying it into results).
    @inline(__always)
    var roundedBit: UInt32 { flags.rawValue & CMTimeFlags.hasBeenRounded.rawValue }

    /// A numeric result time: valid, plus hasBeenRounded when `rounded`.
    @inline(__always)
    static func numeric(_ value: Int64, _ timescale: Int32, rounded: Bool, epoch: CMTimeEpoch) -> CMTime {
        CMTime(value: value, timescale: timescale,
               flags: rounded ? [.valid, .hasBeenRounded] : .valid, epoch: epoch)
    }

    /// Positive or negative infinity.
    static func infinity(negative: Bool) -> CMTime { negative ? .negativeInfinity : .positiveInfinity }
}
