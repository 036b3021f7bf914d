import ISOBMFF
import MediaFormats

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
        if quickTime, let macintosh = MacintoshLanguage.macintoshCode(forISO639: code) {
            return PackedLanguageCode(macintoshCode: macintosh)
        }
        return packed
    }
}
