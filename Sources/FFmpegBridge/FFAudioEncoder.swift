internal import CFFmpeg
import Synchronization

/// Everything an audio encoder is created from; every value set is honoured or creation fails naming it.
package struct FFAudioEncoderConfiguration: Sendable, Hashable {
    /// The encoder implementation (`.aac`, `.alac`, `FFEncoderImplementation.linearPCM(.pcmS16LE)`, …).
    package var encoder: FFEncoderImplementation
    /// Samples per second.
    package var sampleRate: Int
    /// Channels and their order.
    package var channelLayout: FFChannelLayout
    /// The format samples arrive in; it must be one the encoder accepts (`supportedSampleFormats(of:)`), so
    /// convert with `FFResampler` first when it is not.
    package var sampleFormat: FFSampleFormat
    /// Bit rate in bits per second (lossy codecs).
    package var bitRate: Int?
    /// Variable-bit-rate quality instead of a bit rate, on the encoder's own scale (FFmpeg's `-q:a`; for `aac`
    /// 0.1 … 2, where 1 is about 128 kb/s stereo).
    package var quality: Double?
    /// Significant bits per sample for lossless codecs fed 32-bit samples (ALAC/FLAC: 24 from s32p).
    package var bitsPerRawSample: Int?
    /// Put the codec setup (AudioSpecificConfig, ALAC cookie) in `extradata` rather than in band.
    package var usesGlobalHeader: Bool
    /// Further FFmpeg options by name (`"aac_coder": "twoloop"`); an unknown name fails creation.
    package var options: [String: String]

    /// A configuration with defaults for everything but the essentials.
    package init(encoder: FFEncoderImplementation, sampleRate: Int, channelLayout: FFChannelLayout,
                 sampleFormat: FFSampleFormat, bitRate: Int? = nil) {
        self.encoder = encoder
        self.sampleRate = sampleRate
        self.channelLayout = channelLayout
        self.sampleFormat = sampleFormat
        self.bitRate = bitRate
        usesGlobalHeader = true
        options = [:]
    }
}

