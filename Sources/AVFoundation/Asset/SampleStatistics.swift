import CoreMedia
import MediaContainer

/// The sample-table figures several track properties derive from, computed in one pass over the table's runs.
struct SampleStatistics: Sendable {
    /// Number of samples.
    let count: Int
    /// Sum of the sample sizes in bytes (`totalSampleDataLength`).
    let totalSize: Int64
    /// Sum of the sample durations in media ticks: the decode span of the media.
    let totalDuration: Int64
    /// The smallest non-zero sample duration, if any sample has one.
    let minimumDuration: Int64?
    /// Whether any sample's presentation time differs from its decode time (a non-zero composition offset).
    let hasCompositionOffsets: Bool

    init(count: Int, totalSize: Int64, totalDuration: Int64, minimumDuration: Int64?, hasCompositionOffsets: Bool) {
        self.count = count
        self.totalSize = totalSize
        self.totalDuration = totalDuration
        self.minimumDuration = minimumDuration
        self.hasCompositionOffsets = hasCompositionOffsets
    }

    /// No samples.
    static let empty = SampleStatistics(count: 0, totalSize: 0, totalDuration: 0, minimumDuration: nil,
                                        hasCompositionOffsets: false)

    init(_ table: SampleTable) {
        count = table.count
        totalSize = table.totalSize
        totalDuration = table.durations.cumulativeSumAtEnd
        minimumDuration = table.durations.runs.map(\.value).filter { $0 > 0 }.min()
        hasCompositionOffsets = table.compositionOffsets?.valueRange.map { $0 != 0...0 } ?? false
    }

    /// Samples per second: the frame rate of a video track, the packet rate of an audio track.
    func sampleRate(timescale: CMTimeScale) -> Float {
        guard count > 0, totalDuration > 0, timescale > 0 else { return 0 }
        return Float(Double(count) * Double(timescale) / Double(totalDuration))
    }

    /// Bits per second over the media's decode span.
    func dataRate(timescale: CMTimeScale) -> Float {
        guard totalDuration > 0, timescale > 0 else { return 0 }
        return Float(Double(totalSize) * 8 * Double(timescale) / Double(totalDuration))
    }
}
