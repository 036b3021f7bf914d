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
/// A video input's encoder is an `EncodeStage` (shared with the export), which forces the segments' key frames and
/// finishes packet by packet; this queue is where its pictures wait, in order with the input's ends, each counted
/// through `WritingEngine.itemDone` once it ran. The encoders are touched only on `queue`.
// Safe because the encoders (and the video stage's segment boundary) are touched only on the serial `queue`,
// passthrough deliveries are serialised by `passthroughOrder`, and the rest is immutable after `init`.
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
    private var videoStage: EncodeStage?
    private var audioEncoder: AudioEncoderSession?
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
                let index = spec.index
                videoStage = try EncodeStage(settings: settings, sourceFormatHint: spec.sourceFormatHint,
                                             options: options, statisticsDirectory: passes,
                                             segmentKeyFrames: spec.segmentKeyFrames) { error, step in
                    switch step {
                    case .encoding: WriterFailure.codec(error, "encoding video for input \(index)")
                    case .finishing: WriterFailure.codec(error, "finishing the video encoder")
                    case .startingFinalPass:
                        WriterFailure.codec(error, "starting the second encoding pass of input \(index)")
                    }
                }
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
                try videoStage?.finish { samples throws(AVError) in
                    try engine.deliver(index, samples)
                    return true
                }
                if let audioEncoder {
                    let samples: [CMSampleBuffer]
                    do throws(CodecError) {
                        samples = try audioEncoder.finish()
                    } catch {
                        throw WriterFailure.codec(error, "finishing the \(spec.mediaType.rawValue) encoder")
                    }
                    try engine.deliver(index, samples)
                }
                try engine.inputEnded(index)
            case .endOfPass:
                try endPass(engine)
            }
        } catch {
            engine.fail(error)
        }
    }

    private func encode(_ buffer: CMSampleBuffer) throws(AVError) -> [CMSampleBuffer] {
        if let videoStage {
            guard let image = CMSampleBufferGetImageBuffer(buffer) else {
                throw WriterFailure.codec(CodecError(.invalidInput, "a video input with output settings takes sample "
                                                     + "buffers of pixel buffers"), "encoding video for input \(index)")
            }
            return try videoStage.encode(image, at: CMSampleBufferGetPresentationTimeStamp(buffer),
                                         duration: CMSampleBufferGetDuration(buffer))
        }
        guard let audioEncoder else { return [buffer] }
        do throws(CodecError) {
            return try audioEncoder.encode(buffer)
        } catch {
            throw WriterFailure.codec(error, "encoding \(spec.mediaType.rawValue) for input \(spec.index)")
        }
    }

    private func encode(_ pixels: CVPixelBuffer, at time: CMTime, duration: CMTime) throws(AVError) -> [CMSampleBuffer] {
        guard let videoStage else {
            throw WriterFailure.misuse("a pixel buffer was appended to an input that has no video output settings")
        }
        return try videoStage.encode(pixels, at: time, duration: duration)
    }

    /// Ends an analysis pass: the encoder writes its statistics, and a new encoder that uses them takes over.
    private func endPass(_ engine: WritingEngine) throws(AVError) {
        let nextPass = try videoStage?.beginFinalPass() ?? false
        try engine.passEnded(index, nextPass: nextPass)
    }
}
