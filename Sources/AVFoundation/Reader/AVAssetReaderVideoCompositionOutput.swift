import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs

/// Reads the video tracks of an asset composed into one stream of frames by a video composition
/// (AVAssetReaderOutput.h): the built-in compositor for `AVVideoCompositionInstruction`s, or the composition's
/// custom compositor.
///
/// `videoSettings` nil gives the compositor's frames as rendered (the built-in compositor renders 32BGRA);
/// otherwise they are converted to the settings' pixel format and size. Frames are timed by the composition:
/// `frameDuration`, or the frame times of `sourceTrackIDForFrameTiming`. See `docs/reader.md` ("Video
/// compositions") for how the sources are decoded and requests flow.
// Safe because the superclass's `lock` guards the composition and compositor; the tracks and settings are immutable.
open class AVAssetReaderVideoCompositionOutput: AVAssetReaderOutput, @unchecked Sendable {
    /// The tracks composed.
    public let videoTracks: [AVAssetTrack]
    /// The output settings; nil for the frames as rendered.
    public let videoSettings: [String: Any]?
    private var storedComposition: AVVideoComposition?
    private var storedCompositor: (any AVVideoCompositing)?
    /// How long the compositor may take with a request before it is reported (tests shorten it).
    var compositorPatience = ReadingLimits.compositorPatience
    /// Where such reports go.
    var compositorReport: @Sendable (String) -> Void = { ExportLog.warn("AVAssetReaderVideoCompositionOutput: \($0)") }

    /// An output composing `videoTracks` (video tracks of the reader's asset) into `videoSettings`' format.
    public init(videoTracks: [AVAssetTrack], videoSettings: [String: Any]?) {
        self.videoTracks = videoTracks
        self.videoSettings = videoSettings
        super.init()
    }

    /// Video.
    public override var mediaType: AVMediaType { .video }

    /// How the tracks are composed. Copied when set; cannot be set once reading has started. Setting a composition
    /// whose custom compositor class differs from the current one makes a new compositor (`init()`).
    public var videoComposition: AVVideoComposition? {
        get { lock.withLock { storedComposition } }
        set {
            guard !hasStarted else {
                misuse("videoComposition cannot be set after reading has started")
                return
            }
            let compositor: (any AVVideoCompositing)?
            do {
                compositor = try Self.compositor(for: newValue, keeping: lock.withLock { storedCompositor })
            } catch {
                misuse(error.localizedDescription)
                return
            }
            let copy = newValue?.copy() as? AVVideoComposition
            lock.withLock {
                storedComposition = copy
                storedCompositor = compositor
            }
        }
    }

    /// Sets the composition with a compositor already made from its class (the export session's own, which its
    /// `customVideoCompositor` shows).
    func setComposition(_ composition: AVVideoComposition, compositor: (any AVVideoCompositing)?) {
        lock.withLock {
            storedComposition = composition
            storedCompositor = compositor
        }
    }

    /// The custom compositor of the composition, made from its `customVideoCompositorClass`; nil when the
    /// built-in compositor is used.
    public var customVideoCompositor: (any AVVideoCompositing)? { lock.withLock { storedCompositor } }

    override var sourceTracks: [AVAssetTrack] { videoTracks }

    override var configurationProblem: String? {
        if videoTracks.isEmpty { return "a video composition output needs at least one track" }
        if let other = videoTracks.first(where: { $0.mediaType != .video }) {
            return "track \(other.trackID) is of media type '\(other.mediaType.rawValue)', not video"
        }
        return nil
    }

    override func makePlan() throws(ReadingFailure) -> OutputPlan {
        if let problem = configurationProblem { throw ReadingFailure(.unsupported, problem) }
        guard let composition = videoComposition else {
            throw ReadingFailure(.invalidComposition, "a video composition output needs a videoComposition")
        }
        let render = try CompositionRender.make(
            composition: composition, customCompositor: customVideoCompositor, tracks: videoTracks,
            videoSettings: videoSettings, copiesData: configuration.alwaysCopiesSampleData,
            outputBound: readAheadBound ?? .standard, patience: compositorPatience, report: compositorReport)
        return OutputPlan(name: "video composition of \(videoTracks.count) tracks") { ranges in
            VideoCompositionProducer(render: render, ranges: ranges)
        }
    }

    /// The compositor for `composition`: the current one while the class stays the same, a new one for a new
    /// class, none for the built-in compositor.
    static func compositor(for composition: AVVideoComposition?, keeping current: (any AVVideoCompositing)?)
        throws(AVError) -> (any AVVideoCompositing)? {
        guard let compositorClass = composition?.customVideoCompositorClass else { return nil }
        if let current, type(of: current) == compositorClass { return current }
        return try CompositorInstantiation.make(compositorClass)
    }
}
