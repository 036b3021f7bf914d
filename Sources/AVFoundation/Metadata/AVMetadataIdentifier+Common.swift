// Metadata identifiers (key space + "/" + key, with bytes outside printable ASCII and '%' escaped as %XX): common, ISO user data, 3GPP user data, Icy.
// Raw values are Apple's (AVMetadataFormat.h / AVMetadataIdentifiers.h), as its SDK defines them.

extension AVMetadataIdentifier {
    // MARK: common

    /// "common/accessibilityDescription".
    public static let commonIdentifierAccessibilityDescription = AVMetadataIdentifier(rawValue: "common/accessibilityDescription")
    /// "common/albumName".
    public static let commonIdentifierAlbumName = AVMetadataIdentifier(rawValue: "common/albumName")
    /// "common/artist".
    public static let commonIdentifierArtist = AVMetadataIdentifier(rawValue: "common/artist")
    /// "common/artwork".
    public static let commonIdentifierArtwork = AVMetadataIdentifier(rawValue: "common/artwork")
    /// "common/author".
    public static let commonIdentifierAuthor = AVMetadataIdentifier(rawValue: "common/author")
    /// "common/contributor".
    public static let commonIdentifierContributor = AVMetadataIdentifier(rawValue: "common/contributor")
    /// "common/copyrights".
    public static let commonIdentifierCopyrights = AVMetadataIdentifier(rawValue: "common/copyrights")
    /// "common/creationDate".
    public static let commonIdentifierCreationDate = AVMetadataIdentifier(rawValue: "common/creationDate")
    /// "common/creator".
    public static let commonIdentifierCreator = AVMetadataIdentifier(rawValue: "common/creator")
    /// "common/description".
    public static let commonIdentifierDescription = AVMetadataIdentifier(rawValue: "common/description")
    /// "common/format".
    public static let commonIdentifierFormat = AVMetadataIdentifier(rawValue: "common/format")
    /// "common/identifier".
    public static let commonIdentifierAssetIdentifier = AVMetadataIdentifier(rawValue: "common/identifier")
    /// "common/language".
    public static let commonIdentifierLanguage = AVMetadataIdentifier(rawValue: "common/language")
    /// "common/lastModifiedDate".
    public static let commonIdentifierLastModifiedDate = AVMetadataIdentifier(rawValue: "common/lastModifiedDate")
    /// "common/location".
    public static let commonIdentifierLocation = AVMetadataIdentifier(rawValue: "common/location")
    /// "common/make".
    public static let commonIdentifierMake = AVMetadataIdentifier(rawValue: "common/make")
    /// "common/model".
    public static let commonIdentifierModel = AVMetadataIdentifier(rawValue: "common/model")
    /// "common/publisher".
    public static let commonIdentifierPublisher = AVMetadataIdentifier(rawValue: "common/publisher")
    /// "common/relation".
    public static let commonIdentifierRelation = AVMetadataIdentifier(rawValue: "common/relation")
    /// "common/software".
    public static let commonIdentifierSoftware = AVMetadataIdentifier(rawValue: "common/software")
    /// "common/source".
    public static let commonIdentifierSource = AVMetadataIdentifier(rawValue: "common/source")
    /// "common/subject".
    public static let commonIdentifierSubject = AVMetadataIdentifier(rawValue: "common/subject")
    /// "common/title".
    public static let commonIdentifierTitle = AVMetadataIdentifier(rawValue: "common/title")
    /// "common/type".
    public static let commonIdentifierType = AVMetadataIdentifier(rawValue: "common/type")

    // MARK: ISO user data

    /// "uiso/ades".
    public static let isoUserDataAccessibilityDescription = AVMetadataIdentifier(rawValue: "uiso/ades")
    /// "uiso/cprt".
    public static let isoUserDataCopyright = AVMetadataIdentifier(rawValue: "uiso/cprt")
    /// "uiso/date".
    public static let isoUserDataDate = AVMetadataIdentifier(rawValue: "uiso/date")
    /// "uiso/tagc".
    public static let isoUserDataTaggedCharacteristic = AVMetadataIdentifier(rawValue: "uiso/tagc")

    // MARK: 3GPP user data

    /// "uiso/albm".
    public static let identifier3GPUserDataAlbumAndTrack = AVMetadataIdentifier(rawValue: "uiso/albm")
    /// "uiso/auth".
    public static let identifier3GPUserDataAuthor = AVMetadataIdentifier(rawValue: "uiso/auth")
    /// "uiso/coll".
    public static let identifier3GPUserDataCollection = AVMetadataIdentifier(rawValue: "uiso/coll")
    /// "uiso/cprt".
    public static let identifier3GPUserDataCopyright = AVMetadataIdentifier(rawValue: "uiso/cprt")
    /// "uiso/dscp".
    public static let identifier3GPUserDataDescription = AVMetadataIdentifier(rawValue: "uiso/dscp")
    /// "uiso/gnre".
    public static let identifier3GPUserDataGenre = AVMetadataIdentifier(rawValue: "uiso/gnre")
    /// "uiso/kywd".
    public static let identifier3GPUserDataKeywordList = AVMetadataIdentifier(rawValue: "uiso/kywd")
    /// "uiso/loci".
    public static let identifier3GPUserDataLocation = AVMetadataIdentifier(rawValue: "uiso/loci")
    /// "uiso/clsf".
    public static let identifier3GPUserDataMediaClassification = AVMetadataIdentifier(rawValue: "uiso/clsf")
    /// "uiso/rtng".
    public static let identifier3GPUserDataMediaRating = AVMetadataIdentifier(rawValue: "uiso/rtng")
    /// "uiso/perf".
    public static let identifier3GPUserDataPerformer = AVMetadataIdentifier(rawValue: "uiso/perf")
    /// "uiso/yrrc".
    public static let identifier3GPUserDataRecordingYear = AVMetadataIdentifier(rawValue: "uiso/yrrc")
    /// "uiso/thmb".
    public static let identifier3GPUserDataThumbnail = AVMetadataIdentifier(rawValue: "uiso/thmb")
    /// "uiso/titl".
    public static let identifier3GPUserDataTitle = AVMetadataIdentifier(rawValue: "uiso/titl")
    /// "uiso/urat".
    public static let identifier3GPUserDataUserRating = AVMetadataIdentifier(rawValue: "uiso/urat")

    // MARK: Icy

    /// "icy/StreamTitle".
    public static let icyMetadataStreamTitle = AVMetadataIdentifier(rawValue: "icy/StreamTitle")
    /// "icy/StreamUrl".
    public static let icyMetadataStreamURL = AVMetadataIdentifier(rawValue: "icy/StreamUrl")
}
