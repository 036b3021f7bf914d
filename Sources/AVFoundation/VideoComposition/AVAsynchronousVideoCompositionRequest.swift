import CoreMedia
import CoreVideo
import Foundation

/// One frame for a custom compositor to compose (AVVideoCompositing.h): the composition time, the instruction in
/// effect, the source frames, and the way to hand back the result, on any thread, once.
///
/// Thread safety: the inputs are immutable; `lock` guards `finished`.
// Safe because the inputs are immutable; `lock` guards `finished`.
open class AVAsynchronousVideoCompositionRequest: NSObject, NSCopying, @unchecked Sendable {
    /// How a request ended.
    // Safe because an immutable value (a thread-safe pixel buffer or an error), handed over once.
    enum Outcome: @unchecked Sendable {
        case composed(CVPixelBuffer)
        case failed(any Error)
        case cancelled
    }

    /// The context composed frames are rendered in.
    public let renderContext: AVVideoCompositionRenderContext
    /// The composition time of the frame to compose.
    public let compositionTime: CMTime
    /// The instruction in effect at `compositionTime`.
    public let videoCompositionInstruction: any AVVideoCompositionInstructionProtocol

    /// The source frames by track, as sample buffers carrying pixel buffers.
    let sourceFrames: [CMPersistentTrackID: CMSampleBuffer]
    /// The timed-metadata samples by track.
    let sampleData: [CMPersistentTrackID: CMSampleBuffer]
    /// Called once, with the first way the request ends.
    private let completion: @Sendable (Outcome) -> Void
    private let lock = NSLock()
    private var finished = false

    init(renderContext: AVVideoCompositionRenderContext, compositionTime: CMTime,
         instruction: any AVVideoCompositionInstructionProtocol, sourceFrames: [CMPersistentTrackID: CMSampleBuffer],
         sampleData: [CMPersistentTrackID: CMSampleBuffer], completion: @escaping @Sendable (Outcome) -> Void) {
        self.renderContext = renderContext
        self.compositionTime = compositionTime
        videoCompositionInstruction = instruction
        self.sourceFrames = sourceFrames
        self.sampleData = sampleData
        self.completion = completion
        super.init()
    }

    /// The tracks that have a source frame for this request, as `NSNumber`s.
    open var sourceTrackIDs: [NSNumber] {
        sourceFrames.keys.sorted().map { NSNumber(value: $0) }
    }

    /// The timed-metadata tracks that have a sample for this request, as `NSNumber`s.
    open var sourceSampleDataTrackIDs: [NSNumber] {
        sampleData.keys.sorted().map { NSNumber(value: $0) }
    }

    /// The source frame of `trackID` at the composition time, or `nil` if the track has none there.
    open func sourceFrame(byTrackID trackID: CMPersistentTrackID) -> CVPixelBuffer? {
        sourceFrames[trackID].flatMap(CMSampleBufferGetImageBuffer)
    }

    /// The source sample buffer of `trackID` (a frame of a video track, a sample of a timed-metadata track).
    open func sourceSampleBuffer(byTrackID trackID: CMPersistentTrackID) -> CMSampleBuffer? {
        sampleData[trackID] ?? sourceFrames[trackID]
    }

    /// Hands back the composed frame. It may be one of the source frames, which is passed on without a copy.
    open func finish(withComposedVideoFrame composedVideoFrame: CVPixelBuffer) {
        end(.composed(composedVideoFrame))
    }

    /// Ends the request with an error: the reading or export fails with `AVError.videoCompositorFailed` and this
    /// error underneath.
    open func finish(with error: any Error) {
        end(.failed(error))
    }

    /// Ends a request the compositor was asked to cancel.
    open func finishCancelledRequest() {
        end(.cancelled)
    }

    /// The request itself: it is immutable to its users.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Whether the request has been finished.
    var isFinished: Bool { lock.withLock { finished } }

    /// Ends the request once; later calls are ignored (on Apple's platforms they raise an exception).
    func end(_ outcome: Outcome) {
        let first = lock.withLock { () -> Bool in
            defer { finished = true }
            return !finished
        }
        if first { completion(outcome) }
    }
}
