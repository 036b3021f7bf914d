// The keys and values of audio settings dictionaries (Apple's AVAudioSettings.h).
//
// Where the values come from. Apple's documentation pages give no raw values; each key's string is its own name,
// as AVFoundation compares them (the `AVSampleRateConverterAlgorithm_…` literals appear in AVFAudio's
// `-[AVAudioConverter setSampleRateConverterAlgorithm:]`; `AVFormatIDKey`, `AVSampleRateKey`,
// `AVNumberOfChannelsKey` and `AVChannelLayoutKey` are the SDK values as known from Apple's headers). The
// `AVAudioQuality` raw values are in AVAudioSettings.h itself (`AVAudioQualityMin = 0`, `…Low = 0x20`,
// `…Medium = 0x40`, `…High = 0x60`, `…Max = 0x7F`).

// MARK: Keys for every format

/// The format (an `AudioFormatID` such as `kAudioFormatMPEG4AAC`).
public let AVFormatIDKey: String = "AVFormatIDKey"
/// Sample rate in hertz (a floating-point number).
public let AVSampleRateKey: String = "AVSampleRateKey"
/// Number of channels (an integer).
public let AVNumberOfChannelsKey: String = "AVNumberOfChannelsKey"
/// The channel layout: `Data` holding an `AudioChannelLayout` (with all its channel descriptions).
public let AVChannelLayoutKey: String = "AVChannelLayoutKey"

// MARK: Linear PCM

/// Bits per sample: 8, 16, 24 or 32 (64 with `AVLinearPCMIsFloatKey`).
public let AVLinearPCMBitDepthKey: String = "AVLinearPCMBitDepthKey"
/// Whether samples are big-endian (a Boolean).
public let AVLinearPCMIsBigEndianKey: String = "AVLinearPCMIsBigEndianKey"
/// Whether samples are floating point (a Boolean).
public let AVLinearPCMIsFloatKey: String = "AVLinearPCMIsFloatKey"
/// Whether each channel is in its own buffer (a Boolean).
public let AVLinearPCMIsNonInterleaved: String = "AVLinearPCMIsNonInterleaved"

// MARK: Encoder

/// The encoder's quality/effort, an `AVAudioQuality` raw value.
public let AVEncoderAudioQualityKey: String = "AVEncoderAudioQualityKey"
/// The quality of variable-bit-rate encoding, an `AVAudioQuality` raw value (with
/// `AVAudioBitRateStrategy_Variable`).
public let AVEncoderAudioQualityForVBRKey: String = "AVEncoderAudioQualityForVBRKey"
/// Bit rate in bits per second (an integer).
public let AVEncoderBitRateKey: String = "AVEncoderBitRateKey"
/// Bit rate per channel in bits per second (an integer).
public let AVEncoderBitRatePerChannelKey: String = "AVEncoderBitRatePerChannelKey"
/// How the encoder spends bits (one of the `AVAudioBitRateStrategy_…` strings).
public let AVEncoderBitRateStrategyKey: String = "AVEncoderBitRateStrategyKey"
/// Bits per sample of the source for lossless encoders (8 to 32).
public let AVEncoderBitDepthHintKey: String = "AVEncoderBitDepthHintKey"

/// Constant bit rate.
public let AVAudioBitRateStrategy_Constant: String = "AVAudioBitRateStrategy_Constant"
/// Average bit rate over the long term.
public let AVAudioBitRateStrategy_LongTermAverage: String = "AVAudioBitRateStrategy_LongTermAverage"
/// Variable bit rate within limits around the requested bit rate.
public let AVAudioBitRateStrategy_VariableConstrained: String = "AVAudioBitRateStrategy_VariableConstrained"
/// Variable bit rate steered by `AVEncoderAudioQualityForVBRKey`.
public let AVAudioBitRateStrategy_Variable: String = "AVAudioBitRateStrategy_Variable"

// MARK: Sample rate converter

/// The sample rate converter's algorithm (one of the `AVSampleRateConverterAlgorithm_…` strings).
public let AVSampleRateConverterAlgorithmKey: String = "AVSampleRateConverterAlgorithmKey"
/// The sample rate converter's quality, an `AVAudioQuality` raw value.
public let AVSampleRateConverterAudioQualityKey: String = "AVSampleRateConverterAudioQualityKey"
/// The usual algorithm.
public let AVSampleRateConverterAlgorithm_Normal: String = "AVSampleRateConverterAlgorithm_Normal"
/// The algorithm for mastering (higher quality, slower).
public let AVSampleRateConverterAlgorithm_Mastering: String = "AVSampleRateConverterAlgorithm_Mastering"
/// A minimum-phase filter (no pre-ringing, more latency variation).
public let AVSampleRateConverterAlgorithm_MinimumPhase: String = "AVSampleRateConverterAlgorithm_MinimumPhase"

/// The file type for `AVAudioRecorder` settings (an `AudioFileTypeID`); not an asset writer setting.
public let AVAudioFileTypeKey: String = "AVAudioFileTypeKey"

/// Encoding and sample-rate-conversion quality (AVAudioSettings.h `AVAudioQuality`).
// Not CaseIterable: Apple's is an imported C enum, which has no `allCases`.
public enum AVAudioQuality: Int, Sendable {
    /// Minimum quality (0).
    case min = 0
    /// Low quality (0x20).
    case low = 0x20
    /// Medium quality (0x40).
    case medium = 0x40
    /// High quality (0x60).
    case high = 0x60
    /// Maximum quality (0x7F).
    case max = 0x7F
}
