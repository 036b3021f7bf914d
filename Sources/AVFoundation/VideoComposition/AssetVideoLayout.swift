import CoreGraphics
import CoreMedia
import Foundation

/// What `videoComposition(withPropertiesOf:)` reads from an asset, and the composition it makes from it, by the
/// rules of AVVideoComposition.h:
///
/// - instructions "that respect the spatial properties and timeRanges of the specified asset's video tracks": the
///   asset's duration is cut wherever a video track starts or stops presenting media (its non-empty segments);
///   each piece is one instruction layering the tracks present there, in track order (the first on top), each
///   with its `preferredTransform`, so rotated (portrait) video comes out upright. Pieces where no video track
///   presents media have no layers (the background colour). Neighbouring pieces with the same tracks merge.
/// - "If the asset has exactly one video track, the original timing of the source video track will be used"
///   (`sourceTrackIDForFrameTiming` is that track; `frameDuration`, used over its empty edits, is the reciprocal
///   of its nominal frame rate). With more, "the reciprocal of the greatest known nominalFrameRate"; "otherwise,
///   a default framerate of 30fps".
/// - `renderSize`: an `AVComposition`'s `naturalSize`; otherwise "a value that encompasses all of the asset's
///   video tracks" (the size of the union of each track's natural rectangle under its preferred transform).
///   When that union does not start at the origin (rotation matrices stored without their translation, as in
///   mediabunny's rotated test file), every layer's transform is followed by the translation that moves it there,
///   so the picture lands inside the render area (our choice: Apple does not say).
/// - render scale 1, no animation tool; "If the specified asset has no video tracks, … an empty collection of
///   instructions".
/// - a prototype instruction gives what does not pertain to layout and timing: its background colour,
///   post-processing flag and required sample data tracks.
struct AssetVideoLayout: Sendable {
    struct Track: Sendable {
        var trackID: CMPersistentTrackID
        var naturalSize: CGSize
        var preferredTransform: CGAffineTransform
        var nominalFrameRate: Float
        /// The composition times the track presents media at (its non-empty segments' target ranges).
        var presentedRanges: [CMTimeRange]
    }

    var duration: CMTime
    var tracks: [Track]
    /// The naturalSize of an `AVComposition`, which is the render size of one.
    var compositionNaturalSize: CGSize?

    /// The default frame rate when no video track knows its own.
    static let defaultFrameRate: Float = 30

    /// Reads the asset's loaded values (the deprecated synchronous initializers: Apple asks that "duration" and
    /// "tracks" be loaded first; ours load them now if not).
    static func loadSynchronously(_ asset: AVAsset) -> AssetVideoLayout {
        let tracks = asset.tracks(withMediaType: .video).map { track in
            Track(trackID: track.trackID, naturalSize: track.naturalSize, preferredTransform: track.preferredTransform,
                  nominalFrameRate: track.nominalFrameRate,
                  presentedRanges: presentedRanges(track.segments))
        }
        return AssetVideoLayout(duration: asset.duration, tracks: tracks,
                                compositionNaturalSize: (asset as? AVComposition)?.naturalSize)
    }

    /// Loads what it needs from the asset; throws the loading's error.
    static func load(_ asset: AVAsset) async throws -> AssetVideoLayout {
        let duration = try await asset.load(.duration)
        var tracks: [Track] = []
        for track in try await asset.loadTracks(withMediaType: .video) {
            let (size, transform, rate) = try await track.load(.naturalSize, .preferredTransform, .nominalFrameRate)
            let segments = try await track.load(.segments)
            tracks.append(Track(trackID: track.trackID, naturalSize: size, preferredTransform: transform,
                                nominalFrameRate: rate, presentedRanges: presentedRanges(segments)))
        }
        return AssetVideoLayout(duration: duration, tracks: tracks,
                                compositionNaturalSize: (asset as? AVComposition)?.naturalSize)
    }

    private static func presentedRanges(_ segments: [AVAssetTrackSegment]) -> [CMTimeRange] {
        segments.filter { !$0.isEmpty }.map(\.timeMapping.target).filter { $0.isValid && $0.duration > .zero }
    }

    /// The composition's properties; instructions are `AVMutableVideoCompositionInstruction`s (subclasses of the
    /// immutable ones, so code that casts to either works).
    func state(prototype: AVVideoCompositionInstruction?) -> AVVideoComposition.State {
        var state = AVVideoComposition.State()
        state.renderScale = 1
        let knownRates = tracks.map(\.nominalFrameRate).filter { $0 > 0 && $0.isFinite }
        state.frameDuration = Self.frameDuration(forRate: knownRates.max() ?? Self.defaultFrameRate)
        if tracks.count == 1 { state.sourceTrackIDForFrameTiming = tracks[0].trackID }
        state.renderSize = compositionNaturalSize ?? encompassingSize
        guard !tracks.isEmpty else { return state }
        state.instructions = instructions(prototype: prototype)
        return state
    }

    /// The union of the tracks' transformed natural rectangles.
    var encompassingRect: CGRect {
        let union = tracks.map { CGRect(origin: .zero, size: $0.naturalSize).applying($0.preferredTransform) }
            .reduce(CGRect.null) { $0.union($1) }
        return union.isNull ? .zero : union
    }

