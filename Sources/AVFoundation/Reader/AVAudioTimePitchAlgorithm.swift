/// How audio is time-stretched for scaled edits and varying rates (AVAudioProcessingSettings.h). The raw values
/// are the strings Apple's constants hold ("Varispeed" and so on, as AVFoundation's runtime values show).
public struct AVAudioTimePitchAlgorithm: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// Low quality, very inexpensive, rates snapped to a limited set; suitable for brief fast-forward and rewind.
    public static let lowQualityZeroLatency = AVAudioTimePitchAlgorithm(rawValue: "LowQualityZeroLatency")
    /// Modest quality, less expensive, suitable for voice; rates 1/32 to 32.
    public static let timeDomain = AVAudioTimePitchAlgorithm(rawValue: "TimeDomain")
    /// Highest quality, most expensive, suitable for music; rates 1/32 to 32.
    public static let spectral = AVAudioTimePitchAlgorithm(rawValue: "Spectral")
    /// High quality, no pitch correction: pitch follows the rate; rates 1/32 to 32.
    public static let varispeed = AVAudioTimePitchAlgorithm(rawValue: "Varispeed")

    /// The four algorithms Apple defines.
    static let all: Set<AVAudioTimePitchAlgorithm> = [.lowQualityZeroLatency, .timeDomain, .spectral, .varispeed]
}
