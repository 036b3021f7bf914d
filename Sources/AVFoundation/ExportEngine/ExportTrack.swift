import CoreMedia
import Foundation

/// One track of the output: its feed (passthrough or a transcoder), the writer input it fills, and how much of the
/// time range it has presented so far.
///
/// The writer asks for samples (`requestMediaDataWhenReady`) on a serial queue (`ExportPipeline.feedQueues`); while
/// its input is ready, the track takes the next sample from its feed (waiting for it), checks it against
/// `fileLengthLimit`, and appends it. At the feed's end it marks the input finished. A reader failure, a refused append or a stop ends it
/// too (the job records why).
///
/// Thread safety: `lock` guards `coverage` and `finished`; the request block runs on one queue at a time.
// Safe because `lock` guards `coverage` and `finished`; the request block runs on one queue at a time.
final class ExportTrack: @unchecked Sendable {
    /// Position among the output's tracks (the writer's input order).
    let index: Int
    let source: ExportSource.Track
    let input: AVAssetWriterInput
    let feed: any ExportFeed
    /// Weak: the writer may run the request block once more after the job has ended (so that a loop sees `append`
    /// fail), and the job must not be kept alive, or read after it is gone, by that last run.
    private weak var job: ExportJob?
    private let reader: AVAssetReader
    private let writer: AVAssetWriter
    private let governor: FileLengthGovernor?
    private let range: CMTimeRange

    private let lock = NSLock()
    private var coverage: PresentationCoverage
    private var finished = false
    /// The fraction last reported (used only by the request block, one run at a time).
    private var lastReported = 0.0

    init(index: Int, source: ExportSource.Track, input: AVAssetWriterInput, feed: any ExportFeed, job: ExportJob,
         reader: AVAssetReader, writer: AVAssetWriter, governor: FileLengthGovernor?, range: CMTimeRange) {
        self.index = index
        self.source = source
        self.input = input
        self.feed = feed
        self.job = job
        self.reader = reader
        self.writer = writer
        self.governor = governor
        self.range = range
        coverage = PresentationCoverage(start: range.start)
    }

    /// The end of what the track has presented without a gap.
    var presentedEnd: CMTime { lock.withLock { coverage.end } }

    /// Starts the feed's stages and the writer's requests, whose blocks run on `queue`.
    func startFeeding(on queue: DispatchQueue) {
        guard let job else { return }
        feed.start(in: job)
        input.requestMediaDataWhenReady(on: queue) { [self] in
            guard let job = self.job else { return }
            feedWhileReady(job)
        }
    }

    /// The request block: appends while the input is ready.
    ///
    /// Once `fileLengthLimit` refused a sample of some track at time T, every track goes on only with samples that
    /// start before T and still fit, so the tracks end together.
    private func feedWhileReady(_ job: ExportJob) {
        while input.isReadyForMoreMediaData {
            if lock.withLock({ finished }) || job.isStopping { return }
            guard let buffer = feed.next() else {
                if job.isStopping { return }
                if reader.status == .failed, let error = reader.error {
                    job.fail(ExportFailure.avError(error))
                    return
                }
                finish(job)
                return
            }
            var sample = buffer
            if let governor {
                let presented = PresentationCoverage.presentedRange(of: buffer)
                let start = presented?.start ?? CMSampleBufferGetPresentationTimeStamp(buffer)
                if let cut = job.cutTime, start >= cut {
                    finish(job)
                    return
                }
                // Samples shown to nobody (before the range) count from the range's start.
                guard let admitted = governor.admit(buffer, track: index, start: max(start, range.start),
                                                    end: max(presented?.end ?? start, range.start)) else {
                    job.truncate(at: start)
                    finish(job)
                    return
                }
                sample = admitted
            }
            guard input.append(sample) else {
                let error = writer.error.map(ExportFailure.avError)
                    ?? AVError(.exportFailed, "the writer refused a sample of track \(source.trackID)")
                job.fail(error)
                return
            }
            record(sample, job)
            if sample !== buffer {
                // Only a prefix fitted: the track ends here, and the others at this time.
                job.truncate(at: CMSampleBufferGetPresentationTimeStamp(sample) + CMSampleBufferGetDuration(sample))
                finish(job)
                return
            }
        }
    }

    /// Notes what `buffer` presents and reports progress.
    private func record(_ buffer: CMSampleBuffer, _ job: ExportJob) {
        guard let presented = PresentationCoverage.presentedRange(of: buffer) else { return }
        let duration = CMSampleBufferGetDuration(buffer)
        let count = max(1, CMSampleBufferGetNumSamples(buffer))
        // Half a sample: timestamps rounded by a coarser timescale leave hair-line gaps between samples.
        let tolerance = duration.isNumeric
            ? CMTimeMultiplyByRatio(duration, multiplier: 1, divisor: Int32(clamping: 2 * count)) : .zero
        let end: CMTime = lock.withLock {
            coverage.add(presented, tolerance: tolerance)
            return coverage.end
        }
        // Reported in steps of ExportLimits.progressStep: every sample would make the tracks contend for the
        // session's lock and its Progress (36,000 video samples in ten minutes of 1080p).
        let fraction = ExportProgress.fraction(of: end, in: range)
        guard fraction - lastReported >= ExportLimits.progressStep else { return }
        lastReported = fraction
        job.progress.setTrack(index, fraction)
        job.progressed()
    }

    /// Marks the input finished, once.
    private func finish(_ job: ExportJob) {
        let first: Bool = lock.withLock {
            guard !finished else { return false }
            finished = true
            return true
        }
        guard first else { return }
        input.markAsFinished(presenting: feed.presentedLayout)
        governor?.trackFinished(index)
        job.progress.setTrack(index, 1)
        job.progressed()
        job.trackFinished()
    }
}
