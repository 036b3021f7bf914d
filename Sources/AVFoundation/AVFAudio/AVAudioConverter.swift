import CoreMedia
import Foundation
import MediaCodecs
import Synchronization

/// Converts audio from one PCM format to another: sample rate, channel count and placement, sample type and width,
/// interleaving.
///
/// Channels are remapped by default, not mixed, as Apple's converter does (`downmix` false): each output channel
/// takes the input channel of its number, a mono input feeds every output channel, and `channelMap` says otherwise.
/// With `downmix`, channels are mixed by speaker position. Rate conversion is swresample's, its filter length set by
/// `sampleRateConverterQuality` (or the Mastering algorithm), with triangular dither when `dither` is on.
///
/// N input frames at rate r become ⌈N · r′ / r⌉ output frames once the input has ended, however they are chunked,
/// and output frame k is at input time k / r′: no latency, as Apple's `normal` priming gives.
///
/// From PCM to a compressed format (AAC, Apple Lossless, FLAC, Opus), it encodes into `AVAudioCompressedBuffer`s
/// with `convert(to:error:withInputFrom:)`: whole packets, each with its packet description, the encoder's priming
/// packets first (`primeInfo.leadingFrames` says how many frames they hold), `magicCookie` set once the encoder is
/// open. From a compressed format to PCM, it decodes the packets of the `AVAudioCompressedBuffer`s the input block
/// returns (the format's `magicCookie`, or the converter's, is the codec's setup), every decoded frame included.
///
/// Thread-safe: conversions and property changes are serialised.
// Safe because a `Mutex` guards its state; conversions are serialised.
open class AVAudioConverter: NSObject, @unchecked Sendable {
    /// The format of the input.
    public let inputFormat: AVAudioFormat
    /// The format of the output.
    public let outputFormat: AVAudioFormat

    private struct Settings: Equatable {
        var channelMap: [Int]
        var downmix = false
        var dither = false
        var quality = AVAudioQuality.high.rawValue
        var algorithm: String? = AVSampleRateConverterAlgorithm_Normal
        var primeMethod = AVAudioConverterPrimeMethod.normal
        /// The priming a caller set through `primeInfo` (leading, trailing frames), checked at the next conversion.
        var requestedPriming: [AVAudioFrameCount]?
        var bitRate: Int?
        var bitRateStrategy: String?

        /// What a PCM conversion is built from.
        var pipelineSettings: PCMConversionPipeline.Settings {
            .init(channelMap: downmix ? nil : channelMap,
                  conversion: SampleRateConversion(quality: quality, algorithm: algorithm, dither: dither))
        }

        /// What an encoding is built from.
        var encodingSettings: AudioEncodingPipeline.Settings {
            .init(bitRate: bitRate, bitRateStrategy: bitRateStrategy)
        }
    }

    /// The conversion in use: PCM to PCM, PCM to packets, or packets to PCM.
    private enum Pipeline {
        case pcm(PCMConversionPipeline)
        case encoding(AudioEncodingPipeline)
        case decoding(AudioDecodingPipeline)
    }

    /// What the converter does, fixed by its formats.
    private enum Kind {
        case pcm, encoding, decoding
    }

    private struct State {
        var settings: Settings
        /// The conversion built from `settings`, made at the first conversion after they change.
        var pipeline: Pipeline?
        /// Converted frames not yet returned (PCM output).
        var pending = PCMSampleBufferQueue()
        /// Encoded packets not yet returned (compressed output).
        var packets = CompressedPacketQueue()
        /// The input block said `endOfStream` and the converter's tail was taken.
        var inputEnded = false
        var magicCookie: Data?
    }

    private let kind: Kind

    private let state: Mutex<State>

    /// A converter from `fromFormat` to `toFormat`, or nil when it cannot convert between them (a compressed format,
    /// a sample rate that is not a whole number of hertz, more channels than the converter carries).
    public init?(from fromFormat: AVAudioFormat, to toFormat: AVAudioFormat) {
        let pcm = kAudioFormatLinearPCM
        switch (fromFormat.streamDescription.pointee.mFormatID == pcm, toFormat.streamDescription.pointee.mFormatID == pcm) {
        case (true, true): kind = .pcm
        case (true, false): kind = .encoding
        case (false, true): kind = .decoding
        case (false, false): return nil
        }
        inputFormat = fromFormat
        outputFormat = toFormat
        let settings = Settings(channelMap: PCMChannelRemap.defaultMap(inputs: Int(fromFormat.channelCount),
                                                                       outputs: Int(toFormat.channelCount)))
        state = Mutex(State(settings: settings))
        super.init()
        // A converter that cannot be built now cannot be built later: no converter. (A decoder whose format has no
        // magic cookie yet may get one through `magicCookie`: it is built at the first conversion.)
        if kind != .decoding || fromFormat.magicCookie != nil {
            guard (try? state.withLock { state throws in try makePipeline(&state) }) != nil else { return nil }
        }
    }

