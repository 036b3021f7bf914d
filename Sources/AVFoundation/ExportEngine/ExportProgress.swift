import CoreMedia
import Foundation

/// How far an export is: an analysis pass (multi-pass encoding reads the video once before the real pass) and the
/// main pass, each a fraction of the exported time range; the main pass is as far as its slowest track.
///
/// Thread safety: `lock` guards every `var`.
// Safe because `lock` guards every `var`.
final class ExportProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var analysisWeight = 0.0
    private var analysis = 0.0
    private var tracks: [Double] = []

    /// Gives the analysis pass `weight` of the whole (0 when there is none).
    func setAnalysisWeight(_ weight: Double) { lock.withLock { analysisWeight = weight } }

    /// Records the analysis pass's fraction.
    func setAnalysis(_ fraction: Double) { lock.withLock { analysis = max(analysis, min(1, fraction)) } }

    /// Declares the main pass's tracks.
    func setTrackCount(_ count: Int) { lock.withLock { tracks = Array(repeating: 0, count: count) } }

    /// Records how far track `index` is.
    func setTrack(_ index: Int, _ fraction: Double) {
        lock.withLock {
            guard tracks.indices.contains(index) else { return }
            tracks[index] = max(tracks[index], min(1, fraction))
        }
    }

    /// The whole export's fraction, 0…1.
    var fraction: Float {
        lock.withLock {
            let main = tracks.min() ?? 0
            return Float(analysisWeight * analysis + (1 - analysisWeight) * main)
        }
    }

    /// How far into `range` a time is, 0…1.
    static func fraction(of time: CMTime, in range: CMTimeRange) -> Double {
        guard range.duration.isNumeric, range.duration > .zero, time.isNumeric else { return 0 }
        return max(0, min(1, (time - range.start).seconds / range.duration.seconds))
    }
}
