// Metadata keys: QuickTime user data, QuickTime metadata.
// Raw values are Apple's (AVMetadataFormat.h / AVMetadataIdentifiers.h), as its SDK defines them.

extension AVMetadataKey {
    // MARK: QuickTime user data

    /// QuickTime user data '©ade' (Apple spells © as @).
    public static let quickTimeUserDataKeyAccessibilityDescription = AVMetadataKey(rawValue: "@ade")
    /// QuickTime user data '©alb' (Apple spells © as @).
    public static let quickTimeUserDataKeyAlbum = AVMetadataKey(rawValue: "@alb")
    /// QuickTime user data '©arg' (Apple spells © as @).
    public static let quickTimeUserDataKeyArranger = AVMetadataKey(rawValue: "@arg")
    /// QuickTime user data '©ART' (Apple spells © as @).
    public static let quickTimeUserDataKeyArtist = AVMetadataKey(rawValue: "@ART")
    /// QuickTime user data '©aut' (Apple spells © as @).
    public static let quickTimeUserDataKeyAuthor = AVMetadataKey(rawValue: "@aut")
    /// QuickTime user data '©chp' (Apple spells © as @).
    public static let quickTimeUserDataKeyChapter = AVMetadataKey(rawValue: "@chp")
    /// QuickTime user data '©cmt' (Apple spells © as @).
    public static let quickTimeUserDataKeyComment = AVMetadataKey(rawValue: "@cmt")
    /// QuickTime user data '©com' (Apple spells © as @).
    public static let quickTimeUserDataKeyComposer = AVMetadataKey(rawValue: "@com")
    /// QuickTime user data '©cpy' (Apple spells © as @).
    public static let quickTimeUserDataKeyCopyright = AVMetadataKey(rawValue: "@cpy")
    /// QuickTime user data '©day' (Apple spells © as @).
    public static let quickTimeUserDataKeyCreationDate = AVMetadataKey(rawValue: "@day")
    /// QuickTime user data '©src' (Apple spells © as @).
    public static let quickTimeUserDataKeyCredits = AVMetadataKey(rawValue: "@src")
    /// QuickTime user data '©des' (Apple spells © as @).
    public static let quickTimeUserDataKeyDescription = AVMetadataKey(rawValue: "@des")
    /// QuickTime user data '©dir' (Apple spells © as @).
    public static let quickTimeUserDataKeyDirector = AVMetadataKey(rawValue: "@dir")
    /// QuickTime user data '©dis' (Apple spells © as @).
    public static let quickTimeUserDataKeyDisclaimer = AVMetadataKey(rawValue: "@dis")
    /// QuickTime user data '©enc' (Apple spells © as @).
    public static let quickTimeUserDataKeyEncodedBy = AVMetadataKey(rawValue: "@enc")
    /// QuickTime user data '©nam' (Apple spells © as @).
    public static let quickTimeUserDataKeyFullName = AVMetadataKey(rawValue: "@nam")
    /// QuickTime user data '©gen' (Apple spells © as @).
    public static let quickTimeUserDataKeyGenre = AVMetadataKey(rawValue: "@gen")
    /// QuickTime user data '©hst' (Apple spells © as @).
    public static let quickTimeUserDataKeyHostComputer = AVMetadataKey(rawValue: "@hst")
    /// QuickTime user data '©inf' (Apple spells © as @).
    public static let quickTimeUserDataKeyInformation = AVMetadataKey(rawValue: "@inf")
    /// QuickTime user data '©key' (Apple spells © as @).
    public static let quickTimeUserDataKeyKeywords = AVMetadataKey(rawValue: "@key")
    /// QuickTime user data '©xyz' (Apple spells © as @).
    public static let quickTimeUserDataKeyLocationISO6709 = AVMetadataKey(rawValue: "@xyz")
    /// QuickTime user data '©mak' (Apple spells © as @).
    public static let quickTimeUserDataKeyMake = AVMetadataKey(rawValue: "@mak")
    /// QuickTime user data '©mod' (Apple spells © as @).
    public static let quickTimeUserDataKeyModel = AVMetadataKey(rawValue: "@mod")
    /// QuickTime user data '©ope' (Apple spells © as @).
    public static let quickTimeUserDataKeyOriginalArtist = AVMetadataKey(rawValue: "@ope")
    /// QuickTime user data '©fmt' (Apple spells © as @).
    public static let quickTimeUserDataKeyOriginalFormat = AVMetadataKey(rawValue: "@fmt")
    /// QuickTime user data '©src' (Apple spells © as @).
    public static let quickTimeUserDataKeyOriginalSource = AVMetadataKey(rawValue: "@src")
    /// QuickTime user data '©prf' (Apple spells © as @).
    public static let quickTimeUserDataKeyPerformers = AVMetadataKey(rawValue: "@prf")
    /// QuickTime user data '©phg' (Apple spells © as @).
    public static let quickTimeUserDataKeyPhonogramRights = AVMetadataKey(rawValue: "@phg")
    /// QuickTime user data '©prd' (Apple spells © as @).
    public static let quickTimeUserDataKeyProducer = AVMetadataKey(rawValue: "@prd")
    /// QuickTime user data '©PRD' (Apple spells © as @).
    public static let quickTimeUserDataKeyProduct = AVMetadataKey(rawValue: "@PRD")
    /// QuickTime user data '©pub' (Apple spells © as @).
    public static let quickTimeUserDataKeyPublisher = AVMetadataKey(rawValue: "@pub")
    /// QuickTime user data '©swr' (Apple spells © as @).
    public static let quickTimeUserDataKeySoftware = AVMetadataKey(rawValue: "@swr")
    /// QuickTime user data '©req' (Apple spells © as @).
    public static let quickTimeUserDataKeySpecialPlaybackRequirements = AVMetadataKey(rawValue: "@req")
    /// QuickTime user data 'tagc' (Apple spells © as @).
    public static let quickTimeUserDataKeyTaggedCharacteristic = AVMetadataKey(rawValue: "tagc")
    /// QuickTime user data '©trk' (Apple spells © as @).
    public static let quickTimeUserDataKeyTrack = AVMetadataKey(rawValue: "@trk")
    /// QuickTime user data 'tnam' (Apple spells © as @).
    public static let quickTimeUserDataKeyTrackName = AVMetadataKey(rawValue: "tnam")
    /// QuickTime user data '©url' (Apple spells © as @).
    public static let quickTimeUserDataKeyURLLink = AVMetadataKey(rawValue: "@url")
    /// QuickTime user data '©wrn' (Apple spells © as @).
    public static let quickTimeUserDataKeyWarning = AVMetadataKey(rawValue: "@wrn")
    /// QuickTime user data '©wrt' (Apple spells © as @).
    public static let quickTimeUserDataKeyWriter = AVMetadataKey(rawValue: "@wrt")

