/// One side of a resampler: sample format, rate and channel layout.
package struct FFAudioFormat: Hashable, Sendable {
    /// How samples are stored.
    package var sampleFormat: FFSampleFormat
    /// Samples per second.
    package var sampleRate: Int
    /// Channels and their order.
    package var channelLayout: FFChannelLayout

    /// Describes a format.
    package init(sampleFormat: FFSampleFormat, sampleRate: Int, channelLayout: FFChannelLayout) {
        self.sampleFormat = sampleFormat
        self.sampleRate = sampleRate
        self.channelLayout = channelLayout
    }
}
