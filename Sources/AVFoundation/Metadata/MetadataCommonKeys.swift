/// Which format-specific metadata identifiers carry which common key (`AVMetadataItem.commonKey`), and so make the
/// items of `commonMetadata`.
///
/// Apple documents the common keys (AVMetadataFormat.h: title, creator, subject, description, publisher,
/// contributor, creationDate, lastModifiedDate, type, format, identifier, source, language, relation, location,
/// copyrights, albumName, author, artist, artwork, make, model, software, accessibilityDescription) and each
/// format's identifiers, but not the table between them. Each row pairs an identifier with the common key whose
/// documented meaning it has (the identifier's documentation page is named in the comment), following the Dublin
/// Core model the common keys come from: composer → creator, genre → type, keywords → subject, a release or
/// recording date → creationDate, the producing software → software. Identifiers whose meaning no common key has
/// (comments, producers, track numbers…) have no common key. Rows where the choice is ours rather than the
/// documentation's are marked "choice".
enum MetadataCommonKeys {
    /// Common key of each identifier that has one.
    static let byIdentifier: [AVMetadataIdentifier: AVMetadataKey] = {
        var table: [AVMetadataIdentifier: AVMetadataKey] = [:]
        for (identifier, key) in quickTimeUserData + quickTimeMetadata + iTunes + isoUserData + id3 + audioFile {
            table[identifier] = key
        }
        return table
    }()

    /// The common key of an item with `identifier` (an item in the common key space has its own key).
    static func commonKey(for identifier: AVMetadataIdentifier?) -> AVMetadataKey? {
        guard let identifier else { return nil }
        if let key = byIdentifier[identifier] { return key }
        let raw = identifier.rawValue
        if raw.hasPrefix("common/") { return AVMetadataKey(rawValue: String(raw.dropFirst("common/".count))) }
        return nil
    }

    /// QuickTime user data (QuickTime File Format, "User data list entry types").
    static let quickTimeUserData: [(AVMetadataIdentifier, AVMetadataKey)] = [
        (.quickTimeUserDataFullName, .commonKeyTitle),                 // "full name" of the movie
        (.quickTimeUserDataArtist, .commonKeyArtist),                  // artist
        (.quickTimeUserDataAuthor, .commonKeyAuthor),                  // author
        (.quickTimeUserDataAlbum, .commonKeyAlbumName),                // album
        (.quickTimeUserDataComposer, .commonKeyCreator),               // composer → creator
        (.quickTimeUserDataCopyright, .commonKeyCopyrights),           // copyright statement
        (.quickTimeUserDataCreationDate, .commonKeyCreationDate),      // creation date
        (.quickTimeUserDataDescription, .commonKeyDescription),        // description
        (.quickTimeUserDataGenre, .commonKeyType),                     // genre → type
        (.quickTimeUserDataKeywords, .commonKeySubject),               // keywords → subject
        (.quickTimeUserDataPublisher, .commonKeyPublisher),            // publisher
        (.quickTimeUserDataPerformers, .commonKeyContributor),         // performers → contributor (choice)
        (.quickTimeUserDataOriginalSource, .commonKeySource),          // original source ('©src')
        (.quickTimeUserDataOriginalFormat, .commonKeyFormat),          // original format
        (.quickTimeUserDataLocationISO6709, .commonKeyLocation),       // ISO 6709 location
        (.quickTimeUserDataMake, .commonKeyMake),                      // camera make
        (.quickTimeUserDataModel, .commonKeyModel),                    // camera model
        (.quickTimeUserDataSoftware, .commonKeySoftware),              // software
        (.quickTimeUserDataAccessibilityDescription, .commonKeyAccessibilityDescription),
    ]

    /// QuickTime metadata (QuickTime File Format, "QuickTime metadata keys").
    static let quickTimeMetadata: [(AVMetadataIdentifier, AVMetadataKey)] = [
        (.quickTimeMetadataTitle, .commonKeyTitle),
        (.quickTimeMetadataArtist, .commonKeyArtist),
        (.quickTimeMetadataAuthor, .commonKeyAuthor),
        (.quickTimeMetadataAlbum, .commonKeyAlbumName),
        (.quickTimeMetadataArtwork, .commonKeyArtwork),
        (.quickTimeMetadataComposer, .commonKeyCreator),               // composer → creator
        (.quickTimeMetadataCopyright, .commonKeyCopyrights),
        (.quickTimeMetadataCreationDate, .commonKeyCreationDate),
        (.quickTimeMetadataDescription, .commonKeyDescription),
        (.quickTimeMetadataGenre, .commonKeyType),                     // genre → type
        (.quickTimeMetadataKeywords, .commonKeySubject),               // keywords → subject
        (.quickTimeMetadataPublisher, .commonKeyPublisher),
        (.quickTimeMetadataPerformer, .commonKeyContributor),          // performer → contributor (choice)
        (.quickTimeMetadataLocationISO6709, .commonKeyLocation),
        (.quickTimeMetadataMake, .commonKeyMake),
        (.quickTimeMetadataModel, .commonKeyModel),
        (.quickTimeMetadataSoftware, .commonKeySoftware),
        (.quickTimeMetadataAccessibilityDescription, .commonKeyAccessibilityDescription),
    ]

