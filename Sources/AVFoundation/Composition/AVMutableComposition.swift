import CoreMedia
import Foundation

/// A composition that can be edited: tracks added and removed, time ranges of other assets inserted into all its
/// tracks at once, empty ranges inserted, ranges removed and scaled (AVMutableComposition.h). Edits of the whole
/// composition apply to every track; each track's edits follow `CompositionSegmentList`'s rules.
///
/// Thread safety: `compositionLock` guards the track list and natural size; one composition-wide edit runs at a
/// time (`editLock`), and each track guards its own state.
// Safe because `compositionLock` and `editLock` guard its state; each track guards its own.
open class AVMutableComposition: AVComposition, @unchecked Sendable {
    private let editLock = NSLock()

    /// An empty composition.
    public init() {
        super.init(options: [:])
    }

    /// An empty composition whose sources named only by URL open with `URLAssetInitializationOptions` (the options
    /// of `AVURLAsset(url:options:)`).
    public convenience init(urlAssetInitializationOptions URLAssetInitializationOptions: [String: Any]? = nil) {
        self.init(options: URLAssetInitializationOptions ?? [:], registry: nil)
    }

    override init(options: [String: Any], registry: CompositionSourceRegistry?) {
        super.init(options: options, registry: registry)
    }

    /// The authored size of the visual part; zero (the default) means the natural size of the first video track.
    public override var naturalSize: CGSize {
        get { super.naturalSize }
        set {
            compositionLock.withLock { storedNaturalSize = newValue }
            keyValueLoader.invalidateFinishedValues()
        }
    }

    /// The track with `trackID`, if any.
    public override func track(withTrackID trackID: CMPersistentTrackID) -> AVMutableCompositionTrack? {
        currentTracks.first { $0.trackID == trackID } as? AVMutableCompositionTrack
    }

    /// The mutable tracks.
    var mutableTracks: [AVMutableCompositionTrack] { currentTracks.compactMap { $0 as? AVMutableCompositionTrack } }

    // MARK: Tracks

    /// Adds an empty track of `mediaType`. Its ID is `preferredTrackID` unless that is
    /// `kCMPersistentTrackID_Invalid` or taken, in which case it is one no track uses.
    public func addMutableTrack(withMediaType mediaType: AVMediaType,
                                preferredTrackID: CMPersistentTrackID) -> AVMutableCompositionTrack? {
        let track = compositionLock.withLock { () -> AVMutableCompositionTrack in
            let used = Set(storedTracks.map(\.trackID))
            let id = preferredTrackID > 0 && !used.contains(preferredTrackID)
                ? preferredTrackID : (used.max() ?? 0) + 1
            let track = AVMutableCompositionTrack(composition: self, trackID: id, mediaType: mediaType,
                                                  state: .empty)
            storedTracks.append(track)
            return track
        }
        keyValueLoader.invalidateFinishedValues()
        return track
    }

    /// Removes `track` from the composition.
    public func removeTrack(_ track: AVCompositionTrack) {
        compositionLock.withLock { storedTracks.removeAll { $0 === track } }
        keyValueLoader.invalidateFinishedValues()
    }

    /// A track of the composition into which any time range of `track` can be inserted: the first of the same
    /// media type; nil when there is none (add one with `addMutableTrack(withMediaType:preferredTrackID:)`).
    public func mutableTrack(compatibleWith track: AVAssetTrack) -> AVMutableCompositionTrack? {
        mutableTracks.first { $0.mediaType == track.mediaType }
    }

    // MARK: Editing the whole composition

    /// Inserts `timeRange` of every track of `asset` at `startTime`, pushing what lies there later: each into a
    /// compatible track of the composition, or a new one (with the source track's properties) when there is none.
    /// The range is cut to the asset's duration; the error of an asset that cannot be loaded, or a range that
    /// holds nothing, is thrown and the composition is left unchanged.
    public func insertTimeRange(_ timeRange: CMTimeRange, of asset: AVAsset, at startTime: CMTime) throws {
        try editLock.withLock { try insert(timeRange, of: asset, at: startTime) }
    }

    /// Inserts `timeRange` of every track of `asset` at `startTime` (see the synchronous form).
    public final func insertTimeRange(_ timeRange: CMTimeRange, of asset: AVAsset, at startTime: CMTime,
                                      isolation: isolated (any Actor)? = #isolation) async throws {
        _ = try await asset.load(.tracks)
        try editLock.withLock { try insert(timeRange, of: asset, at: startTime) }
    }

    /// Inserts `timeRange` of every track of `asset` at `startTime`, then calls `completionHandler` with the error,
    /// if any.
    public func insertTimeRange(_ timeRange: CMTimeRange, of asset: AVAsset, at startTime: CMTime,
                                completionHandler: @escaping @Sendable ((any Error)?) -> Void) {
        KeyValueLoader.loadingQueue.async { [self] in
            do {
                try editLock.withLock { try insert(timeRange, of: asset, at: startTime) }
                completionHandler(nil)
            } catch {
                completionHandler(error)
            }
        }
    }

    /// Inserts an empty range into every track.
    public func insertEmptyTimeRange(_ timeRange: CMTimeRange) {
        editLock.withLock { for track in mutableTracks { track.insertEmptyTimeRange(timeRange) } }
    }

    /// Removes a range from every track; the tracks stay, even if left empty.
    public func removeTimeRange(_ timeRange: CMTimeRange) {
        editLock.withLock { for track in mutableTracks { track.removeTimeRange(timeRange) } }
    }

    /// Makes `timeRange` of every track last `duration`.
    public func scaleTimeRange(_ timeRange: CMTimeRange, toDuration duration: CMTime) {
        editLock.withLock { for track in mutableTracks { track.scaleTimeRange(timeRange, toDuration: duration) } }
    }

