import CoreMedia
import FFmpegBridge
import Synchronization

/// Encodes linear PCM sample buffers (any layout, rate and channel count: converted with swresample as needed) into
/// AAC-LC, Apple Lossless, FLAC or Opus packets, one packet per sample buffer, or writes linear PCM in the requested
/// layout.
///
/// Priming and padding are marked as Apple's encoders mark them: the packets that decode to the encoder's priming
/// carry `kCMSampleBufferAttachmentKey_TrimDurationAtStart` (whole packets trimmed entirely, the last one in part)
/// and the packets that decode past the end of the input carry `kCMSampleBufferAttachmentKey_TrimDurationAtEnd`.
/// Each packet's duration is what it decodes to (1024 samples for AAC), so a packet's output presentation time
/// (PTS + trim at start) is where its audible samples belong: the first audible sample lands exactly on the first
/// input buffer's presentation time. The last two packets are held back until `finish()`, which is when the padding
/// is known.
///
/// Thread safety: feed a session from one thread at a time (calls are serialised by a lock); create and release it
/// on any thread.
// Safe because calls are serialised by a lock.
package final class AudioEncoderSession: @unchecked Sendable {
    /// The settings.
    package let settings: AudioEncoderSettings

    /// The output format description, once the encoder is open (at creation with a source format hint, else after
    /// the first buffer).
    package var formatDescription: CMAudioFormatDescription? { lock.withLock { _ in state?.description } }
    /// Priming samples at the start of the decoded output (FFmpeg's AAC: 1024; Opus: its pre-skip), once open.
    package var primingFrameCount: Int? { lock.withLock { _ in state?.priming } }
    /// The codec setup as it stands at the end (FLAC completes STREAMINFO with the sample count and MD5 when
    /// finished), as a magic cookie; `nil` before `finish()` or for codecs without one.
    package var finalMagicCookie: [UInt8]? { lock.withLock { _ in finalCookie } }

    private struct State {
        let encoder: FFAudioEncoder?
        let stream: PCMStream
        let input: PCMLayout
        let inputChannels: FFChannelLayout
        let outputRate: Int
        let priming: Int
        let description: CMAudioFormatDescription
        let pcmMaker: PCMSampleBufferMaker?
    }

    private let sourceHint: CMAudioFormatDescription?
    // The lock protects everything below.
    private let lock = Mutex(())
    private var state: State?
    private var start: CMTime?
    private var held: [FFPacket] = []
    private var finished = false
    private var finalCookie: [UInt8]?

    /// Prepares an encoder; with a source format hint it opens now.
    package init(settings: AudioEncoderSettings, sourceFormatHint: CMAudioFormatDescription? = nil) throws(CodecError) {
        self.settings = settings
        sourceHint = sourceFormatHint
        if let hint = sourceFormatHint {
            try lock.withLock { (_: inout Void) throws(CodecError) in _ = try open(source: hint) }
        }
    }

    /// Encodes a linear PCM buffer; returns the packets that are ready, as sample buffers.
    package func encode(_ sampleBuffer: CMSampleBuffer) throws(CodecError) -> [CMSampleBuffer] {
        try lock.withLock { (_: inout Void) throws(CodecError) -> [CMSampleBuffer] in
            guard !finished else { throw CodecError(.invalidInput, "the session was already finished") }
            guard let format = CMSampleBufferGetFormatDescription(sampleBuffer) else {
                throw CodecError(.invalidInput, "the sample buffer has no format description")
            }
            let state: State
            if let opened = self.state { state = opened } else { state = try open(source: format) }
            let pts = CMSampleBufferGetPresentationTimeStamp(sampleBuffer)
            guard pts.isNumeric else { throw CodecError(.invalidInput, "audio needs a numeric presentation time") }
            if start == nil { start = pts }
            let source = try AudioCodecDescription(format)
            guard let layout = source.pcm, layout == state.input else {
                throw CodecError(.invalidInput, "every buffer must have the first buffer's linear PCM format", presentationTimeStamp: pts)
            }
            let audio = try sampleBuffer.nativePCM(layout)
            return try process(try state.stream.convert(audio, at: pts), state: state)
        }
    }

    /// Ends the input: encodes what is left, marks the padding, and returns the last packets.
    package func finish() throws(CodecError) -> [CMSampleBuffer] {
        try lock.withLock { (_: inout Void) throws(CodecError) -> [CMSampleBuffer] in
            guard !finished else { return [] }
            finished = true
            guard let state else { return [] }
            var result = try process(try state.stream.flush(), state: state)
            guard let encoder = state.encoder else { return result }
            do throws(FFError) {
                held += try encoder.flush()
            } catch {
                throw CodecError(error, while: "finishing the encoder")
            }
            finalCookie = try cookie(for: encoder, extradata: encoder.extradata)
            let padding = encoder.paddingSampleCount ?? 0
            var trims = [Int](repeating: 0, count: held.count)
            var remaining = padding
            for index in held.indices.reversed() where remaining > 0 {
                let take = min(remaining, packetDuration(held[index], encoder: encoder))
                trims[index] = take
                remaining -= take
            }
            guard remaining == 0 else {
                throw CodecError(.codecFailed, "the encoder reported \(padding) samples of padding, more than its last packets hold")
            }
            for (packet, trim) in zip(held, trims) {
                result.append(try makeSampleBuffer(packet, state: state, encoder: encoder, trimAtEnd: trim))
            }
            held.removeAll()
            return result
        }
    }

    // MARK: Opening

    private func open(source: CMAudioFormatDescription) throws(CodecError) -> State {
        let description = try AudioCodecDescription(source)
        guard let input = description.pcm else {
            throw CodecError(.invalidInput, "an audio encoder takes linear PCM, not \(fourCharacterString(CMFormatDescriptionGetMediaSubType(source)))")
        }
        let inputChannels: FFChannelLayout
        switch ChannelLayoutMapping.ffLayout(description.channelLayout, channelCount: input.channelCount) {
        case .success(let layout): inputChannels = layout
        case .failure(let error): throw error
        }
        let rate = settings.sampleRate ?? input.sampleRate
        guard let outputRate = Int(exactly: rate) else { throw CodecError(.unsupportedFormat, "\(rate) Hz is not a whole rate") }
        let channels = settings.channelCount ?? settings.channelLayout?.numberOfChannels ?? input.channelCount
        let outputChannels: FFChannelLayout
        let requested = settings.channelLayout ?? (channels == input.channelCount ? description.channelLayout : nil)
        switch ChannelLayoutMapping.ffLayout(requested, channelCount: channels) {
        case .success(let layout): outputChannels = layout
        case .failure(let error): throw error
        }
        let converting = Double(outputRate) != input.sampleRate
        if converting {
            if let algorithm = settings.sampleRateConverterAlgorithm, algorithm != AVSampleRateConverterAlgorithm_Normal {
                throw CodecError(CodecSettingsError(.unsupported, key: AVSampleRateConverterAlgorithmKey,
                                                    "only the normal algorithm (swresample's windowed-sinc filter) is available"))
            }
            if settings.sampleRateConverterQuality != nil {
                throw CodecError(CodecSettingsError(.unsupported, key: AVSampleRateConverterAudioQualityKey,
                                                    "swresample's filter quality cannot be chosen here; leave the key out"))
            }
        }
        let coreAudioLayout = requested ?? ChannelLayoutMapping.coreAudioLayout(outputChannels)

        guard let implementation = settings.encoder else {
            // Linear PCM: convert to the requested layout and write it as it is.
            guard let pcm = settings.linearPCM else { throw CodecError(.codecFailed, "linear PCM settings without a layout") }
            let output = PCMLayout(sampleRate: rate, channelCount: channels, bitsPerSample: pcm.bitDepth, isFloat: pcm.isFloat,
                                   isBigEndian: pcm.isBigEndian, isNonInterleaved: pcm.isNonInterleaved)
            let maker = try PCMSampleBufferMaker(layout: output, channelLayout: coreAudioLayout)
            let stream = try PCMStream(input: input, inputChannels: inputChannels, output: output, outputChannels: outputChannels)
            let opened = State(encoder: nil, stream: stream, input: input, inputChannels: inputChannels, outputRate: outputRate,
                               priming: 0, description: maker.formatDescription, pcmMaker: maker)
            state = opened
            return opened
        }

        let format = Self.encoderSampleFormat(implementation, source: input, hint: settings.bitDepthHint)
        var configuration = FFAudioEncoderConfiguration(encoder: implementation, sampleRate: outputRate, channelLayout: outputChannels,
                                                        sampleFormat: format)
        try configure(&configuration, channels: channels, rate: rate, sourceBits: input.bitsPerSample)
        let encoder: FFAudioEncoder
        do throws(FFError) {
            encoder = try FFAudioEncoder(configuration: configuration)
        } catch {
            throw CodecError(error, while: "opening the \(implementation.name) encoder")
        }
        let native = PCMLayout(sampleRate: rate, channelCount: channels, bitsPerSample: format.bytesPerSample * 8,
                               bytesPerSample: format.bytesPerSample, isFloat: format.isFloat,
                               isSigned: format != .u8 && format != .u8Planar, isBigEndian: false,
                               isNonInterleaved: format.isPlanar, isAlignedHigh: false)
        let stream = try PCMStream(input: input, inputChannels: inputChannels, output: native, outputChannels: outputChannels)
        let setup = try cookie(for: encoder, extradata: encoder.extradata)
        let formatDescription = try makeFormatDescription(encoder: encoder, channels: channels, rate: rate,
                                                          layout: coreAudioLayout, cookie: setup ?? [])
        let opened = State(encoder: encoder, stream: stream, input: input, inputChannels: inputChannels, outputRate: outputRate,
                           priming: encoder.primingSampleCount, description: formatDescription, pcmMaker: nil)
        state = opened
        return opened
    }

    /// The sample format fed to the encoder: AAC and Opus take floats; the lossless encoders 16-bit integers, or
    /// 32-bit integers carrying 24 significant bits for deeper sources (or when the bit depth hint says 24).
    static func encoderSampleFormat(_ encoder: FFEncoderImplementation, source: PCMLayout, hint: Int?) -> FFSampleFormat {
        let supported = FFAudioEncoder.supportedSampleFormats(of: encoder)
        let deep = (hint ?? (source.isFloat ? 24 : min(24, source.bitsPerSample))) > 16
        let preferences: [FFSampleFormat]
        switch encoder.codec {
        case .alac, .flac: preferences = deep ? [.s32Planar, .s32] : [.s16Planar, .s16]
        default: preferences = [.f32Planar, .f32, .s16Planar, .s16]
        }
        return preferences.first { supported.contains($0) } ?? supported.first ?? .f32Planar
    }

    /// Maps bit rate, strategy and quality onto the encoder's options.
    private func configure(_ c: inout FFAudioEncoderConfiguration, channels: Int, rate: Double, sourceBits: Int) throws(CodecError) {
        let quality = settings.quality
        switch c.encoder.codec {
        case .aac:
            if settings.bitRateStrategy == AVAudioBitRateStrategy_Variable {
                // FFmpeg's AAC VBR scale runs 0.1 (smallest) to 2 (largest); AVAudioQuality 0...127 spans it.
                let value = Double(settings.qualityForVBR?.rawValue ?? AVAudioQuality.medium.rawValue)
                c.quality = 0.1 + 1.9 * value / 127
            } else {
                c.bitRate = settings.totalBitRate(channels: channels)
                    ?? AudioEncoderSettings.defaultAACBitRate(channels: channels, sampleRate: rate)
            }
            if let quality { c.options["aac_coder"] = quality.rawValue < AVAudioQuality.medium.rawValue ? "fast" : "twoloop" }
        case .opus:
            if settings.bitRateStrategy == AVAudioBitRateStrategy_Variable {
                throw CodecError(CodecSettingsError(.unsupported, key: AVEncoderBitRateStrategyKey,
                                                    "libopus has no quality-steered VBR; give a bit rate with another strategy"))
            }
            c.bitRate = settings.totalBitRate(channels: channels) ?? 48_000 * channels
            switch settings.bitRateStrategy {
            case AVAudioBitRateStrategy_Constant: c.options["vbr"] = "off"
            case AVAudioBitRateStrategy_VariableConstrained: c.options["vbr"] = "constrained"
            default: c.options["vbr"] = "on"
            }
            if let quality { c.options["compression_level"] = String(quality.rawValue * 10 / 127) }
        case .alac:
            c.bitsPerRawSample = c.sampleFormat.bytesPerSample == 4 ? 24 : nil
            if let quality { c.options["compression_level"] = String(quality.rawValue * 2 / 127) }
        case .flac:
            c.bitsPerRawSample = c.sampleFormat.bytesPerSample == 4 ? 24 : nil
            if let quality { c.options["compression_level"] = String(quality.rawValue * 12 / 127) }
        default:
            break
        }
    }

    // MARK: Output

    /// Encodes converted audio and returns the packets that may leave (all but the last two).
    private func process(_ pieces: [(FFAudioBuffer, CMTime)], state: State) throws(CodecError) -> [CMSampleBuffer] {
        var result: [CMSampleBuffer] = []
        for (audio, time) in pieces {
            if let maker = state.pcmMaker {
                if let buffer = try maker.make(audio, presentationTimeStamp: time) { result.append(buffer) }
                continue
            }
            guard let encoder = state.encoder else { continue }
            var audio = audio
            if let bits = encoder.configuration.bitsPerRawSample, bits < audio.sampleFormat.bytesPerSample * 8 {
                for index in audio.planes.indices { PCMLayout.roundInPlace(&audio.planes[index], bits: bits) }
            }
            do throws(FFError) {
                held += try encoder.encode(audio)
            } catch {
                throw CodecError(error, while: "encoding", presentationTimeStamp: time)
            }
        }
        guard let encoder = state.encoder else { return result }
        while held.count > 2 {
            result.append(try makeSampleBuffer(held.removeFirst(), state: state, encoder: encoder, trimAtEnd: 0))
        }
        return result
    }

    /// The samples a packet decodes to: a whole frame for AAC and Opus, what went in for lossless codecs.
    private func packetDuration(_ packet: FFPacket, encoder: FFAudioEncoder) -> Int {
        let codec = encoder.configuration.encoder.codec
        return codec == .aac || codec == .opus ? encoder.frameSize : Int(packet.duration)
    }

    private func makeSampleBuffer(_ packet: FFPacket, state: State, encoder: FFAudioEncoder, trimAtEnd: Int) throws(CodecError) -> CMSampleBuffer {
        let rate = Int32(state.outputRate)
        let position = packet.pts ?? 0
        let pts = (start ?? .zero) + CMTime(value: position, timescale: rate)
        let duration = packetDuration(packet, encoder: encoder)
        let block = try makeBlock(packet.data)
        // A packet shorter than the stream's frames per packet (the last ALAC/FLAC one) says how long it is.
        let variable = duration == encoder.frameSize ? 0 : UInt32(max(0, duration))
        var description = AudioStreamPacketDescription(mStartOffset: 0, mVariableFramesInPacket: variable,
                                                       mDataByteSize: UInt32(packet.data.count))
        var buffer: CMSampleBuffer?
        let status = CMAudioSampleBufferCreateReadyWithPacketDescriptions(
            allocator: nil, dataBuffer: block, formatDescription: state.description, sampleCount: 1,
            presentationTimeStamp: pts, packetDescriptions: &description, sampleBufferOut: &buffer)
        guard status == noErr, let buffer else {
            throw CodecError(.codecFailed, "cannot make an encoded audio sample buffer (status \(status))", presentationTimeStamp: pts)
        }
        // Priming: the samples before the first input sample, which sit in the first packets.
        let trimStart = min(duration, max(0, -Int(position)))
        if trimStart > 0, let value = CMTimeCopyAsDictionary(CMTime(value: Int64(trimStart), timescale: rate), allocator: nil) {
            CMSetAttachment(buffer, key: kCMSampleBufferAttachmentKey_TrimDurationAtStart, value: value,
                            attachmentMode: kCMAttachmentMode_ShouldPropagate)
        }
        if trimAtEnd > 0, let value = CMTimeCopyAsDictionary(CMTime(value: Int64(trimAtEnd), timescale: rate), allocator: nil) {
            CMSetAttachment(buffer, key: kCMSampleBufferAttachmentKey_TrimDurationAtEnd, value: value,
                            attachmentMode: kCMAttachmentMode_ShouldPropagate)
        }
        return buffer
    }
}
