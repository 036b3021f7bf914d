// Metadata identifiers (key space + "/" + key, with bytes outside printable ASCII and '%' escaped as %XX): ID3.
// Raw values are Apple's (AVMetadataFormat.h / AVMetadataIdentifiers.h), as its SDK defines them.

extension AVMetadataIdentifier {
    // MARK: ID3

    /// "id3/TSOA".
    public static let id3MetadataAlbumSortOrder = AVMetadataIdentifier(rawValue: "id3/TSOA")
    /// "id3/TALB".
    public static let id3MetadataAlbumTitle = AVMetadataIdentifier(rawValue: "id3/TALB")
    /// "id3/APIC".
    public static let id3MetadataAttachedPicture = AVMetadataIdentifier(rawValue: "id3/APIC")
    /// "id3/AENC".
    public static let id3MetadataAudioEncryption = AVMetadataIdentifier(rawValue: "id3/AENC")
    /// "id3/ASPI".
    public static let id3MetadataAudioSeekPointIndex = AVMetadataIdentifier(rawValue: "id3/ASPI")
    /// "id3/TPE2".
    public static let id3MetadataBand = AVMetadataIdentifier(rawValue: "id3/TPE2")
    /// "id3/TBPM".
    public static let id3MetadataBeatsPerMinute = AVMetadataIdentifier(rawValue: "id3/TBPM")
    /// "id3/COMM".
    public static let id3MetadataComments = AVMetadataIdentifier(rawValue: "id3/COMM")
    /// "id3/COMR".
    public static let id3MetadataCommercial = AVMetadataIdentifier(rawValue: "id3/COMR")
    /// "id3/WCOM".
    public static let id3MetadataCommercialInformation = AVMetadataIdentifier(rawValue: "id3/WCOM")
    /// "id3/COMR".
    public static let id3MetadataCommerical = AVMetadataIdentifier(rawValue: "id3/COMR")
    /// "id3/TCOM".
    public static let id3MetadataComposer = AVMetadataIdentifier(rawValue: "id3/TCOM")
    /// "id3/TPE3".
    public static let id3MetadataConductor = AVMetadataIdentifier(rawValue: "id3/TPE3")
    /// "id3/TIT1".
    public static let id3MetadataContentGroupDescription = AVMetadataIdentifier(rawValue: "id3/TIT1")
    /// "id3/TCON".
    public static let id3MetadataContentType = AVMetadataIdentifier(rawValue: "id3/TCON")
    /// "id3/TCOP".
    public static let id3MetadataCopyright = AVMetadataIdentifier(rawValue: "id3/TCOP")
    /// "id3/WCOP".
    public static let id3MetadataCopyrightInformation = AVMetadataIdentifier(rawValue: "id3/WCOP")
    /// "id3/TDAT".
    public static let id3MetadataDate = AVMetadataIdentifier(rawValue: "id3/TDAT")
    /// "id3/TENC".
    public static let id3MetadataEncodedBy = AVMetadataIdentifier(rawValue: "id3/TENC")
    /// "id3/TSSE".
    public static let id3MetadataEncodedWith = AVMetadataIdentifier(rawValue: "id3/TSSE")
    /// "id3/TDEN".
    public static let id3MetadataEncodingTime = AVMetadataIdentifier(rawValue: "id3/TDEN")
    /// "id3/ENCR".
    public static let id3MetadataEncryption = AVMetadataIdentifier(rawValue: "id3/ENCR")
    /// "id3/EQUA".
    public static let id3MetadataEqualization = AVMetadataIdentifier(rawValue: "id3/EQUA")
    /// "id3/EQU2".
    public static let id3MetadataEqualization2 = AVMetadataIdentifier(rawValue: "id3/EQU2")
    /// "id3/ETCO".
    public static let id3MetadataEventTimingCodes = AVMetadataIdentifier(rawValue: "id3/ETCO")
    /// "id3/TOWN".
    public static let id3MetadataFileOwner = AVMetadataIdentifier(rawValue: "id3/TOWN")
    /// "id3/TFLT".
    public static let id3MetadataFileType = AVMetadataIdentifier(rawValue: "id3/TFLT")
    /// "id3/GEOB".
    public static let id3MetadataGeneralEncapsulatedObject = AVMetadataIdentifier(rawValue: "id3/GEOB")
    /// "id3/GRID".
    public static let id3MetadataGroupIdentifier = AVMetadataIdentifier(rawValue: "id3/GRID")
    /// "id3/TKEY".
    public static let id3MetadataInitialKey = AVMetadataIdentifier(rawValue: "id3/TKEY")
    /// "id3/TSRC".
    public static let id3MetadataInternationalStandardRecordingCode = AVMetadataIdentifier(rawValue: "id3/TSRC")
    /// "id3/TRSN".
    public static let id3MetadataInternetRadioStationName = AVMetadataIdentifier(rawValue: "id3/TRSN")
    /// "id3/TRSO".
    public static let id3MetadataInternetRadioStationOwner = AVMetadataIdentifier(rawValue: "id3/TRSO")
    /// "id3/IPLS".
    public static let id3MetadataInvolvedPeopleList_v23 = AVMetadataIdentifier(rawValue: "id3/IPLS")
    /// "id3/TIPL".
    public static let id3MetadataInvolvedPeopleList_v24 = AVMetadataIdentifier(rawValue: "id3/TIPL")
    /// "id3/TLAN".
    public static let id3MetadataLanguage = AVMetadataIdentifier(rawValue: "id3/TLAN")
    /// "id3/TPE1".
    public static let id3MetadataLeadPerformer = AVMetadataIdentifier(rawValue: "id3/TPE1")
    /// "id3/TLEN".
    public static let id3MetadataLength = AVMetadataIdentifier(rawValue: "id3/TLEN")
    /// "id3/LINK".
    public static let id3MetadataLink = AVMetadataIdentifier(rawValue: "id3/LINK")
    /// "id3/TEXT".
    public static let id3MetadataLyricist = AVMetadataIdentifier(rawValue: "id3/TEXT")
    /// "id3/MLLT".
    public static let id3MetadataMPEGLocationLookupTable = AVMetadataIdentifier(rawValue: "id3/MLLT")
    /// "id3/TMED".
    public static let id3MetadataMediaType = AVMetadataIdentifier(rawValue: "id3/TMED")
    /// "id3/TPE4".
    public static let id3MetadataModifiedBy = AVMetadataIdentifier(rawValue: "id3/TPE4")
    /// "id3/TMOO".
    public static let id3MetadataMood = AVMetadataIdentifier(rawValue: "id3/TMOO")
    /// "id3/MCDI".
    public static let id3MetadataMusicCDIdentifier = AVMetadataIdentifier(rawValue: "id3/MCDI")
    /// "id3/TMCL".
    public static let id3MetadataMusicianCreditsList = AVMetadataIdentifier(rawValue: "id3/TMCL")
    /// "id3/WOAR".
    public static let id3MetadataOfficialArtistWebpage = AVMetadataIdentifier(rawValue: "id3/WOAR")
    /// "id3/WOAF".
    public static let id3MetadataOfficialAudioFileWebpage = AVMetadataIdentifier(rawValue: "id3/WOAF")
    /// "id3/WOAS".
    public static let id3MetadataOfficialAudioSourceWebpage = AVMetadataIdentifier(rawValue: "id3/WOAS")
    /// "id3/WORS".
    public static let id3MetadataOfficialInternetRadioStationHomepage = AVMetadataIdentifier(rawValue: "id3/WORS")
    /// "id3/WPUB".
    public static let id3MetadataOfficialPublisherWebpage = AVMetadataIdentifier(rawValue: "id3/WPUB")
    /// "id3/TOAL".
    public static let id3MetadataOriginalAlbumTitle = AVMetadataIdentifier(rawValue: "id3/TOAL")
    /// "id3/TOPE".
    public static let id3MetadataOriginalArtist = AVMetadataIdentifier(rawValue: "id3/TOPE")
    /// "id3/TOFN".
    public static let id3MetadataOriginalFilename = AVMetadataIdentifier(rawValue: "id3/TOFN")
    /// "id3/TOLY".
    public static let id3MetadataOriginalLyricist = AVMetadataIdentifier(rawValue: "id3/TOLY")
    /// "id3/TDOR".
    public static let id3MetadataOriginalReleaseTime = AVMetadataIdentifier(rawValue: "id3/TDOR")
    /// "id3/TORY".
    public static let id3MetadataOriginalReleaseYear = AVMetadataIdentifier(rawValue: "id3/TORY")
    /// "id3/OWNE".
    public static let id3MetadataOwnership = AVMetadataIdentifier(rawValue: "id3/OWNE")
    /// "id3/TPOS".
    public static let id3MetadataPartOfASet = AVMetadataIdentifier(rawValue: "id3/TPOS")
    /// "id3/WPAY".
    public static let id3MetadataPayment = AVMetadataIdentifier(rawValue: "id3/WPAY")
    /// "id3/TSOP".
    public static let id3MetadataPerformerSortOrder = AVMetadataIdentifier(rawValue: "id3/TSOP")
    /// "id3/PCNT".
    public static let id3MetadataPlayCounter = AVMetadataIdentifier(rawValue: "id3/PCNT")
    /// "id3/TDLY".
    public static let id3MetadataPlaylistDelay = AVMetadataIdentifier(rawValue: "id3/TDLY")
    /// "id3/POPM".
    public static let id3MetadataPopularimeter = AVMetadataIdentifier(rawValue: "id3/POPM")
    /// "id3/POSS".
    public static let id3MetadataPositionSynchronization = AVMetadataIdentifier(rawValue: "id3/POSS")
    /// "id3/PRIV".
    public static let id3MetadataPrivate = AVMetadataIdentifier(rawValue: "id3/PRIV")
    /// "id3/TPRO".
    public static let id3MetadataProducedNotice = AVMetadataIdentifier(rawValue: "id3/TPRO")
    /// "id3/TPUB".
    public static let id3MetadataPublisher = AVMetadataIdentifier(rawValue: "id3/TPUB")
    /// "id3/RBUF".
    public static let id3MetadataRecommendedBufferSize = AVMetadataIdentifier(rawValue: "id3/RBUF")
    /// "id3/TRDA".
    public static let id3MetadataRecordingDates = AVMetadataIdentifier(rawValue: "id3/TRDA")
    /// "id3/TDRC".
    public static let id3MetadataRecordingTime = AVMetadataIdentifier(rawValue: "id3/TDRC")
    /// "id3/RVAD".
    public static let id3MetadataRelativeVolumeAdjustment = AVMetadataIdentifier(rawValue: "id3/RVAD")
    /// "id3/RVA2".
    public static let id3MetadataRelativeVolumeAdjustment2 = AVMetadataIdentifier(rawValue: "id3/RVA2")
    /// "id3/TDRL".
    public static let id3MetadataReleaseTime = AVMetadataIdentifier(rawValue: "id3/TDRL")
    /// "id3/RVRB".
    public static let id3MetadataReverb = AVMetadataIdentifier(rawValue: "id3/RVRB")
    /// "id3/SEEK".
    public static let id3MetadataSeek = AVMetadataIdentifier(rawValue: "id3/SEEK")
    /// "id3/TSST".
    public static let id3MetadataSetSubtitle = AVMetadataIdentifier(rawValue: "id3/TSST")
    /// "id3/SIGN".
    public static let id3MetadataSignature = AVMetadataIdentifier(rawValue: "id3/SIGN")
    /// "id3/TSIZ".
    public static let id3MetadataSize = AVMetadataIdentifier(rawValue: "id3/TSIZ")
    /// "id3/TIT3".
    public static let id3MetadataSubTitle = AVMetadataIdentifier(rawValue: "id3/TIT3")
    /// "id3/SYLT".
    public static let id3MetadataSynchronizedLyric = AVMetadataIdentifier(rawValue: "id3/SYLT")
    /// "id3/SYTC".
    public static let id3MetadataSynchronizedTempoCodes = AVMetadataIdentifier(rawValue: "id3/SYTC")
    /// "id3/TDTG".
    public static let id3MetadataTaggingTime = AVMetadataIdentifier(rawValue: "id3/TDTG")
    /// "id3/USER".
    public static let id3MetadataTermsOfUse = AVMetadataIdentifier(rawValue: "id3/USER")
    /// "id3/TIME".
    public static let id3MetadataTime = AVMetadataIdentifier(rawValue: "id3/TIME")
    /// "id3/TIT2".
    public static let id3MetadataTitleDescription = AVMetadataIdentifier(rawValue: "id3/TIT2")
    /// "id3/TSOT".
    public static let id3MetadataTitleSortOrder = AVMetadataIdentifier(rawValue: "id3/TSOT")
    /// "id3/TRCK".
    public static let id3MetadataTrackNumber = AVMetadataIdentifier(rawValue: "id3/TRCK")
    /// "id3/UFID".
    public static let id3MetadataUniqueFileIdentifier = AVMetadataIdentifier(rawValue: "id3/UFID")
    /// "id3/USLT".
    public static let id3MetadataUnsynchronizedLyric = AVMetadataIdentifier(rawValue: "id3/USLT")
    /// "id3/TXXX".
    public static let id3MetadataUserText = AVMetadataIdentifier(rawValue: "id3/TXXX")
    /// "id3/WXXX".
    public static let id3MetadataUserURL = AVMetadataIdentifier(rawValue: "id3/WXXX")
    /// "id3/TYER".
    public static let id3MetadataYear = AVMetadataIdentifier(rawValue: "id3/TYER")
}
