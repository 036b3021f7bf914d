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
// Safe because its worker runs one step at a time, the only user of its `var`s; `lock` guards `cancelled`, which any
// thread sets.
final class VideoCompositionProducer: SampleProducer, @unchecked Sendable {
    private let render: CompositionRender
    private var ranges: ArraySlice<CMTimeRange>
    private var clock: CompositionClock?
    private let window: RequestWindow
    /// Made on the first `next()`, on the worker thread.
    private var sources: [CMPersistentTrackID: SourceFrames]?
    private var sampleData: [CMPersistentTrackID: SourceFrames] = [:]
    private var toldRenderContext = false
    /// The Core Animation tool's renderer and the buffers it draws into, made on first use.
    private var animation: (renderer: CoreAnimationRenderer, pool: RenderBufferPool)?
    /// The additional layer's frame (its layers cannot change while reading), drawn once.
    private var additionalFrame: CMSampleBuffer?
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
            var output = frame
            if case .postProcessing = render.animation?.role, render.instruction(at: time)?.enablePostProcessing == true {
                output = try postProcess(frame, time: time)
            }
            return [try sampleBuffer(output, time: time, duration: duration)]
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
        if case .additionalTrack(let trackID) = render.animation?.role,
           instruction.requiredVideoTrackIDs?.contains(trackID) ?? true
            || (instruction as? AVVideoCompositionInstruction)?.layerInstructions.contains(where: { $0.trackID == trackID }) == true {
            frames[trackID] = try additionalLayerFrame(time: time)
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

    // MARK: Core Animation tool

    /// The renderer and its buffers, made on first use.
    private func animationRenderer() throws(ReadingFailure) -> (renderer: CoreAnimationRenderer, pool: RenderBufferPool) {
        if let animation { return animation }
        guard let stage = render.animation else {
            throw ReadingFailure(.invalidComposition, "the video composition has no Core Animation tool")
        }
        do {
            let renderer = try CoreAnimationRenderer(plan: stage.plan, width: stage.width, height: stage.height,
                                                     pixelFormat: stage.pixelFormat)
            let pool = try RenderBufferPool(attributes: [kCVPixelBufferPixelFormatTypeKey as String: stage.pixelFormat],
                                            width: stage.width, height: stage.height,
                                            minimumLimit: render.window + ReadingLimits.readAheadBuffers + 8)
            animation = (renderer, pool)
            return (renderer, pool)
        } catch let error as AVError {
            throw ReadingFailure(.invalidComposition, error.localizedDescription, underlying: error)
        } catch {
            throw ReadingFailure(.invalidComposition, "the Core Animation tool's frames cannot be drawn: \(error)",
                                 underlying: error)
        }
    }

    /// The tool's layer tree drawn around `frame` (post-processing).
    private func postProcess(_ frame: CVPixelBuffer, time: CMTime) throws(ReadingFailure) -> CVPixelBuffer {
        let (renderer, pool) = try animationRenderer()
        guard let destination = pool.makeBuffer() else {
            if isCancelled { throw ReadingFailure(.compositor, "the reading was cancelled", time: time) }
            throw ReadingFailure(.compositor, "no buffer for the Core Animation tool's frame came back in time", time: time)
        }
        do {
            try renderer.render(frame: frame, into: destination)
        } catch {
            throw ReadingFailure(.compositor, "the Core Animation tool's layers cannot be drawn", time: time,
                                 underlying: error)
        }
        return destination
    }

    /// The additional layer's frame, as a source sample buffer of its track.
    private func additionalLayerFrame(time: CMTime) throws(ReadingFailure) -> CMSampleBuffer {
        if let additionalFrame { return additionalFrame }
        let (renderer, pool) = try animationRenderer()
        guard let image = pool.makeBuffer() else {
            throw ReadingFailure(.compositor, "no buffer for the Core Animation tool's layer", time: time)
        }
        do {
            try renderer.render(frame: nil, into: image, background: (0, 0, 0, 0))
        } catch {
            throw ReadingFailure(.compositor, "the Core Animation tool's additional layer cannot be drawn", time: time,
                                 underlying: error)
        }
        var description: CMVideoFormatDescription?
        var timing = CMSampleTimingInfo(duration: .positiveInfinity, presentationTimeStamp: .zero, decodeTimeStamp: .invalid)
        var sample: CMSampleBuffer?
        guard CMVideoFormatDescriptionCreateForImageBuffer(allocator: nil, imageBuffer: image,
                                                           formatDescriptionOut: &description) == noErr,
              let description,
              CMSampleBufferCreateReadyWithImageBuffer(allocator: nil, imageBuffer: image, formatDescription: description,
                                                       sampleTiming: &timing, sampleBufferOut: &sample) == noErr,
              let sample else {
            throw ReadingFailure(.compositor, "the Core Animation tool's layer cannot be made a frame", time: time)
        }
        additionalFrame = sample
        return sample
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
