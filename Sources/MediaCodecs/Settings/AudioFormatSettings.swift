import CoreAudioTypes

/// The format an audio settings dictionary describes, read as `AVAudioFormat(settings:)` reads it: only the keys that
/// make a format (`AVFormatIDKey`, `AVSampleRateKey`, `AVNumberOfChannelsKey`, `AVChannelLayoutKey` and the
/// `AVLinearPCM…` keys); Apple's documentation says the others "aren't relevant for the format" and are ignored, so
/// an encoder's bit rate or quality does not stop a format being made from the same dictionary. A key that is
/// present is still checked: a value of the wrong type or out of range is refused, never read as something else.
package struct AudioFormatSettings: Sendable {
    /// `AVFormatIDKey`; linear PCM when the key is absent.
    package var formatID: AudioFormatID
    /// `AVSampleRateKey`, or nil.
    package var sampleRate: Double?
    /// `AVNumberOfChannelsKey`, or nil (then the layout's count, when it has one).
    package var channelCount: Int?
    /// `AVChannelLayoutKey`, or nil.
    package var channelLayout: ChannelLayout?
    /// The linear PCM sample layout (`AVLinearPCMBitDepthKey` 16, integer, little-endian and interleaved when left
    /// out, as Apple's defaults are); nil for other formats.
    package var linearPCM: (bitDepth: Int, isFloat: Bool, isBigEndian: Bool, isNonInterleaved: Bool)?

    /// Reads the format keys of `settings`.
    package init(settings: [String: Any]) throws(CodecSettingsError) {
        var reader = SettingsReader(settings)
        if let format = try reader.int(AVFormatIDKey) {
            guard let id = AudioFormatID(exactly: format), id != 0 else {
                throw CodecSettingsError(.invalidValue, key: AVFormatIDKey, "\(format) is not an audio format ID")
            }
            formatID = id
        } else {
            formatID = kAudioFormatLinearPCM
        }
        sampleRate = try AudioEncoderSettings.readSampleRate(&reader)
        channelCount = try AudioEncoderSettings.readChannelCount(&reader)
        channelLayout = try AudioEncoderSettings.readChannelLayout(&reader, channelCount: channelCount)
        let pcm = try AudioEncoderSettings.readLinearPCM(&reader)
        if formatID == kAudioFormatLinearPCM {
            let bits = pcm.bitDepth ?? 16, isFloat = pcm.isFloat ?? false
            try AudioEncoderSettings.checkBitDepth(bits, isFloat: isFloat)
            linearPCM = (bits, isFloat, pcm.isBigEndian ?? false, pcm.isNonInterleaved ?? false)
        }
    }
}
