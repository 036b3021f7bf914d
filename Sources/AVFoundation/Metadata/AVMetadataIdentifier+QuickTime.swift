// Metadata identifiers (key space + "/" + key, with bytes outside printable ASCII and '%' escaped as %XX): QuickTime user data, QuickTime metadata.
// Raw values are Apple's (AVMetadataFormat.h / AVMetadataIdentifiers.h), as its SDK defines them.

extension AVMetadataIdentifier {
    // MARK: QuickTime user data

    /// "udta/%A9ade".
    public static let quickTimeUserDataAccessibilityDescription = AVMetadataIdentifier(rawValue: "udta/%A9ade")
    /// "udta/%A9alb".
    public static let quickTimeUserDataAlbum = AVMetadataIdentifier(rawValue: "udta/%A9alb")
    /// "udta/%A9arg".
    public static let quickTimeUserDataArranger = AVMetadataIdentifier(rawValue: "udta/%A9arg")
    /// "udta/%A9ART".
    public static let quickTimeUserDataArtist = AVMetadataIdentifier(rawValue: "udta/%A9ART")
    /// "udta/%A9aut".
    public static let quickTimeUserDataAuthor = AVMetadataIdentifier(rawValue: "udta/%A9aut")
    /// "udta/%A9chp".
    public static let quickTimeUserDataChapter = AVMetadataIdentifier(rawValue: "udta/%A9chp")
    /// "udta/%A9cmt".
    public static let quickTimeUserDataComment = AVMetadataIdentifier(rawValue: "udta/%A9cmt")
    /// "udta/%A9com".
    public static let quickTimeUserDataComposer = AVMetadataIdentifier(rawValue: "udta/%A9com")
    /// "udta/%A9cpy".
    public static let quickTimeUserDataCopyright = AVMetadataIdentifier(rawValue: "udta/%A9cpy")
    /// "udta/%A9day".
    public static let quickTimeUserDataCreationDate = AVMetadataIdentifier(rawValue: "udta/%A9day")
    /// "udta/%A9src".
    public static let quickTimeUserDataCredits = AVMetadataIdentifier(rawValue: "udta/%A9src")
    /// "udta/%A9des".
    public static let quickTimeUserDataDescription = AVMetadataIdentifier(rawValue: "udta/%A9des")
    /// "udta/%A9dir".
    public static let quickTimeUserDataDirector = AVMetadataIdentifier(rawValue: "udta/%A9dir")
    /// "udta/%A9dis".
    public static let quickTimeUserDataDisclaimer = AVMetadataIdentifier(rawValue: "udta/%A9dis")
    /// "udta/%A9enc".
    public static let quickTimeUserDataEncodedBy = AVMetadataIdentifier(rawValue: "udta/%A9enc")
    /// "udta/%A9nam".
    public static let quickTimeUserDataFullName = AVMetadataIdentifier(rawValue: "udta/%A9nam")
    /// "udta/%A9gen".
    public static let quickTimeUserDataGenre = AVMetadataIdentifier(rawValue: "udta/%A9gen")
    /// "udta/%A9hst".
    public static let quickTimeUserDataHostComputer = AVMetadataIdentifier(rawValue: "udta/%A9hst")
    /// "udta/%A9inf".
    public static let quickTimeUserDataInformation = AVMetadataIdentifier(rawValue: "udta/%A9inf")
    /// "udta/%A9key".
    public static let quickTimeUserDataKeywords = AVMetadataIdentifier(rawValue: "udta/%A9key")
    /// "udta/%A9xyz".
    public static let quickTimeUserDataLocationISO6709 = AVMetadataIdentifier(rawValue: "udta/%A9xyz")
    /// "udta/%A9mak".
    public static let quickTimeUserDataMake = AVMetadataIdentifier(rawValue: "udta/%A9mak")
    /// "udta/%A9mod".
    public static let quickTimeUserDataModel = AVMetadataIdentifier(rawValue: "udta/%A9mod")
    /// "udta/%A9ope".
    public static let quickTimeUserDataOriginalArtist = AVMetadataIdentifier(rawValue: "udta/%A9ope")
    /// "udta/%A9fmt".
    public static let quickTimeUserDataOriginalFormat = AVMetadataIdentifier(rawValue: "udta/%A9fmt")
    /// "udta/%A9src".
    public static let quickTimeUserDataOriginalSource = AVMetadataIdentifier(rawValue: "udta/%A9src")
    /// "udta/%A9prf".
    public static let quickTimeUserDataPerformers = AVMetadataIdentifier(rawValue: "udta/%A9prf")
    /// "udta/%A9phg".
    public static let quickTimeUserDataPhonogramRights = AVMetadataIdentifier(rawValue: "udta/%A9phg")
    /// "udta/%A9prd".
    public static let quickTimeUserDataProducer = AVMetadataIdentifier(rawValue: "udta/%A9prd")
    /// "udta/%A9PRD".
    public static let quickTimeUserDataProduct = AVMetadataIdentifier(rawValue: "udta/%A9PRD")
    /// "udta/%A9pub".
    public static let quickTimeUserDataPublisher = AVMetadataIdentifier(rawValue: "udta/%A9pub")
    /// "udta/%A9swr".
    public static let quickTimeUserDataSoftware = AVMetadataIdentifier(rawValue: "udta/%A9swr")
    /// "udta/%A9req".
    public static let quickTimeUserDataSpecialPlaybackRequirements = AVMetadataIdentifier(rawValue: "udta/%A9req")
    /// "udta/tagc".
    public static let quickTimeUserDataTaggedCharacteristic = AVMetadataIdentifier(rawValue: "udta/tagc")
    /// "udta/%A9trk".
    public static let quickTimeUserDataTrack = AVMetadataIdentifier(rawValue: "udta/%A9trk")
    /// "udta/tnam".
    public static let quickTimeUserDataTrackName = AVMetadataIdentifier(rawValue: "udta/tnam")
    /// "udta/%A9url".
    public static let quickTimeUserDataURLLink = AVMetadataIdentifier(rawValue: "udta/%A9url")
    /// "udta/%A9wrn".
    public static let quickTimeUserDataWarning = AVMetadataIdentifier(rawValue: "udta/%A9wrn")
    /// "udta/%A9wrt".
    public static let quickTimeUserDataWriter = AVMetadataIdentifier(rawValue: "udta/%A9wrt")

