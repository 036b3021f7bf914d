import CoreMedia
import Foundation

// The asynchronous properties of asset tracks, declared as Apple declares them: static members of `AVPartialAsyncProperty`
// constrained to the root class, so that `load(.duration)` on any subclass infers `AVAsyncProperty<Subclass, T>`.

extension AVPartialAsyncProperty where Root: AVAssetTrack {
    /// The format descriptions of the track's samples.
    public static var formatDescriptions: AVAsyncProperty<Root, [CMFormatDescription]> { AVAsyncProperty(key: "formatDescriptions") }

    /// Whether the track can be played.
    public static var isPlayable: AVAsyncProperty<Root, Bool> { AVAsyncProperty(key: "playable") }

    /// Whether the track can be decoded.
    public static var isDecodable: AVAsyncProperty<Root, Bool> { AVAsyncProperty(key: "decodable") }

    /// Whether the track is enabled.
    public static var isEnabled: AVAsyncProperty<Root, Bool> { AVAsyncProperty(key: "enabled") }

    /// Whether all sample data is in the asset's file.
    public static var isSelfContained: AVAsyncProperty<Root, Bool> { AVAsyncProperty(key: "selfContained") }

    /// The total size of the sample data in bytes.
    public static var totalSampleDataLength: AVAsyncProperty<Root, Int64> { AVAsyncProperty(key: "totalSampleDataLength") }

    /// The track's media characteristics.
    public static var mediaCharacteristics: AVAsyncProperty<Root, [AVMediaCharacteristic]> { AVAsyncProperty(key: "mediaCharacteristics") }

    /// The track's time range on the asset's timeline.
    public static var timeRange: AVAsyncProperty<Root, CMTimeRange> { AVAsyncProperty(key: "timeRange") }

    /// The media timescale.
    public static var naturalTimeScale: AVAsyncProperty<Root, CMTimeScale> { AVAsyncProperty(key: "naturalTimeScale") }

    /// The data rate in bits per second.
    public static var estimatedDataRate: AVAsyncProperty<Root, Float> { AVAsyncProperty(key: "estimatedDataRate") }

    /// The ISO 639-2/T language code.
    public static var languageCode: AVAsyncProperty<Root, String?> { AVAsyncProperty(key: "languageCode") }

    /// The BCP 47 language tag.
    public static var extendedLanguageTag: AVAsyncProperty<Root, String?> { AVAsyncProperty(key: "extendedLanguageTag") }

    /// The natural size of the visual media.
    public static var naturalSize: AVAsyncProperty<Root, CGSize> { AVAsyncProperty(key: "naturalSize") }

    /// The track's transform.
    public static var preferredTransform: AVAsyncProperty<Root, CGAffineTransform> { AVAsyncProperty(key: "preferredTransform") }

    /// The track's volume.
    public static var preferredVolume: AVAsyncProperty<Root, Float> { AVAsyncProperty(key: "preferredVolume") }

    /// Whether audio packets depend on one another.
    public static var hasAudioSampleDependencies: AVAsyncProperty<Root, Bool> { AVAsyncProperty(key: "hasAudioSampleDependencies") }

    /// Samples per second.
    public static var nominalFrameRate: AVAsyncProperty<Root, Float> { AVAsyncProperty(key: "nominalFrameRate") }

    /// The shortest sample duration.
    public static var minFrameDuration: AVAsyncProperty<Root, CMTime> { AVAsyncProperty(key: "minFrameDuration") }

    /// Whether presentation and decode times differ.
    public static var requiresFrameReordering: AVAsyncProperty<Root, Bool> { AVAsyncProperty(key: "requiresFrameReordering") }

    /// The edit list as segments.
    public static var segments: AVAsyncProperty<Root, [AVAssetTrackSegment]> { AVAsyncProperty(key: "segments") }

    /// The metadata items that have a common key.
    public static var commonMetadata: AVAsyncProperty<Root, [AVMetadataItem]> { AVAsyncProperty(key: "commonMetadata") }

    /// The track's metadata items.
    public static var metadata: AVAsyncProperty<Root, [AVMetadataItem]> { AVAsyncProperty(key: "metadata") }

    /// The metadata formats present.
    public static var availableMetadataFormats: AVAsyncProperty<Root, [AVMetadataFormat]> { AVAsyncProperty(key: "availableMetadataFormats") }

    /// The types of association with other tracks.
    public static var availableTrackAssociationTypes: AVAsyncProperty<Root, [AVAssetTrack.AssociationType]> { AVAsyncProperty(key: "availableTrackAssociationTypes") }

    /// Whether sample cursors can walk the track.
    public static var canProvideSampleCursors: AVAsyncProperty<Root, Bool> { AVAsyncProperty(key: "canProvideSampleCursors") }
}
