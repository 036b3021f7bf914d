import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs
import MovieFile

/// One input's worker: a serial queue that encodes what the input was given and hands the resulting samples to the
/// engine, so that `append` returns at once and inputs encode in parallel.
///
/// A passthrough input's samples are handed to the engine at once, on the caller's thread: there is no codec work
/// to move off it, and a hop to the queue per sample (a wake-up and several contended locks) cost more than the
/// muxing itself. `passthroughOrder` keeps such an input's samples, and its end, in order whatever thread they
/// come from.
///
/// The encoder sessions are touched only on `queue`.
// Safe because the encoders and the segment boundary are touched only on the serial `queue`, passthrough deliveries
// are serialised by `passthroughOrder`, and the rest is immutable after `init`.
final class InputWorker: @unchecked Sendable {
    /// A unit of work.
    enum Item {
        case sampleBuffer(CMSampleBuffer)
        case pixelBuffer(CVPixelBuffer, CMTime)
        /// The caller marked the input finished: flush the encoder.
        case end
        /// Multi-pass: the caller finished the current pass.
        case endOfPass
    }

    let index: Int
    let spec: InputSpec
    let queue: DispatchQueue
    /// Weak: the engine owns its workers. Each queued item holds the engine strongly until it has run.
    private weak var engine: WritingEngine?
    // Used only on `queue`.
    private var videoEncoder: MultiPassVideoEncoder?
    private var audioEncoder: AudioEncoderSession?
    /// Segment output: the next time at which a frame is made a sync frame (see `InputSpec.segmentKeyFrames`).
    private var nextSegmentBoundary: CMTime?
    /// Serialises a passthrough input's deliveries (see above).
    private let passthroughOrder = NSLock()

    init(spec: InputSpec, engine: WritingEngine, statisticsDirectory: URL?) throws(AVError) {
        index = spec.index
        self.spec = spec
        self.engine = engine
        queue = DispatchQueue(label: "AVAssetWriterInput.\(spec.mediaType.rawValue).\(spec.index)", qos: .userInitiated)
        do throws(CodecError) {
            switch spec.encoding {
            case .passthrough:
                break
            case .video(let settings):
                var options = VideoEncoderSession.Options()
                options.isRealTime = spec.expectsMediaDataInRealTime
                let passes = spec.multiPass ? statisticsDirectory : nil
                videoEncoder = try MultiPassVideoEncoder(settings: settings, sourceFormatHint: spec.sourceFormatHint,
                                                         options: options, statisticsDirectory: passes)
            case .audio(let settings):
                audioEncoder = try AudioEncoderSession(settings: settings, sourceFormatHint: spec.sourceFormatHint)
            }
        } catch {
            throw WriterFailure.codec(error, "cannot prepare the \(spec.mediaType.rawValue) encoder of input \(spec.index)")
        }
    }

    /// Runs or queues an item (the engine has counted it).
    func submit(_ item: Item, bytes: Int) {
        guard let engine else { return }
        guard case .passthrough = spec.encoding else {
            queue.async { [self] in
                run(item, engine: engine)
                engine.itemDone(index, bytes: bytes)
            }
            return
        }
        if case .sampleBuffer = item {
            passthroughOrder.withLock { run(item, engine: engine) }
            engine.itemDone(index, bytes: bytes)
        } else {
            // The end still runs on the queue: finishing may complete the file, and a caller of markAsFinished or
            // finishWriting must not find its completion handler called before the method returns.
            queue.async { [self] in
                passthroughOrder.withLock { run(item, engine: engine) }
                engine.itemDone(index, bytes: bytes)
            }
        }
    }

