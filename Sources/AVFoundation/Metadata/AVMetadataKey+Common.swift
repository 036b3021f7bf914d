// Metadata keys: common key space, ISO user data, 3GPP user data, Icy (SHOUTcast).
// Raw values are Apple's (AVMetadataFormat.h / AVMetadataIdentifiers.h), as its SDK defines them.

extension AVMetadataKey {
    // MARK: common key space

    /// The common key "accessibilityDescription".
    public static let commonKeyAccessibilityDescription = AVMetadataKey(rawValue: "accessibilityDescription")
    /// The common key "albumName".
    public static let commonKeyAlbumName = AVMetadataKey(rawValue: "albumName")
    /// The common key "artist".
    public static let commonKeyArtist = AVMetadataKey(rawValue: "artist")
    /// The common key "artwork".
    public static let commonKeyArtwork = AVMetadataKey(rawValue: "artwork")
    /// The common key "author".
    public static let commonKeyAuthor = AVMetadataKey(rawValue: "author")
    /// The common key "contributor".
    public static let commonKeyContributor = AVMetadataKey(rawValue: "contributor")
    /// The common key "copyrights".
    public static let commonKeyCopyrights = AVMetadataKey(rawValue: "copyrights")
    /// The common key "creationDate".
    public static let commonKeyCreationDate = AVMetadataKey(rawValue: "creationDate")
    /// The common key "creator".
    public static let commonKeyCreator = AVMetadataKey(rawValue: "creator")
    /// The common key "description".
    public static let commonKeyDescription = AVMetadataKey(rawValue: "description")
    /// The common key "format".
    public static let commonKeyFormat = AVMetadataKey(rawValue: "format")
    /// The common key "identifier".
    public static let commonKeyIdentifier = AVMetadataKey(rawValue: "identifier")
    /// The common key "language".
    public static let commonKeyLanguage = AVMetadataKey(rawValue: "language")
    /// The common key "lastModifiedDate".
    public static let commonKeyLastModifiedDate = AVMetadataKey(rawValue: "lastModifiedDate")
    /// The common key "location".
    public static let commonKeyLocation = AVMetadataKey(rawValue: "location")
    /// The common key "make".
    public static let commonKeyMake = AVMetadataKey(rawValue: "make")
    /// The common key "model".
    public static let commonKeyModel = AVMetadataKey(rawValue: "model")
    /// The common key "publisher".
    public static let commonKeyPublisher = AVMetadataKey(rawValue: "publisher")
    /// The common key "relation".
    public static let commonKeyRelation = AVMetadataKey(rawValue: "relation")
    /// The common key "software".
    public static let commonKeySoftware = AVMetadataKey(rawValue: "software")
    /// The common key "source".
    public static let commonKeySource = AVMetadataKey(rawValue: "source")
    /// The common key "subject".
    public static let commonKeySubject = AVMetadataKey(rawValue: "subject")
    /// The common key "title".
    public static let commonKeyTitle = AVMetadataKey(rawValue: "title")
    /// The common key "type".
    public static let commonKeyType = AVMetadataKey(rawValue: "type")

    // MARK: ISO user data

    /// ISO user data 'ades'.
    public static let isoUserDataKeyAccessibilityDescription = AVMetadataKey(rawValue: "ades")
    /// ISO user data 'cprt'.
    public static let isoUserDataKeyCopyright = AVMetadataKey(rawValue: "cprt")
    /// ISO user data 'date'.
    public static let isoUserDataKeyDate = AVMetadataKey(rawValue: "date")
    /// ISO user data 'tagc'.
    public static let isoUserDataKeyTaggedCharacteristic = AVMetadataKey(rawValue: "tagc")

    // MARK: 3GPP user data

    /// 3GPP user data 'albm' (3GPP TS 26.244 §8).
    public static let metadata3GPUserDataKeyAlbumAndTrack = AVMetadataKey(rawValue: "albm")
    /// 3GPP user data 'auth' (3GPP TS 26.244 §8).
    public static let metadata3GPUserDataKeyAuthor = AVMetadataKey(rawValue: "auth")
    /// 3GPP user data 'coll' (3GPP TS 26.244 §8).
    public static let metadata3GPUserDataKeyCollection = AVMetadataKey(rawValue: "coll")
    /// 3GPP user data 'cprt' (3GPP TS 26.244 §8).
    public static let metadata3GPUserDataKeyCopyright = AVMetadataKey(rawValue: "cprt")
    /// 3GPP user data 'dscp' (3GPP TS 26.244 §8).
    public static let metadata3GPUserDataKeyDescription = AVMetadataKey(rawValue: "dscp")
    /// 3GPP user data 'gnre' (3GPP TS 26.244 §8).
    public static let metadata3GPUserDataKeyGenre = AVMetadataKey(rawValue: "gnre")
    /// 3GPP user data 'kywd' (3GPP TS 26.244 §8).
    public static let metadata3GPUserDataKeyKeywordList = AVMetadataKey(rawValue: "kywd")
    /// 3GPP user data 'loci' (3GPP TS 26.244 §8).
    public static let metadata3GPUserDataKeyLocation = AVMetadataKey(rawValue: "loci")
    /// 3GPP user data 'clsf' (3GPP TS 26.244 §8).
    public static let metadata3GPUserDataKeyMediaClassification = AVMetadataKey(rawValue: "clsf")
    /// 3GPP user data 'rtng' (3GPP TS 26.244 §8).
    public static let metadata3GPUserDataKeyMediaRating = AVMetadataKey(rawValue: "rtng")
    /// 3GPP user data 'perf' (3GPP TS 26.244 §8).
    public static let metadata3GPUserDataKeyPerformer = AVMetadataKey(rawValue: "perf")
    /// 3GPP user data 'yrrc' (3GPP TS 26.244 §8).
    public static let metadata3GPUserDataKeyRecordingYear = AVMetadataKey(rawValue: "yrrc")
    /// 3GPP user data 'thmb' (3GPP TS 26.244 §8).
    public static let metadata3GPUserDataKeyThumbnail = AVMetadataKey(rawValue: "thmb")
    /// 3GPP user data 'titl' (3GPP TS 26.244 §8).
    public static let metadata3GPUserDataKeyTitle = AVMetadataKey(rawValue: "titl")
    /// 3GPP user data 'urat' (3GPP TS 26.244 §8).
    public static let metadata3GPUserDataKeyUserRating = AVMetadataKey(rawValue: "urat")

    // MARK: Icy (SHOUTcast)

    /// Icy stream metadata "StreamTitle".
    public static let icyMetadataKeyStreamTitle = AVMetadataKey(rawValue: "StreamTitle")
    /// Icy stream metadata "StreamUrl".
    public static let icyMetadataKeyStreamURL = AVMetadataKey(rawValue: "StreamUrl")
}
