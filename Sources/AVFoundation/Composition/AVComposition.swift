import CoreMedia
import Foundation

/// An asset made of segments of other assets' tracks (AVComposition.h): what trimming, joining and slowing clips
/// produce. Readers, exports and image generators take it as they take a file's asset.
///
/// Everything is available at once: no property needs loading (`statusOfValue(forKey:error:)` reports `.loaded`).
/// An `AVComposition` is immutable; `AVMutableComposition` edits, and `copy()` of one gives an immutable snapshot.
///
/// Thread safety: `compositionLock` guards `storedTracks` and `storedNaturalSize`; the tracks guard their own states.
// Safe because `compositionLock` guards the track list and natural size; the tracks guard their own states.
open class AVComposition: AVAsset, NSMutableCopying, @unchecked Sendable {
    /// The options source files named only by URL are opened with (`AVURLAsset` options).
    public let urlAssetInitializationOptions: [String: Any]
    /// The composition's source tracks, shared with its copies.
    let registry: CompositionSourceRegistry
    let compositionLock = NSLock()
    var storedTracks: [AVCompositionTrack] = []
    var storedNaturalSize = CGSize.zero

    /// A composition with no tracks, whose URL sources open with `options`.
    init(options: [String: Any], registry: CompositionSourceRegistry? = nil) {
        urlAssetInitializationOptions = options
        self.registry = registry ?? CompositionSourceRegistry(options: options)
        super.init(source: .composition, options: AssetOptions(options))
    }

    /// The tracks as they are now.
    var currentTracks: [AVCompositionTrack] { compositionLock.withLock { storedTracks } }

    /// The authored size of the visual part: the size set on a mutable composition, else the natural size of the
    /// first video track (AVComposition.h), else zero.
    public var naturalSize: CGSize {
        let explicit = compositionLock.withLock { storedNaturalSize }
        if explicit != .zero { return explicit }
        return currentTracks.first { $0.mediaType == .video }?.naturalSize ?? .zero
    }

    /// The track with `trackID`, if any.
    public override func track(withTrackID trackID: CMPersistentTrackID) -> AVCompositionTrack? {
        currentTracks.first { $0.trackID == trackID }
    }

    /// The end of the latest track's last segment (empty segments count: they lengthen the composition).
    var compositionDuration: CMTime {
        currentTracks.map { $0.compositionState.segments.last?.target.end ?? .zero }.max() ?? .zero
    }

    override func loadedDuration() throws -> CMTime { compositionDuration }

    /// The refusal of segments assigned to one of the tracks, which makes reading and exporting fail.
    override var readingRefusal: AVError? {
        currentTracks.lazy.compactMap { ($0 as? AVMutableCompositionTrack)?.segmentsRefusal }.first
    }

    // MARK: Key-value loading

    override func loadableKey(_ name: String) -> LoadableKey? {
        Self.loadableKeys.key(name) { [self] in self }
    }

    /// Every key is available at once.
    public override func statusOfValue(forKey key: String, error outError: UnsafeMutablePointer<NSError?>?)
        -> AVKeyValueStatus {
        loadableKey(key) == nil ? .unknown : .loaded
    }

    /// The values of a composition: its own tracks and duration; no metadata, groups or fragments of its own. Each is
    /// computed on each read, so that it follows the edits, except `playable`, which asks every track.
    static let loadableKeys = LoadableKeyTable<AVComposition>(
        recomputed: [
            "duration": { $0.compositionDuration },
            "tracks": { $0.currentTracks },
            "naturalSize": { $0.naturalSize },
            "preferredRate": { _ in Float(1) },
            "preferredVolume": { _ in Float(1) },
            "preferredTransform": { _ in CGAffineTransform.identity },
            "providesPreciseDurationAndTiming": { _ in true },
            "trackGroups": { _ in [AVAssetTrackGroup]() },
            "metadata": { _ in [AVMetadataItem]() },
            "commonMetadata": { _ in [AVMetadataItem]() },
            "availableMetadataFormats": { _ in [AVMetadataFormat]() },
            "creationDate": { _ in AVMetadataItem?.none as Any },
            "lyrics": { _ in String?.none as Any },
            "hasProtectedContent": { _ in false },
            "canContainFragments": { _ in false },
            "containsFragments": { _ in false },
            "overallDurationHint": { _ in CMTime.invalid },
            "exportable": { _ in true },
            "readable": { _ in true },
            "composable": { _ in true },
            "compatibleWithAirPlayVideo": { _ in false },
            "minimumTimeOffsetFromLive": { _ in CMTime.invalid },
            "urlAssetInitializationOptions": { $0.urlAssetInitializationOptions },
        ],
        kept: [
            "playable": { composition in
                composition.currentTracks.contains { track in
                    (track.mediaType == .video || track.mediaType == .audio) && track.compositionState.isEnabled
                        && track.computedIsPlayable
                }
            },
        ])

