import Foundation

/// The per-sample attachments a file reader sets on every sample it hands out (CMSampleBuffer.h: `NotSync`,
/// `PartialSync`, `DependsOnOthers`, `IsDependedOnByOthers`, `HasRedundantCoding`, `DoNotDisplay`), as bits.
///
/// A passthrough read gives each sample these and a muxer reads them back: as `[String: Any]` dictionaries that
/// cost a passthrough remux about 13 % of its instructions (a dictionary built, six string-keyed lookups and
/// Boolean casts out of `Any` per sample). Held as flags, the buffer makes the dictionaries only for a caller that
/// asks for them (`CMSampleBuffer.existingSampleAttachments`, the live arrays), and they say the same.
package struct SampleAttachmentFlags: Equatable, Sendable {
    /// `kCMSampleAttachmentKey_NotSync` is true (absent when false).
    package var isNotSync = false
    /// `kCMSampleAttachmentKey_PartialSync` is true (absent when false).
    package var isPartialSync = false
    /// `kCMSampleAttachmentKey_DependsOnOthers`, if set.
    package var dependsOnOthers: Bool?
    /// `kCMSampleAttachmentKey_IsDependedOnByOthers`, if set.
    package var isDependedOnByOthers: Bool?
    /// `kCMSampleAttachmentKey_HasRedundantCoding`, if set.
    package var hasRedundantCoding: Bool?
    /// `kCMSampleAttachmentKey_DoNotDisplay` is true (absent when false).
    package var doesNotDisplay = false

    /// No flag set: no attachment.
    package init() {}

    /// The flags among `attachments`, read leniently (`Bool`, `NSNumber` or an integer); other keys are ignored. A
    /// `NotSync`, `PartialSync` or `DoNotDisplay` of false is the same as none.
    package init(_ attachments: [String: Any]) {
        guard !attachments.isEmpty else { return }
        isNotSync = Self.flag(attachments[Self.notSync]) ?? false
        isPartialSync = Self.flag(attachments[Self.partialSync]) ?? false
        dependsOnOthers = Self.flag(attachments[Self.dependsOnOthers])
        isDependedOnByOthers = Self.flag(attachments[Self.isDependedOnByOthers])
        hasRedundantCoding = Self.flag(attachments[Self.hasRedundantCoding])
        doesNotDisplay = Self.flag(attachments[Self.doNotDisplay]) ?? false
    }

    /// Whether no attachment is set.
    package var isEmpty: Bool { self == SampleAttachmentFlags() }

    /// The attachments dictionary the flags stand for: each set flag under its key, as a `Bool`.
    package var dictionary: [String: Any] {
        var attachments: [String: Any] = [:]
        if isNotSync { attachments[Self.notSync] = true }
        if isPartialSync { attachments[Self.partialSync] = true }
        if let dependsOnOthers { attachments[Self.dependsOnOthers] = dependsOnOthers }
        if let isDependedOnByOthers { attachments[Self.isDependedOnByOthers] = isDependedOnByOthers }
        if let hasRedundantCoding { attachments[Self.hasRedundantCoding] = hasRedundantCoding }
        if doesNotDisplay { attachments[Self.doNotDisplay] = true }
        return attachments
    }

    // The keys as Swift strings, converted once.
    private static let notSync = kCMSampleAttachmentKey_NotSync as String
    private static let partialSync = kCMSampleAttachmentKey_PartialSync as String
    private static let dependsOnOthers = kCMSampleAttachmentKey_DependsOnOthers as String
    private static let isDependedOnByOthers = kCMSampleAttachmentKey_IsDependedOnByOthers as String
    private static let hasRedundantCoding = kCMSampleAttachmentKey_HasRedundantCoding as String
    private static let doNotDisplay = kCMSampleAttachmentKey_DoNotDisplay as String

    /// A Boolean attachment, read leniently (`Bool`, `NSNumber`, integers).
    private static func flag(_ value: Any?) -> Bool? {
        switch value {
        case let bool as Bool: bool
        case let number as NSNumber: number.boolValue
        case let int as Int: int != 0
        default: nil
        }
    }
}