    // MARK: QuickTime metadata

    /// "mdta/com.apple.quicktime.accessibility.description".
    public static let quickTimeMetadataAccessibilityDescription = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.accessibility.description")
    /// "mdta/com.apple.quicktime.album".
    public static let quickTimeMetadataAlbum = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.album")
    /// "mdta/com.apple.quicktime.arranger".
    public static let quickTimeMetadataArranger = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.arranger")
    /// "mdta/com.apple.quicktime.artist".
    public static let quickTimeMetadataArtist = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.artist")
    /// "mdta/com.apple.quicktime.artwork".
    public static let quickTimeMetadataArtwork = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.artwork")
    /// "mdta/com.apple.quicktime.author".
    public static let quickTimeMetadataAuthor = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.author")
    /// "mdta/com.apple.quicktime.live-photo.auto".
    public static let quickTimeMetadataAutoLivePhoto = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.live-photo.auto")
    /// "mdta/com.apple.quicktime.camera.framereadouttimeinmicroseconds".
    public static let quickTimeMetadataCameraFrameReadoutTime = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.camera.framereadouttimeinmicroseconds")
    /// "mdta/com.apple.quicktime.camera.identifier".
    public static let quickTimeMetadataCameraIdentifier = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.camera.identifier")
    /// "mdta/com.apple.quicktime.collection.user".
    public static let quickTimeMetadataCollectionUser = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.collection.user")
    /// "mdta/com.apple.quicktime.comment".
    public static let quickTimeMetadataComment = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.comment")
    /// "mdta/com.apple.quicktime.composer".
    public static let quickTimeMetadataComposer = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.composer")
    /// "mdta/com.apple.quicktime.content.identifier".
    public static let quickTimeMetadataContentIdentifier = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.content.identifier")
    /// "mdta/com.apple.quicktime.copyright".
    public static let quickTimeMetadataCopyright = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.copyright")
    /// "mdta/com.apple.quicktime.creationdate".
    public static let quickTimeMetadataCreationDate = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.creationdate")
    /// "mdta/com.apple.quicktime.credits".
    public static let quickTimeMetadataCredits = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.credits")
    /// "mdta/com.apple.quicktime.description".
    public static let quickTimeMetadataDescription = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.description")
    /// "mdta/com.apple.quicktime.detected-cat-body".
    public static let quickTimeMetadataDetectedCatBody = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.detected-cat-body")
    /// "mdta/com.apple.quicktime.detected-dog-body".
    public static let quickTimeMetadataDetectedDogBody = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.detected-dog-body")
    /// "mdta/com.apple.quicktime.detected-face".
    public static let quickTimeMetadataDetectedFace = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.detected-face")
    /// "mdta/com.apple.quicktime.detected-human-body".
    public static let quickTimeMetadataDetectedHumanBody = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.detected-human-body")
    /// "mdta/com.apple.quicktime.detected-salient-object".
    public static let quickTimeMetadataDetectedSalientObject = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.detected-salient-object")
    /// "mdta/com.apple.quicktime.direction.facing".
    public static let quickTimeMetadataDirectionFacing = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.direction.facing")
    /// "mdta/com.apple.quicktime.direction.motion".
    public static let quickTimeMetadataDirectionMotion = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.direction.motion")
    /// "mdta/com.apple.quicktime.director".
    public static let quickTimeMetadataDirector = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.director")
    /// "mdta/com.apple.quicktime.displayname".
    public static let quickTimeMetadataDisplayName = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.displayname")
    /// "mdta/com.apple.quicktime.encodedby".
    public static let quickTimeMetadataEncodedBy = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.encodedby")
    /// "mdta/com.apple.quicktime.genre".
    public static let quickTimeMetadataGenre = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.genre")
    /// "mdta/com.apple.quicktime.information".
    public static let quickTimeMetadataInformation = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.information")
    /// "mdta/com.apple.quicktime.is-montage".
    public static let quickTimeMetadataIsMontage = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.is-montage")
    /// "mdta/com.apple.quicktime.keywords".
    public static let quickTimeMetadataKeywords = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.keywords")
    /// "mdta/com.apple.quicktime.live-photo.vitality-score".
    public static let quickTimeMetadataLivePhotoVitalityScore = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.live-photo.vitality-score")
    /// "mdta/com.apple.quicktime.live-photo.vitality-scoring-version".
    public static let quickTimeMetadataLivePhotoVitalityScoringVersion = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.live-photo.vitality-scoring-version")
    /// "mdta/com.apple.quicktime.location.body".
    public static let quickTimeMetadataLocationBody = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.location.body")
    /// "mdta/com.apple.quicktime.location.date".
    public static let quickTimeMetadataLocationDate = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.location.date")
    /// "mdta/com.apple.quicktime.location.accuracy.horizontal".
    public static let quickTimeMetadataLocationHorizontalAccuracyInMeters = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.location.accuracy.horizontal")
    /// "mdta/com.apple.quicktime.location.ISO6709".
    public static let quickTimeMetadataLocationISO6709 = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.location.ISO6709")
    /// "mdta/com.apple.quicktime.location.name".
    public static let quickTimeMetadataLocationName = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.location.name")
    /// "mdta/com.apple.quicktime.location.note".
    public static let quickTimeMetadataLocationNote = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.location.note")
    /// "mdta/com.apple.quicktime.location.role".
    public static let quickTimeMetadataLocationRole = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.location.role")
    /// "mdta/com.apple.quicktime.make".
    public static let quickTimeMetadataMake = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.make")
    /// "mdta/com.apple.quicktime.model".
    public static let quickTimeMetadataModel = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.model")
    /// "mdta/com.apple.quicktime.originalartist".
    public static let quickTimeMetadataOriginalArtist = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.originalartist")
    /// "mdta/com.apple.quicktime.performer".
    public static let quickTimeMetadataPerformer = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.performer")
    /// "mdta/com.apple.quicktime.phonogramrights".
    public static let quickTimeMetadataPhonogramRights = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.phonogramrights")
    /// "mdta/com.apple.quicktime.preferred-affine-transform".
    public static let quickTimeMetadataPreferredAffineTransform = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.preferred-affine-transform")
    /// "mdta/com.apple.quicktime.producer".
    public static let quickTimeMetadataProducer = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.producer")
    /// "mdta/com.apple.quicktime.publisher".
    public static let quickTimeMetadataPublisher = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.publisher")
    /// "mdta/com.apple.quicktime.rating.user".
    public static let quickTimeMetadataRatingUser = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.rating.user")
    /// "mdta/com.apple.quicktime.software".
    public static let quickTimeMetadataSoftware = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.software")
    /// "mdta/com.apple.quicktime.spatial-overcapture.quality-score".
    public static let quickTimeMetadataSpatialOverCaptureQualityScore = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.spatial-overcapture.quality-score")
    /// "mdta/com.apple.quicktime.spatial-overcapture.quality-scoring-version".
    public static let quickTimeMetadataSpatialOverCaptureQualityScoringVersion = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.spatial-overcapture.quality-scoring-version")
    /// "mdta/com.apple.quicktime.title".
    public static let quickTimeMetadataTitle = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.title")
    /// "mdta/com.apple.quicktime.video-orientation".
    public static let quickTimeMetadataVideoOrientation = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.video-orientation")
    /// "mdta/com.apple.quicktime.year".
    public static let quickTimeMetadataYear = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.year")
    /// "mdta/info.ixml.xml".
    public static let quickTimeMetadataiXML = AVMetadataIdentifier(rawValue: "mdta/info.ixml.xml")
}