    // MARK: Settings

    /// For each output channel, the input channel it takes (-1: silence). Defaults to each channel to the same
    /// one, a mono input to every channel. Used when `downmix` is off.
    open var channelMap: [NSNumber] {
        get { state.withLock { $0.settings.channelMap.map { NSNumber(value: $0) } } }
        set { state.withLock { $0.settings.channelMap = newValue.map(\.intValue) } }
    }

    /// Whether channels are mixed by speaker position, rather than remapped, when the channel counts differ.
    open var downmix: Bool {
        get { state.withLock { $0.settings.downmix } }
        set { state.withLock { $0.settings.downmix = newValue } }
    }

    /// Whether samples are dithered (triangular) when they are requantised to a narrower type.
    open var dither: Bool {
        get { state.withLock { $0.settings.dither } }
        set { state.withLock { $0.settings.dither = newValue } }
    }

    /// The sample-rate converter's quality, an `AVAudioQuality` raw value (default `high`).
    open var sampleRateConverterQuality: Int {
        get { state.withLock { $0.settings.quality } }
        set { state.withLock { $0.settings.quality = newValue } }
    }

    /// The sample-rate converter's algorithm: `AVSampleRateConverterAlgorithm_Normal` (the default) or `_Mastering`.
    /// `_MinimumPhase` makes the next conversion fail (swresample's filters are linear-phase).
    open var sampleRateConverterAlgorithm: String? {
        get { state.withLock { $0.settings.algorithm } }
        set { state.withLock { $0.settings.algorithm = newValue } }
    }

    /// How the converter primes: `normal` (the default) and `pre` give output aligned with the input, which this
    /// converter always does; `none` (output delayed by the converter's latency) makes the next conversion fail.
    open var primeMethod: AVAudioConverterPrimeMethod {
        get { state.withLock { $0.settings.primeMethod } }
        set { state.withLock { $0.settings.primeMethod = newValue } }
    }

    /// The frames the converter primes with: none for PCM conversions, whose output is aligned with the input; an
    /// encoder's priming (the frames before the first input frame in its first packets: 1,024 for AAC) once it is
    /// open. The converters here choose their own priming: setting the value they use is accepted, setting another
    /// makes the next conversion fail and say so (it cannot be honoured, and is not ignored).
    open var primeInfo: AVAudioConverterPrimeInfo {
        get { state.withLock { Self.priming(of: $0.pipeline) } }
        set { state.withLock { $0.settings.requestedPriming = [newValue.leadingFrames, newValue.trailingFrames] } }
    }

    /// Whether `pipeline`'s priming is known: always for PCM, once the codec is open for the others.
    private static func primingIsKnown(_ pipeline: Pipeline) -> Bool {
        switch pipeline {
        case .pcm: true
        case .encoding(let pipeline): pipeline.primingIsKnown
        case .decoding(let pipeline): pipeline.primingIsKnown
        }
    }

    /// The priming `pipeline` gives (none before it exists).
    private static func priming(of pipeline: Pipeline?) -> AVAudioConverterPrimeInfo {
        switch pipeline {
        case .encoding(let pipeline)?:
            AVAudioConverterPrimeInfo(leadingFrames: AVAudioFrameCount(pipeline.primingFrames), trailingFrames: 0)
        case .decoding(let pipeline)?:
            AVAudioConverterPrimeInfo(leadingFrames: AVAudioFrameCount(pipeline.primingFrames), trailingFrames: 0)
        default:
            AVAudioConverterPrimeInfo()
        }
    }

    /// The encoder's bit rate in bits per second: the one set, or the encoder's default (AAC: about 64 kb/s per
    /// channel); 0 for PCM output and lossless codecs, which have none.
    open var bitRate: Int {
        get {
            state.withLock { state in
                if let rate = state.settings.bitRate { return rate }
                guard outputFormat.streamDescription.pointee.mFormatID == kAudioFormatMPEG4AAC else { return 0 }
                return AudioEncoderSettings.defaultAACBitRate(channels: Int(outputFormat.channelCount),
                                                             sampleRate: outputFormat.sampleRate)
            }
        }
        set { state.withLock { $0.settings.bitRate = newValue } }
    }

