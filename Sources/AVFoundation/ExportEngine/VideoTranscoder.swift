import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs

/// One video track's transcoding stages, each on its own thread, with bounded queues between them:
///
///     reader output (decode, on the reader's worker) → scale → [pictures] → encode → [encoded] → writer
///
/// The encode thread drives an `EncodeStage`, the encoder and its work shared with the asset writer's inputs.
///
/// The reader output may be any that gives pictures (a track's, or one composing several tracks). The scale stage
/// turns each picture into the picture to encode: it scales to the preset's size and converts to the encoder's
/// layout in one pass (`PixelBufferConverter`), or hands the picture on when the size does not change (the encoder
/// then converts the layout itself). The first picture, which may start before the time range, is retimed
/// to start at it, so the output begins exactly at the range's start.
///
/// With a pre-roll (`ExportPlan.videoPreRoll`), encoding starts before the range: those pictures are encoded, so
/// the rate control is settled when the range starts, and their samples are dropped. The range's first picture is
/// forced to be a key frame (an IDR, which nothing after it may reference across), so the samples kept decode on
/// their own, exactly as a fresh encoder's would.
///
/// Thread safety: the queues are thread-safe; everything else is immutable after init or used on one stage thread.
// Safe because the queues are thread-safe; everything else is immutable after `init` or used on one stage thread.
final class VideoTranscoder: ExportFeed, @unchecked Sendable {
    /// A picture on its way to the encoder.
    struct Picture {
        var image: CVPixelBuffer
        var presentationTime: CMTime
        var duration: CMTime
        /// The range's first picture after a pre-roll: encoded as a key frame.
        var startsRange = false
    }

    /// Whether encoding starts before the range (a pre-roll).
    private var preRolls: Bool { encodingStart < rangeStart }
    /// Drops the pre-roll's samples (used on the encode thread only).
    private var preRollGate: PreRollGate

    private let output: AVAssetReaderOutput
    private let reader: AVAssetReader
    private let converter: PixelBufferConverter?
    private let stage: EncodeStage
    private let rangeStart: CMTime
    /// Where encoding starts: `rangeStart`, or earlier by the pre-roll.
    private let encodingStart: CMTime
    private let trackID: CMPersistentTrackID
    /// Analysis pass (the encoder's first of two): encode, keep only the statistics, report progress.
    private let analysis: ((CMTime) -> Void)?
    private let pictures = BoundedQueue<Picture, Never>(maximumCount: ExportLimits.pictureQueueDepth)
    private let encoded = BoundedQueue<CMSampleBuffer, Never>(maximumCount: ExportLimits.encodedQueueSamples,
                                                       maximumBytes: ExportLimits.encodedQueueBytes)

    init(output: AVAssetReaderOutput, reader: AVAssetReader, converter: PixelBufferConverter?,
         stage: EncodeStage, rangeStart: CMTime, encodingStart: CMTime? = nil,
         trackID: CMPersistentTrackID, analysis: ((CMTime) -> Void)? = nil) {
        self.output = output
        self.reader = reader
        self.converter = converter
        self.stage = stage
        self.rangeStart = rangeStart
        self.encodingStart = min(encodingStart ?? rangeStart, rangeStart)
        preRollGate = PreRollGate(rangeStart: self.encodingStart < rangeStart ? rangeStart : nil)
        self.trackID = trackID
        self.analysis = analysis
    }

    /// The encoder's output format (known at creation: the encoder opens with a source format hint).
    var formatDescription: CMFormatDescription? { stage.formatDescription }

    func start(in job: ExportJob) { start(in: job, alsoCountedIn: nil) }

    /// Starts the stage threads, counted in the job's group and in `group` (the analysis pass waits on its own).
    func start(in job: ExportJob, alsoCountedIn group: DispatchGroup?) {
        let groups = [job.threads] + (group.map { [$0] } ?? [])
        ExportThreads.spawn("export track \(trackID) scale", in: groups, failing: job) { [self] in scale(job) }
        ExportThreads.spawn("export track \(trackID) encode", in: groups, failing: job) { [self] in encode(job) }
    }

