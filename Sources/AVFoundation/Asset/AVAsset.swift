import CoreMedia
import Foundation
import MediaContainer

/// Timed audiovisual media: a collection of tracks presented together, with the asset's own timing, metadata and
/// usability (AVAsset.h).
///
/// `AVAsset(url:)` and `AVURLAsset(url:options:)` open a file lazily: nothing is read until a property is asked
/// for. Properties load asynchronously with `load(_:)` (one to eight at once, or more) or
/// `loadValuesAsynchronously(forKeys:completionHandler:)`, or synchronously, blocking, through the older
/// properties (`duration`, `tracks`…). Each value is computed once; the file is opened once.
///
/// A subclass of `NSObject`, as on Apple platforms: code written for Apple compares assets and tracks with `==`
/// (`isEqual`, identity), puts them in sets (`hash`), copies them (`NSCopying`) and prints them (`description`).
///
/// Thread safety: every stored property is immutable after `init` except the loading state, which
/// `KeyValueLoader` and `OnceResult` guard with their own locks; all methods may be called from any thread.
// Safe because immutable after `init` but for the loading state, which `KeyValueLoader` and `OnceResult` guard.
open class AVAsset: NSObject, NSCopying, AVAsynchronousKeyValueLoading, KeyValueLoadingHost, @unchecked Sendable {
    /// Where the asset's media comes from.
    enum Source: Sendable {
        /// A file, opened with the reader the opener picks.
        case file(URL, ContainerOpener)
        /// A container reader that is already open (tests, and assets made from readers inside the package).
        case reader(any ContainerReader, URL?)
        /// No container: a composition, whose tracks are segments of other assets' tracks.
        case composition
    }

    let source: Source
    let options: AssetOptions
    let keyValueLoader = KeyValueLoader()
    private let contentsOnce = OnceResult<AssetContents>()

    /// An asset over `source`.
    init(source: Source, options: AssetOptions) {
        self.source = source
        self.options = options
        super.init()
    }

    /// An asset for the media file at `url` (Apple returns an `AVURLAsset`; this is an `AVAsset` with the same
    /// behaviour, since a Swift initializer cannot return a subclass).
    public convenience init(url URL: URL) {
        self.init(source: .file(URL, .standard), options: AssetOptions())
    }

    deinit {
        // Apple: "Deallocation of an instance of AVAsset will implicitly cancel loading".
        keyValueLoader.cancelAll()
    }

    /// The file's URL, when the asset has one.
    var sourceURL: URL? {
        switch source {
        case .file(let url, _): url
        case .reader(_, let url): url
        case .composition: nil
        }
    }

    /// The opened asset: the reader, tracks and metadata. Opens the file on first use; throws the open's error
    /// (an `AVError` or a URL loading `NSError`) to every caller.
    func contents() throws -> AssetContents {
        try contentsOnce.get {
            let reader: any ContainerReader
            switch source {
            case .file(let url, let opener): reader = try opener.open(url: url)
            case .reader(let opened, _): reader = opened
            case .composition: throw AVError(.operationNotAllowed, "internal: a composition has no container to open")
            }
            return AssetContents(asset: self, reader: reader, options: options, url: sourceURL)
        }
    }

    /// The duration, opening the asset (blocking) if it is not open: throws the open's error. What readers and
    /// exports start from. Compositions, which need no opening, override it.
    func loadedDuration() throws -> CMTime {
        try contents().duration
    }

    /// Why the asset cannot be read or exported as it stands, if so (a composition track whose segments were refused).
    var readingRefusal: AVError? { nil }

    /// The contents if they have been opened already.
    var openedContents: AssetContents? { contentsOnce.valueIfComputed }

    // MARK: Key-value loading

    /// How to compute each loadable key from the opened contents. Subclasses that are not backed by a container
    /// reader (compositions) override this.
    func loadableKey(_ name: String) -> LoadableKey? {
        AssetContents.loadableKeys.key(name) { [self] in try contents() }
    }

    /// The status of the value of `key` ("duration", "tracks", "playable"…); `outError` receives the error of a
    /// failed load.
    public func statusOfValue(forKey key: String, error outError: UnsafeMutablePointer<NSError?>?) -> AVKeyValueStatus {
        keyValueStatus(forKey: key, error: outError)
    }

    /// Loads the values of `keys` that are not loaded and calls `handler` once: at once when nothing needed
    /// loading, otherwise on a background queue when every key has loaded, failed or been cancelled.
    public func loadValuesAsynchronously(forKeys keys: [String], completionHandler handler: (@Sendable () -> Void)?) {
        loadKeysAsynchronously(keys, completionHandler: handler)
    }

