/// Macintosh language codes (Apple's Script.h `langEnglish`… values), which QuickTime stores where ISO files store
/// a packed ISO 639-2/T code (QuickTime File Format, "Language code values"), and their ISO 639-2/T codes.
package enum MacintoshLanguage {
    /// ISO 639-2/T codes of Macintosh codes 0…94 and 128…150; 95–127 are unassigned. Moldavian maps to Romanian and
    /// Flemish to Dutch, as ISO 639-2 now does; Traditional and Simplified Chinese both to Chinese.
    private static let low = ["eng", "fra", "deu", "ita", "nld", "swe", "spa", "dan", "por", "nor", "heb", "jpn", "ara",
                              "fin", "ell", "isl", "mlt", "tur", "hrv", "zho", "urd", "hin", "tha", "kor", "lit", "pol",
                              "hun", "est", "lav", "sme", "fao", "fas", "rus", "zho", "nld", "gle", "sqi", "ron", "ces",
                              "slk", "slv", "yid", "srp", "mkd", "bul", "ukr", "bel", "uzb", "kaz", "aze", "aze", "hye",
                              "kat", "ron", "kir", "tgk", "tuk", "mon", "mon", "pus", "kur", "kas", "snd", "bod", "nep",
                              "san", "mar", "ben", "asm", "guj", "pan", "ori", "mal", "kan", "tam", "tel", "sin", "mya",
                              "khm", "lao", "vie", "ind", "tgl", "msa", "msa", "amh", "tir", "orm", "som", "swa", "kin",
                              "run", "nya", "mlg", "epo"]
    private static let high = ["cym", "eus", "cat", "lat", "que", "grn", "aym", "tat", "uig", "dzo", "jav", "sun", "glg",
                               "afr", "bre", "iku", "gla", "glv", "gle", "ton", "ell", "kal", "aze"]
    /// First code of the second range (Welsh).
    private static let highStart = 128

    /// The ISO 639-2/T code of a Macintosh language code, or `nil` for an unassigned one.
    package static func iso639Code(forMacintoshCode code: Int) -> String? {
        if low.indices.contains(code) { return low[code] }
        if high.indices.contains(code - highStart) { return high[code - highStart] }
        return nil
    }

    /// The Macintosh language code of an ISO 639-2/T code; the lowest where several share it.
    package static func macintoshCode(forISO639 code: String) -> UInt16? {
        if let index = low.firstIndex(of: code) { return UInt16(index) }
        return high.firstIndex(of: code).map { UInt16(highStart + $0) }
    }
}
