import CoreMedia
import Foundation
import MediaContainer

/// One track of an asset: its media type, format, timing, language, geometry and metadata (AVAssetTrack.h).
///
/// Properties load like the asset's (`load(_:)`, `loadValuesAsynchronously(forKeys:completionHandler:)` or the
/// blocking synchronous forms); cancelling goes through the asset (`track.asset?.cancelLoading()`), as on Apple
/// platforms. Every value derives from the track's backing (`TrackBacking`): a track of a container file, or a
/// composition track's segments; how is documented on the property.
///
/// Thread safety: immutable after `init` except the loading state (`KeyValueLoader`), which guards itself; the
/// backing is thread-safe.
// Safe because immutable after `init` but for the loading state, which guards itself; the backing is thread-safe.
open class AVAssetTrack: NSObject, NSCopying, AVAsynchronousKeyValueLoading, KeyValueLoadingHost, @unchecked Sendable {
    private weak var weakAsset: AVAsset?
    /// The persistent identifier of the track (`tkhd` track_ID).
    public let trackID: CMPersistentTrackID
    /// The media type (the handler type: "vide", "soun", "text", "sbtl", "clcp", "tmcd", "meta"…).
    public let mediaType: AVMediaType

    /// What the track is made of (a composition track's changes as it is edited).
    var backing: any TrackBacking { storedBacking }
    private let storedBacking: any TrackBacking
    /// The options of the asset the track belongs to.
    let options: AssetOptions
    let keyValueLoader = KeyValueLoader()

    init(asset: AVAsset, trackID: CMPersistentTrackID, mediaType: AVMediaType, backing: any TrackBacking,
         options: AssetOptions) {
        weakAsset = asset
        self.trackID = trackID
        self.mediaType = mediaType
        storedBacking = backing
        self.options = options
        super.init()
    }

    /// The asset the track belongs to; `nil` once the asset has been deallocated (Apple's property is weak).
    public var asset: AVAsset? { weakAsset }

    /// The AVFoundation media type of a handler type: ISO's 'subt' is Apple's subtitle type, the rest carry over.
    static func mediaType(of handler: CMMediaType) -> AVMediaType {
        let text = FourCharCodeText.string(handler)
        return text == "subt" ? .subtitle : AVMediaType(rawValue: text)
    }

    // MARK: Samples

    /// Counts, sizes and durations of the samples.
    func sampleStatistics() throws -> SampleStatistics { try backing.sampleStatistics() }

    /// What the track presents when: the one timeline that the track's `segments` and `timeRange` report and that
    /// readers of the track play.
    var timeline: TrackTimeline { backing.timeline }

    /// The container track behind the track, when it is a track of a file (sample cursors walk its table).
    var containerBacking: ContainerTrackBacking? { backing as? ContainerTrackBacking }

    // MARK: Properties a mutable composition track can set (declared here so that it can override them)

    /// Whether the container marks the track enabled (`tkhd` flag 1).
    public var isEnabled: Bool { synchronousValue(forKey: "enabled", fallback: false) }

    /// The media timescale (`mdhd`): times of the track's samples are exact in it.
    public var naturalTimeScale: CMTimeScale { synchronousValue(forKey: "naturalTimeScale", fallback: CMTimeScale(0)) }

    /// The ISO 639-2/T language code (`mdhd`), `nil` when undetermined.
    public var languageCode: String? { synchronousValue(forKey: "languageCode", fallback: String?.none) }

    /// The BCP 47 language tag (`elng`), when the track has one.
    public var extendedLanguageTag: String? {
        synchronousValue(forKey: "extendedLanguageTag", fallback: String?.none)
    }

    /// The track's transform (`tkhd` matrix).
    public var preferredTransform: CGAffineTransform {
        synchronousValue(forKey: "preferredTransform", fallback: CGAffineTransform.identity)
    }

    /// The track's volume (`tkhd`).
    public var preferredVolume: Float { synchronousValue(forKey: "preferredVolume", fallback: Float(0)) }

    /// The segment whose target contains `trackTime`, else the closest one; `nil` for a track without segments.
    ///
    /// Made from the track's timeline in O(log n), without the whole `segments` array: an edit list of millions of
    /// entries can be walked segment by segment in memory that does not grow with it.
    public func segment(forTrackTime trackTime: CMTime) -> AVAssetTrackSegment? {
        let timeline = timeline
        return timeline.segmentIndex(forTrackTime: trackTime).map { AVAssetTrackSegment(timeMapping: timeline.segments[$0].timeMapping) }
    }

    /// Loads the segment whose target contains `trackTime`, else the closest one.
    public func loadSegment(forTrackTime trackTime: CMTime) async throws -> AVAssetTrackSegment? {
        _ = try await load(.timeRange)
        return segment(forTrackTime: trackTime)
    }

    // MARK: Key-value loading

    func loadableKey(_ name: String) -> LoadableKey? {
        Self.loadableKeys.key(name) { [self] in self }
    }

    /// The status of the value of `key`.
    public func statusOfValue(forKey key: String, error outError: UnsafeMutablePointer<NSError?>?) -> AVKeyValueStatus {
        keyValueStatus(forKey: key, error: outError)
    }

    /// Loads the values of `keys` and calls `handler` once.
    public func loadValuesAsynchronously(forKeys keys: [String], completionHandler handler: (@Sendable () -> Void)?) {
        loadKeysAsynchronously(keys, completionHandler: handler)
    }

    // MARK: NSObject

    /// The track itself: tracks are immutable.
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// The class, address, track ID and media type.
    public override var description: String {
        "<\(type(of: self)): \(Unmanaged.passUnretained(self).toOpaque()), trackID = \(trackID), "
            + "mediaType = \(mediaType.rawValue)>"
    }
}
