// AVAudioConverter.h's types.

/// How a converter primes a codec or sample-rate converter that needs frames before the first ones it outputs.
public enum AVAudioConverterPrimeMethod: Int, Sendable {
    /// Primes with leading and trailing input frames.
    case pre = 0
    /// Primes with trailing (zero latency) frames only: the default.
    case normal = 1
    /// Does not prime: output is delayed by the converter's latency.
    case none = 2
}

/// The frames a converter primes with.
public struct AVAudioConverterPrimeInfo: Sendable {
    /// Frames needed before the first output frame.
    public var leadingFrames: AVAudioFrameCount
    /// Frames needed after the last output frame.
    public var trailingFrames: AVAudioFrameCount

    public init() {
        self.init(leadingFrames: 0, trailingFrames: 0)
    }

    public init(leadingFrames: AVAudioFrameCount, trailingFrames: AVAudioFrameCount) {
        self.leadingFrames = leadingFrames
        self.trailingFrames = trailingFrames
    }
}

/// What an input block says about the buffer it returns.
public enum AVAudioConverterInputStatus: Int, Sendable {
    /// The block returns a buffer of input.
    case haveData = 0
    /// No input now; more may come later (the converter returns what it made, `inputRanDry`).
    case noDataNow = 1
    /// The input has ended.
    case endOfStream = 2
}

/// What `convert(to:error:withInputFrom:)` did.
public enum AVAudioConverterOutputStatus: Int, Sendable {
    /// The output buffer was filled, or holds the last converted frames.
    case haveData = 0
    /// The input block had no data now: the output holds what could be converted.
    case inputRanDry = 1
    /// The input has ended and every converted frame was returned: the output holds none.
    case endOfStream = 2
    /// The conversion failed; the error says why.
    case error = 3
}

/// Supplies input to `AVAudioConverter.convert(to:error:withInputFrom:)`: given the number of packets (frames, for
/// PCM) the converter would like, returns a buffer and sets the status.
public typealias AVAudioConverterInputBlock =
    (_ inNumberOfPackets: AVAudioPacketCount, _ outStatus: UnsafeMutablePointer<AVAudioConverterInputStatus>) -> AVAudioBuffer?
