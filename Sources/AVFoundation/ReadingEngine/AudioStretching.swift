import CoreMedia
import MediaCodecs
import MediaContainer

/// How a read plays the audio of scaled segments (a composition's `scaleTimeRange`, an edit list's media rate):
/// decoded to 32-bit float planes and stretched to the segment's duration with the time-pitch algorithm asked for
/// (`AVAudioTimePitchAlgorithm`), then converted to the output's format when the producer hands it out.
// Safe because immutable; its converter is a session that serialises its calls.
struct AudioStretching: @unchecked Sendable {
    let algorithm: AudioTimeStretchSession.Algorithm
    /// The planes' rate, channels and description (what the decoders produce).
    let sampleRate: Double
    let channels: Int
    let description: CMAudioFormatDescription
    /// Converts everything the producer hands out to the output's format; nil when it hands out planes (the mix
    /// converts after summing) or the output wants planes.
    let converter: AudioConverterSession?

    /// Stretching for audio decoded as `plan` says, with `algorithm`; the producer converts its output with the plan's
    /// converter when `convertsOutput`.
    init(plan: FloatDecodingPlan, algorithm: AVAudioTimePitchAlgorithm, convertsOutput: Bool) {
        self.algorithm = Self.algorithm(algorithm)
        sampleRate = plan.sampleRate
        channels = plan.channels
        description = plan.description
        converter = convertsOutput ? plan.converter : nil
    }

    /// The codec layer's algorithm for Apple's: the deprecated low-quality, zero-latency one is the time-domain
    /// stretcher, which is what Apple's documentation describes it as a cheaper form of.
    static func algorithm(_ algorithm: AVAudioTimePitchAlgorithm) -> AudioTimeStretchSession.Algorithm {
        switch algorithm {
        case .varispeed: .varispeed
        case .spectral: .spectral
        default: .timeDomain
        }
    }
}

/// Stretches one scaled span's decoded audio: exactly the frames its media range holds at the output rate become
/// exactly the frames it lasts on the track, timed from its start, so spans join without a gap or an overlap.
/// Media the source does not have (a span reaching past the end of its media) is stretched as silence.
///
/// Used by one producer on one worker thread.
final class SpanStretcher {
    private let session: AudioTimeStretchSession
    private let stretching: AudioStretching
    private let inputFrames: Int
    private let outputFrames: Int
    private let start: CMTime
    private var fed = 0
    private var emitted = 0

    /// A stretcher for `span` (media `mediaRange`, track range `span.trackRange`); nil when either side holds no
    /// whole frame.
    init?(span: PresentationSpan, stretching: AudioStretching, trackID: CMPersistentTrackID) throws(ReadingFailure) {
        let rate = stretching.sampleRate
        inputFrames = PCMSlices.frameIndex(of: span.mediaEnd, from: span.mediaStart, rate: rate)
        outputFrames = PCMSlices.frameIndex(of: span.trackRange.end, from: span.trackRange.start, rate: rate)
        guard inputFrames > 0, outputFrames > 0, let sampleRate = Int(exactly: rate.rounded()) else { return nil }
        do throws(CodecError) {
            session = try AudioTimeStretchSession(sampleRate: sampleRate, channelCount: stretching.channels,
                                                  scale: .frames(input: inputFrames, output: outputFrames),
                                                  algorithm: stretching.algorithm)
        } catch {
            throw ReadingFailure(error, trackID: trackID, while: "cannot stretch the audio of an edit at rate "
                                 + "\(span.segment.rate.doubleValue)")
        }
        self.stretching = stretching
        start = span.trackRange.start
    }

    /// Stretches `buffers` (32-bit float planes of the span's media, in order); returns what is ready.
    func process(_ buffers: [CMSampleBuffer], trackID: CMPersistentTrackID) throws(ReadingFailure) -> [CMSampleBuffer] {
        var output: [CMSampleBuffer] = []
        for buffer in buffers {
            var planes = try FloatPlanes.planes(of: buffer, channels: stretching.channels)
            let take = min(planes.first?.count ?? 0, inputFrames - fed)
            guard take > 0 else { continue }
            if take < planes.first?.count ?? 0 { planes = planes.map { Array($0.prefix(take)) } }
            fed += take
            output += try emit(try stretch(trackID) { () throws(CodecError) in try session.process(planes) })
        }
        return output
    }

    /// The rest of the span: silence for media the source lacked, then the stretcher's tail.
    func finish(trackID: CMPersistentTrackID) throws(ReadingFailure) -> [CMSampleBuffer] {
        var output: [CMSampleBuffer] = []
        if fed < inputFrames {
            let silence = [[Float]](repeating: [Float](repeating: 0, count: inputFrames - fed), count: stretching.channels)
            fed = inputFrames
            output += try emit(try stretch(trackID) { () throws(CodecError) in try session.process(silence) })
        }
        output += try emit(try stretch(trackID) { () throws(CodecError) in try session.finish() })
        return output
    }

    private func stretch(_ trackID: CMPersistentTrackID, _ body: () throws(CodecError) -> [[Float]]) throws(ReadingFailure)
        -> [[Float]] {
        do throws(CodecError) {
            return try body()
        } catch {
            throw ReadingFailure(error, trackID: trackID, while: "stretching audio")
        }
    }

    /// A buffer of `planes` (at most what the span still lasts), timed after what was emitted.
    private func emit(_ planes: [[Float]]) throws(ReadingFailure) -> [CMSampleBuffer] {
        let count = min(planes.first?.count ?? 0, outputFrames - emitted)
        guard count > 0 else { return [] }
        let time = start + PassthroughBufferMaker.duration(frames: Int64(emitted), sampleRate: stretching.sampleRate)
        emitted += count
        return [try FloatPlanes.sampleBuffer(planes, frames: count, start: time, description: stretching.description)]
    }
}
