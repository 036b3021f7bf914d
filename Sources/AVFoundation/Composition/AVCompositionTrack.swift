import CoreMedia
import Foundation

/// A track of a composition: segments of tracks of media files, presented one after another
/// (AVCompositionTrack.h).
///
/// Its properties and segments come from its current state (`CompositionTrackBacking`), which an
/// `AVMutableCompositionTrack` replaces at every edit; a reader or export that has started keeps reading the state
/// it started with.
///
/// Thread safety: `stateLock` guards `state`; the states themselves are immutable.
// Safe because `stateLock` guards `state`, and each state is immutable.
open class AVCompositionTrack: AVAssetTrack, @unchecked Sendable {
    private let stateLock = NSLock()
    private var state: CompositionTrackBacking
    /// The composition's source tracks, which inserted segments join.
    let registry: CompositionSourceRegistry

    init(composition: AVComposition, trackID: CMPersistentTrackID, mediaType: AVMediaType,
         state: CompositionTrackBacking) {
        self.state = state
        registry = composition.registry
        super.init(asset: composition, trackID: trackID, mediaType: mediaType, backing: state,
                   options: composition.options)
    }

    /// The current state.
    var compositionState: CompositionTrackBacking { stateLock.withLock { state } }

    override var backing: any TrackBacking { compositionState }

    /// Replaces the state with `change` applied to its segments and properties; loaded property values are
    /// forgotten, since they may have changed.
    func edit<Result>(_ change: (inout [CompositionSegment], inout CompositionTrackProperties) throws -> Result) rethrows
        -> Result {
        let result = try stateLock.withLock { () -> Result in
            var segments = state.segments
            var properties = state.properties
            let result = try change(&segments, &properties)
            state = CompositionTrackBacking(segments: segments, properties: properties)
            return result
        }
        keyValueLoader.invalidateFinishedValues()
        return result
    }

    /// A composition track's segments are `AVCompositionTrackSegment`s, made from its own state.
    override func loadableKey(_ name: String) -> LoadableKey? {
        let key = super.loadableKey(name)
        guard name == "segments", let key else { return key }
        return LoadableKey(name: name, slot: key.slot, keepsValue: key.keepsValue) { [self] in
            compositionState.segments.map(AVCompositionTrackSegment.init)
        }
    }

    /// The segment whose target contains `trackTime`, else the closest one; `nil` for a track without segments.
    public override func segment(forTrackTime trackTime: CMTime) -> AVCompositionTrackSegment? {
        let state = compositionState
        return state.timeline.segmentIndex(forTrackTime: trackTime).flatMap {
            $0 < state.segments.count ? AVCompositionTrackSegment(state.segments[$0]) : nil
        }
    }

    /// Loads the segment whose target contains `trackTime`, else the closest one.
    public override func loadSegment(forTrackTime trackTime: CMTime) async throws -> AVCompositionTrackSegment? {
        segment(forTrackTime: trackTime)
    }

    /// The format descriptions presented in place of the sources' (`AVMutableCompositionTrack.replaceFormatDescription`).
    public var formatDescriptionReplacements: [AVCompositionTrackFormatDescriptionReplacement] {
        compositionState.properties.replacements.map {
            AVCompositionTrackFormatDescriptionReplacement(original: $0.original, replacement: $0.replacement)
        }
    }

    /// A track's state cannot be loaded wrongly: a composition track's properties are available at once.
    public override func statusOfValue(forKey key: String, error outError: UnsafeMutablePointer<NSError?>?)
        -> AVKeyValueStatus {
        loadableKey(key) == nil ? .unknown : .loaded
    }
}

// The composition-typed members Apple's AVCompositionTrack declares over AVAssetTrack's (see AVAsset+Tracks.swift).
extension AVAsynchronousKeyValueLoading where Self: AVCompositionTrack {
    /// The track's segments.
    public var segments: [AVCompositionTrackSegment] {
        compositionState.segments.map(AVCompositionTrackSegment.init)
    }
}
