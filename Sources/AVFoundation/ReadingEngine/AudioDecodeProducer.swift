import CoreMedia
import MediaCodecs

/// Decodes an audio track into linear PCM (`outputSettings` for audio), cut sample-accurately to what the track
/// presents on the asset's timeline.
///
/// Each span of the read (one edit inside one requested time range) is decoded from the pre-roll packets before
/// its first presented one (so that its first sample decodes correctly); the decoded audio, timed by packet
/// presentation time through the edit, is then cut to the span: encoder priming (an edit or `iTunSMPB`), remainder
/// padding and edits that start or end inside a packet are cut to the sample, so the first output sample is the
/// first presented one and a span of d seconds gives d × rate samples. Empty edits leave a gap in the timestamps.
///
/// Edits at a rate other than 1 would need the audio time-stretched (`audioTimePitchAlgorithm`); they fail the
/// read with a clear error rather than play at the wrong speed (README, "Differences from Apple's AVFoundation").
final class AudioDecodeProducer: SampleProducer {
    private let sessions: DecoderSessions
    private var walker: SpanWalker
    private var session: AudioDecoderSession?

    init(timeline: TrackTimeline, sessions: DecoderSessions, ranges: [CMTimeRange]) {
        self.sessions = sessions
        let trackID = sessions.trackID
        walker = SpanWalker(timeline: timeline, ranges: ranges, backing: sessions.backing, grouping: .audioPackets) {
            span, source throws(ReadingFailure) in
            guard !span.segment.isDwell else { return nil }
            guard span.segment.isNormalSpeed else {
                throw ReadingFailure(.unsupported, "the track has an edit at rate \(span.segment.rate.doubleValue); decoded "
                                     + "audio of scaled edits would need time-stretching, which is not available",
                                     trackID: trackID, time: span.trackRange.start)
            }
            return try SpanWalker.audioSelection(span, source)
        }
    }

    func next() throws(ReadingFailure) -> [CMSampleBuffer]? {
        while let step = try walker.next() {
            switch step {
            case .samples(let packets, let span, let source, _):
                let next = try sessions.audioSession(forSample: packets.lowerBound, of: source, sourceIndex: span.source)
                var output: [CMSampleBuffer] = []
                if let session, session !== next {
                    output += try cut(session.finish(), to: span)
                }
                session = next
                let buffer = try PassthroughBufferMaker(source: source, copiesData: false).audio(packets, in: span, trimmed: false)
                output += try cut(next.decode(buffer), to: span)
                return output
            case .spanEnded(let span, let released):
                let drained = try session.map { session throws(ReadingFailure) in try cut(session.finish(), to: span) } ?? []
                session = nil
                for source in released { sessions.release(source: source) }
                if !drained.isEmpty { return drained }
            }
        }
        return nil
    }

    /// The decoded audio cut to the span; a packet that fails to decode stops the read.
    private func cut(_ result: AudioDecodeResult, to span: PresentationSpan) throws(ReadingFailure) -> [CMSampleBuffer] {
        if let failure = result.failures.first {
            throw ReadingFailure(failure, trackID: sessions.trackID, while: "an audio packet cannot be decoded")
        }
        var output: [CMSampleBuffer] = []
        for buffer in result.sampleBuffers {
            output += try PCMSlices.cut(buffer, to: span.trackRange)
        }
        return output
    }
}
