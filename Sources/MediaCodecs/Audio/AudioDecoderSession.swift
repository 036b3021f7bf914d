import CoreMedia
import FFmpegBridge
import Synchronization

/// What one call to an audio decoder session produced.
// Safe because a value of thread-safe sample buffers and errors, handed over whole.
package struct AudioDecodeResult: @unchecked Sendable {
    /// Linear PCM sample buffers in the requested format, in time order.
    package var sampleBuffers: [CMSampleBuffer] = []
    /// Packets that could not be decoded, each naming the packet by its presentation time. Decoding went on.
    package var failures: [CodecError] = []
}

/// Decodes compressed audio sample buffers (AAC LC/HE, Apple Lossless, MP3, AMR-NB/WB, Opus, FLAC, AC-3, E-AC-3)
/// or converts linear PCM of any layout, into linear PCM in the format the output settings ask for.
///
/// Timing is exact in samples: the audio decoded from a packet starts at that packet's presentation time, and the
/// converted audio of a contiguous run of packets is timed from the run's first packet by output sample count.
/// Encoder priming is not removed here: the caller trims it (an edit list, `iTunSMPB`, or `primingFrameCount` for
/// codecs that declare it, such as Opus's pre-skip), so that trimming stays sample-exact.
///
/// Thread safety: feed a session from one thread at a time (calls are serialised by a lock); it may be created and
/// released on any thread.
// Safe because calls are serialised by a lock; the configuration is immutable.
package final class AudioDecoderSession: @unchecked Sendable {
    /// The format description decoded.
    package let formatDescription: CMFormatDescription
    /// The output format description (linear PCM).
    package let outputFormatDescription: CMAudioFormatDescription
    /// Priming samples (at the output rate) that the codec itself declares and the decoder still outputs, such as
    /// Opus's pre-skip; `nil` when the codec declares none (AAC's priming comes from the container).
    package let primingFrameCount: Int?

    private let decoder: FFAudioDecoder?
    private let source: AudioCodecDescription
    private let outputLayout: PCMLayout
    private let outputChannels: FFChannelLayout
    private let maker: PCMSampleBufferMaker
    private let algorithm: String?

    // The lock protects everything below.
    private let lock = Mutex(())
    private var stream: PCMStream?
    private var streamInput: (PCMLayout, FFChannelLayout)?
    private var pending: [Int64: CMTime] = [:]
    private var nextToken: Int64 = 0

    /// Opens a decoder for `formatDescription`.
    package init(formatDescription: CMFormatDescription, outputSettings: AudioDecoderOutputSettings) throws(CodecError) {
        source = try AudioCodecDescription(formatDescription)
        self.formatDescription = formatDescription
        if let codec = source.codec {
            var configuration = FFAudioDecoderConfiguration(codec: codec, extradata: source.extradata)
            configuration.sampleRate = Int(source.sampleRate)
            if case .success(let layout) = ChannelLayoutMapping.ffLayout(source.channelLayout, channelCount: source.channelCount),
               source.channelLayout != nil {
                configuration.channelLayout = layout
            }
            do throws(FFError) {
                decoder = try FFAudioDecoder(configuration: configuration)
            } catch {
                throw CodecError(error, while: "opening the \(codec) decoder")
            }
        } else {
            decoder = nil
        }
        (outputLayout, outputChannels, maker) = try Self.output(of: source, settings: outputSettings)
        outputFormatDescription = maker.formatDescription
        algorithm = outputSettings.sampleRateConverterAlgorithm
        if let algorithm, algorithm != AVSampleRateConverterAlgorithm_Normal, outputLayout.sampleRate != source.sampleRate {
            throw CodecError(CodecSettingsError(.unsupported, key: AVSampleRateConverterAlgorithmKey,
                                                "only the normal algorithm (swresample's windowed-sinc filter) is available for rate conversion"))
        }
        let codecDelay = decoder.map { $0.codecDelay } ?? 0
        let priming = source.declaredPriming ?? (codecDelay > 0 ? codecDelay : nil)
        // Opus pre-skip is counted at 48 kHz; scale it to the output rate.
        let isOpus = source.codec == .opus, rate = outputLayout.sampleRate
        primingFrameCount = priming.map { isOpus ? Int((Double($0) * rate / 48_000).rounded()) : $0 }
    }

    /// The linear PCM a session for `formatDescription` with `outputSettings` produces, without opening a decoder:
    /// what a mix of several tracks decoded alike is described as before any of them is read.
    package static func outputFormatDescription(for formatDescription: CMFormatDescription,
                                                outputSettings: AudioDecoderOutputSettings) throws(CodecError)
        -> CMAudioFormatDescription {
        try output(of: try AudioCodecDescription(formatDescription), settings: outputSettings).maker.formatDescription
    }

    /// The output layout, channel order and buffer maker for decoding `source` with `settings`: the settings'
    /// channel layout, else the source's when the channel count is kept, else the default order for the count.
    private static func output(of source: AudioCodecDescription, settings: AudioDecoderOutputSettings) throws(CodecError)
        -> (layout: PCMLayout, channels: FFChannelLayout, maker: PCMSampleBufferMaker) {
        let layout = settings.layout(sourceRate: source.sampleRate, sourceChannels: source.channelCount)
        let requested = settings.channelLayout ?? (layout.channelCount == source.channelCount ? source.channelLayout : nil)
        let channels: FFChannelLayout
        switch ChannelLayoutMapping.ffLayout(requested, channelCount: layout.channelCount) {
        case .success(let ordered): channels = ordered
        case .failure(let error): throw error
        }
        let maker = try PCMSampleBufferMaker(layout: layout,
                                             channelLayout: requested ?? ChannelLayoutMapping.coreAudioLayout(channels))
        return (layout, channels, maker)
    }

    /// Decodes every packet of `sampleBuffer` and returns the converted audio that became ready.
    package func decode(_ sampleBuffer: CMSampleBuffer) -> AudioDecodeResult {
        lock.withLock { _ in
            var result = AudioDecodeResult()
            do throws(CodecError) {
                if let decoder {
                    try decodePackets(sampleBuffer, with: decoder, into: &result)
                } else {
                    guard let layout = source.pcm else { return result }
                    let audio = try sampleBuffer.nativePCM(layout)
                    try emit(audio, channels: try sourceChannels(), at: CMSampleBufferGetPresentationTimeStamp(sampleBuffer), into: &result)
                }
            } catch {
                result.failures.append(error)
            }
            return result
        }
    }

    /// Ends the stream: the audio still inside the decoder and the converter.
    package func finish() -> AudioDecodeResult {
        lock.withLock { _ in
            var result = AudioDecodeResult()
            do throws(CodecError) {
                if let decoder {
                    let frames: [FFAudioFrame]
                    do throws(FFError) { frames = try decoder.flush() } catch { throw CodecError(error, while: "draining the decoder") }
                    try deliver(frames, into: &result)
                }
                if let stream {
                    for (audio, time) in try stream.flush() {
                        if let buffer = try maker.make(audio, presentationTimeStamp: time) { result.sampleBuffers.append(buffer) }
                    }
                }
            } catch {
                result.failures.append(error)
            }
            pending.removeAll()
            return result
        }
    }

    /// Discards everything inside the decoder and converter (before decoding from another position).
    package func reset() {
        lock.withLock { _ in
            decoder?.reset()
            stream = nil
            streamInput = nil
            pending.removeAll()
        }
    }

    private func sourceChannels() throws(CodecError) -> FFChannelLayout {
        switch ChannelLayoutMapping.ffLayout(source.channelLayout, channelCount: source.channelCount) {
        case .success(let layout): return layout
        case .failure(let error): throw error
        }
    }

    private func decodePackets(_ sampleBuffer: CMSampleBuffer, with decoder: FFAudioDecoder,
                               into result: inout AudioDecodeResult) throws(CodecError) {
        if sampleBuffer.hasTrueAttachment(kCMSampleBufferAttachmentKey_ResetDecoderBeforeDecoding as String) {
            decoder.reset()
            pending.removeAll()
        }
        for packet in try sampleBuffer.compressedSamples() {
            let token = nextToken
            nextToken += 1
            pending[token] = packet.presentationTimeStamp
            if pending.count > Limits.maximumPendingPictures { pending.removeValue(forKey: token - Int64(Limits.maximumPendingPictures)) }
            let outcome = sampleBuffer.withBytes(of: packet) { bytes -> Result<[FFAudioFrame], FFError> in
                do throws(FFError) {
                    return .success(try decoder.decode(bytes, timing: FFPacketTiming(pts: token, isKeyFrame: packet.isSync)))
                } catch {
                    return .failure(error)
                }
            }
            switch outcome {
            case .none:
                result.failures.append(CodecError(.invalidInput, "the packet's bytes could not be read",
                                                  presentationTimeStamp: packet.presentationTimeStamp))
            case .some(.failure(let error)):
                result.failures.append(CodecError(error, while: "decoding", presentationTimeStamp: packet.presentationTimeStamp))
            case .some(.success(let frames)):
                try deliver(frames, into: &result)
            }
        }
    }

    /// Converts decoded frames to the output format.
    private func deliver(_ frames: [FFAudioFrame], into result: inout AudioDecodeResult) throws(CodecError) {
        for frame in frames where frame.frameCount > 0 {
            guard let token = frame.pts, let time = pending.removeValue(forKey: token) else {
                result.failures.append(CodecError(.codecFailed, "the decoder returned audio that matches no packet given to it"))
                continue
            }
            let layout = PCMLayout(sampleRate: Double(frame.sampleRate), channelCount: frame.channelLayout.channelCount,
                                   bitsPerSample: frame.sampleFormat.bytesPerSample * 8, bytesPerSample: frame.sampleFormat.bytesPerSample,
                                   isFloat: frame.sampleFormat.isFloat, isSigned: frame.sampleFormat != .u8 && frame.sampleFormat != .u8Planar,
                                   isBigEndian: false, isNonInterleaved: frame.sampleFormat.isPlanar, isAlignedHigh: false)
            // The frame's planes are read where the decoder left them: copied once, into the output or swresample.
            let samples = FFAudioSamples(planes: frame.planes, frameCount: frame.frameCount)
            try withExtendedLifetime(frame) { () throws(CodecError) in
                try emit(samples, layout: layout, channels: frame.channelLayout, at: time, into: &result)
            }
        }
    }

    /// Converts native audio into output sample buffers, (re)creating the converter when the decoded format changes.
    private func emit(_ audio: NativePCM, channels: FFChannelLayout, at time: CMTime,
                      into result: inout AudioDecodeResult) throws(CodecError) {
        let buffer = FFAudioBuffer(sampleFormat: audio.layout.sampleFormat, channelCount: audio.layout.channelCount,
                                   frameCount: audio.frameCount, planes: audio.planes)
        var failure: CodecError?
        do throws(FFError) {
            try buffer.withSamples { (samples) throws(FFError) in
                do throws(CodecError) {
                    try emit(samples, layout: audio.layout, channels: channels, at: time, into: &result)
                } catch {
                    failure = error
                }
            }
        } catch {
            throw CodecError(error, while: "converting audio", presentationTimeStamp: time)
        }
        if let failure { throw failure }
    }

    private func emit(_ samples: FFAudioSamples, layout: PCMLayout, channels: FFChannelLayout, at time: CMTime,
                      into result: inout AudioDecodeResult) throws(CodecError) {
        if streamInput.map({ $0.0 != layout || $0.1 != channels }) ?? true {
            if let stream {
                for (tail, tailTime) in try stream.flush() {
                    if let buffer = try maker.make(tail, presentationTimeStamp: tailTime) { result.sampleBuffers.append(buffer) }
                }
            }
            if algorithm.map({ $0 != AVSampleRateConverterAlgorithm_Normal }) ?? false, layout.sampleRate != outputLayout.sampleRate {
                throw CodecError(CodecSettingsError(.unsupported, key: AVSampleRateConverterAlgorithmKey,
                                                    "only the normal algorithm is available for rate conversion"))
            }
            stream = try PCMStream(input: layout, inputChannels: channels, output: outputLayout, outputChannels: outputChannels)
            streamInput = (layout, channels)
        }
        guard let stream else { return }
        for (converted, convertedTime) in try stream.convert(borrowing: samples, at: time) {
            let buffer: CMSampleBuffer?
            if let converted {
                buffer = try maker.make(converted, presentationTimeStamp: convertedTime)
            } else {
                buffer = try maker.make(samples, presentationTimeStamp: convertedTime)
            }
            if let buffer { result.sampleBuffers.append(buffer) }
        }
    }
}