    func next() -> CMSampleBuffer? { encoded.take().element }

    func cancelStage() {
        pictures.cancel()
        encoded.cancel()
    }

    // MARK: Stages

    /// Decoded pictures → pictures to encode.
    private func scale(_ job: ExportJob) {
        var first = true
        var rangeStarted = !preRolls
        while !job.isStopping {
            guard let buffer = output.copyNextSampleBuffer() else {
                if reader.status == .failed, let error = reader.error {
                    job.fail(ExportFailure.avError(error))
                    pictures.cancel()
                } else {
                    pictures.finish()
                }
                return
            }
            guard let image = CMSampleBufferGetImageBuffer(buffer) else {
                job.fail(ExportFailure.stage(.decodeFailed, "track \(trackID): the decoder gave a sample without a picture",
                                             trackID: trackID))
                return
            }
            var time = CMSampleBufferGetPresentationTimeStamp(buffer)
            var duration = CMSampleBufferGetDuration(buffer)
            if first, time < encodingStart {
                // The picture on screen when encoding starts: shown from the start, for what is left of it.
                if duration.isNumeric { duration = duration - (encodingStart - time) }
                time = encodingStart
            }
            first = false
            let picture: CVPixelBuffer
            if let converter {
                do throws(CodecError) {
                    picture = try converter.convert(image)
                } catch {
                    job.fail(codecFailure(error, "scaling a picture at \(time.messageSeconds) s", code: .exportFailed, trackID: trackID))
                    return
                }
            } else {
                picture = image
            }
            var pending = [Picture(image: picture, presentationTime: time, duration: duration)]
            if !rangeStarted {
                pending = Self.split(pending[0], at: rangeStart)
                rangeStarted = pending.last?.startsRange == true
            }
            for picture in pending where !pictures.put(picture) { return }
        }
    }

    /// A pre-roll's picture as it meets the range's start: unchanged before it; marked as the range's first when it
    /// starts there or later; cut in two when it is on screen across the start (the part before it, then the rest
    /// as the range's first picture), so the range starts with a key frame exactly at its start.
    static func split(_ picture: Picture, at start: CMTime) -> [Picture] {
        var first = picture
        if picture.presentationTime >= start {
            first.startsRange = true
            return [first]
        }
        guard picture.duration.isNumeric, picture.presentationTime + picture.duration > start else { return [picture] }
        first.duration = start - picture.presentationTime
        var rest = picture
        rest.presentationTime = start
        rest.duration = picture.duration - first.duration
        rest.startsRange = true
        return [first, rest]
    }

    /// Pictures → encoded samples.
    private func encode(_ job: ExportJob) {
        do throws(AVError) {
            while let picture = pictures.take().element {
                let samples = try stage.encode(picture.image, at: picture.presentationTime, duration: picture.duration,
                                               forceKeyFrame: picture.startsRange)
                guard deliver(samples, in: job) else { return }
                analysis?(picture.presentationTime + (picture.duration.isNumeric ? picture.duration : .zero))
            }
            guard !pictures.isCancelled, !job.isStopping else { return }
            guard try stage.finish({ samples in deliver(samples, in: job) }) else { return }
            encoded.finish()
        } catch {
            job.fail(error)
            encoded.cancel()
        }
    }

    /// Passes encoded samples on (or drops them in an analysis pass, and the pre-roll's); false once the queue was
    /// cancelled or the job failed.
    private func deliver(_ samples: [CMSampleBuffer], in job: ExportJob) -> Bool {
        guard analysis == nil else { return true }
        for sample in samples {
            switch preRollGate.admit(sample) {
            case .drop: continue
            case .refuse(let reason):
                job.fail(ExportFailure.stage(.encodeFailed, "track \(trackID): \(reason)", trackID: trackID))
                encoded.cancel()
                return false
            case .keep:
                guard encoded.put(sample, cost: CMSampleBufferGetTotalSampleSize(sample)) else { return false }
            }
        }
        return true
    }
}
