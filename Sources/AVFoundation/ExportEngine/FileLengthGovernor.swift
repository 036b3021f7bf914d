import CoreMedia
import Foundation
import MovieFile

/// Keeps an export's file within `fileLengthLimit`: a sample is admitted only if the finished file would still fit,
/// so the export stops at the last sample that fits and the file it completes is no larger than the limit.
///
/// It keeps an upper bound of the finished size: the muxer's projection (`MovieWriter.sizeProjection()`: media data
/// written and held, and the movie box built from the tables so far), plus each sample the muxer has not taken yet
/// at its size and the most table bytes it can add (`ExportLimits.tableBytesPerSampleBound` per sample; per buffer
/// for formats whose packets are all one size, LPCM, which the table stores as runs), plus what the finish adds
/// (edit lists, gapless data). Most samples are admitted against the running bound alone; only when the bound
/// reaches the limit is the muxer asked for a fresh projection (which builds the movie box), and a sample is refused
/// only if it does not fit under that. A buffer of several samples (audio packets) that does not fit whole gives
/// its longest prefix that does. Which samples the muxer has taken is told by its sample counts per track, a cheap
/// query made every few samples to forget what it has.
///
/// Thread safety: `lock` guards every `var`; the muxer is asked under it (the muxer never calls back).
final class FileLengthGovernor: @unchecked Sendable {
    /// The largest size the file may have.
    let limit: Int64
    private let projection: @Sendable () -> MovieSizeProjection?
    private let sampleCounts: @Sendable () -> [Int]?
    /// Bytes the finish may still add.
    private let reserve: Int64

    /// A buffer admitted but perhaps not yet taken by the muxer: where it ends in the track's samples, and what it
    /// may add to the file.
    private struct InFlight {
        var endSample: Int
        var cost: Int64
    }

    private let lock = NSLock()
    private var appendedSamples: [Int]
    private var inFlight: [[InFlight]]
    private var bound: Int64
    private var admitted = 0
    /// Fresh projections taken (the muxer is asked only near the limit).
    private(set) var projections = 0

    init(limit: Int64, trackCount: Int, reserve: Int64, initialSize: Int64,
         projection: @escaping @Sendable () -> MovieSizeProjection?, sampleCounts: @escaping @Sendable () -> [Int]?) {
        self.limit = limit
        self.projection = projection
        self.sampleCounts = sampleCounts
        self.reserve = reserve
        appendedSamples = Array(repeating: 0, count: trackCount)
        inFlight = Array(repeating: [], count: trackCount)
        bound = initialSize + reserve
    }

    /// What of `buffer` may be appended to track `index`: the buffer, the longest prefix of its samples that fits,
    /// or nil when not even its first sample fits.
    func admit(_ buffer: CMSampleBuffer, track index: Int) -> CMSampleBuffer? {
        lock.withLock {
            guard appendedSamples.indices.contains(index) else { return nil }
            admitted += 1
            if admitted % ExportLimits.governorCountInterval == 0, let counts = sampleCounts() { forget(counts) }
            let count = max(1, CMSampleBufferGetNumSamples(buffer))
            var cost = Self.cost(of: buffer, samples: count)
            if bound + cost > limit {
                refresh()
            }
            if bound + cost <= limit {
                record(index, samples: count, cost: cost)
                return buffer
            }
            // The longest prefix that fits (audio packets: a multi-packet buffer need not go all or nothing).
            var fitting = 0, low = 1, high = count - 1
            while low <= high {
                let middle = (low + high) / 2
                if bound + Self.cost(of: buffer, samples: middle) <= limit { fitting = middle; low = middle + 1 } else { high = middle - 1 }
            }
            var slice: CMSampleBuffer?
            guard fitting > 0, CMSampleBufferCopySampleBufferForRange(allocator: nil, sampleBuffer: buffer,
                                                                      sampleRange: CFRange(location: 0, length: fitting),
                                                                      sampleBufferOut: &slice) == noErr,
                  let slice else { return nil }
            cost = Self.cost(of: buffer, samples: fitting)
            record(index, samples: fitting, cost: cost)
            return slice
        }
    }

    /// The current upper bound of the finished size.
    var currentBound: Int64 { lock.withLock { bound } }

    /// What the first `samples` samples of `buffer` may add to the file: their bytes and their sample-table entries.
    static func cost(of buffer: CMSampleBuffer, samples: Int) -> Int64 {
        var bytes: Int64 = 0
        let total = CMSampleBufferGetNumSamples(buffer)
        if samples >= total {
            bytes = Int64(CMSampleBufferGetTotalSampleSize(buffer))
        } else {
            for index in 0..<samples { bytes += Int64(CMSampleBufferGetSampleSize(buffer, at: index)) }
        }
        let entries = isConstantSize(buffer) ? 1 : samples
        return bytes + Int64(entries) * ExportLimits.tableBytesPerSampleBound
    }

    /// Whether the buffer's samples all have one size and duration (linear PCM), which a sample table stores as runs.
    private static func isConstantSize(_ buffer: CMSampleBuffer) -> Bool {
        guard let format = CMSampleBufferGetFormatDescription(buffer),
              let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(format)?.pointee else { return false }
        return asbd.mFormatID == kAudioFormatLinearPCM && asbd.mBytesPerPacket > 0
    }

    private func record(_ index: Int, samples: Int, cost: Int64) {
        bound += cost
        appendedSamples[index] += samples
        inFlight[index].append(InFlight(endSample: appendedSamples[index], cost: cost))
    }

    /// Forgets the buffers the muxer has taken (called with the lock held).
    private func forget(_ counts: [Int]) {
        guard counts.count == inFlight.count else { return }
        for index in inFlight.indices {
            let taken = inFlight[index].prefix { $0.endSample <= counts[index] }.count
            inFlight[index].removeFirst(taken)
        }
    }

    /// Replaces the bound with the muxer's projection plus what it has not taken (called with the lock held).
    private func refresh() {
        guard let projection = projection(), projection.tracks.count == inFlight.count else { return }
        projections += 1
        forget(projection.tracks.map(\.sampleCount))
        let unseen = inFlight.reduce(Int64(0)) { $0 + $1.reduce(Int64(0)) { $0 + $1.cost } }
        // The muxer's figure replaces the running one, which started from an estimate of the headers.
        bound = Int64(projection.fileSize) + unseen + reserve
    }
}
