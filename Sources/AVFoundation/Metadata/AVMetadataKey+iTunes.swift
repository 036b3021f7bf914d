// Metadata keys: iTunes metadata.
// Raw values are Apple's (AVMetadataFormat.h / AVMetadataIdentifiers.h), as its SDK defines them.

extension AVMetadataKey {
    // MARK: iTunes metadata

    /// iTunes metadata 'akID' (Apple spells © as @).
    public static let iTunesMetadataKeyAccountKind = AVMetadataKey(rawValue: "akID")
    /// iTunes metadata '©cak' (Apple spells © as @).
    public static let iTunesMetadataKeyAcknowledgement = AVMetadataKey(rawValue: "@cak")
    /// iTunes metadata '©alb' (Apple spells © as @).
    public static let iTunesMetadataKeyAlbum = AVMetadataKey(rawValue: "@alb")
    /// iTunes metadata 'aART' (Apple spells © as @).
    public static let iTunesMetadataKeyAlbumArtist = AVMetadataKey(rawValue: "aART")
    /// iTunes metadata 'apID' (Apple spells © as @).
    public static let iTunesMetadataKeyAppleID = AVMetadataKey(rawValue: "apID")
    /// iTunes metadata '©arg' (Apple spells © as @).
    public static let iTunesMetadataKeyArranger = AVMetadataKey(rawValue: "@arg")
    /// iTunes metadata '©ard' (Apple spells © as @).
    public static let iTunesMetadataKeyArtDirector = AVMetadataKey(rawValue: "@ard")
    /// iTunes metadata '©ART' (Apple spells © as @).
    public static let iTunesMetadataKeyArtist = AVMetadataKey(rawValue: "@ART")
    /// iTunes metadata 'atID' (Apple spells © as @).
    public static let iTunesMetadataKeyArtistID = AVMetadataKey(rawValue: "atID")
    /// iTunes metadata '©aut' (Apple spells © as @).
    public static let iTunesMetadataKeyAuthor = AVMetadataKey(rawValue: "@aut")
    /// iTunes metadata 'tmpo' (Apple spells © as @).
    public static let iTunesMetadataKeyBeatsPerMin = AVMetadataKey(rawValue: "tmpo")
    /// iTunes metadata '©wrt' (Apple spells © as @).
    public static let iTunesMetadataKeyComposer = AVMetadataKey(rawValue: "@wrt")
    /// iTunes metadata '©con' (Apple spells © as @).
    public static let iTunesMetadataKeyConductor = AVMetadataKey(rawValue: "@con")
    /// iTunes metadata 'rtng' (Apple spells © as @).
    public static let iTunesMetadataKeyContentRating = AVMetadataKey(rawValue: "rtng")
    /// iTunes metadata 'cprt' (Apple spells © as @).
    public static let iTunesMetadataKeyCopyright = AVMetadataKey(rawValue: "cprt")
    /// iTunes metadata 'covr' (Apple spells © as @).
    public static let iTunesMetadataKeyCoverArt = AVMetadataKey(rawValue: "covr")
    /// iTunes metadata '©src' (Apple spells © as @).
    public static let iTunesMetadataKeyCredits = AVMetadataKey(rawValue: "@src")
    /// iTunes metadata '©des' (Apple spells © as @).
    public static let iTunesMetadataKeyDescription = AVMetadataKey(rawValue: "@des")
    /// iTunes metadata '©dir' (Apple spells © as @).
    public static let iTunesMetadataKeyDirector = AVMetadataKey(rawValue: "@dir")
    /// iTunes metadata 'cpil' (Apple spells © as @).
    public static let iTunesMetadataKeyDiscCompilation = AVMetadataKey(rawValue: "cpil")
    /// iTunes metadata 'disk' (Apple spells © as @).
    public static let iTunesMetadataKeyDiscNumber = AVMetadataKey(rawValue: "disk")
    /// iTunes metadata '©equ' (Apple spells © as @).
    public static let iTunesMetadataKeyEQ = AVMetadataKey(rawValue: "@equ")
    /// iTunes metadata '©enc' (Apple spells © as @).
    public static let iTunesMetadataKeyEncodedBy = AVMetadataKey(rawValue: "@enc")
    /// iTunes metadata '©too' (Apple spells © as @).
    public static let iTunesMetadataKeyEncodingTool = AVMetadataKey(rawValue: "@too")
    /// iTunes metadata '©xpd' (Apple spells © as @).
    public static let iTunesMetadataKeyExecProducer = AVMetadataKey(rawValue: "@xpd")
    /// iTunes metadata 'geID' (Apple spells © as @).
    public static let iTunesMetadataKeyGenreID = AVMetadataKey(rawValue: "geID")
    /// iTunes metadata 'grup' (Apple spells © as @).
    public static let iTunesMetadataKeyGrouping = AVMetadataKey(rawValue: "grup")
    /// iTunes metadata '©lnt' (Apple spells © as @).
    public static let iTunesMetadataKeyLinerNotes = AVMetadataKey(rawValue: "@lnt")
    /// iTunes metadata '©lyr' (Apple spells © as @).
    public static let iTunesMetadataKeyLyrics = AVMetadataKey(rawValue: "@lyr")
    /// iTunes metadata '©url' (Apple spells © as @).
    public static let iTunesMetadataKeyOnlineExtras = AVMetadataKey(rawValue: "@url")
    /// iTunes metadata '©ope' (Apple spells © as @).
    public static let iTunesMetadataKeyOriginalArtist = AVMetadataKey(rawValue: "@ope")
    /// iTunes metadata '©prf' (Apple spells © as @).
    public static let iTunesMetadataKeyPerformer = AVMetadataKey(rawValue: "@prf")
    /// iTunes metadata '©phg' (Apple spells © as @).
    public static let iTunesMetadataKeyPhonogramRights = AVMetadataKey(rawValue: "@phg")
    /// iTunes metadata 'plID' (Apple spells © as @).
    public static let iTunesMetadataKeyPlaylistID = AVMetadataKey(rawValue: "plID")
    /// iTunes metadata 'gnre' (Apple spells © as @).
    public static let iTunesMetadataKeyPredefinedGenre = AVMetadataKey(rawValue: "gnre")
    /// iTunes metadata '©prd' (Apple spells © as @).
    public static let iTunesMetadataKeyProducer = AVMetadataKey(rawValue: "@prd")
    /// iTunes metadata '©pub' (Apple spells © as @).
    public static let iTunesMetadataKeyPublisher = AVMetadataKey(rawValue: "@pub")
    /// iTunes metadata '©mak' (Apple spells © as @).
    public static let iTunesMetadataKeyRecordCompany = AVMetadataKey(rawValue: "@mak")
    /// iTunes metadata '©day' (Apple spells © as @).
    public static let iTunesMetadataKeyReleaseDate = AVMetadataKey(rawValue: "@day")
    /// iTunes metadata '©sol' (Apple spells © as @).
    public static let iTunesMetadataKeySoloist = AVMetadataKey(rawValue: "@sol")
    /// iTunes metadata 'cnID' (Apple spells © as @).
    public static let iTunesMetadataKeySongID = AVMetadataKey(rawValue: "cnID")
    /// iTunes metadata '©nam' (Apple spells © as @).
    public static let iTunesMetadataKeySongName = AVMetadataKey(rawValue: "@nam")
    /// iTunes metadata '©sne' (Apple spells © as @).
    public static let iTunesMetadataKeySoundEngineer = AVMetadataKey(rawValue: "@sne")
    /// iTunes metadata '©thx' (Apple spells © as @).
    public static let iTunesMetadataKeyThanks = AVMetadataKey(rawValue: "@thx")
    /// iTunes metadata 'trkn' (Apple spells © as @).
    public static let iTunesMetadataKeyTrackNumber = AVMetadataKey(rawValue: "trkn")
    /// iTunes metadata '©st3' (Apple spells © as @).
    public static let iTunesMetadataKeyTrackSubTitle = AVMetadataKey(rawValue: "@st3")
    /// iTunes metadata '©cmt' (Apple spells © as @).
    public static let iTunesMetadataKeyUserComment = AVMetadataKey(rawValue: "@cmt")
    /// iTunes metadata '©gen' (Apple spells © as @).
    public static let iTunesMetadataKeyUserGenre = AVMetadataKey(rawValue: "@gen")
}
