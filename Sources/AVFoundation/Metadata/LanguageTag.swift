import Foundation

/// A language tag reduced to what metadata language matching compares: the language and the region.
struct LanguageTag: Equatable {
    /// The language subtag in lower case, ISO 639-1 where one exists ("en", "fr", "yue").
    let language: String
    /// The region subtag in upper case, if any ("US").
    let region: String?
    /// The whole tag, normalised ("en-US").
    let normalized: String

    /// A tag from a BCP 47 tag or a locale identifier ("en-US", "en_US", "eng", "fre").
    init(_ text: String) {
        let parts = text.replacingOccurrences(of: "_", with: "-").split(separator: "-").map(String.init)
        language = LanguageTag.canonicalLanguage(parts.first ?? "")
        region = parts.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }?
            .uppercased()
        normalized = ([language] + parts.dropFirst().map { $0.count == 2 ? $0.uppercased() : $0 })
            .joined(separator: "-")
    }

    /// The tag of an item: its extended language tag, else its locale; `nil` when it has neither.
    init?(item: AVMetadataItem) {
        let state = item.state
        if let tag = state.extendedLanguageTag, !tag.isEmpty {
            self.init(tag)
        } else if let locale = state.locale {
            self.init(locale.identifier)
        } else {
            return nil
        }
        if language.isEmpty || language == "und" { return nil }
    }

    /// How well `other` matches this preferred tag: 0 for the same tag, 1 when one is a prefix of the other on
    /// subtag boundaries ("en" and "en-US"), 2 for the same language with different regions; `nil` for no match.
    func matchRank(of other: LanguageTag) -> Int? {
        guard language == other.language else { return nil }
        if normalized.lowercased() == other.normalized.lowercased() { return 0 }
        if region == nil || other.region == nil { return 1 }
        return 2
    }

    /// ISO 639-2 codes as ISO 639-1 where one exists; bibliographic 639-2/B codes first become terminological
    /// 639-2/T, the form ISO/IEC 14496-12 §8.4.2.3 specifies but which many files do not use.
    static func canonicalLanguage(_ code: String) -> String {
        let lower = code.lowercased()
        let terminological = bibliographicToTerminological[lower] ?? lower
        guard terminological.count == 3 else { return terminological }
        let bcp47 = Locale.identifier(.bcp47, from: terminological).lowercased()
        return bcp47.isEmpty ? terminological : bcp47
    }

    /// A BCP 47 tag for a QuickTime/ISO language code and optional ISO 3166 country, or `nil` for "und".
    static func bcp47(languageCode: String?, countryCode: String?) -> String? {
        guard let languageCode, !languageCode.isEmpty, languageCode.lowercased() != "und" else { return nil }
        var tag = canonicalLanguage(languageCode)
        if let countryCode, countryCode.count == 2 { tag += "-" + countryCode.uppercased() }
        return tag
    }

    /// ISO 639-2/B codes that differ from their 639-2/T form.
    private static let bibliographicToTerminological: [String: String] = [
        "alb": "sqi", "arm": "hye", "baq": "eus", "bur": "mya", "chi": "zho", "cze": "ces", "dut": "nld",
        "fre": "fra", "geo": "kat", "ger": "deu", "gre": "ell", "ice": "isl", "mac": "mkd", "mao": "mri",
        "may": "msa", "per": "fas", "rum": "ron", "slo": "slk", "tib": "bod", "wel": "cym",
    ]
}
