/// The checks both time stretchers make on their configuration and their input, so that nothing a caller gets
/// wrong reaches a C library (which would crash or allocate without bound rather than report it).
enum StretchChecks {
    /// Refuses a sample rate, channel count or stretch factor the stretchers are not configured for.
    static func configuration(_ operation: String, sampleRate: Int, channelCount: Int, maximumChannels: Int,
                              factor: Double, factorName: String) throws(TimeStretchError) {
        guard (1...StretchLimits.maximumSampleRate).contains(sampleRate) else {
            throw TimeStretchError(.invalidConfiguration, operation: operation, setting: "sampleRate",
                          message: "\(sampleRate) Hz is outside 1...\(StretchLimits.maximumSampleRate)")
        }
        guard (1...maximumChannels).contains(channelCount) else {
            throw TimeStretchError(.invalidConfiguration, operation: operation, setting: "channelCount",
                          message: "\(channelCount) channels is outside 1...\(maximumChannels)")
        }
        let limit = StretchLimits.maximumFactor
        guard factor.isFinite, factor >= 1 / limit, factor <= limit else {
            throw TimeStretchError(.invalidConfiguration, operation: operation, setting: factorName,
                          message: "\(factor) is outside 1/\(Int(limit))...\(Int(limit))")
        }
    }

    /// The number of frames in `planes`, which must be one plane per channel, all of the same length.
    static func frameCount(_ operation: String, _ planes: [[Float]], channelCount: Int) throws(TimeStretchError) -> Int {
        guard planes.count == channelCount else {
            throw TimeStretchError(.invalidArgument, operation: operation,
                          message: "\(planes.count) planes given for \(channelCount) channels")
        }
        let frames = planes.first?.count ?? 0
        guard planes.allSatisfy({ $0.count == frames }) else {
            throw TimeStretchError(.invalidArgument, operation: operation,
                          message: "planes of different lengths: \(planes.map(\.count))")
        }
        return frames
    }
}