    // MARK: Copying

    /// The composition itself: an `AVComposition` is immutable.
    open override func copy(with zone: NSZone? = nil) -> Any { self }

    /// A mutable composition with the same tracks, segments and properties.
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = AVMutableComposition(options: urlAssetInitializationOptions, registry: registry)
        copy.adopt(self) { composition, track in
            AVMutableCompositionTrack(composition: composition, trackID: track.trackID, mediaType: track.mediaType,
                                      state: track.compositionState)
        }
        return copy
    }

    /// Takes `other`'s tracks (new objects made by `makeTrack`, with the same states) and natural size.
    func adopt(_ other: AVComposition, makeTrack: (AVComposition, AVCompositionTrack) -> AVCompositionTrack) {
        let (tracks, size) = other.compositionLock.withLock { (other.storedTracks, other.storedNaturalSize) }
        let copies = tracks.map { makeTrack(self, $0) }
        compositionLock.withLock {
            storedTracks = copies
            storedNaturalSize = size
        }
    }

    /// The class, address and track count.
    open override var description: String {
        "<\(type(of: self)): \(Unmanaged.passUnretained(self).toOpaque()), \(currentTracks.count) tracks, "
            + "duration = \(compositionDuration.messageSeconds) s>"
    }
}

// The composition-typed track members Apple's AVComposition declares over AVAsset's (see AVAsset+Tracks.swift).
extension AVAsynchronousKeyValueLoading where Self: AVComposition {
    /// The composition's tracks.
    public var tracks: [AVCompositionTrack] { currentTracks }

    /// The tracks of `mediaType`.
    public func tracks(withMediaType mediaType: AVMediaType) -> [AVCompositionTrack] {
        currentTracks.filter { $0.mediaType == mediaType }
    }

    /// The tracks with `mediaCharacteristic`.
    public func tracks(withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic) -> [AVCompositionTrack] {
        currentTracks.filter { $0.hasMediaCharacteristic(mediaCharacteristic) }
    }

    /// The track with `trackID`, if any.
    public func loadTrack(withTrackID trackID: CMPersistentTrackID) async throws -> AVCompositionTrack? {
        track(withTrackID: trackID)
    }

    /// Passes the track with `trackID` (or nil) to `completionHandler`.
    public func loadTrack(withTrackID trackID: CMPersistentTrackID,
                          completionHandler: @escaping @Sendable (AVCompositionTrack?, (any Error)?) -> Void) {
        completionHandler(track(withTrackID: trackID), nil)
    }

    /// The tracks of `mediaType`.
    public func loadTracks(withMediaType mediaType: AVMediaType) async throws -> [AVCompositionTrack] {
        tracks(withMediaType: mediaType)
    }

    /// Passes the tracks of `mediaType` to `completionHandler`.
    public func loadTracks(withMediaType mediaType: AVMediaType,
                           completionHandler: @escaping @Sendable ([AVCompositionTrack]?, (any Error)?) -> Void) {
        completionHandler(tracks(withMediaType: mediaType), nil)
    }

    /// The tracks with `mediaCharacteristic`.
    public func loadTracks(withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic) async throws
        -> [AVCompositionTrack] {
        tracks(withMediaCharacteristic: mediaCharacteristic)
    }

    /// Passes the tracks with `mediaCharacteristic` to `completionHandler`.
    public func loadTracks(withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic,
                           completionHandler: @escaping @Sendable ([AVCompositionTrack]?, (any Error)?) -> Void) {
        completionHandler(tracks(withMediaCharacteristic: mediaCharacteristic), nil)
    }
}

extension AVPartialAsyncProperty where Root: AVComposition {
    /// The composition's tracks.
    public static var tracks: AVAsyncProperty<Root, [AVCompositionTrack]> { AVAsyncProperty(key: "tracks") }
    /// The authored size of the visual part.
    public static var naturalSize: AVAsyncProperty<Root, CGSize> { AVAsyncProperty(key: "naturalSize") }
}