    /// iTunes metadata (the 'ilst' atoms iTunes writes).
    static let iTunes: [(AVMetadataIdentifier, AVMetadataKey)] = [
        (.iTunesMetadataSongName, .commonKeyTitle),
        (.iTunesMetadataArtist, .commonKeyArtist),
        (.iTunesMetadataAuthor, .commonKeyAuthor),
        (.iTunesMetadataAlbum, .commonKeyAlbumName),
        (.iTunesMetadataCoverArt, .commonKeyArtwork),
        (.iTunesMetadataComposer, .commonKeyCreator),                  // '©wrt' is the composer in iTunes
        (.iTunesMetadataCopyright, .commonKeyCopyrights),
        (.iTunesMetadataReleaseDate, .commonKeyCreationDate),          // '©day' release date
        (.iTunesMetadataDescription, .commonKeyDescription),
        (.iTunesMetadataUserGenre, .commonKeyType),                    // genre → type
        (.iTunesMetadataPredefinedGenre, .commonKeyType),              // genre → type
        (.iTunesMetadataPublisher, .commonKeyPublisher),
        (.iTunesMetadataEncodingTool, .commonKeySoftware),             // '©too' encoder → software
    ]

    /// ISO user data (ISO/IEC 14496-12 §8.10) and 3GPP asset information (3GPP TS 26.244 §8).
    static let isoUserData: [(AVMetadataIdentifier, AVMetadataKey)] = [
        (.identifier3GPUserDataTitle, .commonKeyTitle),
        (.identifier3GPUserDataAuthor, .commonKeyAuthor),
        (.identifier3GPUserDataPerformer, .commonKeyArtist),           // performer → artist (choice)
        (.identifier3GPUserDataAlbumAndTrack, .commonKeyAlbumName),
        (.identifier3GPUserDataDescription, .commonKeyDescription),
        (.identifier3GPUserDataGenre, .commonKeyType),                 // genre → type
        (.identifier3GPUserDataKeywordList, .commonKeySubject),        // keywords → subject
        (.identifier3GPUserDataLocation, .commonKeyLocation),          // 'loci', as an ISO 6709 string
        (.isoUserDataCopyright, .commonKeyCopyrights),                 // 'cprt' (ISO and 3GPP alike)
        (.isoUserDataDate, .commonKeyCreationDate),                    // 'date'
        (.isoUserDataAccessibilityDescription, .commonKeyAccessibilityDescription),
    ]

    /// ID3v2.3/2.4 frames (id3.org, "ID3v2 frames").
    static let id3: [(AVMetadataIdentifier, AVMetadataKey)] = [
        (.id3MetadataTitleDescription, .commonKeyTitle),               // TIT2
        (.id3MetadataLeadPerformer, .commonKeyArtist),                 // TPE1
        (.id3MetadataAlbumTitle, .commonKeyAlbumName),                 // TALB
        (.id3MetadataAttachedPicture, .commonKeyArtwork),              // APIC
        (.id3MetadataComposer, .commonKeyCreator),                     // TCOM
        (.id3MetadataCopyright, .commonKeyCopyrights),                 // TCOP
        (.id3MetadataContentType, .commonKeyType),                     // TCON (genre)
        (.id3MetadataPublisher, .commonKeyPublisher),                  // TPUB
        (.id3MetadataLanguage, .commonKeyLanguage),                    // TLAN
        (.id3MetadataYear, .commonKeyCreationDate),                    // TYER (ID3v2.3)
        (.id3MetadataRecordingTime, .commonKeyCreationDate),           // TDRC (ID3v2.4)
        (.id3MetadataEncodedWith, .commonKeySoftware),                 // TSSE
    ]

    /// Audio-file info keys: CAF 'info' chunk keys (CoreAudio's kAFInfoDictionary_… strings), and RIFF INFO chunk
    /// IDs, which Apple reports in the same key space ("caaf/IKEY" for a WAVE file's INFO/IKEY).
    static let audioFile: [(AVMetadataIdentifier, AVMetadataKey)] = [
        (AVMetadataIdentifier("caaf/INAM"), .commonKeyTitle),          // RIFF INFO name (choice)
        (AVMetadataIdentifier("caaf/IART"), .commonKeyArtist),         // artist (choice)
        (AVMetadataIdentifier("caaf/IPRD"), .commonKeyAlbumName),      // product → album (choice)
        (AVMetadataIdentifier("caaf/ICOP"), .commonKeyCopyrights),     // copyright (choice)
        (AVMetadataIdentifier("caaf/ICRD"), .commonKeyCreationDate),   // creation date (choice)
        (AVMetadataIdentifier("caaf/IGNR"), .commonKeyType),           // genre → type (choice)
        (AVMetadataIdentifier("caaf/ISFT"), .commonKeySoftware),       // software (choice)
        (AVMetadataIdentifier("caaf/title"), .commonKeyTitle),
        (AVMetadataIdentifier("caaf/artist"), .commonKeyArtist),
        (AVMetadataIdentifier("caaf/album"), .commonKeyAlbumName),
        (AVMetadataIdentifier("caaf/composer"), .commonKeyCreator),
        (AVMetadataIdentifier("caaf/copyright"), .commonKeyCopyrights),
        (AVMetadataIdentifier("caaf/genre"), .commonKeyType),
        (AVMetadataIdentifier("caaf/recorded date"), .commonKeyCreationDate),
        (AVMetadataIdentifier("caaf/year"), .commonKeyCreationDate),
        (AVMetadataIdentifier("caaf/encoding application"), .commonKeySoftware),
    ]
}