    /// The encoder's bit-rate strategy (`AVAudioBitRateStrategy_…`), or nil for the encoder's own.
    open var bitRateStrategy: String? {
        get { state.withLock { $0.settings.bitRateStrategy } }
        set { state.withLock { $0.settings.bitRateStrategy = newValue } }
    }

    /// The largest packet the converter outputs, in bytes: the output format's packet size, or its codec's bound.
    open var maximumOutputPacketSize: Int {
        CompressedPacketSizes.maximumPacketSize(outputFormat.streamDescription.pointee)
    }

    /// The codec's setup: an encoder's (`esds`, ALAC or FLAC cookie) once it is open; for a decoder, the setup to
    /// use when its input format has none (setting it restarts the decoder).
    open var magicCookie: Data? {
        get {
            state.withLock { state in
                if case .encoding(let pipeline)? = state.pipeline, let cookie = pipeline.magicCookie { return cookie }
                return state.magicCookie
            }
        }
        set {
            state.withLock { state in
                state.magicCookie = newValue
                // A decoder takes its setup when it is made: make it again with this one.
                if case .decoding? = state.pipeline { state.pipeline = nil }
            }
        }
    }

    /// Forgets all input and output in flight, for a new, unrelated stream (after a seek, say).
    open func reset() {
        state.withLock { state in
            state.pipeline = nil
            state.pending.removeAll()
            state.packets.removeAll()
            state.inputEnded = false
        }
    }

    // MARK: Converting

    /// Converts `inputBuffer` into `outputBuffer` when the formats differ only in sample type, interleaving and
    /// channels (not rate: that needs `convert(to:error:withInputFrom:)`). The output's capacity must hold the
    /// input's frames; its `frameLength` becomes the input's.
    open func convert(to outputBuffer: AVAudioPCMBuffer, from inputBuffer: AVAudioPCMBuffer) throws {
        guard inputFormat.sampleRate == outputFormat.sampleRate else {
            throw Self.error(-50, "convert(to:from:) does not convert sample rates (\(inputFormat.sampleRate) → "
                                + "\(outputFormat.sampleRate) Hz): use convert(to:error:withInputFrom:)")
        }
        try check(inputBuffer, outputBuffer)
        guard outputBuffer.frameCapacity >= inputBuffer.frameLength else {
            throw Self.error(-50, "the output buffer holds \(outputBuffer.frameCapacity) frames, the input "
                                + "\(inputBuffer.frameLength)")
        }
        try state.withLock { state throws in
            guard case .pcm(let pipeline) = try currentPipeline(&state) else {
                throw Self.error(-50, "convert(to:from:) converts between PCM formats; encode with "
                                    + "convert(to:error:withInputFrom:)")
            }
            var converted = PCMSampleBufferQueue()
            converted.append(try pipeline.convert(inputBuffer))
            converted.append(try pipeline.finish())
            guard case .success(let count) = converted.copy(into: outputBuffer, at: 0,
                                                            frames: Int(outputBuffer.frameCapacity)) else {
                throw Self.error(-50, "the converted audio could not be copied into the output buffer")
            }
            outputBuffer.frameLength = AVAudioFrameCount(count)
        }
    }

    /// Fills `outputBuffer` (an `AVAudioPCMBuffer` in `outputFormat`) with converted audio, asking `inputBlock` for
    /// input as it needs it. Returns `haveData` when the buffer is full (or holds the last frames), `inputRanDry`
    /// when the block said `noDataNow` (the buffer holds what could be made), `endOfStream` once the block said
    /// `endOfStream` and every frame was returned, `error` (with `outError` set) when the input is not in
    /// `inputFormat` or the conversion fails.
    ///
    /// `outError` is Apple's `NSErrorPointer`; Linux's Foundation has no `AutoreleasingUnsafeMutablePointer`, so it
    /// is a plain pointer here, which `&error` and `nil` are passed as in the same way.
    open func convert(to outputBuffer: AVAudioBuffer, error outError: UnsafeMutablePointer<NSError?>?,
                      withInputFrom inputBlock: AVAudioConverterInputBlock) -> AVAudioConverterOutputStatus {
        do {
            return try state.withLock { state throws in
                let pipeline = try currentPipeline(&state)
                var output = try OutputFill(outputBuffer, pipeline: pipeline, format: outputFormat)
                var ranDry = false
                while !output.isFull {
                    if try output.take(from: &state) { continue }
                    if state.inputEnded { break }
                    var status = AVAudioConverterInputStatus.haveData
                    let supplied = inputBlock(AVAudioPacketCount(clamping: output.inputFramesWanted), &status)
                    switch status {
                    case .haveData:
                        guard let supplied, output.accepts(supplied, format: inputFormat) else {
                            throw Self.error(-50, "the input block returned \(supplied.map { "\($0.format)" } ?? "no buffer") "
                                                + "with haveData; the converter's input format is \(inputFormat)")
                        }
                        try output.feed(supplied, into: &state)
                    case .noDataNow:
                        ranDry = true
                    case .endOfStream:
                        if let supplied, output.accepts(supplied, format: inputFormat) { try output.feed(supplied, into: &state) }
                        try output.finish(into: &state)
                        state.inputEnded = true
                    }
                    if ranDry { break }
                }
                output.complete()
                if ranDry { return .inputRanDry }
                if output.isEmpty, state.inputEnded, state.pending.isEmpty, state.packets.isEmpty { return .endOfStream }
                return .haveData
            }
        } catch {
            outError?.pointee = error as NSError
            return .error
        }
    }

