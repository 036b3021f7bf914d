import CoreMedia
import Foundation
import MediaContainer

/// What every track of one asset shares: the movie timescale, the file, the container and the asset's options.
struct TrackContext: Sendable {
    let movieTimescale: CMTimeScale
    let fileURL: URL
    let containerFormat: ContainerFormat
    let options: AssetOptions
}

/// One track of an asset: its media type, format, timing, language, geometry and metadata (AVAssetTrack.h).
///
/// Properties load like the asset's (`load(_:)`, `loadValuesAsynchronously(forKeys:completionHandler:)` or the
/// blocking synchronous forms); cancelling goes through the asset (`track.asset?.cancelLoading()`), as on Apple
/// platforms. How each value is derived from the container is documented on the property.
///
/// Thread safety: immutable after `init` except the loading state (`KeyValueLoader`) and the lazily derived
/// timeline and sample statistics (`OnceResult`), which guard themselves.
public class AVAssetTrack: NSObject, NSCopying, AVAsynchronousKeyValueLoading, KeyValueLoadingHost, @unchecked Sendable {
    private weak var weakAsset: AVAsset?
    /// The persistent identifier of the track (`tkhd` track_ID).
    public let trackID: CMPersistentTrackID
    /// The media type (the handler type: "vide", "soun", "text", "sbtl", "clcp", "tmcd", "meta"…).
    public let mediaType: AVMediaType

    /// The container's description of the track.
    let model: ContainerTrack
    let context: TrackContext
    let keyValueLoader = KeyValueLoader()
    private let timelineOnce = OnceResult<TrackTimeline>()
    private let statisticsOnce = OnceResult<SampleStatistics>()
    private let runsOnce = OnceResult<SampleTableRuns>()

    init(asset: AVAsset, model: ContainerTrack, context: TrackContext) {
        weakAsset = asset
        trackID = model.trackID
        mediaType = Self.mediaType(of: model.mediaType)
        self.model = model
        self.context = context
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

    /// The track's sample table; a malformed table is reported as `fileFailedToParse` with the reader's error.
    func sampleTable() throws -> SampleTable {
        do {
            return try model.samples.table()
        } catch {
            throw AssetLoadError.malformedTrack(trackID, error)
        }
    }

    /// Counts, sizes and durations of the samples, computed once.
    func sampleStatistics() throws -> SampleStatistics {
        try statisticsOnce.get { SampleStatistics(try sampleTable()) }
    }

    /// The sample table's runs, extracted once, for cursors that walk the table.
    func sampleTableRuns() throws -> SampleTableRuns {
        let table = try sampleTable()
        return try runsOnce.get { SampleTableRuns(table) }
    }

    /// The edit list as time mappings (see `TrackTimeline`), computed once.
    var timeline: TrackTimeline {
        // `get` cannot fail: the closure does not throw.
        (try? timelineOnce.get {
            var mediaEnd = model.mediaDuration
            if model.isFragmented || mediaEnd <= 0, let table = try? model.samples.table(), table.count > 0 {
                mediaEnd = max(mediaEnd, table.decodeTime(at: table.count))
            }
            return TrackTimeline(edits: model.edits, movieTimescale: context.movieTimescale,
                                 mediaTimescale: model.mediaTimescale, mediaEnd: mediaEnd)
        }) ?? TrackTimeline(edits: [], movieTimescale: 0, mediaTimescale: 0, mediaEnd: 0)
    }

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
