import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs
import MovieFile

/// One video encoder and the work done around it, for both paths that encode pictures: an asset writer input with
/// video output settings (`InputWorker`, on the input's serial queue) and an export's transcoded video track
/// (`VideoTranscoder`, on its encode thread, in the analysis pass and the real one). It exists so that the two paths
/// cannot drift apart in how they drive the same encoder: which pictures are forced to be key frames (the first at
/// or past a writer's segment boundary, the first of an export's range after a pre-roll), finishing packet by packet
/// (so the muxer takes each packet while x264 encodes its look-ahead), the switch from the analysis pass to the
/// final one, and the failure each step reports. Where the pictures wait stays with each user, because each holds
/// its producer back differently: the writer's queue serves audio inputs too, keeps an input's ends in order after
/// its pictures, and counts every item through `WritingEngine.itemDone` for `isReadyForMoreMediaData`; the export's
/// encode thread pulls from a bounded queue that holds the scale thread back.
///
/// Not thread-safe: its user calls it from one thread at a time (the serial queue, or the encode thread and then,
/// once that thread ended, the export's driving thread for the final pass). `formatDescription` may be read from any
/// thread: it only asks the encoder, which is thread-safe.
final class EncodeStage {
    /// What the stage was doing when the encoder failed, for the user's message.
    enum Step {
        case encoding
        case finishing
        case startingFinalPass
    }

    /// The encoder's output format (known at creation: the encoder opens with a source format hint).
    var formatDescription: CMFormatDescription? { encoder.formatDescription }

    private let encoder: MultiPassVideoEncoder
    /// Segment output: the first picture at or past each `start` + N × `interval` (N ≥ 1) is made a key frame.
    private let segmentKeyFrames: (interval: CMTime, start: CMTime)?
    /// The next segment boundary (see `startsSegment(at:)`).
    private var nextSegmentBoundary: CMTime?
    /// The user's error for a codec failure in a step: the writer's and the export's say it in their own terms.
    private let failure: (CodecError, Step) -> AVError

    /// Opens the encoder (for an analysis pass when `statisticsDirectory` is given); a failure to open is the
    /// caller's to report, as it happens before there is a stage.
    init(settings: VideoEncoderSettings, sourceFormatHint: CMFormatDescription?, options: VideoEncoderSession.Options,
         statisticsDirectory: URL?, segmentKeyFrames: (interval: CMTime, start: CMTime)? = nil,
         failure: @escaping (CodecError, Step) -> AVError) throws(CodecError) {
        encoder = try MultiPassVideoEncoder(settings: settings, sourceFormatHint: sourceFormatHint, options: options,
                                            statisticsDirectory: statisticsDirectory)
        self.segmentKeyFrames = segmentKeyFrames
        self.failure = failure
    }

    /// Encodes a picture; `forceKeyFrame` makes it a key frame whatever the segment boundaries say.
    func encode(_ image: CVPixelBuffer, at time: CMTime, duration: CMTime,
                forceKeyFrame: Bool = false) throws(AVError) -> [CMSampleBuffer] {
        // Asked even when the picture is forced anyway, so the boundary moves past it.
        let startsSegment = startsSegment(at: time)
        do throws(CodecError) {
            return try encoder.encode(image, presentationTimeStamp: time, duration: duration,
                                      forceKeyFrame: forceKeyFrame || startsSegment)
        } catch {
            throw failure(error, .encoding)
        }
    }

    /// Flushes the encoder packet by packet, handing each to `deliver` as it comes, so the muxer takes it while the
    /// encoder works on the rest of its look-ahead. Stops early, leaving the rest, when `deliver` returns false;
    /// returns whether it went to the end.
    @discardableResult
    func finish(_ deliver: ([CMSampleBuffer]) throws(AVError) -> Bool) throws(AVError) -> Bool {
        while true {
            let samples: [CMSampleBuffer]?
            do throws(CodecError) {
                samples = try encoder.finishNext()
            } catch {
                throw failure(error, .finishing)
            }
            guard let samples else { return true }
            guard try deliver(samples) else { return false }
        }
    }

    /// Ends an analysis pass: the encoder writes its statistics and the next picture starts the final pass with a
    /// new encoder that uses them. False when the encoder does not make passes.
    @discardableResult
    func beginFinalPass() throws(AVError) -> Bool {
        do throws(CodecError) {
            return try encoder.beginFinalPass()
        } catch {
            throw failure(error, .startingFinalPass)
        }
    }

    /// Whether the picture at `time` must be a sync frame because it is the first at or past a segment boundary
    /// (AVAssetWriter.h: such a sample "will be forced to be encoded as sync sample so that the current segment will
    /// be closed immediately").
    private func startsSegment(at time: CMTime) -> Bool {
        guard let (interval, start) = segmentKeyFrames, time.isNumeric else { return false }
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
}
