import ISOBMFF

/// The 16-bit media language a track's `mdhd` stores, chosen per file type.
///
/// ISO files pack the ISO 639-2/T code (ISO/IEC 14496-12 §8.4.2.3). QuickTime movies use the Macintosh language code
/// where one exists: the QuickTime File Format ("Language code values") says ISO codes may be used only for user
/// data text and every other element must use Macintosh codes; a language without a Macintosh code is packed as ISO,
/// which current QuickTime readers accept, and its exact tag goes in `elng`. An unknown language is `und` packed
/// (0x55C4) in both, which is what Apple's writers put in tracks without a language.
package enum MediaLanguageCode {
    /// The `mdhd` language for the ISO 639-2/T code `iso639` (`nil` or unusable: undetermined).
    package static func packed(iso639: String?, quickTime: Bool) -> PackedLanguageCode {
        guard let code = iso639?.lowercased(), let packed = PackedLanguageCode(iso639: code) else {
            return .undetermined
        }
        if quickTime, let macintosh = macintoshCodes[code] { return PackedLanguageCode(macintoshCode: macintosh) }
        return packed
    }

    /// ISO 639-2/T code → Macintosh language code (Apple's Script.h `langEnglish`… values). Where several Macintosh
    /// codes share an ISO code (Traditional and Simplified Chinese, Dutch and Flemish…) the lowest is used.
    static let macintoshCodes: [String: UInt16] = {
        let low = ["eng", "fra", "deu", "ita", "nld", "swe", "spa", "dan", "por", "nor", "heb", "jpn", "ara", "fin",
                   "ell", "isl", "mlt", "tur", "hrv", "zho", "urd", "hin", "tha", "kor", "lit", "pol", "hun", "est",
                   "lav", "sme", "fao", "fas", "rus", "zho", "nld", "gle", "sqi", "ron", "ces", "slk", "slv", "yid",
                   "srp", "mkd", "bul", "ukr", "bel", "uzb", "kaz", "aze", "aze", "hye", "kat", "ron", "kir", "tgk",
                   "tuk", "mon", "mon", "pus", "kur", "kas", "snd", "bod", "nep", "san", "mar", "ben", "asm", "guj",
                   "pan", "ori", "mal", "kan", "tam", "tel", "sin", "mya", "khm", "lao", "vie", "ind", "tgl", "msa",
                   "msa", "amh", "tir", "orm", "som", "swa", "kin", "run", "nya", "mlg", "epo"]
        let high = ["cym", "eus", "cat", "lat", "que", "grn", "aym", "tat", "uig", "dzo", "jav", "sun", "glg", "afr",
                    "bre", "iku", "gla", "glv", "gle", "ton", "ell", "kal", "aze"]
        var table: [String: UInt16] = [:]
        for (code, name) in low.enumerated() where table[name] == nil { table[name] = UInt16(code) }
        for (offset, name) in high.enumerated() where table[name] == nil { table[name] = UInt16(128 + offset) }
        return table
    }()
}
