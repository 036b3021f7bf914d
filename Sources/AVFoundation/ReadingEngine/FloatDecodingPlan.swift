import CoreMedia
import MediaCodecs

/// Audio decoded to 32-bit float, one plane per channel, at one rate and channel count, and converted to the
/// output's settings at the end: how the audio mix output reads its tracks (the mix sums planes) and how a track
/// output reads a track with scaled segments (the time stretcher takes planes).
struct FloatDecodingPlan {
    /// The settings every track's decoders use: float, non-interleaved, at `sampleRate` with `channels`.
    let settings: AudioDecoderOutputSettings
    let sampleRate: Double
    let channels: Int
    /// What those decoders produce.
    let description: CMAudioFormatDescription
    /// Converts the planes to the output's settings, when those ask for another layout.
    let converter: AudioConverterSession?

    /// The plan for output settings `requested` (nil: float planes at the tracks' highest rate and most channels),
    /// over tracks whose formats are `formats` (the first describes the planes).
    init(requested: AudioDecoderOutputSettings?, formats: [CMFormatDescription], trackID: CMPersistentTrackID?)
        throws(ReadingFailure) {
        var highestRate = 0.0, mostChannels = 0
        for description in formats {
            guard let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(description)?.pointee else { continue }
            highestRate = max(highestRate, asbd.mSampleRate)
            mostChannels = max(mostChannels, Int(asbd.mChannelsPerFrame))
        }
        guard highestRate > 0, mostChannels > 0, let first = formats.first else {
            throw ReadingFailure(.unsupported, "the audio to decode describes no sample rate or channel count", trackID: trackID)
        }
        let rate = requested?.sampleRate ?? highestRate
        let channels = requested?.channelCount ?? requested?.channelLayout?.numberOfChannels ?? mostChannels
        var settings = AudioDecoderOutputSettings()
        settings.sampleRate = rate
        settings.channelCount = channels
        settings.channelLayout = requested?.channelLayout
        settings.bitDepth = 32
        settings.isFloat = true
        settings.isNonInterleaved = true
        settings.sampleRateConverterAlgorithm = requested?.sampleRateConverterAlgorithm
        let planes = settings.layout(sourceRate: rate, sourceChannels: channels)
        let output = (requested ?? settings).layout(sourceRate: rate, sourceChannels: channels)
        do throws(CodecError) {
            description = try AudioDecoderSession.outputFormatDescription(for: first, outputSettings: settings)
            converter = output == planes ? nil : try AudioConverterSession(
                from: planes.streamDescription, sourceLayout: settings.channelLayout, to: output.streamDescription,
                destinationLayout: requested?.channelLayout)
        } catch {
            throw ReadingFailure(error, trackID: trackID, while: "cannot decode to the audio output settings")
        }
        self.settings = settings
        sampleRate = rate
        self.channels = channels
    }
}
