import CoreMedia
import MediaCodecs
import MediaContainer

/// Decodes an audio track into linear PCM (`outputSettings` for audio), cut sample-accurately to what the track
/// presents on the asset's timeline.
///
/// Each span of the read (one segment inside one requested time range) is decoded from the pre-roll packets before
/// its first presented one (so that its first sample decodes correctly); the decoded audio, timed by packet
/// presentation time through the segment, is then cut to the span: encoder priming (an edit or `iTunSMPB`),
/// remainder padding and segments that start or end inside a packet are cut to the sample, so the first output
/// sample is the first presented one and a span of d seconds gives d × rate samples. Empty segments leave a gap in
/// the timestamps.
///
/// A span at a rate other than 1 (a scaled composition segment, an edit's media rate) is decoded on its media
/// timeline, cut to its media range and stretched to its duration (`AudioStretching`, `SpanStretcher`); without
/// stretching set up such a span fails the read. A dwell segment presents no audio.
final class AudioDecodeProducer: SampleProducer {
    private let sessions: DecoderSessions
    private let stretching: AudioStretching?
    private var walker: SpanWalker
    private var session: AudioDecoderSession?
    /// The scaled span being read and its stretcher (nil when it holds no whole frame).
    private var stretcher: (segmentIndex: Int, start: CMTime, stretcher: SpanStretcher?)?
    private var finished = false

    init(timeline: TrackTimeline, sessions: DecoderSessions, ranges: [CMTimeRange], stretching: AudioStretching? = nil) {
        self.sessions = sessions
        self.stretching = stretching
        let trackID = sessions.trackID
        let stretches = stretching != nil
        walker = SpanWalker(timeline: timeline, ranges: ranges, backing: sessions.backing, grouping: .audioPackets) {
            span, source throws(ReadingFailure) in
            guard !span.segment.isDwell else { return nil }
            guard span.segment.isNormalSpeed || stretches else {
                throw ReadingFailure(.unsupported, "the track has an edit at rate \(span.segment.rate.doubleValue); decoded "
                                     + "audio of scaled edits needs time-stretching, which this output does not set up",
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
                    output += try deliver(session.finish(), of: span)
                }
                session = next
                var maker = PassthroughBufferMaker(source: source, copiesData: false)
                if !span.segment.isNormalSpeed {
                    try startStretching(span)
                    maker.timing = .media(shift: .zero)
                }
                output += try deliver(next.decode(try maker.audio(packets, in: span, trimmed: false)), of: span)
                return output
            case .spanEnded(let span, let released):
                var output = try session.map { session throws(ReadingFailure) in try deliver(session.finish(), of: span) } ?? []
                session = nil
                for source in released { sessions.release(source: source) }
                if let current = stretcher?.stretcher, !span.segment.isNormalSpeed {
                    output += try convert(try current.finish(trackID: sessions.trackID))
                }
                stretcher = nil
                if !output.isEmpty { return output }
            }
        }
        guard !finished else { return nil }
        finished = true
        guard let converter = stretching?.converter else { return nil }
        do throws(CodecError) {
            let tail = try converter.finish()
            return tail.isEmpty ? nil : tail
        } catch {
            throw ReadingFailure(error, trackID: sessions.trackID, while: "converting the decoded audio")
        }
    }

    /// Makes the stretcher of scaled span `span` when its first packets arrive.
    private func startStretching(_ span: PresentationSpan) throws(ReadingFailure) {
        if let stretcher, stretcher.segmentIndex == span.segmentIndex, stretcher.start == span.trackRange.start { return }
        guard let stretching else { return }
        stretcher = (span.segmentIndex, span.trackRange.start,
                     try SpanStretcher(span: span, stretching: stretching, trackID: sessions.trackID))
    }

    /// The decoded audio of `span`: cut to what the span presents, or (a scaled span) to its media range and
    /// stretched; converted to the output's format. A packet that fails to decode stops the read.
    private func deliver(_ result: AudioDecodeResult, of span: PresentationSpan) throws(ReadingFailure) -> [CMSampleBuffer] {
        if let failure = result.failures.first {
            if let truncation = walker.truncation(of: span) {
                throw ReadingFailure(.mediaData, truncation, trackID: sessions.trackID, underlying: failure)
            }
            throw ReadingFailure(failure, trackID: sessions.trackID, while: "an audio packet cannot be decoded")
        }
        var output: [CMSampleBuffer] = []
        if span.segment.isNormalSpeed {
            for buffer in result.sampleBuffers { output += try PCMSlices.cut(buffer, to: span.trackRange) }
            return try convert(output)
        }
        let media = CMTimeRange(start: span.mediaStart, end: span.mediaEnd)
        for buffer in result.sampleBuffers { output += try PCMSlices.cut(buffer, to: media) }
        guard let stretcher = stretcher?.stretcher else { return [] }
        return try convert(try stretcher.process(output, trackID: sessions.trackID))
    }

    /// `buffers` in the output's format.
    private func convert(_ buffers: [CMSampleBuffer]) throws(ReadingFailure) -> [CMSampleBuffer] {
        guard let converter = stretching?.converter, !buffers.isEmpty else { return buffers }
        do throws(CodecError) {
            var output: [CMSampleBuffer] = []
            for buffer in buffers { output += try converter.convert(buffer) }
            return output
        } catch {
            throw ReadingFailure(error, trackID: sessions.trackID, while: "converting the decoded audio")
        }
    }
}
