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
///
/// With an `EditListRecorder` the samples are laid out for a passthrough copy instead (media layout): each span's
/// samples keep their durations and follow the previous span's on an output media timeline (moved later when the
/// span's decode times would not follow, as at a join of two clips with reordered frames), and the recorder gets
/// the edit that presents the span, and an empty edit for each gap before it.
final class PassthroughProducer: SampleProducer {
    private var walker: SpanWalker
    private let isAudio: Bool
    private let copiesData: Bool
    private let recorder: EditListRecorder?
    /// Media layout: the span being read and its shift onto the output media timeline.
    private var placed: (segmentIndex: Int, start: CMTime, shift: CMTime)?
    /// Media layout: where the samples handed out so far end on the output media timeline.
    private var outputEnd = CMTime.invalid
    /// Media layout: the end of the last edit recorded, on the track's timeline.
    private var editsEnd: CMTime

    /// A producer of the samples of `backing`'s sources that `ranges` (track times, increasing) of `timeline`
    /// present; laid out for a passthrough copy when `recorder` is given.
    init(timeline: TrackTimeline, backing: any TrackBacking, isAudio: Bool, ranges: [CMTimeRange], copiesData: Bool,
         recorder: EditListRecorder? = nil) {
        if isAudio {
            walker = SpanWalker(timeline: timeline, ranges: ranges, backing: backing, grouping: .audioPackets,
                                select: SpanWalker.audioSelection)
        } else {
            walker = SpanWalker(timeline: timeline, ranges: ranges, backing: backing, grouping: .single,
                                select: SpanWalker.videoSelection)
        }
        self.isAudio = isAudio
        self.copiesData = copiesData
        self.recorder = recorder
        editsEnd = ranges.first?.start ?? .zero
    }

    func next() throws(ReadingFailure) -> [CMSampleBuffer]? {
        while let step = try walker.next() {
            guard case .samples(let samples, let span, let source, let selection) = step else { continue }
            var maker = PassthroughBufferMaker(source: source, copiesData: copiesData)
            if let recorder { maker.timing = .media(shift: place(span, firstSample: samples.lowerBound, of: source, recorder)) }
            let buffer: CMSampleBuffer
            if isAudio {
                buffer = try maker.audio(samples, in: span, trimmed: true)
            } else {
                let index = samples.lowerBound
                let shown = selection.shownPositions.contains(source.presentationPosition(of: index))
                buffer = try maker.sample(index, in: span, shown: shown)
            }
            if recorder != nil {
                let end = Self.end(of: buffer)
                if end.isNumeric, !outputEnd.isValid || end > outputEnd { outputEnd = end }
            }
            return [buffer]
        }
        return nil
    }

    /// Media layout: the shift of `span`'s samples, placing the span (and recording its edits) at its first sample.
    private func place(_ span: PresentationSpan, firstSample: Int, of source: TrackSource,
                       _ recorder: EditListRecorder) -> CMTime {
        if let placed, placed.segmentIndex == span.segmentIndex, placed.start == span.trackRange.start {
            return placed.shift
        }
        // The span's first presented media time lands at its track time, unless its first decode time would then
        // come before the end of what was handed out already.
        var shift = span.trackRange.start - span.mediaStart
        let firstDecode = CMTime(value: source.table.decodeTime(at: firstSample), timescale: source.mediaTimescale)
        if outputEnd.isValid, firstDecode + shift < outputEnd { shift = outputEnd - firstDecode }
        if span.trackRange.start > editsEnd {
            recorder.append(.empty(duration: span.trackRange.start - editsEnd))
        }
        recorder.append(.media(duration: span.trackRange.duration, start: span.mediaStart + shift, rate: span.segment.rate))
        editsEnd = span.trackRange.end
        placed = (span.segmentIndex, span.trackRange.start, shift)
        return shift
    }

    /// Where a buffer's samples end on its decode timeline.
    private static func end(of buffer: CMSampleBuffer) -> CMTime {
        let decode = CMSampleBufferGetDecodeTimeStamp(buffer)
        let start = decode.isValid ? decode : CMSampleBufferGetPresentationTimeStamp(buffer)
        return start + CMSampleBufferGetDuration(buffer)
    }
}
