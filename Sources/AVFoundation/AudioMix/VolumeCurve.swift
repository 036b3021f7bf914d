import CoreMedia

/// One volume ramp of an audio mix input: the volume goes linearly from `startVolume` to `endVolume` over
/// `timeRange` (a zero-length range is a step, as `setVolume(_:at:)` sets).
struct VolumeRamp: Sendable, Equatable {
    var startVolume: Float
    var endVolume: Float
    var timeRange: CMTimeRange
}

/// The volume of one mix input over the asset's timeline, as AVAudioMix.h defines it: 1.0 before the first time
/// a volume is set; within a ramp's time range, interpolated between its start and end volumes; after a ramp, its
/// end volume, until the next ramp starts.
struct VolumeCurve: Sendable, Equatable {
    /// The ramps, ordered by start time; a ramp set at the start time of an earlier one replaces it.
    private(set) var ramps: [VolumeRamp] = []

    /// An empty curve (volume 1.0 throughout).
    init() {}

    /// Adds a ramp, replacing any ramp that starts at the same time.
    mutating func add(_ ramp: VolumeRamp) {
        ramps.removeAll { $0.timeRange.start == ramp.timeRange.start }
        let index = ramps.firstIndex { $0.timeRange.start > ramp.timeRange.start } ?? ramps.count
        ramps.insert(ramp, at: index)
    }

    /// Whether the volume is 1.0 everywhere.
    var isUnity: Bool { ramps.allSatisfy { $0.startVolume == 1 && $0.endVolume == 1 } }

    /// The ramp whose range contains `time`, else the first that starts after it; `nil` past the end of the last
    /// ramp (`getVolumeRamp(for:…)`).
    func ramp(for time: CMTime) -> VolumeRamp? {
        if let containing = ramps.last(where: { $0.timeRange.start <= time && time <= $0.timeRange.end }) {
            return containing
        }
        return ramps.first { $0.timeRange.start > time }
    }

    /// The volume at `seconds` (asset time).
    func volume(at seconds: Double) -> Float {
        var current: Float = 1
        for ramp in ramps {
            let start = ramp.timeRange.start.seconds
            guard start <= seconds else { break }
            let duration = ramp.timeRange.duration.seconds
            if duration > 0, seconds < start + duration {
                let fraction = Float((seconds - start) / duration)
                current = ramp.startVolume + (ramp.endVolume - ramp.startVolume) * fraction
            } else {
                current = ramp.endVolume
            }
        }
        return current
    }

    /// The volume of each of `count` frames at `sampleRate` whose first starts at `start` seconds.
    func volumes(from start: Double, count: Int, sampleRate: Double) -> [Float] {
        var gains = [Float](repeating: 1, count: count)
        guard !ramps.isEmpty, count > 0 else { return gains }
        let end = start + Double(count) / sampleRate
        // Constant over the block (no ramp starts or runs inside it): one evaluation.
        let changes = ramps.contains { ramp in
            let rampStart = ramp.timeRange.start.seconds, rampEnd = rampStart + max(0, ramp.timeRange.duration.seconds)
            return (rampStart > start && rampStart < end) || (rampEnd > start && rampStart < end)
        }
        if !changes {
            let value = volume(at: start)
            for index in gains.indices { gains[index] = value }
            return gains
        }
        for index in gains.indices { gains[index] = volume(at: start + Double(index) / sampleRate) }
        return gains
    }
}
