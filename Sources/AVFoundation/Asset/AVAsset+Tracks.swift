import CoreMedia
import Foundation

// An asset's tracks, declared on a protocol extension constrained to the asset class rather than on the class
// itself. Apple's AVComposition and AVMutableComposition return their own track classes from these members
// (`[AVCompositionTrack]`, `[AVMutableCompositionTrack]`), which Objective-C allows and a Swift override does not
// (an array property or result cannot be overridden with a subclass's element type). Declared this way, each class
// gets its own typed members (`AVComposition+Tracks.swift`): the most constrained extension wins for the static
// type at hand, so `composition.tracks(withMediaType: .video).first?.insertTimeRange(…)` compiles as on Apple
// platforms, while an `AVAsset`-typed reference sees `[AVAssetTrack]` holding the same objects.

extension AVAsynchronousKeyValueLoading where Self: AVAsset {
    /// The tracks, in file order.
    public var tracks: [AVAssetTrack] { synchronousValue(forKey: "tracks", fallback: [AVAssetTrack]()) }

    /// The tracks of `mediaType`.
    public func tracks(withMediaType mediaType: AVMediaType) -> [AVAssetTrack] {
        tracks.filter { $0.mediaType == mediaType }
    }

    /// The tracks with `mediaCharacteristic`.
    public func tracks(withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic) -> [AVAssetTrack] {
        tracks.filter { $0.hasMediaCharacteristic(mediaCharacteristic) }
    }

    /// Loads the track with `trackID`, if any.
    public func loadTrack(withTrackID trackID: CMPersistentTrackID) async throws -> AVAssetTrack? {
        try await loadedTracks { $0.trackID == trackID }.first
    }

    /// Loads the track with `trackID` and passes it (or `nil`), or the load's error, to `completionHandler`.
    public func loadTrack(withTrackID trackID: CMPersistentTrackID,
                          completionHandler: @escaping @Sendable (AVAssetTrack?, (any Error)?) -> Void) {
        loadTracks(then: { (tracks: [AVAssetTrack]?, error) in completionHandler(tracks?.first, error) },
                   where: { $0.trackID == trackID })
    }

    /// Loads the tracks of `mediaType`.
    public func loadTracks(withMediaType mediaType: AVMediaType) async throws -> [AVAssetTrack] {
        try await loadedTracks { $0.mediaType == mediaType }
    }

    /// Loads the tracks of `mediaType` and passes them, or the load's error, to `completionHandler`.
    public func loadTracks(withMediaType mediaType: AVMediaType,
                           completionHandler: @escaping @Sendable ([AVAssetTrack]?, (any Error)?) -> Void) {
        loadTracks(then: completionHandler) { $0.mediaType == mediaType }
    }

    /// Loads the tracks with `mediaCharacteristic`.
    public func loadTracks(withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic) async throws
        -> [AVAssetTrack] {
        try await loadedTracks(withMediaCharacteristic: mediaCharacteristic)
    }

    /// Loads the tracks with `mediaCharacteristic` and passes them, or the load's error, to `completionHandler`.
    public func loadTracks(withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic,
                           completionHandler: @escaping @Sendable ([AVAssetTrack]?, (any Error)?) -> Void) {
        loadTracks(then: completionHandler) { $0.hasMediaCharacteristic(mediaCharacteristic) }
    }
}

extension AVAsset {
    /// The tracks that pass `include`, once the tracks have loaded; throws the load's error.
    func loadedTracks<Track: AVAssetTrack>(as type: Track.Type = Track.self,
                                           where include: (AVAssetTrack) -> Bool) async throws -> [Track] {
        try await loadTracksValue().filter(include).compactMap { $0 as? Track }
    }

