import CoreMedia
import Foundation

// Keys of the options dictionary of `AVURLAsset(url:options:)` (AVAsset.h). Values are Apple's (each key's own
// name, as Apple's SDK defines them).

/// A Boolean: prepare to report a precise duration and provide precise random access by time.
public let AVURLAssetPreferPreciseDurationAndTimingKey = "AVURLAssetPreferPreciseDurationAndTimingKey"
/// An `AVAssetReferenceRestrictions` raw value: which references to external media data may be followed.
public let AVURLAssetReferenceRestrictionsKey = "AVURLAssetReferenceRestrictionsKey"
/// HTTP cookies to send with the asset's HTTP requests.
public let AVURLAssetHTTPCookiesKey = "AVURLAssetHTTPCookiesKey"
/// A Boolean: whether network requests may use cellular interfaces.
public let AVURLAssetAllowsCellularAccessKey = "AVURLAssetAllowsCellularAccessKey"
/// A Boolean: whether network requests may use expensive interfaces.
public let AVURLAssetAllowsExpensiveNetworkAccessKey = "AVURLAssetAllowsExpensiveNetworkAccessKey"
/// A Boolean: whether network requests may use constrained interfaces.
public let AVURLAssetAllowsConstrainedNetworkAccessKey = "AVURLAssetAllowsConstrainedNetworkAccessKey"
/// A string: the HTTP User-Agent of the asset's requests.
public let AVURLAssetHTTPUserAgentKey = "AVURLAssetHTTPUserAgentKey"
/// A Boolean: whether alias data references in QuickTime movies are followed.
public let AVURLAssetShouldSupportAliasDataReferencesKey = "AVURLAssetShouldSupportAliasDataReferencesKey"
/// The attribution of the asset's URL requests.
public let AVURLAssetURLRequestAttributionKey = "AVURLAssetURLRequestAttributionKey"
/// A UUID grouping the asset's network sessions.
public let AVURLAssetPrimarySessionIdentifierKey = "AVURLAssetPrimarySessionIdentifierKey"
/// A MIME type to use instead of the one the URL or server gives.
public let AVURLAssetOverrideMIMETypeKey = "AVURLAssetOverrideMIMETypeKey"
// The four AVURLAssetAllowable…Key options are private AVFoundation keys (WebKit's AVFoundationSPI.h declares them;
// no public header or developer.apple.com page does), so code on Apple's platforms passes them as string literals.
// We honour them under those strings; the constants are the package's.

/// An array of audio codec types (`NSNumber` four-character codes) the asset may use.
package let AVURLAssetAllowableAudioCodecTypesKey = "AVURLAssetAllowableAudioCodecTypesKey"
/// An array of video codec types (`NSNumber` four-character codes) the asset may use.
package let AVURLAssetAllowableVideoCodecTypesKey = "AVURLAssetAllowableVideoCodecTypesKey"
/// An array of caption formats (`NSNumber` four-character codes) the asset may use.
package let AVURLAssetAllowableCaptionFormatsKey = "AVURLAssetAllowableCaptionFormatsKey"
/// An array of type categories (uniform type identifiers) the asset's container may belong to.
package let AVURLAssetAllowableTypeCategoriesKey = "AVURLAssetAllowableTypeCategoriesKey"

/// The options an asset was created with, read leniently (a Boolean may arrive as `Bool`, `NSNumber` or an
/// integer; a code list as `[NSNumber]`, `[Int]` or `[UInt32]`).
///
/// What each option does here:
/// - Precise duration and timing: our readers always index every sample, so timing is always precise; the option
///   is reported back through `providesPreciseDurationAndTiming` for formats whose headers alone do not give
///   precise timing (MP3, ADTS, AMR), as Apple does.
/// - Reference restrictions: reported by `referenceRestrictions`; only media inside the asset's file is read, so
///   no restriction can be violated.
/// - Allowable audio, video and caption codec types: tracks whose format is not allowed are neither playable nor
///   decodable.
/// - HTTP, network, alias and MIME options apply to network URLs and QuickTime alias references, neither of which
///   this implementation opens; they are accepted for file URLs, where Apple ignores them too.
struct AssetOptions: Sendable {
    /// `AVURLAssetPreferPreciseDurationAndTimingKey`.
    var prefersPreciseDurationAndTiming = false
    /// `AVURLAssetReferenceRestrictionsKey`.
    var referenceRestrictions = AVAssetReferenceRestrictions.defaultPolicy
    /// `AVURLAssetAllowableAudioCodecTypesKey`, when given.
    var allowableAudioCodecTypes: Set<FourCharCode>?
    /// `AVURLAssetAllowableVideoCodecTypesKey`, when given.
    var allowableVideoCodecTypes: Set<FourCharCode>?
    /// `AVURLAssetAllowableCaptionFormatsKey`, when given.
    var allowableCaptionFormats: Set<FourCharCode>?

    /// Defaults.
    init() {}

    /// The options of an `AVURLAsset` options dictionary.
    init(_ dictionary: [String: Any]?) {
        guard let dictionary else { return }
        if let prefers = Self.bool(dictionary[AVURLAssetPreferPreciseDurationAndTimingKey]) {
            prefersPreciseDurationAndTiming = prefers
        }
        if let raw = Self.integer(dictionary[AVURLAssetReferenceRestrictionsKey]), raw >= 0 {
            referenceRestrictions = AVAssetReferenceRestrictions(rawValue: UInt(raw))
        }
        allowableAudioCodecTypes = Self.codes(dictionary[AVURLAssetAllowableAudioCodecTypesKey])
        allowableVideoCodecTypes = Self.codes(dictionary[AVURLAssetAllowableVideoCodecTypesKey])
        allowableCaptionFormats = Self.codes(dictionary[AVURLAssetAllowableCaptionFormatsKey])
    }

    /// Whether the options allow a format of `mediaType` with subtype `subType`.
    func allows(mediaType: CMMediaType, subType: FourCharCode) -> Bool {
        switch mediaType {
        case kCMMediaType_Audio: return allowableAudioCodecTypes?.contains(subType) ?? true
        case kCMMediaType_Video: return allowableVideoCodecTypes?.contains(subType) ?? true
        case kCMMediaType_ClosedCaption, kCMMediaType_Subtitle, kCMMediaType_Text:
            return allowableCaptionFormats?.contains(subType) ?? true
        default: return true
        }
    }

    private static func bool(_ value: Any?) -> Bool? {
        switch value {
        case let flag as Bool: return flag
        case let number as NSNumber: return number.boolValue
        case let integer as Int: return integer != 0
        default: return nil
        }
    }

    private static func integer(_ value: Any?) -> Int? {
        switch value {
        case let integer as Int: return integer
        case let integer as UInt: return Int(exactly: integer)
        case let number as NSNumber: return number.intValue
        default: return nil
        }
    }

    private static func codes(_ value: Any?) -> Set<FourCharCode>? {
        guard let list = value as? [Any] else { return nil }
        return Set(list.compactMap { element -> FourCharCode? in
            switch element {
            case let number as NSNumber: return FourCharCode(truncatingIfNeeded: number.int64Value)
            case let integer as Int: return FourCharCode(truncatingIfNeeded: integer)
            case let code as UInt32: return code
            case let text as String: return FourCharCodeText.code(text)
            default: return nil
            }
        })
    }
}