    /// The output buffer being filled, PCM frames or encoded packets, and how its pipeline is fed.
    private struct OutputFill {
        private enum Target {
            case pcm(AVAudioPCMBuffer, Pipeline)
            case packets(AVAudioCompressedBuffer, AudioEncodingPipeline)
        }

        private let target: Target
        private var produced = 0
        /// A compressed buffer whose bytes cannot take the next packet, though it has room for more packets.
        private var outOfBytes = false

        init(_ buffer: AVAudioBuffer, pipeline: Pipeline, format: AVAudioFormat) throws {
            switch pipeline {
            case .pcm, .decoding:
                guard let output = buffer as? AVAudioPCMBuffer, output.format == format else {
                    throw AVAudioConverter.error(-50, "the output buffer must be an AVAudioPCMBuffer in the converter's "
                                                    + "output format \(format)")
                }
                target = .pcm(output, pipeline)
            case .encoding(let encoding):
                guard let output = buffer as? AVAudioCompressedBuffer,
                      output.format.streamDescription.pointee.mFormatID == format.streamDescription.pointee.mFormatID
                else {
                    throw AVAudioConverter.error(-50, "the output buffer must be an AVAudioCompressedBuffer in the "
                                                    + "converter's output format \(format)")
                }
                output.packetCount = 0
                output.byteLength = 0
                target = .packets(output, encoding)
            }
        }

        var isFull: Bool {
            switch target {
            case .pcm(let buffer, _): produced >= Int(buffer.frameCapacity)
            case .packets(let buffer, _): outOfBytes || buffer.packetCount >= buffer.packetCapacity
            }
        }

        var isEmpty: Bool { produced == 0 }

        /// About the input frames that would fill the rest of the output.
        var inputFramesWanted: Int {
            switch target {
            case .pcm(let buffer, .pcm(let pipeline)):
                pipeline.inputFrames(forOutputFrames: Int(buffer.frameCapacity) - produced)
            case .pcm(let buffer, _):
                // Packets: about as many as the rest of the output, at the input's frames per packet.
                Int(buffer.frameCapacity) - produced
            case .packets(let buffer, _):
                Int(buffer.packetCapacity - buffer.packetCount)
                    * max(1, Int(buffer.format.streamDescription.pointee.mFramesPerPacket))
            }
        }

        /// Moves what is pending into the output; true when something moved.
        mutating func take(from state: inout State) throws -> Bool {
            switch target {
            case .pcm(let buffer, _):
                guard !state.pending.isEmpty else { return false }
                guard case .success(let count) = state.pending.copy(into: buffer, at: produced,
                                                                    frames: Int(buffer.frameCapacity) - produced) else {
                    throw AVAudioConverter.error(-50, "the converted audio could not be copied into the output buffer")
                }
                produced += count
                return count > 0
            case .packets(let buffer, _):
                guard !state.packets.isEmpty else { return false }
                switch state.packets.fill(buffer) {
                case .success(let count):
                    produced += count
                    // A packet left over that did not fit: the buffer is as full as it gets for this call.
                    if !state.packets.isEmpty, buffer.packetCount < buffer.packetCapacity { outOfBytes = true }
                    return count > 0
                case .failure:
                    throw AVAudioConverter.error(-50, "an encoded packet is larger than the output buffer's "
                                                    + "\(buffer.maximumPacketSize)-byte packets")
                }
            }
        }

        /// Whether `input` is what this conversion takes: a PCM buffer in the input format, or a compressed buffer
        /// of the input's codec.
        func accepts(_ input: AVAudioBuffer?, format: AVAudioFormat) -> Bool {
            switch target {
            case .pcm(_, .decoding):
                (input as? AVAudioCompressedBuffer)?.format.streamDescription.pointee.mFormatID
                    == format.streamDescription.pointee.mFormatID
            default:
                (input as? AVAudioPCMBuffer)?.format == format
            }
        }

