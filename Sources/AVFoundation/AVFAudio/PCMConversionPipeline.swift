import CoreMedia
import Foundation
import MediaCodecs

/// An `AVAudioConverter`'s PCM conversion: the channel remap (unless channels are mixed), then the codec layer's
/// converter session (rate, sample type, interleaving, and the mix by position when `downmix` is on), fed
/// `AVAudioPCMBuffer`s timed by the frames that went in.
final class PCMConversionPipeline {
    struct Settings: Equatable {
        /// For each output channel, its input channel or -1; nil mixes by position.
        var channelMap: [Int]?
        var conversion: SampleRateConversion
    }

    let settings: Settings
    private let input: AVAudioFormat
    private let remap: PCMChannelRemap?
    private let session: AudioConverterSession
    private let description: CMFormatDescription
    private var framesIn: AVAudioFramePosition = 0

    init(input: AVAudioFormat, output: AVAudioFormat, settings: Settings) throws {
        self.settings = settings
        self.input = input
        let remap: PCMChannelRemap?
        if let map = settings.channelMap, map != Array(0..<Int(input.channelCount)) {
            guard let made = PCMChannelRemap(map: map, input: input, channels: output.channelCount,
                                             layout: output.channelLayout) else {
                throw AVAudioConverter.error(-50, "the channel map \(map) does not take \(input.channelCount) input "
                                                + "channels to \(output.channelCount) output channels")
            }
            remap = made
        } else {
            remap = nil
        }
        self.remap = remap
        // After a remap the channels are already where they go: the session keeps them in place.
        let source = remap?.format ?? input
        description = source.formatDescription
        do {
            session = try AudioConverterSession(
                from: source.streamDescription.pointee,
                sourceLayout: remap == nil ? input.channelLayout?.channelLayout : output.channelLayout?.channelLayout,
                to: output.streamDescription.pointee, destinationLayout: output.channelLayout?.channelLayout,
                conversion: settings.conversion)
        } catch {
            throw AVAudioConverter.error(-50, "\(input) cannot be converted to \(output): \(error)", underlying: error)
        }
    }

    /// The input frames that make about `frames` output frames (at least 1).
    func inputFrames(forOutputFrames frames: Int) -> Int {
        let ratio = session.input.sampleRate / session.output.sampleRate
        return max(1, Int((Double(frames) * ratio).rounded(.up)))
    }

    /// Converts `buffer`'s frames; returns the converted audio that is ready.
    func convert(_ buffer: AVAudioPCMBuffer) throws -> [CMSampleBuffer] {
        guard buffer.frameLength > 0 else { return [] }
        // Samples already in FFmpeg's layout go to swresample from the buffer's own memory: no sample buffer between.
        if remap == nil, session.takesNativePlanes {
            let list = UnsafeMutableAudioBufferListPointer(buffer.mutableAudioBufferList)
            let planes = list.compactMap { $0.mData.map { UnsafeRawPointer($0) } }
            guard planes.count == list.count else { throw AVAudioConverter.error(-50, "the input buffer has no data") }
            let frames = Int(buffer.frameLength)
            let time = frameTime(framesIn, rate: input.sampleRate)
            framesIn += AVAudioFramePosition(frames)
            do {
                return try session.convert(planes: planes, frameCount: frames, at: time)
            } catch {
                throw AVAudioConverter.error(-50, "converting audio failed: \(error)", underlying: error)
            }
        }
        guard let source = remap == nil ? buffer : remap?.apply(buffer) else {
            throw AVAudioConverter.error(-50, "the input's channels could not be remapped")
        }
        let frames = Int(source.frameLength)
        guard case .success(let sample) = source.makeSampleBuffer(
            frames: frames, at: frameTime(framesIn, rate: input.sampleRate), description: description) else {
            throw AVAudioConverter.error(-50, "the input buffer's audio cannot be converted")
        }
        framesIn += AVAudioFramePosition(frames)
        do {
            return try session.convert(sample)
        } catch {
            throw AVAudioConverter.error(-50, "converting audio failed: \(error)", underlying: error)
        }
    }

    /// Ends the input: the frames the rate converter still held.
    func finish() throws -> [CMSampleBuffer] {
        do {
            return try session.finish()
        } catch {
            throw AVAudioConverter.error(-50, "finishing the conversion failed: \(error)", underlying: error)
        }
    }
}
