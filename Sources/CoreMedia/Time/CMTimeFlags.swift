// CMTimeFlags: which kind of value a CMTime holds. Bit values from Apple's CMTime.h (the documentation gives
// the names; the header gives `1UL<<0` … `1UL<<4` and the mask).

/// Flag bits of a `CMTime`: valid, rounded, and the "implied value" kinds (infinities, indefinite).
public struct CMTimeFlags: OptionSet, Sendable {
    public var rawValue: UInt32

    /// Creates flags from their raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Must be set, or the time is invalid (an all-zero `CMTime` is therefore invalid).
    public static let valid = CMTimeFlags(rawValue: 1 << 0)
    /// Set when the value was rounded, or derived from a rounded time.
    public static let hasBeenRounded = CMTimeFlags(rawValue: 1 << 1)
    /// The time is +infinity; value, timescale and epoch are ignored.
    public static let positiveInfinity = CMTimeFlags(rawValue: 1 << 2)
    /// The time is -infinity; value, timescale and epoch are ignored.
    public static let negativeInfinity = CMTimeFlags(rawValue: 1 << 3)
    /// The time is unknown (for example the duration of a live broadcast); other fields are ignored.
    public static let indefinite = CMTimeFlags(rawValue: 1 << 4)
    /// The flags whose presence means the value is implied rather than stored.
    public static let impliedValueFlagsMask: CMTimeFlags = [.positiveInfinity, .negativeInfinity, .indefinite]
}
