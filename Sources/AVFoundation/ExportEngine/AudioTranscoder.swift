import CoreMedia
import Foundation
import MediaCodecs

/// One audio track's transcoding: the reader decodes and mixes (its audio mix output applies the export's volume
/// curve for the track and converts to the encoder's rate and channels, on the reader's worker); one stage thread
/// encodes into a bounded queue the writer takes from.
///
/// Thread safety: the queue is thread-safe; everything else is immutable after init or used on the stage thread.
// Safe because the queue is thread-safe; everything else is immutable after `init` or used on the stage thread.
final class AudioTranscoder: ExportFeed, @unchecked Sendable {
    private let output: AVAssetReaderOutput
    private let reader: AVAssetReader
    private let encoder: AudioEncoderSession
    private let trackID: CMPersistentTrackID
    private let encoded = BoundedQueue<CMSampleBuffer, Never>(maximumCount: ExportLimits.encodedQueueSamples,
                                                       maximumBytes: ExportLimits.encodedQueueBytes)

    init(output: AVAssetReaderOutput, reader: AVAssetReader, encoder: AudioEncoderSession, trackID: CMPersistentTrackID) {
        self.output = output
        self.reader = reader
        self.encoder = encoder
        self.trackID = trackID
    }

    /// The encoder's output format (known at creation: the encoder opens with a source format hint).
    var formatDescription: CMFormatDescription? { encoder.formatDescription }

    func start(in job: ExportJob) {
        ExportThreads.spawn("export track \(trackID) audio encode", in: [job.threads], failing: job) { [self] in
            run(job)
        }
    }

    func next() -> CMSampleBuffer? { encoded.take().element }

    func cancelStage() { encoded.cancel() }

    private func run(_ job: ExportJob) {
        do throws(CodecError) {
            while !job.isStopping {
                guard let buffer = output.copyNextSampleBuffer() else {
                    if reader.status == .failed, let error = reader.error {
                        job.fail(ExportFailure.avError(error))
                        encoded.cancel()
                        return
                    }
                    break
                }
                for packet in try encoder.encode(buffer) where !encoded.put(packet, cost: CMSampleBufferGetTotalSampleSize(packet)) {
                    return
                }
            }
            guard !job.isStopping, !encoded.isCancelled else { return }
            for packet in try encoder.finish() where !encoded.put(packet, cost: CMSampleBufferGetTotalSampleSize(packet)) {
                return
            }
            encoded.finish()
        } catch {
            job.fail(codecFailure(error, "encoding audio", code: .encodeFailed, trackID: trackID))
            encoded.cancel()
        }
    }
}
