import CoreMedia
import FFmpegBridge

/// A stream of native PCM converted to another rate, channel layout and sample format with exact frame counts and
/// exact timestamps: output frame k of a run of contiguous input is at the run's first input time plus k output
/// frames (swresample delays output, never shifts it). A gap in the input times ends the run: what the filter still
/// holds is flushed at the old run's times and a new run starts at the new time.
///
/// When the two formats are the same (a decoder whose native output is what the caller asked for, as float planar
/// AAC is for `AVAudioFile`'s standard processing format) the audio passes through as it is, without swresample and
/// without a copy: swresample's identity conversion cost a full pass over the samples and an allocation per block.
final class PCMStream {
    let input: PCMLayout
    let output: PCMLayout
    /// Nil when input and output are the same format and channel layout: audio passes through unchanged.
    private let resampler: FFResampler?
    private var runStart: CMTime?
    private var framesIn: Int64 = 0
    private var framesOut: Int64 = 0

    init(input: PCMLayout, inputChannels: FFChannelLayout, output: PCMLayout, outputChannels: FFChannelLayout,
         options: FFResamplerOptions = .init()) throws(CodecError) {
        self.input = input
        self.output = output
        guard let inRate = Int(exactly: input.sampleRate), let outRate = Int(exactly: output.sampleRate) else {
            throw CodecError(.unsupportedFormat, "sample rates must be whole numbers of hertz (\(input.sampleRate) → \(output.sampleRate))")
        }
        if input == output && inputChannels == outputChannels {
            resampler = nil
            return
        }
        do throws(FFError) {
            resampler = try FFResampler(from: FFAudioFormat(sampleFormat: input.sampleFormat, sampleRate: inRate, channelLayout: inputChannels),
                                        to: FFAudioFormat(sampleFormat: output.sampleFormat, sampleRate: outRate, channelLayout: outputChannels),
                                        options: options)
        } catch {
            throw CodecError(error, while: "setting up the audio conversion")
        }
    }

    /// The output time of output frame `frames` of the current run.
    private func outputTime(_ frames: Int64) -> CMTime {
        (runStart ?? .zero) + CMTime(value: frames, timescale: Int32(output.sampleRate))
    }

    /// Whether `time` continues the current run (within half an input frame of where it should be, to allow
    /// timestamps rounded to another timescale).
    private func continues(at time: CMTime) -> Bool {
        guard let runStart else { return false }
        let expected = runStart + CMTime(value: framesIn, timescale: Int32(input.sampleRate))
        return abs(CMTimeGetSeconds(time - expected)) * input.sampleRate < 0.5
    }

    /// Converts a block of audio starting at `time`; returns the converted audio that is ready and its time (which
    /// may include the flushed end of an earlier run, returned first).
    func convert(_ audio: NativePCM, at time: CMTime) throws(CodecError) -> [(FFAudioBuffer, CMTime)] {
        var result = try begin(at: time)
        let converted: FFAudioBuffer
        do throws(FFError) {
            if let resampler {
                converted = try audio.withSamples { samples throws(FFError) in try resampler.convert(samples) }
            } else {
                converted = FFAudioBuffer(sampleFormat: output.sampleFormat, channelCount: output.channelCount,
                                          frameCount: audio.frameCount, planes: audio.planes)
            }
        } catch {
            throw CodecError(error, while: "converting audio", presentationTimeStamp: time)
        }
        let convertedTime = count(input: audio.frameCount, output: converted.frameCount)
        if converted.frameCount > 0 { result.append((converted, convertedTime)) }
        return result
    }

    /// Converts a block of audio the caller holds (`samples`, in the input layout) starting at `time`, without
    /// copying it first: as `convert(_:at:)`, except that audio passed through unchanged comes back as a nil piece,
    /// meaning `samples` itself, which the caller copies once to where it goes.
    func convert(borrowing samples: FFAudioSamples, at time: CMTime) throws(CodecError) -> [(FFAudioBuffer?, CMTime)] {
        var result: [(FFAudioBuffer?, CMTime)] = try begin(at: time).map { ($0.0, $0.1) }
        guard let resampler else {
            let passedTime = count(input: samples.frameCount, output: samples.frameCount)
            if samples.frameCount > 0 { result.append((nil, passedTime)) }
            return result
        }
        let converted: FFAudioBuffer
        do throws(FFError) {
            converted = try resampler.convert(samples)
        } catch {
            throw CodecError(error, while: "converting audio", presentationTimeStamp: time)
        }
        let convertedTime = count(input: samples.frameCount, output: converted.frameCount)
        if converted.frameCount > 0 { result.append((converted, convertedTime)) }
        return result
    }

    /// Starts a run at `time` unless the block continues the current one; returns the flushed end of the old run.
    private func begin(at time: CMTime) throws(CodecError) -> [(FFAudioBuffer, CMTime)] {
        var result: [(FFAudioBuffer, CMTime)] = []
        if runStart != nil, !continues(at: time) { result += try flush() }
        if runStart == nil {
            runStart = time
            framesIn = 0
            framesOut = 0
        }
        return result
    }

    /// Counts a block of `input` frames that gave `output` frames; returns the time of the first output frame.
    private func count(input: Int, output: Int) -> CMTime {
        framesIn += Int64(input)
        let time = outputTime(framesOut)
        framesOut += Int64(output)
        return time
    }

    /// Ends the current run: the frames still in the filter, with their time.
    func flush() throws(CodecError) -> [(FFAudioBuffer, CMTime)] {
        guard runStart != nil else { return [] }
        defer { runStart = nil }
        guard let resampler else { return [] }
        let tail: FFAudioBuffer
        do throws(FFError) {
            tail = try resampler.flush()
        } catch {
            throw CodecError(error, while: "flushing the audio conversion")
        }
        guard tail.frameCount > 0 else { return [] }
        return [(tail, outputTime(framesOut))]
    }
}
