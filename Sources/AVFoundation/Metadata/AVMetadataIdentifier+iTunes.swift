// Metadata identifiers (key space + "/" + key, with bytes outside printable ASCII and '%' escaped as %XX): iTunes metadata.
// Raw values are Apple's (AVMetadataFormat.h / AVMetadataIdentifiers.h), as its SDK defines them.

extension AVMetadataIdentifier {
    // MARK: iTunes metadata

    /// "itsk/akID".
    public static let iTunesMetadataAccountKind = AVMetadataIdentifier(rawValue: "itsk/akID")
    /// "itsk/%A9cak".
    public static let iTunesMetadataAcknowledgement = AVMetadataIdentifier(rawValue: "itsk/%A9cak")
    /// "itsk/%A9alb".
    public static let iTunesMetadataAlbum = AVMetadataIdentifier(rawValue: "itsk/%A9alb")
    /// "itsk/aART".
    public static let iTunesMetadataAlbumArtist = AVMetadataIdentifier(rawValue: "itsk/aART")
    /// "itsk/apID".
    public static let iTunesMetadataAppleID = AVMetadataIdentifier(rawValue: "itsk/apID")
    /// "itsk/%A9arg".
    public static let iTunesMetadataArranger = AVMetadataIdentifier(rawValue: "itsk/%A9arg")
    /// "itsk/%A9ard".
    public static let iTunesMetadataArtDirector = AVMetadataIdentifier(rawValue: "itsk/%A9ard")
    /// "itsk/%A9ART".
    public static let iTunesMetadataArtist = AVMetadataIdentifier(rawValue: "itsk/%A9ART")
    /// "itsk/atID".
    public static let iTunesMetadataArtistID = AVMetadataIdentifier(rawValue: "itsk/atID")
    /// "itsk/%A9aut".
    public static let iTunesMetadataAuthor = AVMetadataIdentifier(rawValue: "itsk/%A9aut")
    /// "itsk/tmpo".
    public static let iTunesMetadataBeatsPerMin = AVMetadataIdentifier(rawValue: "itsk/tmpo")
    /// "itsk/%A9wrt".
    public static let iTunesMetadataComposer = AVMetadataIdentifier(rawValue: "itsk/%A9wrt")
    /// "itsk/%A9con".
    public static let iTunesMetadataConductor = AVMetadataIdentifier(rawValue: "itsk/%A9con")
    /// "itsk/rtng".
    public static let iTunesMetadataContentRating = AVMetadataIdentifier(rawValue: "itsk/rtng")
    /// "itsk/cprt".
    public static let iTunesMetadataCopyright = AVMetadataIdentifier(rawValue: "itsk/cprt")
    /// "itsk/covr".
    public static let iTunesMetadataCoverArt = AVMetadataIdentifier(rawValue: "itsk/covr")
    /// "itsk/%A9src".
    public static let iTunesMetadataCredits = AVMetadataIdentifier(rawValue: "itsk/%A9src")
    /// "itsk/%A9des".
    public static let iTunesMetadataDescription = AVMetadataIdentifier(rawValue: "itsk/%A9des")
    /// "itsk/%A9dir".
    public static let iTunesMetadataDirector = AVMetadataIdentifier(rawValue: "itsk/%A9dir")
    /// "itsk/cpil".
    public static let iTunesMetadataDiscCompilation = AVMetadataIdentifier(rawValue: "itsk/cpil")
    /// "itsk/disk".
    public static let iTunesMetadataDiscNumber = AVMetadataIdentifier(rawValue: "itsk/disk")
    /// "itsk/%A9equ".
    public static let iTunesMetadataEQ = AVMetadataIdentifier(rawValue: "itsk/%A9equ")
    /// "itsk/%A9enc".
    public static let iTunesMetadataEncodedBy = AVMetadataIdentifier(rawValue: "itsk/%A9enc")
    /// "itsk/%A9too".
    public static let iTunesMetadataEncodingTool = AVMetadataIdentifier(rawValue: "itsk/%A9too")
    /// "itsk/%A9xpd".
    public static let iTunesMetadataExecProducer = AVMetadataIdentifier(rawValue: "itsk/%A9xpd")
    /// "itsk/geID".
    public static let iTunesMetadataGenreID = AVMetadataIdentifier(rawValue: "itsk/geID")
    /// "itsk/grup".
    public static let iTunesMetadataGrouping = AVMetadataIdentifier(rawValue: "itsk/grup")
    /// "itsk/%A9lnt".
    public static let iTunesMetadataLinerNotes = AVMetadataIdentifier(rawValue: "itsk/%A9lnt")
    /// "itsk/%A9lyr".
    public static let iTunesMetadataLyrics = AVMetadataIdentifier(rawValue: "itsk/%A9lyr")
    /// "itsk/%A9url".
    public static let iTunesMetadataOnlineExtras = AVMetadataIdentifier(rawValue: "itsk/%A9url")
    /// "itsk/%A9ope".
    public static let iTunesMetadataOriginalArtist = AVMetadataIdentifier(rawValue: "itsk/%A9ope")
    /// "itsk/%A9prf".
    public static let iTunesMetadataPerformer = AVMetadataIdentifier(rawValue: "itsk/%A9prf")
    /// "itsk/%A9phg".
    public static let iTunesMetadataPhonogramRights = AVMetadataIdentifier(rawValue: "itsk/%A9phg")
    /// "itsk/plID".
    public static let iTunesMetadataPlaylistID = AVMetadataIdentifier(rawValue: "itsk/plID")
    /// "itsk/gnre".
    public static let iTunesMetadataPredefinedGenre = AVMetadataIdentifier(rawValue: "itsk/gnre")
    /// "itsk/%A9prd".
    public static let iTunesMetadataProducer = AVMetadataIdentifier(rawValue: "itsk/%A9prd")
    /// "itsk/%A9pub".
    public static let iTunesMetadataPublisher = AVMetadataIdentifier(rawValue: "itsk/%A9pub")
    /// "itsk/%A9mak".
    public static let iTunesMetadataRecordCompany = AVMetadataIdentifier(rawValue: "itsk/%A9mak")
    /// "itsk/%A9day".
    public static let iTunesMetadataReleaseDate = AVMetadataIdentifier(rawValue: "itsk/%A9day")
    /// "itsk/%A9sol".
    public static let iTunesMetadataSoloist = AVMetadataIdentifier(rawValue: "itsk/%A9sol")
    /// "itsk/cnID".
    public static let iTunesMetadataSongID = AVMetadataIdentifier(rawValue: "itsk/cnID")
    /// "itsk/%A9nam".
    public static let iTunesMetadataSongName = AVMetadataIdentifier(rawValue: "itsk/%A9nam")
    /// "itsk/%A9sne".
    public static let iTunesMetadataSoundEngineer = AVMetadataIdentifier(rawValue: "itsk/%A9sne")
    /// "itsk/%A9thx".
    public static let iTunesMetadataThanks = AVMetadataIdentifier(rawValue: "itsk/%A9thx")
    /// "itsk/trkn".
    public static let iTunesMetadataTrackNumber = AVMetadataIdentifier(rawValue: "itsk/trkn")
    /// "itsk/%A9st3".
    public static let iTunesMetadataTrackSubTitle = AVMetadataIdentifier(rawValue: "itsk/%A9st3")
    /// "itsk/%A9cmt".
    public static let iTunesMetadataUserComment = AVMetadataIdentifier(rawValue: "itsk/%A9cmt")
    /// "itsk/%A9gen".
    public static let iTunesMetadataUserGenre = AVMetadataIdentifier(rawValue: "itsk/%A9gen")
}
