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
    private let source: TrackSource
    private let sessions: DecoderSessions
    private let maker: PassthroughBufferMaker
    private let spans: [PresentationSpan]
    private var spanIndex = 0
    private var current: (samples: SpanSamples, next: Int)?
    private var session: AudioDecoderSession?

    init(sessions: DecoderSessions, ranges: [CMTimeRange]) {
        source = sessions.source
        self.sessions = sessions
        maker = PassthroughBufferMaker(source: source, copiesData: false)
        spans = source.timeline.spans(covering: ranges)
    }

    func next() throws(ReadingFailure) -> [CMSampleBuffer]? {
        while spanIndex < spans.count {
            let span = spans[spanIndex]
            if current == nil {
                guard let samples = try select(span) else {
                    spanIndex += 1
                    continue
                }
                current = (samples, samples.decodeRange.lowerBound)
            }
            guard let (samples, index) = current else { continue }
            if index < samples.decodeRange.upperBound {
                let description = try sessions.descriptionIndex(ofSample: index)
                let next = try sessions.audioSession(forDescription: description)
                let isPCM = CMAudioFormatDescriptionGetStreamBasicDescription(next.formatDescription)?.pointee.mFormatID
                    == kAudioFormatLinearPCM
                let group = source.audioGroup(from: index, before: samples.decodeRange.upperBound, isPCM: isPCM)
                current = (samples, group.upperBound)
                var output: [CMSampleBuffer] = []
                if let session, session !== next {
                    output += try cut(session.finish(), to: span)
                }
                session = next
                output += try cut(next.decode(try maker.audio(group, in: span, trimmed: false)), to: span)
                return output
            }
            current = nil
            spanIndex += 1
            if let session {
                self.session = nil
                return try cut(session.finish(), to: span)
            }
        }
        return nil
    }

    private func select(_ span: PresentationSpan) throws(ReadingFailure) -> SpanSamples? {
        guard source.table.count > 0, !span.segment.isDwell else { return nil }
        guard span.segment.isNormalSpeed else {
            throw ReadingFailure(.unsupported, "the track has an edit at rate \(Double(span.segment.rateFixed) / 65536); "
                                 + "decoded audio of scaled edits would need time-stretching, which is not available",
                                 trackID: source.trackID, time: span.trackRange.start)
        }
        let start = source.table.sampleIndex(presentedAt: PresentationSpan.floorTicks(span.mediaStart, source.mediaTimescale)) ?? 0
        return source.audioSamples(in: span, preroll: source.audioPreroll(for: try source.formatDescription(ofSample: start)))
    }

    /// The decoded audio cut to the span; a packet that fails to decode stops the read.
    private func cut(_ result: AudioDecodeResult, to span: PresentationSpan) throws(ReadingFailure) -> [CMSampleBuffer] {
        if let failure = result.failures.first {
            throw ReadingFailure(failure, trackID: source.trackID, while: "an audio packet cannot be decoded")
        }
        var output: [CMSampleBuffer] = []
        for buffer in result.sampleBuffers {
            output += try PCMSlices.cut(buffer, to: span.trackRange)
        }
        return output
    }
}