    // MARK: QuickTime metadata

    /// QuickTime metadata "com.apple.quicktime.accessibility.description".
    public static let quickTimeMetadataKeyAccessibilityDescription = AVMetadataKey(rawValue: "com.apple.quicktime.accessibility.description")
    /// QuickTime metadata "com.apple.quicktime.album".
    public static let quickTimeMetadataKeyAlbum = AVMetadataKey(rawValue: "com.apple.quicktime.album")
    /// QuickTime metadata "com.apple.quicktime.arranger".
    public static let quickTimeMetadataKeyArranger = AVMetadataKey(rawValue: "com.apple.quicktime.arranger")
    /// QuickTime metadata "com.apple.quicktime.artist".
    public static let quickTimeMetadataKeyArtist = AVMetadataKey(rawValue: "com.apple.quicktime.artist")
    /// QuickTime metadata "com.apple.quicktime.artwork".
    public static let quickTimeMetadataKeyArtwork = AVMetadataKey(rawValue: "com.apple.quicktime.artwork")
    /// QuickTime metadata "com.apple.quicktime.author".
    public static let quickTimeMetadataKeyAuthor = AVMetadataKey(rawValue: "com.apple.quicktime.author")
    /// QuickTime metadata "com.apple.quicktime.camera.framereadouttimeinmicroseconds".
    public static let quickTimeMetadataKeyCameraFrameReadoutTime = AVMetadataKey(rawValue: "com.apple.quicktime.camera.framereadouttimeinmicroseconds")
    /// QuickTime metadata "com.apple.quicktime.camera.identifier".
    public static let quickTimeMetadataKeyCameraIdentifier = AVMetadataKey(rawValue: "com.apple.quicktime.camera.identifier")
    /// QuickTime metadata "com.apple.quicktime.collection.user".
    public static let quickTimeMetadataKeyCollectionUser = AVMetadataKey(rawValue: "com.apple.quicktime.collection.user")
    /// QuickTime metadata "com.apple.quicktime.comment".
    public static let quickTimeMetadataKeyComment = AVMetadataKey(rawValue: "com.apple.quicktime.comment")
    /// QuickTime metadata "com.apple.quicktime.composer".
    public static let quickTimeMetadataKeyComposer = AVMetadataKey(rawValue: "com.apple.quicktime.composer")
    /// QuickTime metadata "com.apple.quicktime.content.identifier".
    public static let quickTimeMetadataKeyContentIdentifier = AVMetadataKey(rawValue: "com.apple.quicktime.content.identifier")
    /// QuickTime metadata "com.apple.quicktime.copyright".
    public static let quickTimeMetadataKeyCopyright = AVMetadataKey(rawValue: "com.apple.quicktime.copyright")
    /// QuickTime metadata "com.apple.quicktime.creationdate".
    public static let quickTimeMetadataKeyCreationDate = AVMetadataKey(rawValue: "com.apple.quicktime.creationdate")
    /// QuickTime metadata "com.apple.quicktime.credits".
    public static let quickTimeMetadataKeyCredits = AVMetadataKey(rawValue: "com.apple.quicktime.credits")
    /// QuickTime metadata "com.apple.quicktime.description".
    public static let quickTimeMetadataKeyDescription = AVMetadataKey(rawValue: "com.apple.quicktime.description")
    /// QuickTime metadata "com.apple.quicktime.direction.facing".
    public static let quickTimeMetadataKeyDirectionFacing = AVMetadataKey(rawValue: "com.apple.quicktime.direction.facing")
    /// QuickTime metadata "com.apple.quicktime.direction.motion".
    public static let quickTimeMetadataKeyDirectionMotion = AVMetadataKey(rawValue: "com.apple.quicktime.direction.motion")
    /// QuickTime metadata "com.apple.quicktime.director".
    public static let quickTimeMetadataKeyDirector = AVMetadataKey(rawValue: "com.apple.quicktime.director")
    /// QuickTime metadata "com.apple.quicktime.displayname".
    public static let quickTimeMetadataKeyDisplayName = AVMetadataKey(rawValue: "com.apple.quicktime.displayname")
    /// QuickTime metadata "com.apple.quicktime.encodedby".
    public static let quickTimeMetadataKeyEncodedBy = AVMetadataKey(rawValue: "com.apple.quicktime.encodedby")
    /// QuickTime metadata "com.apple.quicktime.genre".
    public static let quickTimeMetadataKeyGenre = AVMetadataKey(rawValue: "com.apple.quicktime.genre")
    /// QuickTime metadata "com.apple.quicktime.information".
    public static let quickTimeMetadataKeyInformation = AVMetadataKey(rawValue: "com.apple.quicktime.information")
    /// QuickTime metadata "com.apple.quicktime.is-montage".
    public static let quickTimeMetadataKeyIsMontage = AVMetadataKey(rawValue: "com.apple.quicktime.is-montage")
    /// QuickTime metadata "com.apple.quicktime.keywords".
    public static let quickTimeMetadataKeyKeywords = AVMetadataKey(rawValue: "com.apple.quicktime.keywords")
    /// QuickTime metadata "com.apple.quicktime.location.body".
    public static let quickTimeMetadataKeyLocationBody = AVMetadataKey(rawValue: "com.apple.quicktime.location.body")
    /// QuickTime metadata "com.apple.quicktime.location.date".
    public static let quickTimeMetadataKeyLocationDate = AVMetadataKey(rawValue: "com.apple.quicktime.location.date")
    /// QuickTime metadata "com.apple.quicktime.location.ISO6709".
    public static let quickTimeMetadataKeyLocationISO6709 = AVMetadataKey(rawValue: "com.apple.quicktime.location.ISO6709")
    /// QuickTime metadata "com.apple.quicktime.location.name".
    public static let quickTimeMetadataKeyLocationName = AVMetadataKey(rawValue: "com.apple.quicktime.location.name")
    /// QuickTime metadata "com.apple.quicktime.location.note".
    public static let quickTimeMetadataKeyLocationNote = AVMetadataKey(rawValue: "com.apple.quicktime.location.note")
    /// QuickTime metadata "com.apple.quicktime.location.role".
    public static let quickTimeMetadataKeyLocationRole = AVMetadataKey(rawValue: "com.apple.quicktime.location.role")
    /// QuickTime metadata "com.apple.quicktime.make".
    public static let quickTimeMetadataKeyMake = AVMetadataKey(rawValue: "com.apple.quicktime.make")
    /// QuickTime metadata "com.apple.quicktime.model".
    public static let quickTimeMetadataKeyModel = AVMetadataKey(rawValue: "com.apple.quicktime.model")
    /// QuickTime metadata "com.apple.quicktime.originalartist".
    public static let quickTimeMetadataKeyOriginalArtist = AVMetadataKey(rawValue: "com.apple.quicktime.originalartist")
    /// QuickTime metadata "com.apple.quicktime.performer".
    public static let quickTimeMetadataKeyPerformer = AVMetadataKey(rawValue: "com.apple.quicktime.performer")
    /// QuickTime metadata "com.apple.quicktime.phonogramrights".
    public static let quickTimeMetadataKeyPhonogramRights = AVMetadataKey(rawValue: "com.apple.quicktime.phonogramrights")
    /// QuickTime metadata "com.apple.quicktime.producer".
    public static let quickTimeMetadataKeyProducer = AVMetadataKey(rawValue: "com.apple.quicktime.producer")
    /// QuickTime metadata "com.apple.quicktime.publisher".
    public static let quickTimeMetadataKeyPublisher = AVMetadataKey(rawValue: "com.apple.quicktime.publisher")
    /// QuickTime metadata "com.apple.quicktime.rating.user".
    public static let quickTimeMetadataKeyRatingUser = AVMetadataKey(rawValue: "com.apple.quicktime.rating.user")
    /// QuickTime metadata "com.apple.quicktime.software".
    public static let quickTimeMetadataKeySoftware = AVMetadataKey(rawValue: "com.apple.quicktime.software")
    /// QuickTime metadata "com.apple.quicktime.title".
    public static let quickTimeMetadataKeyTitle = AVMetadataKey(rawValue: "com.apple.quicktime.title")
    /// QuickTime metadata "com.apple.quicktime.year".
    public static let quickTimeMetadataKeyYear = AVMetadataKey(rawValue: "com.apple.quicktime.year")
    /// QuickTime metadata "info.ixml.xml" (iXML).
    public static let quickTimeMetadataKeyiXML = AVMetadataKey(rawValue: "info.ixml.xml")
}
