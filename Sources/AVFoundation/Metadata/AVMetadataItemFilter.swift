import Foundation

/// A filter that removes metadata items that should not travel with an asset (AVMetadataItem.h).
///
/// Apple's only filter, `forSharing()`, "removes user-identifying metadata items, such as location information, and
/// leaves only metadata related to commerce or playback itself" (playback, copyright and commercial metadata such as
/// a purchaser's ID, and metadata derivable from the media or needed for its proper behaviour).
///
/// Apple does not list the items. Ours keeps, by identifier: the work's catalogue information as a vendor sells it
/// (title, artist, album, genre, track and disc numbers, artwork, description, composer and other credits),
/// copyright and phonogram rights, store identifiers and ratings, and what playback needs (tagged characteristics,
/// accessibility descriptions, preferred transform, video orientation). It removes everything else, in particular
/// location of every kind, the capture device (make, model, software, camera, host computer), capture and
/// modification dates, user comments, ratings, keywords and collections, detected faces and bodies, and keys it
/// does not know (custom reverse-DNS keys can hold anything).
// Safe because immutable.
open class AVMetadataItemFilter: NSObject, @unchecked Sendable {
    /// The identifiers the filter keeps; immutable after `init`.
    let keptIdentifiers: Set<AVMetadataIdentifier>

    init(keptIdentifiers: Set<AVMetadataIdentifier>) {
        self.keptIdentifiers = keptIdentifiers
    }

    /// The filter for sharing assets: removes user-identifying items such as location.
    public class func forSharing() -> AVMetadataItemFilter {
        AVMetadataItemFilter(keptIdentifiers: sharingIdentifiers)
    }

    /// Whether the filter keeps `item`.
    func keeps(_ item: AVMetadataItem) -> Bool {
        guard let identifier = item.identifier else { return false }
        return keptIdentifiers.contains(identifier)
    }

