import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs

/// Composes the video tracks of an asset into one stream of frames (`AVAssetReaderVideoCompositionOutput`).
///
/// Shape: each source track decodes on a worker of its own (`SourceFrames`); this producer runs on the output's
/// worker, takes the frame each source shows at every composition time (`CompositionClock`), finds the instruction
/// in effect, and asks the compositor (custom, or the built-in one, through the same `AVVideoCompositing` calls) to
/// compose it. Requests are answered on any thread; up to `window` are in flight (`RequestWindow`), and frames
/// leave in composition-time order. An instruction that passes a track through hands its frame on without asking
/// the compositor.
///
/// Cancellation (`cancel()`, from the reader or export): the compositor is told to cancel its pending requests,
/// waits end, the render pool stops handing out buffers, and the source workers stop.
final class VideoCompositionProducer: SampleProducer, @unchecked Sendable {
    private let render: CompositionRender
    private var ranges: ArraySlice<CMTimeRange>
    private var clock: CompositionClock?
    private let window: RequestWindow
    /// Made on the first `next()`, on the worker thread.
    private var sources: [CMPersistentTrackID: SourceFrames]?
    private var sampleData: [CMPersistentTrackID: SourceFrames] = [:]
    private var toldRenderContext = false
    private let lock = NSLock()
    private var cancelled = false

    init(render: CompositionRender, ranges: [CMTimeRange]) {
        self.render = render
        self.ranges = ranges[...]
        window = RequestWindow(capacity: render.window, patience: render.patience, report: render.report)
    }

    deinit {
        if !window.isEmpty { render.compositor.cancelAllPendingVideoCompositionRequests() }
    }

    func cancel() {
        let first: Bool = lock.withLock {
            defer { cancelled = true }
            return !cancelled
        }
        guard first else { return }
        window.cancel()
        render.renderContext.bufferPool.stop()
        render.compositor.cancelAllPendingVideoCompositionRequests()
    }

    private var isCancelled: Bool { lock.withLock { cancelled } }

    func next() throws(ReadingFailure) -> [CMSampleBuffer]? {
        let sources = self.sources ?? startSources()
        while window.hasRoom, !isCancelled, let (time, duration) = try nextTime(sources) {
            try start(at: time, duration: duration, sources: sources)
        }
        guard !window.isEmpty, let (time, duration, outcome) = window.takeOldest() else { return nil }
        switch outcome {
        case .composed(let frame):
            return [try sampleBuffer(frame, time: time, duration: duration)]
        case .failed(let error):
            throw ReadingFailure(.compositor, "the custom video compositor failed the request", time: time,
                                 underlying: error)
        case .cancelled:
            if isCancelled { return nil }
            throw ReadingFailure(.compositor, "the custom video compositor cancelled a request it was not asked to "
                                 + "cancel", time: time)
        }
    }

    // MARK: Steps

    /// Starts the decoder workers of the sources and sample data tracks.
    private func startSources() -> [CMPersistentTrackID: SourceFrames] {
        let all = Array(ranges)
        var made: [CMPersistentTrackID: SourceFrames] = [:]
        for source in render.sources {
            let producer = VideoDecodeProducer(timeline: source.track.timeline, sessions: source.sessions, ranges: all)
            made[source.track.trackID] = SourceFrames(trackID: source.track.trackID, producer: producer,
                                                      bound: render.sourceBound) { _ in }
        }
        for track in render.sampleDataTracks {
            let producer = PassthroughProducer(timeline: track.timeline, backing: track.backing, isAudio: false,
                                               ranges: all, copiesData: false)
            sampleData[track.trackID] = SourceFrames(trackID: track.trackID, producer: producer,
                                                     bound: render.sourceBound) { _ in }
        }
        sources = made
        return made
    }