    /// The size of `encompassingRect`.
    var encompassingSize: CGSize { CGSize(width: encompassingRect.width, height: encompassingRect.height) }

    /// Each track's preferred transform, moved so that the tracks' union starts at the origin.
    func layerTransform(_ track: Track) -> CGAffineTransform {
        let union = encompassingRect
        guard union.minX != 0 || union.minY != 0 else { return track.preferredTransform }
        return track.preferredTransform.concatenating(CGAffineTransform(translationX: -union.minX, y: -union.minY))
    }

    private func instructions(prototype: AVVideoCompositionInstruction?) -> [AVVideoCompositionInstruction] {
        guard duration.isNumeric, duration > .zero else { return [] }
        var cuts = Set([CMTime.zero, duration])
        for range in tracks.flatMap(\.presentedRanges) {
            for time in [range.start, range.end] where time > .zero && time < duration { cuts.insert(time) }
        }
        let times = cuts.sorted()
        var pieces: [(range: CMTimeRange, tracks: [Track])] = []
        for (start, end) in zip(times, times.dropFirst()) {
            let present = tracks.filter { $0.presentedRanges.contains { $0.containsTime(start) } }
            if let last = pieces.last, last.tracks.map(\.trackID) == present.map(\.trackID) {
                pieces[pieces.count - 1].range = CMTimeRange(start: last.range.start, end: end)
            } else {
                pieces.append((CMTimeRange(start: start, end: end), present))
            }
        }
        return pieces.map { piece in
            let instruction = AVMutableVideoCompositionInstruction()
            instruction.timeRange = piece.range
            if let prototype {
                instruction.backgroundColor = prototype.backgroundColor
                instruction.enablePostProcessing = prototype.enablePostProcessing
                instruction.requiredSourceSampleDataTrackIDs = prototype.requiredSourceSampleDataTrackIDs
            }
            instruction.layerInstructions = piece.tracks.map { track in
                let layer = AVMutableVideoCompositionLayerInstruction()
                layer.trackID = track.trackID
                layer.setTransform(layerTransform(track), at: piece.range.start)
                return layer
            }
            return instruction
        }
    }

    /// One frame at `rate` frames per second, exact for whole rates (1/30) and NTSC rates (1001/30000). The rate is
    /// taken within 1…1000 frames a second: a track's nominal rate comes from its sample table, where 99 durations of
    /// zero and one of a tick at a 10^9 timescale make 10^11.
    static func frameDuration(forRate rate: Float) -> CMTime {
        let rate = min(1000, max(1, Double(rate.isFinite ? rate : 30)))
        if abs(rate - rate.rounded()) < 0.01 { return CMTime(value: 1, timescale: CMTimeScale(rate.rounded())) }
        let ntsc = rate * 1.001
        if abs(ntsc - ntsc.rounded()) < 0.01 {
            return CMTime(value: 1001, timescale: CMTimeScale(ntsc.rounded() * 1000))
        }
        return CMTime(value: 1000, timescale: CMTimeScale((rate * 1000).rounded()))
    }
}

extension AVVideoComposition {
    /// A composition that presents the video tracks of `asset` as they are meant to be seen: each track's
    /// preferred transform applied, over the track's own time ranges (see `AssetVideoLayout` for the rules).
    /// Blocks while the asset's duration and tracks load, if they are not loaded.
    public convenience init(propertiesOf asset: AVAsset) {
        self.init(state: AssetVideoLayout.loadSynchronously(asset).state(prototype: nil))
    }

}

// `init(propertiesOf:)` is inherited: it makes the class it is called on.
extension AVMutableVideoComposition {
    /// As `init(propertiesOf:)`, with the background colour, post-processing flag and required sample data tracks
    /// of `prototypeInstruction` in every instruction.
    public convenience init(propertiesOf asset: AVAsset, prototypeInstruction: AVVideoCompositionInstruction) {
        self.init(state: AssetVideoLayout.loadSynchronously(asset).state(prototype: prototypeInstruction))
    }

    /// As `videoComposition(withPropertiesOf:)`, with the prototype's background colour, post-processing flag and
    /// required sample data tracks in every instruction.
    public class func videoComposition(withPropertiesOf asset: AVAsset,
                                       prototypeInstruction: AVVideoCompositionInstruction) async throws
        -> AVMutableVideoComposition {
        AVMutableVideoComposition(state: try await AssetVideoLayout.load(asset).state(prototype: prototypeInstruction))
    }

    /// Calls `completionHandler` with the composition `videoComposition(withPropertiesOf:prototypeInstruction:)`
    /// makes, or the error.
    public class func videoComposition(withPropertiesOf asset: AVAsset, prototypeInstruction: AVVideoCompositionInstruction,
                                       completionHandler: @escaping @Sendable (AVMutableVideoComposition?, (any Error)?) -> Void) {
        Task {
            do {
                completionHandler(try await AVMutableVideoComposition.videoComposition(
                    withPropertiesOf: asset, prototypeInstruction: prototypeInstruction), nil)
            } catch { completionHandler(nil, error) }
        }
    }
}
