import Foundation

extension AVMetadataItem {
    /// The items whose identifier is `identifier`.
    public class func metadataItems(from metadataItems: [AVMetadataItem],
                                    filteredByIdentifier identifier: AVMetadataIdentifier) -> [AVMetadataItem] {
        metadataItems.filter { $0.identifier == identifier }
    }

    /// The items `metadataItemFilter` keeps.
    public class func metadataItems(from metadataItems: [AVMetadataItem],
                                    filteredBy metadataItemFilter: AVMetadataItemFilter) -> [AVMetadataItem] {
        metadataItems.filter(metadataItemFilter.keeps)
    }

    /// The items with `key` (any spelling: "@nam", "©nam", an `NSNumber` code) in `keySpace`; a `nil` key or key
    /// space matches every key or key space.
    public class func metadataItems(from metadataItems: [AVMetadataItem], withKey key: Any?,
                                    keySpace: AVMetadataKeySpace?) -> [AVMetadataItem] {
        metadataItems.filter { item in
            let state = item.state
            if let keySpace, state.keySpace != keySpace { return false }
            guard let key else { return true }
            guard let itemKey = state.key,
                  let wanted = MetadataKeyCoding.normalize(key, in: state.keySpace),
                  let actual = MetadataKeyCoding.normalize(itemKey, in: state.keySpace)
            else { return false }
            return MetadataKeyCoding.keysMatch(wanted, actual)
        }
    }

    /// The items whose locale is `locale` (language, and region when `locale` has one).
    public class func metadataItems(from metadataItems: [AVMetadataItem], with locale: Locale) -> [AVMetadataItem] {
        let wanted = LanguageTag(locale.identifier)
        return metadataItems.filter { item in
            guard let tag = LanguageTag(item: item) else { return false }
            return tag.language == wanted.language && (wanted.region == nil || tag.region == wanted.region)
        }
    }

    /// The items whose locale is `locale` (the Objective-C spelling; Apple's Swift name is
    /// `metadataItems(from:with:)`).
    @available(*, deprecated, renamed: "metadataItems(from:with:)")
    public class func metadataItems(from metadataItems: [AVMetadataItem],
                                    withLocale locale: Locale) -> [AVMetadataItem] {
        self.metadataItems(from: metadataItems, with: locale)
    }

    /// The items whose language matches one of `preferredLanguages` (BCP 47 tags, most preferred first), sorted by
    /// the preference of the language each matches.
    ///
    /// Matching follows BCP 47 lookup (RFC 4647 §3.4): "en-US" matches items tagged "en-US" first, then items tagged
    /// "en"; "en" matches every English item. Within one preference exact matches come before broader ones, and
    /// items keep their order otherwise. Items without a language match nothing.
    public class func metadataItems(from metadataItems: [AVMetadataItem],
                                    filteredAndSortedAccordingToPreferredLanguages preferredLanguages: [String])
        -> [AVMetadataItem]
    {
        let tagged = metadataItems.enumerated().compactMap { index, item in
            LanguageTag(item: item).map { (index: index, item: item, tag: $0) }
        }
        var taken = Set<Int>()
        var result: [AVMetadataItem] = []
        for preferred in preferredLanguages.map(LanguageTag.init) {
            var matches: [(rank: Int, index: Int, item: AVMetadataItem)] = []
            for entry in tagged where !taken.contains(entry.index) {
                if let rank = preferred.matchRank(of: entry.tag) { matches.append((rank, entry.index, entry.item)) }
            }
            matches.sort { ($0.rank, $0.index) < ($1.rank, $1.index) }
            for match in matches {
                taken.insert(match.index)
                result.append(match.item)
            }
        }
        return result
    }

    // MARK: Keys, key spaces and identifiers

    /// The identifier for `key` in `keySpace` ("itsk/%A9nam" for "@nam" in iTunes), or `nil` when the key is not a
    /// string, number or data, or the key space is not one to four printable ASCII characters (common and ID3
    /// excepted).
    public class func identifier(forKey key: Any, keySpace: AVMetadataKeySpace) -> AVMetadataIdentifier? {
        MetadataKeyCoding.identifier(forKey: key, keySpace: keySpace)
    }

    /// The key space an identifier names.
    public class func keySpace(forIdentifier identifier: AVMetadataIdentifier) -> AVMetadataKeySpace? {
        MetadataKeyCoding.split(identifier)?.keySpace
    }

    /// The key an identifier names, in the form items read from files carry (an `NSNumber` for four-character
    /// codes in QuickTime user data, iTunes and ISO user data; an `NSString` otherwise).
    public class func key(forIdentifier identifier: AVMetadataIdentifier) -> Any? {
        MetadataKeyCoding.key(forIdentifier: identifier)
    }
}
