import CoreMedia
import MediaCodecs

/// Decodes a video track into pixel buffers (`outputSettings` for video) in presentation order, timed on the
/// asset's timeline.
///
/// Each span of the read (one edit inside one requested time range) is decoded from the sync sample at or before
/// its first shown picture; samples read only because shown ones depend on them are marked `DoNotDisplay` and
/// never leave the decoder. The pictures shown are exactly those overlapping the span: the one on screen at its
/// start (kept with its own presentation time when a requested range starts inside it; moved to the edit's start,
/// and shortened, when an edit starts inside it, since on the asset's timeline that is when it appears) to the
/// last one presented before its end (shortened when an edit ends inside it).
final class VideoDecodeProducer: SampleProducer {
    private let source: TrackSource
    private let sessions: DecoderSessions
    private let maker: PassthroughBufferMaker
    private let spans: [PresentationSpan]
    private var spanIndex = 0
    private var current: (samples: SpanSamples, next: Int)?
    private var session: VideoDecoderSession?

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
                guard let samples = source.videoSamples(in: span) else {
                    spanIndex += 1
                    continue
                }
                current = (samples, samples.decodeRange.lowerBound)
            }
            guard let (samples, index) = current else { continue }
            if index < samples.decodeRange.upperBound {
                current = (samples, index + 1)
                let description = try sessions.descriptionIndex(ofSample: index)
                let next = try sessions.videoSession(forDescription: description)
                var output: [CMSampleBuffer] = []
                if let session, session !== next {
                    output += try shown(session.finish(), in: span)
                }
                session = next
                let shown = samples.shownPositions.contains(source.presentationPosition(of: index))
                let buffer = try maker.sample(index, in: span, shown: shown)
                output += try self.shown(next.decode(buffer), in: span)
                return output
            }
            // The span is done: drain the decoder so the next span starts afresh at its sync sample.
            current = nil
            spanIndex += 1
            if let session {
                self.session = nil
                return try shown(session.finish(), in: span)
            }
        }
        return nil
    }

    /// The decoded pictures, timed within the span's edit; a failed sample stops the read.
    private func shown(_ result: VideoDecodeResult, in span: PresentationSpan) throws(ReadingFailure) -> [CMSampleBuffer] {
        if let failure = result.failures.first {
            throw ReadingFailure(failure, trackID: source.trackID, while: "a video sample cannot be decoded")
        }
        let edit = span.segment.target
        return result.sampleBuffers.compactMap { buffer in
            let start = CMSampleBufferGetPresentationTimeStamp(buffer)
            let duration = CMSampleBufferGetDuration(buffer)
            var newStart = start, newEnd = duration.isNumeric ? start + duration : start
            if start < edit.start { newStart = edit.start }
            if duration.isNumeric, newEnd > edit.end { newEnd = edit.end }
            if newStart == start && newEnd == start + duration { return buffer }
            var timing = CMSampleTimingInfo(duration: duration.isNumeric ? newEnd - newStart : duration,
                                            presentationTimeStamp: newStart, decodeTimeStamp: .invalid)
            var copy: CMSampleBuffer?
            guard CMSampleBufferCreateCopyWithNewTiming(allocator: nil, sampleBuffer: buffer, sampleTimingEntryCount: 1,
                                                        sampleTimingArray: &timing, sampleBufferOut: &copy) == noErr
            else { return buffer }
            return copy
        }
    }
}
