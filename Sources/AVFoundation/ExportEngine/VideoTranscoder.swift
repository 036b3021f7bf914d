import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs

/// One video track's transcoding stages, each on its own thread, with bounded queues between them:
///
///     reader output (decode, on the reader's worker) → scale → [pictures] → encode → [encoded] → writer
///
/// The reader output may be any that gives pictures (a track's, or one composing several tracks). The scale stage
/// turns each picture into the picture to encode: it scales to the preset's size and converts to the encoder's
/// layout in one pass (`PixelBufferConverter`), or hands the picture on when the size does not change (the encoder
/// then converts the layout itself). The first picture, which may start before the time range, is retimed
/// to start at it, so the output begins exactly at the range's start.
///
/// Thread safety: the queues are thread-safe; everything else is immutable after init or used on one stage thread.
// Safe because the queues are thread-safe; everything else is immutable after `init` or used on one stage thread.
final class VideoTranscoder: ExportFeed, @unchecked Sendable {
    /// A picture on its way to the encoder.
    struct Picture {
        var image: CVPixelBuffer
        var presentationTime: CMTime
        var duration: CMTime
    }

    private let output: AVAssetReaderOutput
    private let reader: AVAssetReader
    private let converter: PixelBufferConverter?
    private let encoder: MultiPassVideoEncoder
    private let rangeStart: CMTime
    private let trackID: CMPersistentTrackID
    /// Analysis pass (the encoder's first of two): encode, keep only the statistics, report progress.
    private let analysis: ((CMTime) -> Void)?
    private let pictures = BoundedQueue<Picture, Never>(maximumCount: ExportLimits.pictureQueueDepth)
    private let encoded = BoundedQueue<CMSampleBuffer, Never>(maximumCount: ExportLimits.encodedQueueSamples,
                                                       maximumBytes: ExportLimits.encodedQueueBytes)

    init(output: AVAssetReaderOutput, reader: AVAssetReader, converter: PixelBufferConverter?,
         encoder: MultiPassVideoEncoder, rangeStart: CMTime, trackID: CMPersistentTrackID,
         analysis: ((CMTime) -> Void)? = nil) {
        self.output = output
        self.reader = reader
        self.converter = converter
        self.encoder = encoder
        self.rangeStart = rangeStart
        self.trackID = trackID
        self.analysis = analysis
    }

    /// The encoder's output format (known at creation: the encoder opens with a source format hint).
    var formatDescription: CMFormatDescription? { encoder.formatDescription }

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
            if first, time < rangeStart {
                // The picture on screen when the range starts: shown from the start, for what is left of it.
                if duration.isNumeric { duration = duration - (rangeStart - time) }
                time = rangeStart
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
            guard pictures.put(Picture(image: picture, presentationTime: time, duration: duration)) else { return }
        }
    }

    /// Pictures → encoded samples.
    private func encode(_ job: ExportJob) {
        do throws(CodecError) {
            while let picture = pictures.take().element {
                let samples = try encoder.encode(picture.image, presentationTimeStamp: picture.presentationTime,
                                                 duration: picture.duration)
                guard deliver(samples) else { return }
                analysis?(picture.presentationTime + (picture.duration.isNumeric ? picture.duration : .zero))
            }
            guard !pictures.isCancelled, !job.isStopping else { return }
            while let samples = try encoder.finishNext() {
                guard deliver(samples) else { return }
            }
            encoded.finish()
        } catch {
            job.fail(codecFailure(error, "encoding video", code: .encodeFailed, trackID: trackID))
            encoded.cancel()
        }
    }

    /// Passes encoded samples on (or drops them in an analysis pass); false once the queue was cancelled.
    private func deliver(_ samples: [CMSampleBuffer]) -> Bool {
        guard analysis == nil else { return true }
        for sample in samples where !encoded.put(sample, cost: CMSampleBufferGetTotalSampleSize(sample)) {
            return false
        }
        return true
    }
}
