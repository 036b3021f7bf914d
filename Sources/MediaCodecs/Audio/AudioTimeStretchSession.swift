import AudioStretch
import FFmpegBridge
import Synchronization

/// Changes the duration of audio by a fixed factor with one of AVFoundation's time-pitch algorithms, to an exact
/// number of frames: what a scaled edit plays (`AVMutableCompositionTrack.scaleTimeRange(_:toDuration:)`, or an edit
/// list entry whose media rate is not 1).
///
/// Input and output are 32-bit float, one plane per channel, at one sample rate. Feed the input in chunks of any
/// size with `process`, then call `finish()`.
///
/// **Exact count.** For `n` input frames the outputs of all `process` calls and `finish()` add up to exactly
/// `outputFrameCount(forInputFrameCount: n)`: `round(n / speed)` for `.speed`, `round(n · output / input)` for
/// `.frames(input:output:)`, so a span of `input` frames becomes exactly `output` frames (a composition segment
/// whose source and target ranges are known in frames). Halves round up. The stretchers' start delay is removed
/// (output frame `k` is the input around frame `k · speed`); their tail is pushed out by extending the input past its
/// end, and cut at the count. No output is released beyond the count for the input so far, so none is taken back.
///
/// **Ends.** Where a stretcher's windows reach past the input (Rubber Band's start pad before it, every stretcher's
/// tail after it), the input is extended with a loop of its own first or last period (`LoopExtension`) rather than
/// silence, so the sound keeps its level to the first and last frame: a segment cut from longer audio goes on
/// beyond its ends, and silence there made the libraries fade it in and out (measured in `LoopExtension`).
///
/// Thread safety: use from one thread at a time (calls are serialised by a lock); create and release anywhere.
// Safe because calls are serialised by a lock.
package final class AudioTimeStretchSession: @unchecked Sendable {
    /// How pitch behaves as the speed changes: AVFoundation's `AVAudioTimePitchAlgorithm` without the deprecated
    /// `lowQualityZeroLatency`, which the AVFoundation layer maps to `.timeDomain`.
    package enum Algorithm: String, Sendable, Hashable, CaseIterable {
        /// Resampling: the pitch follows the speed (twice as fast, an octave up), as Apple's `varispeed` ("a
        /// high-quality time pitch algorithm that doesn't perform pitch correction"). swresample.
        case varispeed
        /// A time-domain stretcher that keeps the pitch, cheaper than `.spectral`, as Apple's `timeDomain` ("modest
        /// quality ... suitable for voice"). SoundTouch's WSOLA-style TDStretch.
        case timeDomain
        /// A spectral stretcher that keeps the pitch, the best for music and the most costly, as Apple's `spectral`
        /// ("highest-quality ... suitable for music"). Rubber Band's R3 phase vocoder.
        case spectral
    }

    /// By how much the duration changes.
    package enum Scale: Sendable, Hashable {
        /// Input duration over output duration: above 1 plays faster and shorter, below 1 slower and longer.
        case speed(Double)
        /// `input` frames become exactly `output` frames (speed `input / output`, as an exact fraction).
        case frames(input: Int, output: Int)
    }

    /// Frames per second of input and output.
    package let sampleRate: Int
    /// Channels (planes) of input and output.
    package let channelCount: Int
    /// The algorithm.
    package let algorithm: Algorithm
    /// The change of duration.
    package let scale: Scale
    /// Input duration over output duration.
    package var speed: Double {
        switch scale {
        case .speed(let speed): return speed
        case .frames(let input, let output): return Double(input) / Double(output)
        }
    }

    private let engine: TimeStretchEngine
    // The lock protects everything below.
    private let lock = Mutex(())
    private var inputFrames = 0
    private var releasedFrames = 0
    /// Output the engine produced beyond what may be released yet.
    private var held: [[Float]]
    private var tail: TimeStretchTail
    /// Input held until there is enough to make the engine's lead-in from; `nil` once the engine has started.
    private var pendingStart: [[Float]]?
    private var isFinished = false

    /// A session stretching `channelCount` planes at `sampleRate` by `scale` (speed within 1/32...32) with
    /// `algorithm`. `.timeDomain` takes at most 16 channels (SoundTouch's limit).
    package init(sampleRate: Int, channelCount: Int, scale: Scale, algorithm: Algorithm) throws(CodecError) {
        guard (1...Int(Limits.maximumSampleRate)).contains(sampleRate) else {
            throw CodecError(.invalidInput, "time stretching: \(sampleRate) Hz is outside 1...\(Int(Limits.maximumSampleRate))")
        }
        guard (1...Limits.maximumAudioChannels).contains(channelCount) else {
            throw CodecError(.invalidInput, "time stretching: \(channelCount) channels is outside 1...\(Limits.maximumAudioChannels)")
        }
        let speed = try Self.checkedSpeed(scale)
        guard algorithm != .timeDomain || channelCount <= StretchLimits.maximumSoundTouchChannels else {
            throw CodecError(.unsupportedFormat, "time stretching with .timeDomain takes at most \(StretchLimits.maximumSoundTouchChannels) channels (SoundTouch's limit), not \(channelCount); .spectral and .varispeed take more")
        }
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.algorithm = algorithm
        self.scale = scale
        held = Array(repeating: [], count: channelCount)
        tail = TimeStretchTail(channelCount: channelCount, sampleRate: sampleRate)
        let starting = "starting the \(algorithm) time stretcher"
        switch (algorithm, scale) {
        case (_, .speed(1)):
            engine = UnchangedTimeEngine()
        case (_, .frames(let input, let output)) where input == output:
            engine = UnchangedTimeEngine()
        case (.varispeed, .frames(let input, let output)):
            engine = try Self.varispeed(channelCount: channelCount, numerator: input, denominator: output, starting)
        case (.varispeed, .speed(let speed)):
            let (numerator, denominator) = VarispeedEngine.nearestFraction(speed, bound: FFLimits.maximumSampleRate)
            engine = try Self.varispeed(channelCount: channelCount, numerator: numerator, denominator: denominator, starting)
        case (.timeDomain, _):
            do throws(TimeStretchError) {
                engine = try SoundTouchStretcher(sampleRate: sampleRate, channelCount: channelCount, tempo: speed)
            } catch { throw CodecError(error, while: starting) }
        case (.spectral, _):
            do throws(TimeStretchError) {
                engine = try RubberBandStretcher(sampleRate: sampleRate, channelCount: channelCount, timeRatio: 1 / speed,
                                                 padsStartWithSilence: false)
            } catch { throw CodecError(error, while: starting) }
        }
        pendingStart = engine.leadInFrameCount > 0 ? Array(repeating: [], count: channelCount) : nil
    }

    /// The varispeed engine, its resampler's error reported as the session's.
    private static func varispeed(channelCount: Int, numerator: Int, denominator: Int,
                                  _ operation: String) throws(CodecError) -> VarispeedEngine {
        do throws(FFError) {
            return try VarispeedEngine(channelCount: channelCount, numerator: numerator, denominator: denominator)
        } catch { throw CodecError(error, while: operation) }
    }

    /// Output frames for `count` input frames once `finish()` has run: `round(count / speed)`, halves up. `count`
    /// is taken within 0...2^48, the most input a session takes (`Limits.maximumTimeStretchInputFrames`).
    package func outputFrameCount(forInputFrameCount count: Int) -> Int {
        let count = min(max(count, 0), Limits.maximumTimeStretchInputFrames)
        switch scale {
        case .speed(let speed):
            return Int((Double(count) / speed).rounded(.toNearestOrAwayFromZero))
        case .frames(let input, let output):
            // count · output / input in 128 bits; the quotient fits: count ≤ 2^48 and output ≤ 32 · input.
            let product = count.multipliedFullWidth(by: output)
            let (low, carry) = product.low.addingReportingOverflow(UInt(input / 2))
            return input.dividingFullWidth((product.high + (carry ? 1 : 0), low)).quotient
        }
    }

    /// Stretches `planes` (one per channel, of equal length, any length) and returns the output that is ready.
    package func process(_ planes: [[Float]]) throws(CodecError) -> [[Float]] {
        try lock.withLock { (_: inout Void) throws(CodecError) -> [[Float]] in
            guard !isFinished else { throw CodecError(.invalidInput, "time stretching: input after finish()") }
            let frames = try checkedFrameCount(planes)
            guard frames <= Limits.maximumTimeStretchInputFrames - inputFrames else {
                throw CodecError(.invalidInput, "time stretching: more than \(Limits.maximumTimeStretchInputFrames) input frames")
            }
            inputFrames += frames
            tail.remember(planes)
            if var pending = pendingStart {
                for channel in 0..<channelCount { pending[channel] += planes[channel] }
                pendingStart = pending
                if pending[0].count >= LoopExtension.sourceFrameCount(sampleRate: sampleRate) { try start() }
            } else {
                try run(planes)
            }
            return release(upTo: outputFrameCount(forInputFrameCount: inputFrames))
        }
    }

    /// Ends the input: the rest of the output, completing exactly `outputFrameCount(forInputFrameCount:)` frames.
    package func finish() throws(CodecError) -> [[Float]] {
        try lock.withLock { (_: inout Void) throws(CodecError) -> [[Float]] in
            guard !isFinished else { throw CodecError(.invalidInput, "time stretching: finish() called twice") }
            isFinished = true
            if pendingStart != nil { try start() }
            let target = outputFrameCount(forInputFrameCount: inputFrames)
            var missing = target - releasedFrames - (held.first?.count ?? 0)
            // Each extension gives about `chunk / speed` frames once the stretcher's window is full; the bound only
            // guards against a stretcher that stops producing (64 rounds of slack cover any stretcher's latency).
            let speed = self.speed
            let roundLimit = 64 + Int(Double(max(0, missing)) * speed) / 256
            var rounds = 0
            while missing > 0 && inputFrames > 0 {
                let chunk = min(StretchLimits.blockFrames, max(256, Int((Double(missing) * speed).rounded(.up)) + 256))
                let before = held.first?.count ?? 0
                try run(tail.continuation(frameCount: chunk))
                missing -= (held.first?.count ?? 0) - before
                rounds += 1
                guard rounds <= roundLimit else {
                    throw CodecError(.codecFailed, "the \(algorithm) time stretcher stopped producing output \(missing) frames short of \(target)")
                }
            }
            let output = release(upTo: target)
            held = Array(repeating: [], count: channelCount)
            return output
        }
    }

    /// Gives the engine its lead-in, the start of the input looped backwards (`LoopExtension`), then the input held
    /// for it.
    private func start() throws(CodecError) {
        guard let pending = pendingStart else { return }
        pendingStart = nil
        guard let first = pending.first, !first.isEmpty else { return }
        let period = LoopExtension.period(of: pending, atStart: true, sampleRate: sampleRate)
        try run(LoopExtension.leadIn(to: pending, period: period, frameCount: engine.leadInFrameCount))
        try run(pending)
    }

    private func run(_ planes: [[Float]]) throws(CodecError) {
        let produced = try engine.stretch(planes)
        for channel in 0..<channelCount { held[channel] += produced[channel] }
    }

    /// Hands out held output up to `target` frames in all.
    private func release(upTo target: Int) -> [[Float]] {
        let count = max(0, min(held.first?.count ?? 0, target - releasedFrames))
        releasedFrames += count
        let output = held.map { Array($0.prefix(count)) }
        for channel in 0..<channelCount { held[channel].removeFirst(count) }
        return output
    }

    private func checkedFrameCount(_ planes: [[Float]]) throws(CodecError) -> Int {
        guard planes.count == channelCount else {
            throw CodecError(.invalidInput, "time stretching: \(planes.count) planes given for \(channelCount) channels")
        }
        let frames = planes.first?.count ?? 0
        guard planes.allSatisfy({ $0.count == frames }) else {
            throw CodecError(.invalidInput, "time stretching: planes of different lengths \(planes.map(\.count))")
        }
        return frames
    }

    /// The speed of `scale`, after checking it is within `Limits.timeStretchSpeeds`.
    private static func checkedSpeed(_ scale: Scale) throws(CodecError) -> Double {
        let limits = Limits.timeStretchSpeeds
        let range = "1/\(Int(1 / limits.lowerBound))...\(Int(limits.upperBound))"
        switch scale {
        case .speed(let speed):
            guard speed.isFinite, limits.contains(speed) else {
                throw CodecError(.invalidInput, "time stretching: speed \(speed) is outside \(range), the range Apple documents for AVAudioTimePitchAlgorithm")
            }
            return speed
        case .frames(let input, let output):
            let maximum = Limits.maximumTimeStretchInputFrames
            guard (1...maximum).contains(input), (1...maximum).contains(output) else {
                throw CodecError(.invalidInput, "time stretching: \(input) frames to \(output) frames; both must be within 1...\(maximum)")
            }
            let speed = Double(input) / Double(output)
            // Checked on the integers too, so that a ratio just past 32 that rounds to 32 as a Double is refused.
            guard output <= 32 * input, input <= 32 * output, limits.contains(speed) else {
                throw CodecError(.invalidInput, "time stretching: \(input) frames to \(output) frames is speed \(speed), outside \(range), the range Apple documents for AVAudioTimePitchAlgorithm")
            }
            return speed
        }
    }
}
