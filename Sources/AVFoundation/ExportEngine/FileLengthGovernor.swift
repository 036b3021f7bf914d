import CoreMedia
import Foundation
import MediaContainer
import MovieFile

/// Keeps an export's file within `fileLengthLimit`: a sample is admitted only if the finished file would still fit,
/// so the export stops at the last sample that fits and the file it completes is no larger than the limit.
///
/// It keeps an upper bound of the finished size: the container writer's projection (`ContainerWriter.sizeProjection()`: media data
/// written and held, and the movie box built from the tables so far), plus each sample the muxer has not taken yet
/// at its size and the most table bytes it can add (`ExportLimits.tableBytesPerSampleBound` per sample; per buffer
/// for formats whose packets are all one size, LPCM, which the table stores as runs), plus what the finish adds
/// (edit lists, gapless data). Most samples are admitted against the running bound alone; only when the bound
/// reaches the limit is the muxer asked for a fresh projection (which builds the movie box), and a sample is refused
/// only if it does not fit under that. A buffer of several samples (audio packets) that does not fit whole gives
/// its longest prefix that does. Which samples the muxer has taken is told by its sample counts per track, a cheap
/// query made every few samples to forget what it has.
///
/// Tracks end together: a sample of one track that reaches time t is admitted only if, after it, there is still room
/// for every other unfinished track to reach t at its data rate (the larger of the preset's rate for it and the rate
/// seen so far). So a track that runs ahead (audio while a video encoder's look-ahead still holds the first frames)
/// cannot spend the room the others need to catch up, and the first sample refused marks a time every track can
/// reach. Near the limit a track ahead by more than `ExportLimits.governorTrackWindow` waits for the tracks behind
/// (which the room kept for them would otherwise overestimate), so the cut falls where the real sizes say.
///
/// Thread safety: `lock` guards every `var`; the muxer is asked under it (the muxer never calls back). A track waits
/// on `lock` only for tracks behind it in time, which never wait for it: their stages, queues and writer inputs are
/// their own, and the writer's interleaving holds back only tracks that are ahead.
// Safe because `lock` guards every `var`.
final class FileLengthGovernor: ExportCancellable, @unchecked Sendable {
    /// The largest size the file may have.
    let limit: Int64
    private let projection: @Sendable () -> OutputSizeProjection?
    private let sampleCounts: @Sendable () -> [Int]?
    /// Bytes the finish may still add.
    private let reserve: Int64

    /// A buffer admitted but perhaps not yet taken by the muxer: where it ends in the track's samples, and what it
    /// may add to the file.
    private struct InFlight {
        var endSample: Int
        var cost: Int64
    }

    private let lock = NSCondition()
    /// Per track: bytes per second assumed until the track's own rate is known, where it has reached in time, and
    /// what it has been admitted.
    private let nominalRates: [Double]
    private var times: [Double]
    private var firstTimes: [Double?]
    private var admittedBytes: [Double]
    private var finished: [Bool]
    private var appendedSamples: [Int]
    private var inFlight: [[InFlight]]
    private var bound: Int64
    private var admitted = 0
    /// True once the bound comes from the muxer's projection rather than the header estimate.
    private var grounded = false
    private var cancelled = false
    /// Fresh projections taken (the muxer is asked only near the limit).
    private(set) var projections = 0

    init(limit: Int64, reserve: Int64, initialSize: Int64, start: CMTime, nominalRates: [Double],
         projection: @escaping @Sendable () -> OutputSizeProjection?, sampleCounts: @escaping @Sendable () -> [Int]?) {
        let trackCount = nominalRates.count
        self.limit = limit
        self.nominalRates = nominalRates
        times = Array(repeating: start.seconds, count: trackCount)
        firstTimes = Array(repeating: nil, count: trackCount)
        admittedBytes = Array(repeating: 0, count: trackCount)
        finished = Array(repeating: false, count: trackCount)
        self.projection = projection
        self.sampleCounts = sampleCounts
        self.reserve = reserve
        appendedSamples = Array(repeating: 0, count: trackCount)
        inFlight = Array(repeating: [], count: trackCount)
        bound = initialSize + reserve
    }

