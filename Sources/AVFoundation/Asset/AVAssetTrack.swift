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
public class AVAssetTrack: NSObject, NSCopying, AVAsynchronousKeyValueLoading, KeyValueLoadingHost, @unchecked Sendable {
    private weak var weakAsset: AVAsset?
    /// The persistent identifier of the track (`tkhd` track_ID).
    public let trackID: CMPersistentTrackID
    /// The media type (the handler type: "vide", "soun", "text", "sbtl", "clcp", "tmcd", "meta"…).
    public let mediaType: AVMediaType

    /// What the track is made of.
    let backing: any TrackBacking
    /// The options of the asset the track belongs to.
    let options: AssetOptions
    let keyValueLoader = KeyValueLoader()

    init(asset: AVAsset, trackID: CMPersistentTrackID, mediaType: AVMediaType, backing: any TrackBacking,
         options: AssetOptions) {
        weakAsset = asset
        self.trackID = trackID
        self.mediaType = mediaType
        self.backing = backing
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

    // MARK: Key-value loading

    func loadingComputation(forKey key: String) -> KeyValueLoader.Computation? {
        guard let compute = Self.computations[key] else { return nil }
        return { [self] in try compute(self) }
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