/// An audio encoder that takes any number of samples per call and cuts them into the codec's frames.
///
/// Timestamps are in samples (time base 1/sampleRate), counted from the first sample passed in. Packet pts are the
/// encoder's: they start at `-primingSampleCount` (FFmpeg's AAC: -1024) and run contiguously, the durations adding
/// up to exactly priming + input samples (the last packets' durations are cut so the stream ends where the input
/// did). Calls are serialised by a lock.
// Safe because `lock` serialises every call and guards every `var`.
package final class FFAudioEncoder: @unchecked Sendable {
    /// What the encoder was created from.
    package let configuration: FFAudioEncoderConfiguration
    /// The codec setup: AudioSpecificConfig for AAC, FFmpeg's 36-byte 'alac' atom for ALAC (the 24-byte cookie is
    /// `MediaFormats.MagicCookie.alacSpecificConfig(fromCookie:)`), OpusHead for Opus, STREAMINFO for FLAC, empty for PCM. Some encoders
    /// complete it at the end (FLAC adds the sample count and MD5): read it again after `flush()`.
    package var extradata: [UInt8] { lock.withLock { _ in currentExtradata } }
    /// Samples per coded frame (1024 for AAC, 4096 for ALAC); for PCM, the chunk size the encoder cuts input into.
    package let frameSize: Int
    /// Samples of encoder delay at the start of the decoded stream (FFmpeg's AAC: 1024; ALAC and PCM: 0). The
    /// layer above trims them with an edit list or `kCMSampleBufferAttachmentKey_TrimDurationAtStart`.
    package let primingSampleCount: Int

    // The lock serialises all use of the state below.
    private let lock = Mutex(())
    private let core: FFEncoderCore
    private var fifo: OpaquePointer?
    private var samplesIn: Int64 = 0
    private var samplesSent: Int64 = 0
    private var packetCount = 0
    private var currentExtradata: [UInt8]
    private var silenceAdded: Int64 = 0
    private var finishedPadding: Int?
    private let padsLastFrame: Bool
    private let decodesWholeFrames: Bool

    /// Opens an encoder.
    package init(configuration c: FFAudioEncoderConfiguration) throws(FFError) {
        let op = "FFAudioEncoder(\(c.encoder.name))"
        let encoder = try c.encoder.findEncoder()
        guard c.encoder.codec.mediaType == .audio else {
            throw FFError(.invalidConfiguration, operation: op, setting: "encoder", message: "\(c.encoder) is not an audio encoder")
        }
        guard (1...FFLimits.maximumSampleRate).contains(c.sampleRate) else {
            throw FFError(.invalidConfiguration, operation: op, setting: "sampleRate",
                          message: "\(c.sampleRate) Hz is outside 1...\(FFLimits.maximumSampleRate)")
        }
        let rates = Self.supportedSampleRates(of: c.encoder)
        guard rates.isEmpty || rates.contains(c.sampleRate) else {
            throw FFError(.invalidConfiguration, operation: op, setting: "sampleRate",
                          message: "\(c.encoder.name) does not take \(c.sampleRate) Hz; it takes \(rates.map(String.init).joined(separator: ", "))")
        }
        guard (1...FFLimits.maximumAudioChannels).contains(c.channelLayout.channelCount) else {
            throw FFError(.invalidConfiguration, operation: op, setting: "channelLayout",
                          message: "\(c.channelLayout.channelCount) channels is outside 1...\(FFLimits.maximumAudioChannels)")
        }
        let formats = Self.supportedSampleFormats(of: c.encoder)
        guard formats.contains(c.sampleFormat) else {
            throw FFError(.invalidConfiguration, operation: op, setting: "sampleFormat",
                          message: "\(c.encoder.name) does not accept \(c.sampleFormat); it accepts \(formats.map(\.rawValue).joined(separator: ", ")) (convert with FFResampler)")
        }
        let core = try FFEncoderCore(encoder: encoder)
        let context = core.codecContext
        context.pointee.sample_rate = Int32(c.sampleRate)
        context.pointee.sample_fmt = c.sampleFormat.avValue
        context.pointee.time_base = AVRational(num: 1, den: Int32(c.sampleRate))
        var layout = c.channelLayout.makeAVLayout()
        defer { av_channel_layout_uninit(&layout) }
        try ffCheck(av_channel_layout_copy(&context.pointee.ch_layout, &layout), "av_channel_layout_copy",
                    setting: "channelLayout")
        let isLossless = c.encoder.codec == .alac || c.encoder.codec == .flac || c.encoder.codec.isLinearPCM
        if let bitRate = c.bitRate {
            guard !isLossless else {
                throw FFError(.invalidConfiguration, operation: op, setting: "bitRate",
                              message: "\(c.encoder.codec) is lossless: its bit rate follows the signal")
            }
            guard bitRate > 0 else {
                throw FFError(.invalidConfiguration, operation: op, setting: "bitRate", message: "\(bitRate) is not positive")
            }
            context.pointee.bit_rate = Int64(bitRate)
        }
        if let quality = c.quality {
            guard !isLossless, c.bitRate == nil else {
                throw FFError(.invalidConfiguration, operation: op, setting: "quality",
                              message: isLossless ? "\(c.encoder.codec) is lossless: it has no quality setting"
                                                  : "quality and bitRate exclude each other")
            }
            guard quality > 0 else {
                throw FFError(.invalidConfiguration, operation: op, setting: "quality", message: "\(quality) is not positive")
            }
            context.pointee.flags |= AV_CODEC_FLAG_QSCALE
            context.pointee.global_quality = Int32((quality * Double(FF_QP2LAMBDA)).rounded())
        }
        if let bits = c.bitsPerRawSample {
            guard bits > 0, bits <= c.sampleFormat.bytesPerSample * 8 else {
                throw FFError(.invalidConfiguration, operation: op, setting: "bitsPerRawSample",
                              message: "\(bits) bits do not fit \(c.sampleFormat)")
            }
            context.pointee.bits_per_raw_sample = Int32(bits)
        }
        if c.usesGlobalHeader { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        for (key, value) in c.options.sorted(by: { $0.key < $1.key }) {
            try core.setOption(key, value, setting: "options[\(key)]")
        }
        try core.open(encoder)

        let capabilities = encoder.pointee.capabilities
        let variable = capabilities & AV_CODEC_CAP_VARIABLE_FRAME_SIZE != 0 || context.pointee.frame_size <= 0
        // PCM has no frame size; 4096-sample chunks keep packets a sensible size.
        frameSize = variable ? 4096 : Int(context.pointee.frame_size)
        padsLastFrame = !variable && capabilities & AV_CODEC_CAP_SMALL_LAST_FRAME == 0
        decodesWholeFrames = !variable && !isLossless
        primingSampleCount = Int(max(0, context.pointee.initial_padding))
        currentExtradata = core.extradata
        guard let fifo = av_audio_fifo_alloc(c.sampleFormat.avValue, Int32(c.channelLayout.channelCount),
                                             Int32(frameSize)) else {
            throw FFError(.outOfMemory, operation: "av_audio_fifo_alloc", message: "allocation failed")
        }
        self.fifo = fifo
        self.core = core
        configuration = c
    }

    deinit {
        if let fifo { av_audio_fifo_free(fifo) }
    }

    /// The sample formats an encoder accepts.
    package static func supportedSampleFormats(of encoder: FFEncoderImplementation) -> [FFSampleFormat] {
        guard let codec = try? encoder.findEncoder(), var formats = codec.pointee.sample_fmts else { return [] }
        var result: [FFSampleFormat] = []
        while formats.pointee != AV_SAMPLE_FMT_NONE {
            if let format = FFSampleFormat(formats.pointee) { result.append(format) }
            formats += 1
        }
        return result
    }

    /// The sample rates an encoder accepts (empty: any).
    package static func supportedSampleRates(of encoder: FFEncoderImplementation) -> [Int] {
        guard let codec = try? encoder.findEncoder(), var rates = codec.pointee.supported_samplerates else { return [] }
        var result: [Int] = []
        while rates.pointee != 0 {
            result.append(Int(rates.pointee))
            rates += 1
        }
        return result
    }

    /// Samples the decoder will output after the input ends, beyond the input and the priming (the rest of the
    /// last coded frame). Known once `flush()` has run; `nil` before.
    package var paddingSampleCount: Int? { lock.withLock { _ in finishedPadding } }

    /// Queues samples (in `configuration.sampleFormat`, any count) and returns the packets of every whole frame.
    package func encode(_ samples: FFAudioSamples) throws(FFError) -> [FFPacket] {
        try lock.withLock { (_: inout Void) throws(FFError) -> [FFPacket] in
            guard let fifo, finishedPadding == nil else {
                throw FFError(.invalidArgument, operation: "encode(\(configuration.encoder.name))",
                              message: "the encoder was already flushed")
            }
            let planeCount = configuration.sampleFormat.planeCount(channelCount: configuration.channelLayout.channelCount)
            guard samples.planes.count == planeCount, samples.frameCount >= 0, samples.frameCount <= Int(Int32.max) else {
                throw FFError(.invalidArgument, operation: "encode(\(configuration.encoder.name))",
                              message: "\(configuration.sampleFormat) x \(configuration.channelLayout.channelCount) channels needs \(planeCount) planes; \(samples.planes.count) given (\(samples.frameCount) frames)")
            }
            if samples.frameCount > 0 {
                var planes: [UnsafeMutableRawPointer?] = samples.planes.map { UnsafeMutableRawPointer(mutating: $0) }
                let written = av_audio_fifo_write(fifo, &planes, Int32(samples.frameCount))
                try ffCheck(written, "av_audio_fifo_write")
                samplesIn += Int64(samples.frameCount)
            }
            var packets: [FFPacket] = []
            while Int(av_audio_fifo_size(fifo)) >= frameSize {
                packets += try sendFrame(count: frameSize)
            }
            return packets
        }
    }

    /// Queues samples from an `FFAudioBuffer`.
    package func encode(_ buffer: FFAudioBuffer) throws(FFError) -> [FFPacket] {
        try buffer.withSamples { samples throws(FFError) in try encode(samples) }
    }

    /// Encodes what is left (a short last frame, or one padded with silence for codecs that need whole frames),
    /// drains the encoder and closes it.
    package func flush() throws(FFError) -> [FFPacket] {
        try lock.withLock { (_: inout Void) throws(FFError) -> [FFPacket] in
            guard let fifo, finishedPadding == nil else { return [] }
            var packets: [FFPacket] = []
            let remaining = Int(av_audio_fifo_size(fifo))
            if remaining > 0 { packets += try sendFrame(count: remaining) }
            let tail = absorbExtradata(try core.drainAll())
            packetCount += tail.count
            packets += tail
            core.close()
            // Lossy codecs decode every packet to a whole frame; lossless ones decode exactly what went in.
            let decoded = decodesWholeFrames ? Int64(packetCount) * Int64(frameSize)
                                             : samplesSent + silenceAdded + Int64(primingSampleCount)
            finishedPadding = Int(max(0, decoded - Int64(primingSampleCount) - samplesIn))
            return packets
        }
    }

    /// Moves `count` samples from the FIFO into a frame and encodes it (padding with silence to a whole frame for
    /// codecs without small-last-frame support).
    private func sendFrame(count: Int) throws(FFError) -> [FFPacket] {
        guard let fifo, let frame = av_frame_alloc() else {
            throw FFError(.outOfMemory, operation: "av_frame_alloc", message: "allocation failed")
        }
        var owned: UnsafeMutablePointer<AVFrame>? = frame
        defer { av_frame_free(&owned) }
        let frameSamples = padsLastFrame ? frameSize : count
        frame.pointee.nb_samples = Int32(frameSamples)
        frame.pointee.format = configuration.sampleFormat.avValue.rawValue
        frame.pointee.sample_rate = Int32(configuration.sampleRate)
        var layout = configuration.channelLayout.makeAVLayout()
        defer { av_channel_layout_uninit(&layout) }
        try ffCheck(av_channel_layout_copy(&frame.pointee.ch_layout, &layout), "av_channel_layout_copy")
        try ffCheck(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
        let channels = configuration.channelLayout.channelCount
        if frameSamples > count {
            silenceAdded += Int64(frameSamples - count)
            try ffCheck(av_samples_set_silence(frame.pointee.extended_data, 0, Int32(frameSamples), Int32(channels),
                                               configuration.sampleFormat.avValue), "av_samples_set_silence")
        }
        let planeCount = configuration.sampleFormat.planeCount(channelCount: channels)
        var planes: [UnsafeMutableRawPointer?] = (0..<planeCount).map {
            cff_frame_extended_data(frame, Int32($0)).map { UnsafeMutableRawPointer($0) }
        }
        let read = av_audio_fifo_read(fifo, &planes, Int32(count))
        try ffCheck(read, "av_audio_fifo_read")
        frame.pointee.pts = samplesSent
        samplesSent += Int64(count)
        let packets = absorbExtradata(try core.encode(frame))
        packetCount += packets.count
        return packets
    }

    /// Takes new codec setup the encoder sent as packet side data into `extradata`, and drops packets that
    /// carried nothing else (FLAC's last one): an empty packet is no sample.
    private func absorbExtradata(_ packets: [FFPacket]) -> [FFPacket] {
        for packet in packets {
            if let update = packet.newExtradata { currentExtradata = update }
        }
        return packets.filter { !$0.data.isEmpty }
    }
}
