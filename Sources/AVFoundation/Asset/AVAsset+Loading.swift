import CoreMedia
import Foundation

extension AVAsset {
    /// Loads the tracks of `mediaType`.
    public func loadTracks(withMediaType mediaType: AVMediaType) async throws -> [AVAssetTrack] {
        try await load(.tracks).filter { $0.mediaType == mediaType }
    }

    /// Loads the tracks of `mediaType` and passes them, or the load's error, to `completionHandler`.
    public func loadTracks(withMediaType mediaType: AVMediaType,
                           completionHandler: @escaping @Sendable ([AVAssetTrack]?, (any Error)?) -> Void) {
        loadTracks(then: completionHandler) { $0.filter { $0.mediaType == mediaType } }
    }

    /// Loads the tracks with `mediaCharacteristic`.
    public func loadTracks(withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic) async throws
        -> [AVAssetTrack]
    {
        var result: [AVAssetTrack] = []
        for track in try await load(.tracks) where try await track.load(.mediaCharacteristics)
            .contains(mediaCharacteristic) {
            result.append(track)
        }
        return result
    }

    /// Loads the tracks with `mediaCharacteristic` and passes them, or the load's error, to `completionHandler`.
    public func loadTracks(withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic,
                           completionHandler: @escaping @Sendable ([AVAssetTrack]?, (any Error)?) -> Void) {
        loadTracks(then: completionHandler) { tracks in
            tracks.filter { $0.hasMediaCharacteristic(mediaCharacteristic) }
        }
    }

    /// Loads the track with `trackID`, if any.
    public func loadTrack(withTrackID trackID: CMPersistentTrackID) async throws -> AVAssetTrack? {
        try await load(.tracks).first { $0.trackID == trackID }
    }

    /// Loads the track with `trackID` and passes it (or `nil`), or the load's error, to `completionHandler`.
    public func loadTrack(withTrackID trackID: CMPersistentTrackID,
                          completionHandler: @escaping @Sendable (AVAssetTrack?, (any Error)?) -> Void) {
        loadValuesAsynchronously(forKeys: ["tracks"]) { [self] in
            switch keyValueLoader.result(forKey: "tracks") {
            case .success(let tracks as [AVAssetTrack]): completionHandler(tracks.first { $0.trackID == trackID }, nil)
            case .failure(let error): completionHandler(nil, error)
            default: completionHandler(nil, CancellationError())
            }
        }
    }

    /// Loads the metadata items of `format`.
    public func loadMetadata(for format: AVMetadataFormat) async throws -> [AVMetadataItem] {
        try await load(.metadata).filter { $0.metadataFormat == format }
    }

    /// Loads the metadata items of `format` and passes them, or the load's error, to `completionHandler`.
    public func loadMetadata(for format: AVMetadataFormat,
                             completionHandler: @escaping @Sendable ([AVMetadataItem]?, (any Error)?) -> Void) {
        loadValuesAsynchronously(forKeys: ["metadata"]) { [self] in
            switch keyValueLoader.result(forKey: "metadata") {
            case .success(let items as [AVMetadataItem]):
                completionHandler(items.filter { $0.metadataFormat == format }, nil)
            case .failure(let error): completionHandler(nil, error)
            default: completionHandler(nil, CancellationError())
            }
        }
    }

    /// Loads the tracks, then calls `completionHandler` with `select` of them or with the load's error.
    private func loadTracks(then completionHandler: @escaping @Sendable ([AVAssetTrack]?, (any Error)?) -> Void,
                            select: @escaping @Sendable ([AVAssetTrack]) -> [AVAssetTrack]) {
        loadValuesAsynchronously(forKeys: ["tracks"]) { [self] in
            switch keyValueLoader.result(forKey: "tracks") {
            case .success(let tracks as [AVAssetTrack]): completionHandler(select(tracks), nil)
            case .failure(let error): completionHandler(nil, error)
            default: completionHandler(nil, CancellationError())
            }
        }
    }
}
