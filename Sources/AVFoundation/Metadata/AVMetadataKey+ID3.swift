// Metadata keys: ID3.
// Raw values are Apple's (AVMetadataFormat.h / AVMetadataIdentifiers.h), as its SDK defines them.

extension AVMetadataKey {
    // MARK: ID3

    /// ID3v2 frame TSOA.
    public static let id3MetadataKeyAlbumSortOrder = AVMetadataKey(rawValue: "TSOA")
    /// ID3v2 frame TALB.
    public static let id3MetadataKeyAlbumTitle = AVMetadataKey(rawValue: "TALB")
    /// ID3v2 frame APIC.
    public static let id3MetadataKeyAttachedPicture = AVMetadataKey(rawValue: "APIC")
    /// ID3v2 frame AENC.
    public static let id3MetadataKeyAudioEncryption = AVMetadataKey(rawValue: "AENC")
    /// ID3v2 frame ASPI.
    public static let id3MetadataKeyAudioSeekPointIndex = AVMetadataKey(rawValue: "ASPI")
    /// ID3v2 frame TPE2.
    public static let id3MetadataKeyBand = AVMetadataKey(rawValue: "TPE2")
    /// ID3v2 frame TBPM.
    public static let id3MetadataKeyBeatsPerMinute = AVMetadataKey(rawValue: "TBPM")
    /// ID3v2 frame COMM.
    public static let id3MetadataKeyComments = AVMetadataKey(rawValue: "COMM")
    /// ID3v2 frame COMR.
    public static let id3MetadataKeyCommercial = AVMetadataKey(rawValue: "COMR")
    /// ID3v2 frame WCOM.
    public static let id3MetadataKeyCommercialInformation = AVMetadataKey(rawValue: "WCOM")
    /// ID3v2 frame COMR. (Apple's misspelt alias of COMR.)
    public static let id3MetadataKeyCommerical = AVMetadataKey(rawValue: "COMR")
    /// ID3v2 frame TCOM.
    public static let id3MetadataKeyComposer = AVMetadataKey(rawValue: "TCOM")
    /// ID3v2 frame TPE3.
    public static let id3MetadataKeyConductor = AVMetadataKey(rawValue: "TPE3")
    /// ID3v2 frame TIT1.
    public static let id3MetadataKeyContentGroupDescription = AVMetadataKey(rawValue: "TIT1")
    /// ID3v2 frame TCON.
    public static let id3MetadataKeyContentType = AVMetadataKey(rawValue: "TCON")
    /// ID3v2 frame TCOP.
    public static let id3MetadataKeyCopyright = AVMetadataKey(rawValue: "TCOP")
    /// ID3v2 frame WCOP.
    public static let id3MetadataKeyCopyrightInformation = AVMetadataKey(rawValue: "WCOP")
    /// ID3v2 frame TDAT.
    public static let id3MetadataKeyDate = AVMetadataKey(rawValue: "TDAT")
    /// ID3v2 frame TENC.
    public static let id3MetadataKeyEncodedBy = AVMetadataKey(rawValue: "TENC")
    /// ID3v2 frame TSSE.
    public static let id3MetadataKeyEncodedWith = AVMetadataKey(rawValue: "TSSE")
    /// ID3v2 frame TDEN.
    public static let id3MetadataKeyEncodingTime = AVMetadataKey(rawValue: "TDEN")
    /// ID3v2 frame ENCR.
    public static let id3MetadataKeyEncryption = AVMetadataKey(rawValue: "ENCR")
    /// ID3v2 frame EQUA.
    public static let id3MetadataKeyEqualization = AVMetadataKey(rawValue: "EQUA")
    /// ID3v2 frame EQU2.
    public static let id3MetadataKeyEqualization2 = AVMetadataKey(rawValue: "EQU2")
    /// ID3v2 frame ETCO.
    public static let id3MetadataKeyEventTimingCodes = AVMetadataKey(rawValue: "ETCO")
    /// ID3v2 frame TOWN.
    public static let id3MetadataKeyFileOwner = AVMetadataKey(rawValue: "TOWN")
    /// ID3v2 frame TFLT.
    public static let id3MetadataKeyFileType = AVMetadataKey(rawValue: "TFLT")
    /// ID3v2 frame GEOB.
    public static let id3MetadataKeyGeneralEncapsulatedObject = AVMetadataKey(rawValue: "GEOB")
    /// ID3v2 frame GRID.
    public static let id3MetadataKeyGroupIdentifier = AVMetadataKey(rawValue: "GRID")
    /// ID3v2 frame TKEY.
    public static let id3MetadataKeyInitialKey = AVMetadataKey(rawValue: "TKEY")
    /// ID3v2 frame TSRC.
    public static let id3MetadataKeyInternationalStandardRecordingCode = AVMetadataKey(rawValue: "TSRC")
    /// ID3v2 frame TRSN.
    public static let id3MetadataKeyInternetRadioStationName = AVMetadataKey(rawValue: "TRSN")
    /// ID3v2 frame TRSO.
    public static let id3MetadataKeyInternetRadioStationOwner = AVMetadataKey(rawValue: "TRSO")
    /// ID3v2 frame IPLS.
    public static let id3MetadataKeyInvolvedPeopleList_v23 = AVMetadataKey(rawValue: "IPLS")
    /// ID3v2 frame TIPL.
    public static let id3MetadataKeyInvolvedPeopleList_v24 = AVMetadataKey(rawValue: "TIPL")
    /// ID3v2 frame TLAN.
    public static let id3MetadataKeyLanguage = AVMetadataKey(rawValue: "TLAN")
    /// ID3v2 frame TPE1.
    public static let id3MetadataKeyLeadPerformer = AVMetadataKey(rawValue: "TPE1")
    /// ID3v2 frame TLEN.
    public static let id3MetadataKeyLength = AVMetadataKey(rawValue: "TLEN")
    /// ID3v2 frame LINK.
    public static let id3MetadataKeyLink = AVMetadataKey(rawValue: "LINK")
    /// ID3v2 frame TEXT.
    public static let id3MetadataKeyLyricist = AVMetadataKey(rawValue: "TEXT")
    /// ID3v2 frame MLLT.
    public static let id3MetadataKeyMPEGLocationLookupTable = AVMetadataKey(rawValue: "MLLT")
    /// ID3v2 frame TMED.
    public static let id3MetadataKeyMediaType = AVMetadataKey(rawValue: "TMED")
    /// ID3v2 frame TPE4.
    public static let id3MetadataKeyModifiedBy = AVMetadataKey(rawValue: "TPE4")
    /// ID3v2 frame TMOO.
    public static let id3MetadataKeyMood = AVMetadataKey(rawValue: "TMOO")
    /// ID3v2 frame MCDI.
    public static let id3MetadataKeyMusicCDIdentifier = AVMetadataKey(rawValue: "MCDI")
    /// ID3v2 frame TMCL.
    public static let id3MetadataKeyMusicianCreditsList = AVMetadataKey(rawValue: "TMCL")
    /// ID3v2 frame WOAR.
    public static let id3MetadataKeyOfficialArtistWebpage = AVMetadataKey(rawValue: "WOAR")
    /// ID3v2 frame WOAF.
    public static let id3MetadataKeyOfficialAudioFileWebpage = AVMetadataKey(rawValue: "WOAF")
    /// ID3v2 frame WOAS.
    public static let id3MetadataKeyOfficialAudioSourceWebpage = AVMetadataKey(rawValue: "WOAS")
    /// ID3v2 frame WORS.
    public static let id3MetadataKeyOfficialInternetRadioStationHomepage = AVMetadataKey(rawValue: "WORS")
    /// ID3v2 frame WPUB.
    public static let id3MetadataKeyOfficialPublisherWebpage = AVMetadataKey(rawValue: "WPUB")
    /// ID3v2 frame TOAL.
    public static let id3MetadataKeyOriginalAlbumTitle = AVMetadataKey(rawValue: "TOAL")
    /// ID3v2 frame TOPE.
    public static let id3MetadataKeyOriginalArtist = AVMetadataKey(rawValue: "TOPE")
    /// ID3v2 frame TOFN.
    public static let id3MetadataKeyOriginalFilename = AVMetadataKey(rawValue: "TOFN")
    /// ID3v2 frame TOLY.
    public static let id3MetadataKeyOriginalLyricist = AVMetadataKey(rawValue: "TOLY")
    /// ID3v2 frame TDOR.
    public static let id3MetadataKeyOriginalReleaseTime = AVMetadataKey(rawValue: "TDOR")
    /// ID3v2 frame TORY.
    public static let id3MetadataKeyOriginalReleaseYear = AVMetadataKey(rawValue: "TORY")
    /// ID3v2 frame OWNE.
    public static let id3MetadataKeyOwnership = AVMetadataKey(rawValue: "OWNE")
    /// ID3v2 frame TPOS.
    public static let id3MetadataKeyPartOfASet = AVMetadataKey(rawValue: "TPOS")
    /// ID3v2 frame WPAY.
    public static let id3MetadataKeyPayment = AVMetadataKey(rawValue: "WPAY")
    /// ID3v2 frame TSOP.
    public static let id3MetadataKeyPerformerSortOrder = AVMetadataKey(rawValue: "TSOP")
    /// ID3v2 frame PCNT.
    public static let id3MetadataKeyPlayCounter = AVMetadataKey(rawValue: "PCNT")
    /// ID3v2 frame TDLY.
    public static let id3MetadataKeyPlaylistDelay = AVMetadataKey(rawValue: "TDLY")
    /// ID3v2 frame POPM.
    public static let id3MetadataKeyPopularimeter = AVMetadataKey(rawValue: "POPM")
    /// ID3v2 frame POSS.
    public static let id3MetadataKeyPositionSynchronization = AVMetadataKey(rawValue: "POSS")
    /// ID3v2 frame PRIV.
    public static let id3MetadataKeyPrivate = AVMetadataKey(rawValue: "PRIV")
    /// ID3v2 frame TPRO.
    public static let id3MetadataKeyProducedNotice = AVMetadataKey(rawValue: "TPRO")
    /// ID3v2 frame TPUB.
    public static let id3MetadataKeyPublisher = AVMetadataKey(rawValue: "TPUB")
    /// ID3v2 frame RBUF.
    public static let id3MetadataKeyRecommendedBufferSize = AVMetadataKey(rawValue: "RBUF")
    /// ID3v2 frame TRDA.
    public static let id3MetadataKeyRecordingDates = AVMetadataKey(rawValue: "TRDA")
    /// ID3v2 frame TDRC.
    public static let id3MetadataKeyRecordingTime = AVMetadataKey(rawValue: "TDRC")
    /// ID3v2 frame RVAD.
    public static let id3MetadataKeyRelativeVolumeAdjustment = AVMetadataKey(rawValue: "RVAD")
    /// ID3v2 frame RVA2.
    public static let id3MetadataKeyRelativeVolumeAdjustment2 = AVMetadataKey(rawValue: "RVA2")
    /// ID3v2 frame TDRL.
    public static let id3MetadataKeyReleaseTime = AVMetadataKey(rawValue: "TDRL")
    /// ID3v2 frame RVRB.
    public static let id3MetadataKeyReverb = AVMetadataKey(rawValue: "RVRB")
    /// ID3v2 frame SEEK.
    public static let id3MetadataKeySeek = AVMetadataKey(rawValue: "SEEK")
    /// ID3v2 frame TSST.
    public static let id3MetadataKeySetSubtitle = AVMetadataKey(rawValue: "TSST")
    /// ID3v2 frame SIGN.
    public static let id3MetadataKeySignature = AVMetadataKey(rawValue: "SIGN")
    /// ID3v2 frame TSIZ.
    public static let id3MetadataKeySize = AVMetadataKey(rawValue: "TSIZ")
    /// ID3v2 frame TIT3.
    public static let id3MetadataKeySubTitle = AVMetadataKey(rawValue: "TIT3")
    /// ID3v2 frame SYLT.
    public static let id3MetadataKeySynchronizedLyric = AVMetadataKey(rawValue: "SYLT")
    /// ID3v2 frame SYTC.
    public static let id3MetadataKeySynchronizedTempoCodes = AVMetadataKey(rawValue: "SYTC")
    /// ID3v2 frame TDTG.
    public static let id3MetadataKeyTaggingTime = AVMetadataKey(rawValue: "TDTG")
    /// ID3v2 frame USER.
    public static let id3MetadataKeyTermsOfUse = AVMetadataKey(rawValue: "USER")
    /// ID3v2 frame TIME.
    public static let id3MetadataKeyTime = AVMetadataKey(rawValue: "TIME")
    /// ID3v2 frame TIT2.
    public static let id3MetadataKeyTitleDescription = AVMetadataKey(rawValue: "TIT2")
    /// ID3v2 frame TSOT.
    public static let id3MetadataKeyTitleSortOrder = AVMetadataKey(rawValue: "TSOT")
    /// ID3v2 frame TRCK.
    public static let id3MetadataKeyTrackNumber = AVMetadataKey(rawValue: "TRCK")
    /// ID3v2 frame UFID.
    public static let id3MetadataKeyUniqueFileIdentifier = AVMetadataKey(rawValue: "UFID")
    /// ID3v2 frame USLT.
    public static let id3MetadataKeyUnsynchronizedLyric = AVMetadataKey(rawValue: "USLT")
    /// ID3v2 frame TXXX.
    public static let id3MetadataKeyUserText = AVMetadataKey(rawValue: "TXXX")
    /// ID3v2 frame WXXX.
    public static let id3MetadataKeyUserURL = AVMetadataKey(rawValue: "WXXX")
    /// ID3v2 frame TYER.
    public static let id3MetadataKeyYear = AVMetadataKey(rawValue: "TYER")
}
