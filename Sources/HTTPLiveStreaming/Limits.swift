/// The module's limits, each with the reason for its number.
enum Limits {
    /// The longest duration a playlist writes, in seconds (about 31 years). It keeps every duration's count of
    /// microseconds below 2⁵³, so converting one to `Double` is exact, and far from `Int64` overflow when durations
    /// are summed. No real segment comes near it; a value beyond it is a unit mistake.
    static let maximumDurationSeconds: Int64 = 1_000_000_000

    /// The highest `FRAME-RATE` written. Frame rates are written through a count of thousandths in an `Int64`;
    /// nothing shot or rendered comes near a million frames per second.
    static let maximumFrameRate: Double = 1_000_000
}
