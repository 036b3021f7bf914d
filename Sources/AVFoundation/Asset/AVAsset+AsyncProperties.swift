import CoreMedia
import Foundation

// The asynchronous properties of assets, declared as Apple declares them: static members of `AVPartialAsyncProperty`
// constrained to the root class, so that `load(.duration)` on any subclass infers `AVAsyncProperty<Subclass, T>`.

extension AVPartialAsyncProperty where Root: AVAsset {
    /// The asset's duration.
    public static var duration: AVAsyncProperty<Root, CMTime> { AVAsyncProperty(key: "duration") }

    /// The natural playback rate.
    public static var preferredRate: AVAsyncProperty<Root, Float> { AVAsyncProperty(key: "preferredRate") }

    /// The preferred volume.
    public static var preferredVolume: AVAsyncProperty<Root, Float> { AVAsyncProperty(key: "preferredVolume") }

    /// The preferred transform of the visual content.
    public static var preferredTransform: AVAsyncProperty<Root, CGAffineTransform> { AVAsyncProperty(key: "preferredTransform") }

    /// How close to the live edge playback can stay.
    public static var minimumTimeOffsetFromLive: AVAsyncProperty<Root, CMTime> { AVAsyncProperty(key: "minimumTimeOffsetFromLive") }

    /// Whether timing is precise.
    public static var providesPreciseDurationAndTiming: AVAsyncProperty<Root, Bool> { AVAsyncProperty(key: "providesPreciseDurationAndTiming") }

    /// The tracks.
    public static var tracks: AVAsyncProperty<Root, [AVAssetTrack]> { AVAsyncProperty(key: "tracks") }

    /// The alternate groups of tracks.
    public static var trackGroups: AVAsyncProperty<Root, [AVAssetTrackGroup]> { AVAsyncProperty(key: "trackGroups") }

    /// The creation date, as a metadata item.
    public static var creationDate: AVAsyncProperty<Root, AVMetadataItem?> { AVAsyncProperty(key: "creationDate") }

    /// The lyrics.
    public static var lyrics: AVAsyncProperty<Root, String?> { AVAsyncProperty(key: "lyrics") }

    /// The metadata items that have a common key.
    public static var commonMetadata: AVAsyncProperty<Root, [AVMetadataItem]> { AVAsyncProperty(key: "commonMetadata") }

    /// All metadata items.
    public static var metadata: AVAsyncProperty<Root, [AVMetadataItem]> { AVAsyncProperty(key: "metadata") }

    /// The metadata formats present.
    public static var availableMetadataFormats: AVAsyncProperty<Root, [AVMetadataFormat]> { AVAsyncProperty(key: "availableMetadataFormats") }

    /// Whether any track is encrypted.
    public static var hasProtectedContent: AVAsyncProperty<Root, Bool> { AVAsyncProperty(key: "hasProtectedContent") }

    /// Whether the file can be extended by fragments.
    public static var canContainFragments: AVAsyncProperty<Root, Bool> { AVAsyncProperty(key: "canContainFragments") }

    /// Whether the file has fragments.
    public static var containsFragments: AVAsyncProperty<Root, Bool> { AVAsyncProperty(key: "containsFragments") }

    /// The total duration of fragments, when the file gives it.
    public static var overallDurationHint: AVAsyncProperty<Root, CMTime> { AVAsyncProperty(key: "overallDurationHint") }

    /// Whether the asset can be played.
    public static var isPlayable: AVAsyncProperty<Root, Bool> { AVAsyncProperty(key: "playable") }

    /// Whether the asset can be exported.
    public static var isExportable: AVAsyncProperty<Root, Bool> { AVAsyncProperty(key: "exportable") }

    /// Whether an asset reader can read the asset.
    public static var isReadable: AVAsyncProperty<Root, Bool> { AVAsyncProperty(key: "readable") }

    /// Whether the asset can be inserted into a composition.
    public static var isComposable: AVAsyncProperty<Root, Bool> { AVAsyncProperty(key: "composable") }

    /// Whether the asset can be played over AirPlay Video.
    public static var isCompatibleWithAirPlayVideo: AVAsyncProperty<Root, Bool> { AVAsyncProperty(key: "compatibleWithAirPlayVideo") }
}