    /// The next composition time, moving to the next time range when one ends.
    private func nextTime(_ sources: [CMPersistentTrackID: SourceFrames]) throws(ReadingFailure)
        -> (CMTime, CMTime)? {
        while true {
            if clock == nil {
                guard let range = ranges.popFirst() else { return nil }
                clock = CompositionClock(range: range, frameDuration: render.frameDuration,
                                         timing: render.timingTrackID.flatMap { sources[$0] })
                let hint = AVVideoCompositionRenderHint(startCompositionTime: range.start, endCompositionTime: range.end)
                render.compositor.prerollForRendering(using: hint)
            }
            if let next = try clock?.next() { return next }
            clock = nil
        }
    }

    /// Starts the request for one composition time (or passes a frame through).
    private func start(at time: CMTime, duration: CMTime, sources: [CMPersistentTrackID: SourceFrames])
        throws(ReadingFailure) {
        guard let instruction = render.instruction(at: time) else {
            throw ReadingFailure(.invalidComposition, "no instruction of the video composition covers composition time "
                                 + String(format: "%.6f s", time.seconds), time: time)
        }
        var frames: [CMPersistentTrackID: CMSampleBuffer] = [:]
        let wanted = instruction.requiredVideoTrackIDs ?? render.sources.map(\.track.trackID)
        for trackID in wanted {
            if let frame = try sources[trackID]?.frame(at: time) { frames[trackID] = frame }
        }
        let passthrough = instruction.passthroughTrackID
        if passthrough != kCMPersistentTrackID_Invalid,
           let frame = try sources[passthrough]?.frame(at: time).flatMap(CMSampleBufferGetImageBuffer) {
            window.open(time: time, duration: duration)(.composed(frame))
            return
        }
        var metadata: [CMPersistentTrackID: CMSampleBuffer] = [:]
        for trackID in instruction.requiredSampleDataTrackIDs {
            if let sample = try sampleData[trackID]?.frame(at: time) { metadata[trackID] = sample }
        }
        let finish = window.open(time: time, duration: duration)
        if !toldRenderContext {
            render.compositor.renderContextChanged(render.renderContext)
            toldRenderContext = true
        }
        let request = AVAsynchronousVideoCompositionRequest(renderContext: render.renderContext, compositionTime: time,
                                                            instruction: instruction, sourceFrames: frames,
                                                            sampleData: metadata, completion: finish)
        render.compositor.startRequest(request)
    }

    /// A composed frame as the output's sample buffer: colour tagged, converted to the output settings, timed.
    private func sampleBuffer(_ frame: CVPixelBuffer, time: CMTime, duration: CMTime) throws(ReadingFailure)
        -> CMSampleBuffer {
        var image = frame
        if CVPixelBufferGetPixelFormatType(frame) != render.outputFormat || CVPixelBufferGetWidth(frame) != render.outputWidth
            || CVPixelBufferGetHeight(frame) != render.outputHeight {
            do {
                image = try render.converter.convert(frame)
            } catch {
                throw ReadingFailure(.settings, "a composed frame cannot be converted to the output settings",
                                     time: time, underlying: error)
            }
        }
        for (key, value) in render.colorAttachments {
            CVBufferSetAttachment(image, key as CFString, value, .shouldPropagate)
        }
        var description: CMVideoFormatDescription?
        guard CMVideoFormatDescriptionCreateForImageBuffer(allocator: nil, imageBuffer: image,
                                                           formatDescriptionOut: &description) == noErr,
              let description else {
            throw ReadingFailure(.compositor, "the composed frame has no video format description", time: time)
        }
        var timing = CMSampleTimingInfo(duration: duration, presentationTimeStamp: time, decodeTimeStamp: .invalid)
        var sample: CMSampleBuffer?
        guard CMSampleBufferCreateReadyWithImageBuffer(allocator: nil, imageBuffer: image,
                                                       formatDescription: description, sampleTiming: &timing,
                                                       sampleBufferOut: &sample) == noErr, let sample else {
            throw ReadingFailure(.compositor, "the composed frame cannot be made a sample buffer", time: time)
        }
        return sample
    }
}
