/// The module's limits, each with the reason for its number.
enum Limits {
    /// The longest duration an MPD writes, in seconds (about 31 years). It keeps a count of microseconds below
    /// 2⁵³ and far from `Int64` overflow; no real presentation comes near it, so a value beyond it is a unit mistake.
    static let maximumDurationSeconds: Int64 = 1_000_000_000
}
