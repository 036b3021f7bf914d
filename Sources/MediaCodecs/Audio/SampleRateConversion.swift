import FFmpegBridge

/// How a sample-rate converter is asked to work, in Apple's terms (`AVAudioConverter`'s
/// `sampleRateConverterQuality`, `sampleRateConverterAlgorithm` and `dither`), and what that means for swresample.
package struct SampleRateConversion: Sendable, Equatable {
    /// An `AVAudioQuality` raw value (0…0x7F).
    package var quality: Int
    /// `AVSampleRateConverterAlgorithm_Normal` or `_Mastering`; nil is Normal.
    package var algorithm: String?
    /// Dither when requantising to a narrower sample.
    package var dither: Bool

    /// The conversion the package uses when nothing is asked: high quality, the normal algorithm, no dither, which is
    /// swresample's default filter.
    package static let standard = SampleRateConversion(quality: AVAudioQuality.high.rawValue, algorithm: nil,
                                                       dither: false)

    package init(quality: Int, algorithm: String?, dither: Bool) {
        self.quality = quality
        self.algorithm = algorithm
        self.dither = dither
    }

    /// swresample's options for this conversion. The filter's length grows with the quality: 8 taps for `min`, 16
    /// for `low`, 24 for `medium`, 32 (swresample's default) for `high`, 64 for `max` and for the Mastering
    /// algorithm, which Apple describes as its highest-quality converter. Throws for a quality outside 0…0x7F and
    /// for an algorithm that cannot be given: `AVSampleRateConverterAlgorithm_MinimumPhase` (swresample's filters are
    /// linear-phase).
    package func resamplerOptions() throws(CodecError) -> FFResamplerOptions {
        guard (0...0x7F).contains(quality) else {
            throw CodecError(.unsupportedFormat, "sample-rate converter quality \(quality) is outside AVAudioQuality's 0...127")
        }
        switch algorithm {
        case nil, AVSampleRateConverterAlgorithm_Normal?:
            let length = quality >= AVAudioQuality.max.rawValue ? 64 : quality >= AVAudioQuality.high.rawValue ? 32
                : quality >= AVAudioQuality.medium.rawValue ? 24 : quality >= AVAudioQuality.low.rawValue ? 16 : 8
            return FFResamplerOptions(filterLength: length == 32 ? nil : length, dither: dither)
        case AVSampleRateConverterAlgorithm_Mastering?:
            return FFResamplerOptions(filterLength: 64, dither: dither)
        case let other?:
            throw CodecError(.unsupportedFormat, "the sample-rate converter algorithm \(other) is not available here "
                                + "(swresample's filters are linear-phase); use AVSampleRateConverterAlgorithm_Normal or "
                                + "_Mastering")
        }
    }
}
