import CoreAudioTypes
import FFmpegBridge

/// A linear PCM settings dictionary for decoded audio (`AVAssetReaderTrackOutput`/`AVAssetReaderAudioMixOutput`
/// audio settings): `AVFormatIDKey` must be `kAudioFormatLinearPCM`; rate, channels and layout default to the
/// source's; samples default to 16-bit signed integers, little-endian, interleaved (what Apple's readers give when
/// the `AVLinearPCM…` keys are left out).
package struct AudioDecoderOutputSettings: Sendable {
    /// `AVSampleRateKey`; `nil` keeps the source's rate.
    package var sampleRate: Double?
    /// `AVNumberOfChannelsKey`; `nil` keeps the source's channel count.
    package var channelCount: Int?
    /// `AVChannelLayoutKey`.
    package var channelLayout: ChannelLayout?
    /// `AVLinearPCMBitDepthKey` (8, 16, 24, 32; 32 or 64 for floats).
    package var bitDepth: Int
    /// `AVLinearPCMIsFloatKey`.
    package var isFloat: Bool
    /// `AVLinearPCMIsBigEndianKey`.
    package var isBigEndian: Bool
    /// `AVLinearPCMIsNonInterleaved`.
    package var isNonInterleaved: Bool
    /// `AVSampleRateConverterAlgorithmKey`, when given.
    package var sampleRateConverterAlgorithm: String?

    /// The defaults: the source's rate and channels, 16-bit interleaved little-endian integers.
    package init() {
        bitDepth = 16
        isFloat = false
        isBigEndian = false
        isNonInterleaved = false
    }

    /// Checks and reads a settings dictionary.
    package init(outputSettings: [String: Any]) throws(CodecSettingsError) {
        self.init()
        var reader = SettingsReader(outputSettings)
        guard let format = try reader.int(AVFormatIDKey) else {
            throw CodecSettingsError(.missingKey, key: AVFormatIDKey, "decoded audio settings must name kAudioFormatLinearPCM")
        }
        guard format == Int(kAudioFormatLinearPCM) else {
            throw CodecSettingsError(.invalidValue, key: AVFormatIDKey, "decoded audio is linear PCM (\(kAudioFormatLinearPCM)), not format \(format)")
        }
        sampleRate = try AudioEncoderSettings.readSampleRate(&reader)
        channelCount = try AudioEncoderSettings.readChannelCount(&reader)
        channelLayout = try AudioEncoderSettings.readChannelLayout(&reader, channelCount: channelCount)
        let pcm = try AudioEncoderSettings.readLinearPCM(&reader)
        bitDepth = pcm.bitDepth ?? 16
        isFloat = pcm.isFloat ?? false
        isBigEndian = pcm.isBigEndian ?? false
        isNonInterleaved = pcm.isNonInterleaved ?? false
        try AudioEncoderSettings.checkBitDepth(bitDepth, isFloat: isFloat)
        sampleRateConverterAlgorithm = try reader.choice(AVSampleRateConverterAlgorithmKey,
                                                         from: AudioEncoderSettings.converterAlgorithms)
        if reader.contains(AVSampleRateConverterAudioQualityKey) {
            // Apple: "A track output doesn't support the AVSampleRateConverterAudioQualityKey audio setting key."
            throw CodecSettingsError(.unknownKey, key: AVSampleRateConverterAudioQualityKey, "is not a key decoded audio settings take")
        }
        try reader.finish("decoded (linear PCM) audio settings")
    }

    /// The output layout for a source of `sampleRate` Hz and `channels` channels.
    package func layout(sourceRate: Double, sourceChannels: Int) -> PCMLayout {
        PCMLayout(sampleRate: sampleRate ?? sourceRate, channelCount: channelCount ?? channelLayout?.numberOfChannels ?? sourceChannels,
                  bitsPerSample: bitDepth, isFloat: isFloat, isBigEndian: isBigEndian, isNonInterleaved: isNonInterleaved)
    }
}