    /// Cancels every load under way, of the asset and of its tracks: pending `load(_:)` calls throw
    /// `CancellationError` and the keys report `.cancelled` until loaded again.
    public func cancelLoading() {
        keyValueLoader.cancelAll()
        for track in openedContents?.tracks ?? [] { track.keyValueLoader.cancelAll() }
    }

    // MARK: Synchronous properties (they block until loaded; failures give the documented defaults)

    /// The duration; invalid when the asset cannot be loaded.
    public var duration: CMTime { synchronousValue(forKey: "duration", fallback: CMTime.invalid) }

    /// The natural playback rate (`mvhd` rate), often 1.
    public var preferredRate: Float { synchronousValue(forKey: "preferredRate", fallback: Float(1)) }

    /// The preferred volume (`mvhd` volume), often 1.
    public var preferredVolume: Float { synchronousValue(forKey: "preferredVolume", fallback: Float(1)) }

    /// The preferred transform of the visual content (`mvhd` matrix), often the identity.
    public var preferredTransform: CGAffineTransform {
        synchronousValue(forKey: "preferredTransform", fallback: CGAffineTransform.identity)
    }

    /// Whether the duration and timing are precise.
    public var providesPreciseDurationAndTiming: Bool {
        synchronousValue(forKey: "providesPreciseDurationAndTiming", fallback: false)
    }

    /// The reference restrictions the asset was created with.
    public var referenceRestrictions: AVAssetReferenceRestrictions { options.referenceRestrictions }

    /// The track with `trackID`, if any.
    public func track(withTrackID trackID: CMPersistentTrackID) -> AVAssetTrack? {
        tracks.first { $0.trackID == trackID }
    }

    /// The alternate groups of tracks.
    public var trackGroups: [AVAssetTrackGroup] {
        synchronousValue(forKey: "trackGroups", fallback: [AVAssetTrackGroup]())
    }

    /// The creation date, as a metadata item.
    public var creationDate: AVMetadataItem? {
        synchronousValue(forKey: "creationDate", fallback: AVMetadataItem?.none)
    }

    /// The lyrics, when the metadata has some.
    public var lyrics: String? { synchronousValue(forKey: "lyrics", fallback: String?.none) }

    /// The metadata items that have a common key, in the common key space.
    public var commonMetadata: [AVMetadataItem] {
        synchronousValue(forKey: "commonMetadata", fallback: [AVMetadataItem]())
    }

    /// All metadata items of the asset.
    public var metadata: [AVMetadataItem] { synchronousValue(forKey: "metadata", fallback: [AVMetadataItem]()) }

    /// The metadata formats the asset has items of.
    public var availableMetadataFormats: [AVMetadataFormat] {
        synchronousValue(forKey: "availableMetadataFormats", fallback: [AVMetadataFormat]())
    }

    /// The metadata items of `format`.
    public func metadata(forFormat format: AVMetadataFormat) -> [AVMetadataItem] {
        metadata.filter { $0.metadataFormat == format }
    }

    /// Whether any track is encrypted.
    public var hasProtectedContent: Bool { synchronousValue(forKey: "hasProtectedContent", fallback: false) }

    /// Whether the file can be extended by fragments (`mvex` present).
    public var canContainFragments: Bool { synchronousValue(forKey: "canContainFragments", fallback: false) }

    /// Whether the file has fragments (`moof`).
    public var containsFragments: Bool { synchronousValue(forKey: "containsFragments", fallback: false) }

    /// The total duration of existing and future fragments (`mehd`), or invalid when the file gives none.
    public var overallDurationHint: CMTime {
        synchronousValue(forKey: "overallDurationHint", fallback: CMTime.invalid)
    }

    /// How close to the live edge playback can stay; invalid for assets that are not live streams.
    public var minimumTimeOffsetFromLive: CMTime { .invalid }

    /// Whether the asset can be played: it loads and has an enabled, playable audio or video track.
    public var isPlayable: Bool { synchronousValue(forKey: "playable", fallback: false) }

    /// Whether an export session can export the asset.
    public var isExportable: Bool { synchronousValue(forKey: "exportable", fallback: false) }

    /// Whether an asset reader can read the asset.
    public var isReadable: Bool { synchronousValue(forKey: "readable", fallback: false) }

    /// Whether the asset can be inserted into a composition.
    public var isComposable: Bool { synchronousValue(forKey: "composable", fallback: false) }

    /// Whether the asset can be played over AirPlay Video: never here, there is no AirPlay on Linux.
    public var isCompatibleWithAirPlayVideo: Bool { false }

    // MARK: NSObject

    /// The asset itself: assets are immutable.
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// The class, address and URL.
    public override var description: String {
        let location = sourceURL.map { ", URL = \($0.absoluteString)" } ?? ""
        return "<\(type(of: self)): \(Unmanaged.passUnretained(self).toOpaque())\(location)>"
    }
}