        mutating func feed(_ input: AVAudioBuffer, into state: inout State) throws {
            switch (target, input) {
            case (.pcm(_, .pcm(let pipeline)), let input as AVAudioPCMBuffer):
                state.pending.append(try pipeline.convert(input))
            case (.pcm(_, .decoding(let pipeline)), let input as AVAudioCompressedBuffer):
                state.pending.append(try pipeline.decode(input))
            case (.packets(_, let pipeline), let input as AVAudioPCMBuffer):
                state.packets.append(try pipeline.encode(input))
            default:
                throw AVAudioConverter.error(-50, "the input buffer is not of the kind this conversion takes")
            }
        }

        mutating func finish(into state: inout State) throws {
            switch target {
            case .pcm(_, .pcm(let pipeline)): state.pending.append(try pipeline.finish())
            case .pcm(_, .decoding(let pipeline)): state.pending.append(try pipeline.finish())
            case .pcm(_, .encoding): break
            case .packets(_, let pipeline): state.packets.append(try pipeline.finish())
            }
        }

        /// Sets the output's length.
        func complete() {
            if case .pcm(let buffer, _) = target { buffer.frameLength = AVAudioFrameCount(produced) }
        }
    }

    /// The pipeline for the current settings, made anew (forgetting what was in flight) when they changed.
    private func currentPipeline(_ state: inout State) throws -> Pipeline {
        try checkPrimeMethod(state.settings.primeMethod)
        let pipeline: Pipeline
        switch state.pipeline {
        case .pcm(let current)? where current.settings == state.settings.pipelineSettings: pipeline = .pcm(current)
        case .encoding(let current)? where current.settings == state.settings.encodingSettings:
            pipeline = .encoding(current)
        case .decoding(let current)?: pipeline = .decoding(current)
        default: pipeline = try makePipeline(&state)
        }
        // A codec reports its priming once it is open; until then a request waits for the conversion that knows.
        if let requested = state.settings.requestedPriming, Self.primingIsKnown(pipeline) {
            let actual = Self.priming(of: pipeline)
            guard requested == [actual.leadingFrames, actual.trailingFrames] else {
                throw Self.error(-50, "primeInfo (\(requested[0]) leading, \(requested[1]) trailing frames) cannot be "
                                    + "honoured: this converter primes with \(actual.leadingFrames) leading and "
                                    + "\(actual.trailingFrames) trailing frames, which its codec or resampler decides")
            }
        }
        return pipeline
    }

    /// Builds the pipeline for the current settings; what was in flight is forgotten.
    private func makePipeline(_ state: inout State) throws -> Pipeline {
        try checkPrimeMethod(state.settings.primeMethod)
        let pipeline: Pipeline
        switch kind {
        case .pcm:
            pipeline = .pcm(try PCMConversionPipeline(input: inputFormat, output: outputFormat,
                                                      settings: state.settings.pipelineSettings))
        case .encoding:
            pipeline = .encoding(try AudioEncodingPipeline(input: inputFormat, output: outputFormat,
                                                           settings: state.settings.encodingSettings))
        case .decoding:
            pipeline = .decoding(try AudioDecodingPipeline(input: inputFormat, output: outputFormat,
                                                           cookie: state.magicCookie))
        }
        state.pipeline = pipeline
        state.pending.removeAll()
        state.packets.removeAll()
        return pipeline
    }

    /// Refuses the priming this converter cannot give.
    private func checkPrimeMethod(_ method: AVAudioConverterPrimeMethod) throws {
        guard method != .none else {
            throw Self.error(-50, "AVAudioConverterPrimeMethod.none (output delayed by the converter's latency) is not "
                                + "available here: the output is always aligned with the input")
        }
    }

    private func check(_ input: AVAudioPCMBuffer, _ output: AVAudioPCMBuffer) throws {
        guard input.format == inputFormat else {
            throw Self.error(-50, "the input buffer is \(input.format), not the converter's input format \(inputFormat)")
        }
        guard output.format == outputFormat else {
            throw Self.error(-50, "the output buffer is \(output.format), not the converter's output format \(outputFormat)")
        }
    }

    /// An error as Apple's converter reports one: `NSOSStatusErrorDomain` with the status, and what went wrong.
    static func error(_ status: Int, _ description: String, underlying: (any Error)? = nil) -> NSError {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description]
        if let underlying { info[NSUnderlyingErrorKey] = underlying as NSError }
        return NSError(domain: NSOSStatusErrorDomain, code: status, userInfo: info)
    }
}
