import CoreMedia
import Foundation

/// The decoded frames of one source track of a video composition, read on a worker of their own, and the frame
/// on screen at a composition time.
///
/// Each source decodes on its own `ReadAheadWorker` (a `VideoDecodeProducer` over the same time ranges as the
/// composition), so N sources decode at once while the compose stage works; the worker's bound keeps a couple of
/// pictures ahead, so memory does not grow with the number of frames. The cursor moves forward only: composition
/// times increase.
///
/// Thread safety: used by the compose worker only; `stop()` may be called from any thread (the worker is
/// thread-safe).
final class SourceFrames {
    let trackID: CMPersistentTrackID
    private let worker: ReadAheadWorker
    /// The latest frame presented at or before the last time asked for.
    private var current: CMSampleBuffer?
    /// The next frame after `current`, read ahead to know when `current` stops being on screen.
    private var upcoming: CMSampleBuffer?
    private var ended = false

    /// Starts decoding `producer`'s frames; `onFailure` hears of a decode failure as soon as it happens.
    init(trackID: CMPersistentTrackID, producer: any SampleProducer, bound: ReadAheadBound,
         onFailure: @escaping @Sendable (ReadingFailure) -> Void) {
        self.trackID = trackID
        worker = ReadAheadWorker(name: "AVAssetReaderVideoCompositionOutput source \(trackID)", bound: bound,
                                 onFailure: onFailure)
        worker.start(producer)
    }

    deinit {
        worker.cancel()
    }

    /// Stops decoding.
    func stop() {
        worker.cancel()
    }

    /// The frame on screen at `time`: the last one presented at or before it, if it lasts until `time` (none in an
    /// empty edit of the track, before its first frame, after its last). `nil` also when decoding stopped.
    func frame(at time: CMTime) throws(ReadingFailure) -> CMSampleBuffer? {
        while true {
            if upcoming == nil, !ended { upcoming = try take() }
            guard let next = upcoming, CMSampleBufferGetPresentationTimeStamp(next) <= time else { break }
            current = next
            upcoming = nil
        }
        guard let current else { return nil }
        let start = CMSampleBufferGetPresentationTimeStamp(current)
        let duration = CMSampleBufferGetDuration(current)
        if duration.isNumeric, duration > .zero, start + duration <= time {
            return nil
        }
        return current
    }

    /// The presentation time of the next frame after `time`'s, if there is one (for composition times that follow
    /// this track's frames).
    func nextFrameTime(after time: CMTime) throws(ReadingFailure) -> CMTime? {
        _ = try frame(at: time)
        if upcoming == nil, !ended { upcoming = try take() }
        return upcoming.map(CMSampleBufferGetPresentationTimeStamp)
    }

    private func take() throws(ReadingFailure) -> CMSampleBuffer? {
        switch worker.take() {
        case .buffer(let buffer): return buffer
        case .end, .cancelled:
            ended = true
            return nil
        case .failed(let failure):
            ended = true
            throw failure
        }
    }
}
