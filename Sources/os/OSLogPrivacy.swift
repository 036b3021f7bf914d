/// How an interpolated value is shown in a logged message.
///
/// As on Apple platforms, `.private` and `.sensitive` values, and `.auto` values that are not numbers or Booleans,
/// are written as `<private>`. Setting the environment variable `OS_LOG_SHOW_PRIVATE=1` (read once, at the first
/// message) writes `.private` and `.auto` values in full, as a Mac does with private data enabled; `.sensitive`
/// values stay redacted.
///
/// Apple's struct declares no Equatable or Hashable conformance (swift's os overlay, OSLogPrivacy.swift:
/// `@frozen public struct OSLogPrivacy`), so neither does this one.
public struct OSLogPrivacy: Sendable {
    enum Kind: Hashable, Sendable {
        case auto, `public`, `private`, sensitive
    }

    /// What a redacted value is replaced with: an enumeration, as Apple's (so Equatable and Hashable).
    public enum Mask: Sendable {
        /// A stable hash of the value, so that equal values can be matched without being shown.
        case hash
        /// No replacement beyond `<private>`.
        case none
    }

    let kind: Kind
    let mask: Mask

    /// Redacted if the value is not a number or a Boolean (the default).
    public static let auto = OSLogPrivacy(kind: .auto, mask: .none)
    /// Always shown.
    public static let `public` = OSLogPrivacy(kind: .public, mask: .none)
    /// Redacted unless private data is enabled.
    public static let `private` = OSLogPrivacy(kind: .private, mask: .none)
    /// Always redacted.
    public static let sensitive = OSLogPrivacy(kind: .sensitive, mask: .none)

    /// Redacted as `.auto` is, the redacted form replaced by `mask`.
    public static func auto(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(kind: .auto, mask: mask) }
    /// Redacted as `.private` is, the redacted form replaced by `mask`.
    public static func `private`(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(kind: .private, mask: mask) }
    /// Redacted as `.sensitive` is, the redacted form replaced by `mask`.
    public static func sensitive(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(kind: .sensitive, mask: mask) }
}