    /// The tracks with `mediaCharacteristic`, once they have loaded.
    func loadedTracks<Track: AVAssetTrack>(as type: Track.Type = Track.self,
                                           withMediaCharacteristic characteristic: AVMediaCharacteristic) async throws
        -> [Track] {
        var result: [Track] = []
        for track in try await loadTracksValue() where try await track.load(.mediaCharacteristics).contains(characteristic) {
            if let typed = track as? Track { result.append(typed) }
        }
        return result
    }

    /// The loaded value of "tracks".
    func loadTracksValue() async throws -> [AVAssetTrack] {
        try await AVAsyncProperty<AVAsset, [AVAssetTrack]>(key: "tracks").loadValue(on: self)
    }

    /// Loads the tracks, then calls `completionHandler` with those `include` passes (as `Track`s) or with the
    /// load's error.
    func loadTracks<Track: AVAssetTrack>(then completionHandler: @escaping @Sendable ([Track]?, (any Error)?) -> Void,
                                         where include: @escaping @Sendable (AVAssetTrack) -> Bool) {
        loadValuesAsynchronously(forKeys: ["tracks"]) { [self] in
            switch loadedResult(forKey: "tracks") {
            case .success(let tracks as [AVAssetTrack]):
                completionHandler(tracks.filter(include).compactMap { $0 as? Track }, nil)
            case .failure(let error): completionHandler(nil, error)
            default: completionHandler(nil, CancellationError())
            }
        }
    }
}

extension AVAsset {
    /// A track ID no track of the asset uses (one more than the largest).
    public func unusedTrackID() -> CMPersistentTrackID {
        (tracks.map(\.trackID).max() ?? 0) + 1
    }

    /// Loads the tracks and returns a track ID none of them uses.
    public func findUnusedTrackID() async throws -> CMPersistentTrackID {
        (try await loadTracksValue().map(\.trackID).max() ?? 0) + 1
    }

    /// Loads the tracks and passes a track ID none of them uses, or the load's error, to `completionHandler`.
    public func findUnusedTrackID(completionHandler: @escaping @Sendable (CMPersistentTrackID, (any Error)?) -> Void) {
        loadTracks(then: { (tracks: [AVAssetTrack]?, error) in
            completionHandler((tracks?.map(\.trackID).max() ?? 0) + 1, error)
        }, where: { _ in true })
    }
}

extension AVURLAsset {
    /// The track of this asset that `compositionTrack`'s segments present (the complement of
    /// `AVMutableComposition.mutableTrack(compatibleWith:)`): one of its segments names this asset's file and a track
    /// of it; else a track of the same media type; nil when there is none.
    public func compatibleTrack(for compositionTrack: AVCompositionTrack) -> AVAssetTrack? {
        let named = compositionTrack.compositionState.segments.compactMap { segment -> CMPersistentTrackID? in
            guard let source = segment.media?.source, source.url?.standardizedFileURL == url.standardizedFileURL else {
                return nil
            }
            return source.trackID
        }
        let tracks = self.tracks
        return named.lazy.compactMap { id in tracks.first { $0.trackID == id } }.first
            ?? tracks.first { $0.mediaType == compositionTrack.mediaType }
    }

    /// Loads the tracks and returns the one `compatibleTrack(for:)` gives.
    public func findCompatibleTrack(for compositionTrack: AVCompositionTrack) async throws -> AVAssetTrack? {
        _ = try await load(.tracks)
        return compatibleTrack(for: compositionTrack)
    }

    /// Loads the tracks and passes the one `compatibleTrack(for:)` gives, or the load's error, to `completionHandler`.
    public func findCompatibleTrack(for compositionTrack: AVCompositionTrack,
                                    completionHandler: @escaping @Sendable (AVAssetTrack?, (any Error)?) -> Void) {
        loadValuesAsynchronously(forKeys: ["tracks"]) { [self] in
            switch loadedResult(forKey: "tracks") {
            case .success: completionHandler(compatibleTrack(for: compositionTrack), nil)
            case .failure(let error): completionHandler(nil, error)
            case nil: completionHandler(nil, CancellationError())
            }
        }
    }
}
