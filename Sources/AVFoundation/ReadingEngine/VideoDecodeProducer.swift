import CoreMedia
import MediaCodecs
import MediaContainer

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
    private let sessions: DecoderSessions
    private var walker: SpanWalker
    private var session: VideoDecoderSession?

    init(timeline: TrackTimeline, sessions: DecoderSessions, ranges: [CMTimeRange]) {
        self.sessions = sessions
        walker = SpanWalker(timeline: timeline, ranges: ranges, backing: sessions.backing, grouping: .single,
                            select: SpanWalker.videoSelection)
    }

    func next() throws(ReadingFailure) -> [CMSampleBuffer]? {
        while let step = try walker.next() {
            switch step {
            case .samples(let samples, let span, let source, let selection):
                let index = samples.lowerBound
                let next = try sessions.videoSession(forSample: index, of: source, sourceIndex: span.source)
                var output: [CMSampleBuffer] = []
                if let session, session !== next {
                    output += try shown(session.finish(), in: span)
                }
                session = next
                let shown = selection.shownPositions.contains(source.presentationPosition(of: index))
                let buffer = try PassthroughBufferMaker(source: source, copiesData: false).sample(index, in: span, shown: shown)
                output += try self.shown(next.decode(buffer), in: span)
                return output
            case .spanEnded(let span, let released):
                // Drain the decoder so the next span starts afresh at its sync sample.
                let drained = try session.map { session throws(ReadingFailure) in try shown(session.finish(), in: span) } ?? []
                session = nil
                for source in released { sessions.release(source: source) }
                if !drained.isEmpty { return drained }
            }
        }
        return nil
    }

    /// The decoded pictures, timed within the span's edit; a failed sample stops the read.
    private func shown(_ result: VideoDecodeResult, in span: PresentationSpan) throws(ReadingFailure) -> [CMSampleBuffer] {
        if let failure = result.failures.first {
            if let truncation = walker.truncation(of: span) {
                throw ReadingFailure(.mediaData, truncation, trackID: sessions.trackID, underlying: failure)
            }
            throw ReadingFailure(failure, trackID: sessions.trackID, while: "a video sample cannot be decoded")
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
