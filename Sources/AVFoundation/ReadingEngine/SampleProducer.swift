import CoreMedia

/// Makes an output's sample buffers, a few at a time, on the output's worker thread.
///
/// A producer is used by one thread at a time (its worker) and is then released; it may hold decoders and other
/// state without locks.
protocol SampleProducer: AnyObject {
    /// The next buffers in output order: an empty array when this step produced nothing yet (a decoder filling its
    /// pipeline), `nil` when there is nothing more.
    func next() throws(ReadingFailure) -> [CMSampleBuffer]?
}

/// Hands out the samples of a track as stored (`outputSettings` nil): video and other media one sample per buffer
/// in decode order, audio several packets per buffer; each span of the read (one segment inside one requested time
/// range) from the sync sample or pre-roll packet its first shown sample needs, read from the span's source.
final class PassthroughProducer: SampleProducer {
    private var walker: SpanWalker
    private let isAudio: Bool
    private let copiesData: Bool

    /// A producer of the samples of `backing`'s sources that `ranges` (track times, increasing) of `timeline`
    /// present.
    init(timeline: TrackTimeline, backing: any TrackBacking, isAudio: Bool, ranges: [CMTimeRange], copiesData: Bool) {
        if isAudio {
            walker = SpanWalker(timeline: timeline, ranges: ranges, backing: backing, grouping: .audioPackets,
                                select: SpanWalker.audioSelection)
        } else {
            walker = SpanWalker(timeline: timeline, ranges: ranges, backing: backing, grouping: .single,
                                select: SpanWalker.videoSelection)
        }
        self.isAudio = isAudio
        self.copiesData = copiesData
    }

    func next() throws(ReadingFailure) -> [CMSampleBuffer]? {
        while let step = try walker.next() {
            guard case .samples(let samples, let span, let source, let selection) = step else { continue }
            let maker = PassthroughBufferMaker(source: source, copiesData: copiesData)
            if isAudio { return [try maker.audio(samples, in: span, trimmed: true)] }
            let index = samples.lowerBound
            let shown = selection.shownPositions.contains(source.presentationPosition(of: index))
            return [try maker.sample(index, in: span, shown: shown)]
        }
        return nil
    }
}