    private static let sharingIdentifiers: Set<AVMetadataIdentifier> = [
        // Common keys.
        .commonIdentifierTitle, .commonIdentifierArtist, .commonIdentifierAlbumName, .commonIdentifierArtwork,
        .commonIdentifierAuthor, .commonIdentifierCreator, .commonIdentifierContributor,
        .commonIdentifierCopyrights, .commonIdentifierDescription, .commonIdentifierPublisher,
        .commonIdentifierType, .commonIdentifierLanguage, .commonIdentifierFormat,
        .commonIdentifierAccessibilityDescription,
        // QuickTime user data.
        .quickTimeUserDataFullName, .quickTimeUserDataArtist, .quickTimeUserDataAlbum, .quickTimeUserDataAuthor,
        .quickTimeUserDataComposer, .quickTimeUserDataArranger, .quickTimeUserDataDirector,
        .quickTimeUserDataPerformers, .quickTimeUserDataProducer, .quickTimeUserDataWriter,
        .quickTimeUserDataOriginalArtist, .quickTimeUserDataCredits, .quickTimeUserDataCopyright,
        .quickTimeUserDataPhonogramRights, .quickTimeUserDataDescription, .quickTimeUserDataGenre,
        .quickTimeUserDataPublisher, .quickTimeUserDataProduct, .quickTimeUserDataTrack,
        .quickTimeUserDataTrackName, .quickTimeUserDataDisclaimer, .quickTimeUserDataWarning,
        .quickTimeUserDataSpecialPlaybackRequirements, .quickTimeUserDataTaggedCharacteristic,
        .quickTimeUserDataAccessibilityDescription, .quickTimeUserDataURLLink,
        // QuickTime metadata.
        .quickTimeMetadataTitle, .quickTimeMetadataArtist, .quickTimeMetadataAlbum, .quickTimeMetadataAuthor,
        .quickTimeMetadataArtwork, .quickTimeMetadataComposer, .quickTimeMetadataArranger,
        .quickTimeMetadataDirector, .quickTimeMetadataPerformer, .quickTimeMetadataProducer,
        .quickTimeMetadataOriginalArtist, .quickTimeMetadataCredits, .quickTimeMetadataCopyright,
        .quickTimeMetadataPhonogramRights, .quickTimeMetadataDescription, .quickTimeMetadataGenre,
        .quickTimeMetadataPublisher, .quickTimeMetadataYear, .quickTimeMetadataDisplayName,
        .quickTimeMetadataAccessibilityDescription, .quickTimeMetadataPreferredAffineTransform,
        .quickTimeMetadataVideoOrientation,
        // iTunes metadata.
        .iTunesMetadataSongName, .iTunesMetadataArtist, .iTunesMetadataAlbum, .iTunesMetadataAlbumArtist,
        .iTunesMetadataAuthor, .iTunesMetadataComposer, .iTunesMetadataConductor, .iTunesMetadataArranger,
        .iTunesMetadataArtDirector, .iTunesMetadataDirector, .iTunesMetadataProducer, .iTunesMetadataExecProducer,
        .iTunesMetadataPerformer, .iTunesMetadataSoloist, .iTunesMetadataOriginalArtist,
        .iTunesMetadataSoundEngineer, .iTunesMetadataCredits, .iTunesMetadataThanks, .iTunesMetadataAcknowledgement,
        .iTunesMetadataLinerNotes, .iTunesMetadataRecordCompany, .iTunesMetadataPublisher,
        .iTunesMetadataCopyright, .iTunesMetadataPhonogramRights, .iTunesMetadataDescription,
        .iTunesMetadataUserGenre, .iTunesMetadataPredefinedGenre, .iTunesMetadataGenreID,
        .iTunesMetadataReleaseDate, .iTunesMetadataTrackNumber, .iTunesMetadataDiscNumber,
        .iTunesMetadataDiscCompilation, .iTunesMetadataTrackSubTitle, .iTunesMetadataGrouping,
        .iTunesMetadataLyrics, .iTunesMetadataCoverArt, .iTunesMetadataBeatsPerMin, .iTunesMetadataEQ,
        .iTunesMetadataContentRating, .iTunesMetadataOnlineExtras, .iTunesMetadataAccountKind,
        .iTunesMetadataAppleID, .iTunesMetadataArtistID, .iTunesMetadataSongID, .iTunesMetadataPlaylistID,
        // ISO and 3GPP user data.
        .identifier3GPUserDataTitle, .identifier3GPUserDataAuthor, .identifier3GPUserDataPerformer,
        .identifier3GPUserDataAlbumAndTrack, .identifier3GPUserDataCollection, .identifier3GPUserDataDescription,
        .identifier3GPUserDataGenre, .identifier3GPUserDataMediaClassification, .identifier3GPUserDataMediaRating,
        .identifier3GPUserDataRecordingYear, .identifier3GPUserDataThumbnail, .isoUserDataCopyright,
        .isoUserDataTaggedCharacteristic, .isoUserDataAccessibilityDescription,
        // ID3.
        .id3MetadataTitleDescription, .id3MetadataSubTitle, .id3MetadataContentGroupDescription,
        .id3MetadataLeadPerformer, .id3MetadataBand, .id3MetadataConductor, .id3MetadataModifiedBy,
        .id3MetadataComposer, .id3MetadataLyricist, .id3MetadataOriginalArtist, .id3MetadataOriginalLyricist,
        .id3MetadataAlbumTitle, .id3MetadataOriginalAlbumTitle, .id3MetadataTrackNumber, .id3MetadataPartOfASet,
        .id3MetadataSetSubtitle, .id3MetadataContentType, .id3MetadataCopyright, .id3MetadataCopyrightInformation,
        .id3MetadataProducedNotice, .id3MetadataPublisher, .id3MetadataOfficialPublisherWebpage,
        .id3MetadataOfficialArtistWebpage, .id3MetadataOfficialAudioFileWebpage,
        .id3MetadataOfficialAudioSourceWebpage, .id3MetadataCommercial, .id3MetadataCommercialInformation,
        .id3MetadataPayment, .id3MetadataOwnership, .id3MetadataTermsOfUse, .id3MetadataAttachedPicture,
        .id3MetadataLanguage, .id3MetadataLength, .id3MetadataBeatsPerMinute, .id3MetadataInitialKey,
        .id3MetadataInternationalStandardRecordingCode, .id3MetadataReleaseTime, .id3MetadataOriginalReleaseTime,
        .id3MetadataOriginalReleaseYear, .id3MetadataAlbumSortOrder, .id3MetadataPerformerSortOrder,
        .id3MetadataTitleSortOrder, .id3MetadataUnsynchronizedLyric, .id3MetadataSynchronizedLyric,
        .id3MetadataMediaType, .id3MetadataMusicCDIdentifier, .id3MetadataUniqueFileIdentifier,
        .id3MetadataEqualization, .id3MetadataEqualization2, .id3MetadataRelativeVolumeAdjustment,
        .id3MetadataRelativeVolumeAdjustment2, .id3MetadataReverb, .id3MetadataMPEGLocationLookupTable,
        .id3MetadataSeek, .id3MetadataAudioSeekPointIndex, .id3MetadataEventTimingCodes,
        .id3MetadataSynchronizedTempoCodes, .id3MetadataPositionSynchronization, .id3MetadataRecommendedBufferSize,
        .id3MetadataAudioEncryption, .id3MetadataEncryption, .id3MetadataSignature, .id3MetadataGroupIdentifier,
    ]
}