    private func run(_ item: Item, engine: WritingEngine) {
        guard engine.isWriting else { return }
        do throws(AVError) {
            switch item {
            case .sampleBuffer(let buffer):
                try engine.deliver(index, try encode(buffer))
            case .pixelBuffer(let pixels, let time):
                try engine.deliver(index, try encode(pixels, at: time, duration: .invalid))
            case .end:
                if let videoEncoder {
                    // Packet by packet, so the muxer takes each while x264 encodes its look-ahead.
                    while let samples = try finishing({ () throws(CodecError) in try videoEncoder.finishNext() }) {
                        try engine.deliver(index, samples)
                    }
                }
                if let audioEncoder {
                    try engine.deliver(index, try finishing({ () throws(CodecError) in try audioEncoder.finish() }))
                }
                try engine.inputEnded(index)
            case .endOfPass:
                try endPass(engine)
            }
        } catch {
            engine.fail(error)
        }
    }

    /// Runs a step of finishing the encoder, its error reported as the writer's.
    private func finishing<Result>(_ step: () throws(CodecError) -> Result) throws(AVError) -> Result {
        do throws(CodecError) {
            return try step()
        } catch {
            throw WriterFailure.codec(error, "finishing the \(spec.mediaType.rawValue) encoder")
        }
    }

    private func encode(_ buffer: CMSampleBuffer) throws(AVError) -> [CMSampleBuffer] {
        let pts = CMSampleBufferGetPresentationTimeStamp(buffer)
        do throws(CodecError) {
            if let videoEncoder {
                guard let image = CMSampleBufferGetImageBuffer(buffer) else {
                    throw CodecError(.invalidInput, "a video input with output settings takes sample buffers of pixel buffers")
                }
                return try videoEncoder.encode(image, presentationTimeStamp: pts, duration: CMSampleBufferGetDuration(buffer),
                                               forceKeyFrame: startsSegment(at: pts))
            }
            if let audioEncoder { return try audioEncoder.encode(buffer) }
        } catch {
            throw WriterFailure.codec(error, "encoding \(spec.mediaType.rawValue) for input \(spec.index)")
        }
        return [buffer]
    }

    private func encode(_ pixels: CVPixelBuffer, at time: CMTime, duration: CMTime) throws(AVError) -> [CMSampleBuffer] {
        guard let videoEncoder else {
            throw WriterFailure.misuse("a pixel buffer was appended to an input that has no video output settings")
        }
        do throws(CodecError) {
            return try videoEncoder.encode(pixels, presentationTimeStamp: time, duration: duration,
                                           forceKeyFrame: startsSegment(at: time))
        } catch {
            throw WriterFailure.codec(error, "encoding video for input \(spec.index)")
        }
    }

    /// Whether the frame at `time` must be a sync frame because it is the first at or past a segment boundary
    /// (AVAssetWriter.h: such a sample "will be forced to be encoded as sync sample so that the current segment will
    /// be closed immediately"). The boundaries are `start` + N × `interval`, N ≥ 1.
    private func startsSegment(at time: CMTime) -> Bool {
        guard let (interval, start) = spec.segmentKeyFrames, time.isNumeric else { return false }
        let boundary = nextSegmentBoundary ?? CMTimeAdd(start, interval)
        guard time >= boundary else {
            nextSegmentBoundary = boundary
            return false
        }
        // Computed, not stepped to: a timeline far from the start would take as many steps as intervals. A time the
        // intervals cannot count leaves the boundary where it is; the muxer refuses that sample with the reason.
        nextSegmentBoundary = SegmentBoundary.next(after: time, start: start, interval: interval) ?? boundary
        return true
    }

    /// Ends an analysis pass: the encoder writes its statistics, and a new encoder that uses them takes over.
    private func endPass(_ engine: WritingEngine) throws(AVError) {
        var nextPass = false
        if let videoEncoder {
            do throws(CodecError) {
                nextPass = try videoEncoder.beginFinalPass()
            } catch {
                throw WriterFailure.codec(error, "starting the second encoding pass of input \(spec.index)")
            }
        }
        try engine.passEnded(index, nextPass: nextPass)
    }
}
