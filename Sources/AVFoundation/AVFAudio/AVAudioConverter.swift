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
/// Conversions to and from compressed formats are not here yet: `init(from:to:)` returns nil for them.
///
/// Thread-safe: conversions and property changes are serialised.
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

        /// What the pipeline is built from.
        var pipelineSettings: PCMConversionPipeline.Settings {
            .init(channelMap: downmix ? nil : channelMap,
                  conversion: SampleRateConversion(quality: quality, algorithm: algorithm, dither: dither))
        }
    }

    private struct State {
        var settings: Settings
        /// The conversion built from `settings`, made at the first conversion after they change.
        var pipeline: PCMConversionPipeline?
        /// Converted frames not yet returned.
        var pending = PCMSampleBufferQueue()
        /// The input block said `endOfStream` and the converter's tail was taken.
        var inputEnded = false
    }

    private let state: Mutex<State>

    /// A converter from `fromFormat` to `toFormat`, or nil when it cannot convert between them (a compressed format,
    /// a sample rate that is not a whole number of hertz, more channels than the converter carries).
    public init?(from fromFormat: AVAudioFormat, to toFormat: AVAudioFormat) {
        let pcm = kAudioFormatLinearPCM
        guard fromFormat.streamDescription.pointee.mFormatID == pcm, toFormat.streamDescription.pointee.mFormatID == pcm
        else { return nil }
        inputFormat = fromFormat
        outputFormat = toFormat
        let settings = Settings(channelMap: PCMChannelRemap.defaultMap(inputs: Int(fromFormat.channelCount),
                                                                       outputs: Int(toFormat.channelCount)))
        guard (try? PCMConversionPipeline(input: fromFormat, output: toFormat, settings: settings.pipelineSettings))
            != nil else { return nil }
        state = Mutex(State(settings: settings))
        super.init()
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

    /// The frames the converter primes with: none for PCM conversions, whose output is aligned with the input.
    open var primeInfo: AVAudioConverterPrimeInfo {
        get { AVAudioConverterPrimeInfo() }
        set { _ = newValue }  // Nothing to prime: PCM conversions need no extra frames; a set value changes nothing.
    }

    /// Forgets all input and output in flight, for a new, unrelated stream (after a seek, say).
    open func reset() {
        state.withLock { state in
            state.pipeline = nil
            state.pending.removeAll()
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
            let pipeline = try currentPipeline(&state)
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
                guard let output = outputBuffer as? AVAudioPCMBuffer, output.format == outputFormat else {
                    throw Self.error(-50, "the output buffer must be an AVAudioPCMBuffer in the converter's output "
                                        + "format \(outputFormat)")
                }
                let pipeline = try currentPipeline(&state)
                let capacity = Int(output.frameCapacity)
                var produced = 0
                var ranDry = false
                while produced < capacity {
                    if !state.pending.isEmpty {
                        guard case .success(let count) = state.pending.copy(into: output, at: produced,
                                                                            frames: capacity - produced) else {
                            throw Self.error(-50, "the converted audio could not be copied into the output buffer")
                        }
                        produced += count
                        continue
                    }
                    if state.inputEnded { break }
                    let wanted = pipeline.inputFrames(forOutputFrames: capacity - produced)
                    var status = AVAudioConverterInputStatus.haveData
                    let supplied = inputBlock(AVAudioPacketCount(clamping: wanted), &status)
                    switch status {
                    case .haveData:
                        guard let input = supplied as? AVAudioPCMBuffer, input.format == inputFormat else {
                            throw Self.error(-50, "the input block returned \(supplied.map { "\($0.format)" } ?? "no buffer") "
                                                + "with haveData; the converter's input format is \(inputFormat)")
                        }
                        state.pending.append(try pipeline.convert(input))
                    case .noDataNow:
                        ranDry = true
                    case .endOfStream:
                        if let input = supplied as? AVAudioPCMBuffer, input.format == inputFormat, input.frameLength > 0 {
                            state.pending.append(try pipeline.convert(input))
                        }
                        state.pending.append(try pipeline.finish())
                        state.inputEnded = true
                    }
                    if ranDry { break }
                }
                output.frameLength = AVAudioFrameCount(produced)
                if ranDry { return .inputRanDry }
                if produced == 0, state.inputEnded, state.pending.isEmpty { return .endOfStream }
                return .haveData
            }
        } catch {
            outError?.pointee = error as NSError
            return .error
        }
    }

    /// The pipeline for the current settings, made anew (forgetting what was in flight) when they changed.
    private func currentPipeline(_ state: inout State) throws -> PCMConversionPipeline {
        if let pipeline = state.pipeline, pipeline.settings == state.settings.pipelineSettings { return pipeline }
        let settings = state.settings.pipelineSettings
        guard state.settings.primeMethod != .none else {
            throw Self.error(-50, "AVAudioConverterPrimeMethod.none (output delayed by the converter's latency) is not "
                                + "available here: the output is always aligned with the input")
        }
        let pipeline = try PCMConversionPipeline(input: inputFormat, output: outputFormat, settings: settings)
        state.pipeline = pipeline
        state.pending.removeAll()
        return pipeline
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