    /// What of `buffer`, which presents `start`…`end`, may be appended to track `index`: the buffer, the longest
    /// prefix of its samples that fits, or nil when not even its first sample fits.
    func admit(_ buffer: CMSampleBuffer, track index: Int, start: CMTime, end: CMTime) -> CMSampleBuffer? {
        lock.withLock {
            guard appendedSamples.indices.contains(index) else { return nil }
            admitted += 1
            if admitted % ExportLimits.governorCountInterval == 0, let counts = sampleCounts() { forget(counts) }
            let count = max(1, CMSampleBufferGetNumSamples(buffer))
            let from = start.isNumeric ? start.seconds : times[index]
            let to = end.isNumeric ? max(from, end.seconds) : from
            func endTime(_ samples: Int) -> Double { from + (to - from) * Double(samples) / Double(count) }
            func fits(_ samples: Int) -> Bool {
                // Overflow (a reservation for a track placed 2^61 s later) does not fit.
                let (withCost, overflow) = bound.addingReportingOverflow(Self.cost(of: buffer, samples: samples))
                let (total, overflowAgain) = withCost.addingReportingOverflow(
                    reservation(besides: index, until: endTime(samples)))
                return !overflow && !overflowAgain && total <= limit
            }
            // Near the limit, a track that is ahead waits for the tracks behind it (their stages and queues are
            // their own, so they catch up), so that what fits is measured, not guessed from data rates.
            while true {
                // Until the muxer has tracks the bound starts from an estimate of the headers: replace it with the
                // muxer's figure as soon as there is one.
                if !grounded || !fits(count) { refresh() }
                if fits(count) || cancelled || firstTimes[index] == nil { break }
                guard bound + Self.cost(of: buffer, samples: count) <= limit else { break }
                let behind = times.indices.contains { other in
                    other != index && !finished[other] && times[other] < to - ExportLimits.governorTrackWindow
                }
                guard behind else { break }
                lock.wait()
            }
            var admittedCount = count
            if !fits(count) {
                // The longest prefix that fits (audio packets: a multi-packet buffer need not go all or nothing).
                var low = 1, high = count - 1
                admittedCount = 0
                while low <= high {
                    let middle = (low + high) / 2
                    if fits(middle) { admittedCount = middle; low = middle + 1 } else { high = middle - 1 }
                }
            }
            guard admittedCount > 0 else { return nil }
            var result = buffer
            if admittedCount < count {
                var slice: CMSampleBuffer?
                guard CMSampleBufferCopySampleBufferForRange(allocator: nil, sampleBuffer: buffer,
                                                             sampleRange: CFRange(location: 0, length: admittedCount),
                                                             sampleBufferOut: &slice) == noErr, let slice else { return nil }
                result = slice
            }
            let cost = Self.cost(of: buffer, samples: admittedCount)
            record(index, samples: admittedCount, cost: cost)
            if firstTimes[index] == nil { firstTimes[index] = from }
            times[index] = max(times[index], endTime(admittedCount))
            admittedBytes[index] += Double(cost)
            lock.broadcast()
            return result
        }
    }

    /// A track takes no more samples: no room is kept for it.
    func trackFinished(_ index: Int) {
        lock.withLock {
            if finished.indices.contains(index) { finished[index] = true }
            lock.broadcast()
        }
    }

    /// Wakes a track waiting for the others' first samples; it then refuses.
    func cancelStage() {
        lock.withLock {
            cancelled = true
            lock.broadcast()
        }
    }

    /// The room the other unfinished tracks need to reach `time` (called with the lock held).
    private func reservation(besides index: Int, until time: Double) -> Int64 {
        var bytes = 0.0
        for other in times.indices where other != index && !finished[other] && times[other] < time {
            var rate = nominalRates[other]
            if let first = firstTimes[other], times[other] - first >= ExportLimits.governorRateWindow {
                rate = max(rate, admittedBytes[other] / (times[other] - first))
            }
            bytes += rate * (time - times[other])
        }
        // Saturated: rates and times come from the file (a 2^61 s empty edit, a 1e300 Hz rate).
        return Self.saturatedBytes(bytes)
    }

    /// `bytes` rounded up, `Int64.max` when it does not fit (or is not a number).
    static func saturatedBytes(_ bytes: Double) -> Int64 {
        guard bytes.isFinite, bytes < 0x1p63 else { return bytes.isNaN || bytes > 0 ? .max : 0 }
        return max(0, Int64(bytes.rounded(.up)))
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
        grounded = true
        forget(projection.tracks.map(\.sampleCount))
        let unseen = inFlight.reduce(Int64(0)) { $0 + $1.reduce(Int64(0)) { $0 + $1.cost } }
        // The muxer's figure replaces the running one, which started from an estimate of the headers.
        bound = Int64(projection.fileSize) + unseen + reserve
    }
}
