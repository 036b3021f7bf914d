internal import CFFmpeg
import Synchronization

/// What an audio decoder is created from.
package struct FFAudioDecoderConfiguration: Sendable, Hashable {
    /// The codec.
    package var codec: FFCodec
    /// Out-of-band setup bytes, in the forms FFmpeg's decoders take: AudioSpecificConfig for AAC, the 36-byte QuickTime
    /// 'alac' atom for ALAC, OpusHead for Opus, a FLAC STREAMINFO block; empty otherwise. `MediaCodecs` makes them
    /// from the package's magic cookies (`MediaFormats.MagicCookie`).
    package var extradata: [UInt8]
    /// Sample rate from the container (0 when unknown; required for linear PCM).
    package var sampleRate: Int
    /// Channel layout from the container (required for linear PCM; otherwise the bitstream's wins).
    package var channelLayout: FFChannelLayout?
    /// The time base of the packet timestamps (passed through untouched).
    package var timeBase: FFRational?
    /// A specific FFmpeg decoder, or `nil` for the bridge's choice.
    package var decoderName: String?

    /// A configuration with the usual defaults.
    package init(codec: FFCodec, extradata: [UInt8] = [], sampleRate: Int = 0, channelLayout: FFChannelLayout? = nil,
                 timeBase: FFRational? = nil, decoderName: String? = nil) {
        self.codec = codec
        self.extradata = extradata
        self.sampleRate = sampleRate
        self.channelLayout = channelLayout
        self.timeBase = timeBase
        self.decoderName = decoderName
    }
}

/// An audio decoder: packets in, `FFAudioFrame`s out, each carrying its packet's pts. Errors and thread safety as
/// for `FFVideoDecoder`.
// Safe because its lock serialises every call; the configuration is immutable.
package final class FFAudioDecoder: @unchecked Sendable {
    /// What the decoder was created from.
    package let configuration: FFAudioDecoderConfiguration
    /// The FFmpeg decoder in use.
    package let decoderName: String
    /// Samples of decoder delay the codec reports at the start of the stream (FFmpeg's `delay`, e.g. Opus
    /// pre-skip); 0 when the codec reports none. AAC priming is not in the bitstream: it comes from the container's
    /// edit list or iTunSMPB, which the layer above reads.
    package let codecDelay: Int

    // Serialises use of the codec context.
    private let core: FFDecoderCore
    private let lock = Mutex(())

    /// Opens a decoder.
    package init(configuration: FFAudioDecoderConfiguration) throws(FFError) {
        guard configuration.codec.mediaType == .audio else {
            throw FFError(.invalidConfiguration, operation: "FFAudioDecoder", setting: "codec",
                          message: "\(configuration.codec) is not an audio codec")
        }
        guard (0...FFLimits.maximumSampleRate).contains(configuration.sampleRate) else {
            throw FFError(.invalidConfiguration, operation: "FFAudioDecoder", setting: "sampleRate",
                          message: "\(configuration.sampleRate) Hz is outside 0...\(FFLimits.maximumSampleRate)")
        }
        if let layout = configuration.channelLayout,
           !(1...FFLimits.maximumAudioChannels).contains(layout.channelCount) {
            throw FFError(.invalidConfiguration, operation: "FFAudioDecoder", setting: "channelLayout",
                          message: "\(layout.channelCount) channels is outside 1...\(FFLimits.maximumAudioChannels)")
        }
        if configuration.codec.isLinearPCM, configuration.sampleRate == 0 || configuration.channelLayout == nil {
            throw FFError(.invalidConfiguration, operation: "FFAudioDecoder", setting: "sampleRate/channelLayout",
                          message: "linear PCM has no header: the sample rate and channel layout must be given")
        }
        let decoder = try configuration.codec.findDecoder(named: configuration.decoderName)
        let core = try FFDecoderCore(decoder: decoder, extradata: configuration.extradata) { context throws(FFError) in
            context.pointee.sample_rate = Int32(configuration.sampleRate)
            if let layout = configuration.channelLayout {
                var av = layout.makeAVLayout()
                defer { av_channel_layout_uninit(&av) }
                try ffCheck(av_channel_layout_copy(&context.pointee.ch_layout, &av), "av_channel_layout_copy",
                            setting: "channelLayout")
            }
            if let timeBase = configuration.timeBase, timeBase.isPositive {
                context.pointee.pkt_timebase = AVRational(num: timeBase.numerator, den: timeBase.denominator)
            }
            // Report skip-samples side data on frames instead of cutting samples: trimming belongs to the edit
            // list logic above, which must see every sample to stay sample-exact.
            context.pointee.flags2 |= AV_CODEC_FLAG2_SKIP_MANUAL
        }
        self.configuration = configuration
        decoderName = core.name
        codecDelay = Int(max(core.codecContext.pointee.delay, 0))
        self.core = core
    }

    /// Decodes one packet and returns the audio that became ready.
    package func decode(_ packet: UnsafeRawBufferPointer, timing: FFPacketTiming) throws(FFError) -> [FFAudioFrame] {
        try lock.withLock { (_: inout Void) throws(FFError) -> [FFAudioFrame] in
            try core.decode(packet, timing: timing).map { FFAudioFrame(taking: $0) }
        }
    }

    /// Decodes one packet held in an array.
    package func decode(_ packet: [UInt8], timing: FFPacketTiming) throws(FFError) -> [FFAudioFrame] {
        try lock.withLock { (_: inout Void) throws(FFError) -> [FFAudioFrame] in
            try ffWithBytes(packet) { bytes throws(FFError) in
                try core.decode(bytes, timing: timing).map { FFAudioFrame(taking: $0) }
            }
        }
    }

    /// Ends the stream and returns what is still inside the decoder; the decoder then accepts a new stream.
    package func flush() throws(FFError) -> [FFAudioFrame] {
        try lock.withLock { (_: inout Void) throws(FFError) -> [FFAudioFrame] in
            try core.decode(nil, timing: nil).map { FFAudioFrame(taking: $0) }
        }
    }

    /// Discards everything inside the decoder without output.
    package func reset() {
        lock.withLock { _ in core.reset() }
    }
}