    /// The insertion of `insertTimeRange(_:of:at:)`: every track's segments are made before any track changes.
    private func insert(_ timeRange: CMTimeRange, of asset: AVAsset, at startTime: CMTime) throws {
        guard startTime.isNumeric, startTime >= .zero else {
            throw AVError(.operationNotAllowed, "cannot insert at \(startTime.descriptionText): the start time must be a numeric time ≥ 0")
        }
        let duration = try asset.loadedDuration()
        let sources = asset.tracks
        let clipped = CMTimeRangeGetIntersection(timeRange, otherRange: CMTimeRange(start: .zero, duration: duration))
        guard clipped.isValid, clipped.duration > .zero else {
            throw AVError(.invalidCompositionTrackSegmentSourceStartTime,
                          "cannot insert \(timeRange.start.messageSeconds)–\(timeRange.end.messageSeconds) s of "
                          + "\(CompositionSourceRegistry.describe(asset)): the asset lasts \(duration.messageSeconds) s")
        }
        var planned: [(AVAssetTrack, [CompositionSegment])] = []
        for source in sources where source.mediaType != .timecode {
            planned.append((source, try registry.segments(presenting: clipped, of: source)))
        }
        var receiving: [AVMutableCompositionTrack] = []
        for (source, segments) in planned {
            let target = mutableTracks.first { $0.mediaType == source.mediaType && !receiving.contains($0) }
                ?? addTrack(copying: source)
            receiving.append(target)
            target.edit { current, _ in
                var list = CompositionSegmentList(current)
                list.insert(segments, at: startTime)
                current = list.segments
            }
        }
        // The other tracks keep in step: what lay after the start moves later too.
        for track in mutableTracks where !receiving.contains(track) && track.compositionState.segments.last.map({
            $0.target.end > startTime
        }) == true {
            track.edit { current, _ in
                var list = CompositionSegmentList(current)
                list.insertEmpty(CMTimeRange(start: startTime, duration: clipped.duration))
                current = list.segments
            }
        }
        keyValueLoader.invalidateFinishedValues()
    }

    /// A new track taking `source`'s media type and properties (and its track ID when that is free).
    private func addTrack(copying source: AVAssetTrack) -> AVMutableCompositionTrack {
        let track = addMutableTrack(withMediaType: source.mediaType, preferredTrackID: source.trackID)
            ?? AVMutableCompositionTrack(composition: self, trackID: 0, mediaType: source.mediaType, state: .empty)
        let backing = source.backing
        track.edit { _, properties in
            properties.isEnabled = backing.isEnabled
            properties.languageCode = backing.languageCode
            properties.extendedLanguageTag = backing.extendedLanguageTag
            properties.preferredTransform = backing.preferredTransform
            properties.preferredVolume = backing.preferredVolume
        }
        return track
    }

    // MARK: Copying

    /// An immutable snapshot of the composition: its tracks as they are now.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = AVComposition(options: urlAssetInitializationOptions, registry: registry)
        copy.adopt(self) { composition, track in
            AVCompositionTrack(composition: composition, trackID: track.trackID, mediaType: track.mediaType,
                               state: track.compositionState)
        }
        return copy
    }
}

// The mutable-track-typed members Apple's AVMutableComposition declares (see AVAsset+Tracks.swift).
extension AVAsynchronousKeyValueLoading where Self: AVMutableComposition {
    /// The composition's tracks.
    public var tracks: [AVMutableCompositionTrack] { mutableTracks }

    /// The tracks of `mediaType`.
    public func tracks(withMediaType mediaType: AVMediaType) -> [AVMutableCompositionTrack] {
        mutableTracks.filter { $0.mediaType == mediaType }
    }

    /// The tracks with `mediaCharacteristic`.
    public func tracks(withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic) -> [AVMutableCompositionTrack] {
        mutableTracks.filter { $0.hasMediaCharacteristic(mediaCharacteristic) }
    }

    /// The track with `trackID`, if any.
    public func loadTrack(withTrackID trackID: CMPersistentTrackID) async throws -> AVMutableCompositionTrack? {
        track(withTrackID: trackID)
    }

    /// Passes the track with `trackID` (or nil) to `completionHandler`.
    public func loadTrack(withTrackID trackID: CMPersistentTrackID,
                          completionHandler: @escaping @Sendable (AVMutableCompositionTrack?, (any Error)?) -> Void) {
        completionHandler(track(withTrackID: trackID), nil)
    }

    /// The tracks of `mediaType`.
    public func loadTracks(withMediaType mediaType: AVMediaType) async throws -> [AVMutableCompositionTrack] {
        tracks(withMediaType: mediaType)
    }

    /// Passes the tracks of `mediaType` to `completionHandler`.
    public func loadTracks(withMediaType mediaType: AVMediaType,
                           completionHandler: @escaping @Sendable ([AVMutableCompositionTrack]?, (any Error)?) -> Void) {
        completionHandler(tracks(withMediaType: mediaType), nil)
    }

    /// The tracks with `mediaCharacteristic`.
    public func loadTracks(withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic) async throws
        -> [AVMutableCompositionTrack] {
        tracks(withMediaCharacteristic: mediaCharacteristic)
    }

    /// Passes the tracks with `mediaCharacteristic` to `completionHandler`.
    public func loadTracks(withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic,
                           completionHandler: @escaping @Sendable ([AVMutableCompositionTrack]?, (any Error)?) -> Void) {
        completionHandler(tracks(withMediaCharacteristic: mediaCharacteristic), nil)
    }
}

extension AVPartialAsyncProperty where Root: AVMutableComposition {
    /// The composition's tracks.
    public static var tracks: AVAsyncProperty<Root, [AVMutableCompositionTrack]> { AVAsyncProperty(key: "tracks") }
}
