import Foundation

/// One metadata item as a container stores it, before the asset layer maps it onto `AVMetadataItem`s and common
/// keys: where it lives (key space), its key, its typed value, and its language.
package struct MetadataEntry: Sendable, Equatable {
    /// Apple's key-space identifiers (`AVMetadataKeySpace` raw values).
    package enum KeySpace: String, Sendable, Equatable {
        /// QuickTime user data (`udta` children such as `©nam`).
        case quickTimeUserData = "udta"
        /// ISO user data (`udta` children in MP4: `cprt`, `titl`…, 3GPP asset information).
        case isoUserData = "uiso"
        /// QuickTime metadata (`meta` with an `mdta` `keys` box).
        case quickTimeMetadata = "mdta"
        /// iTunes metadata (`meta`/`ilst` with FourCC keys).
        case iTunes = "itsk"
        /// ID3 tags (MP3, and ID3 chunks in WAV/AIFF).
        case id3 = "org.id3"
        /// Audio-file metadata (RIFF INFO, AIFF text chunks, CAF info).
        case audioFile = "caaf"
    }

    /// A key: a four-character code (`©nam`, `titl`) or a string (`com.apple.quicktime.title`).
    package enum Key: Sendable, Equatable, Hashable {
        case fourCC(UInt32)
        case string(String)
    }

    /// A typed value, as the container's data type says.
    package enum Value: Sendable, Equatable {
        case string(String)
        case data(Data)
        case signedInteger(Int64)
        case unsignedInteger(UInt64)
        case float(Double)
        case boolean(Bool)
        /// A date as the file wrote it (ISO 8601 text or a parsed instant).
        case date(Date)
        /// Cover art or another image; `format` is the QuickTime well-known type (13 JPEG, 14 PNG, 27 BMP).
        case image(Data, format: Int)
    }

    package var keySpace: KeySpace
    package var key: Key
    package var value: Value
    /// The data type as Apple names it (`kCMMetadataBaseDataType_…` raw value), when known.
    package var dataType: String?
    /// ISO 639-2/T language code, when the item has one.
    package var languageCode: String?
    /// ISO 3166 country code, when the item has one.
    package var countryCode: String?
    /// BCP 47 extended language tag, when the item has one.
    package var extendedLanguageTag: String?

    package init(keySpace: KeySpace, key: Key, value: Value, dataType: String? = nil, languageCode: String? = nil,
                 countryCode: String? = nil, extendedLanguageTag: String? = nil) {
        self.keySpace = keySpace
        self.key = key
        self.value = value
        self.dataType = dataType
        self.languageCode = languageCode
        self.countryCode = countryCode
        self.extendedLanguageTag = extendedLanguageTag
    }
}
