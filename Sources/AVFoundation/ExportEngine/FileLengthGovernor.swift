import CoreMedia
import Foundation
import MovieFile

/// Keeps an export's file within `fileLengthLimit`: every sample is admitted only if the finished file would still
/// fit, so the export stops at the last sample that fits and the file it completes is no larger than the limit.
///
/// It keeps an upper bound of the finished size: the muxer's projection (`MovieWriter.sizeProjection()`: media data
/// written and held, and the movie box built from the tables so far), plus each sample the muxer has not seen yet at
/// its size and the most table bytes one sample can add (`ExportLimits.tableBytesPerSampleBound`), plus what the
/// finish adds (edit lists, gapless data). Most samples are admitted against the running bound alone; only when the
/// bound reaches the limit is the muxer asked again (which costs a movie box build), and the sample is refused only
/// if it does not fit under that fresh bound. Samples the muxer has not seen are those still in the writer's queues:
/// the counts per track tell them apart.
///
/// Thread safety: `lock` guards every `var`; the muxer's projection is taken under it (the muxer never calls back).
final class FileLengthGovernor: @unchecked Sendable {
    /// The largest size the file may have.
    let limit: Int64
    /// The muxer's projection, when the output is a movie file and writing has started.
    private let probe: @Sendable () -> MovieSizeProjection?
    /// Bytes the finish may still add.
    private let reserve: Int64

    private let lock = NSLock()
    private var appendedSamples: [Int]
    private var appendedBytes: [Int64]
    private var bound: Int64
    private var stopped = false
    /// Projections taken (for tests: the muxer is asked only near the limit).
    private(set) var projections = 0

    init(limit: Int64, trackCount: Int, reserve: Int64, initialSize: Int64,
         probe: @escaping @Sendable () -> MovieSizeProjection?) {
        self.limit = limit
        self.probe = probe
        self.reserve = reserve
        appendedSamples = Array(repeating: 0, count: trackCount)
        appendedBytes = Array(repeating: 0, count: trackCount)
        bound = initialSize + reserve
    }

    /// Whether `buffer` may be appended to track `index`; once one sample is refused, every later one is.
    func admit(_ buffer: CMSampleBuffer, track index: Int) -> Bool {
        let bytes = Int64(CMSampleBufferGetTotalSampleSize(buffer))
        let samples = max(1, CMSampleBufferGetNumSamples(buffer))
        let added = bytes + Int64(samples) * ExportLimits.tableBytesPerSampleBound
        return lock.withLock {
            guard !stopped, appendedSamples.indices.contains(index) else { return false }
            if bound + added > limit {
                refresh()
                guard bound + added <= limit else {
                    stopped = true
                    return false
                }
            }
            bound += added
            appendedSamples[index] += samples
            appendedBytes[index] += bytes
            return true
        }
    }

    /// True once a sample was refused.
    var isStopped: Bool { lock.withLock { stopped } }

    /// The current upper bound of the finished size.
    var currentBound: Int64 { lock.withLock { bound } }

    /// Replaces the bound with the muxer's projection plus what the muxer has not seen (called with the lock held).
    private func refresh() {
        guard let projection = probe(), projection.tracks.count == appendedSamples.count else { return }
        projections += 1
        var unseen: Int64 = 0
        for (index, seen) in projection.tracks.enumerated() {
            let samples = max(0, appendedSamples[index] - seen.sampleCount)
            let bytes = max(0, appendedBytes[index] - Int64(seen.byteCount))
            unseen += bytes + Int64(samples) * ExportLimits.tableBytesPerSampleBound
        }
        // The muxer's figure replaces the running one, which started from an estimate of the headers.
        bound = Int64(projection.fileSize) + unseen + reserve
    }
}
