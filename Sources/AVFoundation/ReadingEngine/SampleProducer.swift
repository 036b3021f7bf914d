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
/// in decode order, audio several packets per buffer; each span of the read (one edit inside one requested time
/// range) from the sync sample or pre-roll packet its first shown sample needs.
final class PassthroughProducer: SampleProducer {
    private let source: TrackSource
    private let maker: PassthroughBufferMaker
    private let isAudio: Bool
    private var spans: [PresentationSpan]
    private var spanIndex = 0
    private var current: (samples: SpanSamples, next: Int)?

    /// A producer of the samples of `source` that `ranges` (asset times, increasing) present.
    init(source: TrackSource, ranges: [CMTimeRange], copiesData: Bool) {
        self.source = source
        maker = PassthroughBufferMaker(source: source, copiesData: copiesData)
        isAudio = source.track.mediaType == kCMMediaType_Audio
        spans = source.timeline.spans(covering: ranges)
    }

    func next() throws(ReadingFailure) -> [CMSampleBuffer]? {
        while spanIndex < spans.count {
            let span = spans[spanIndex]
            if current == nil {
                if let samples = try select(span) { current = (samples, samples.decodeRange.lowerBound) }
            }
            guard let (samples, index) = current, index < samples.decodeRange.upperBound else {
                current = nil
                spanIndex += 1
                continue
            }
            if isAudio {
                let description = try source.formatDescription(ofSample: index)
                let isPCM = CMAudioFormatDescriptionGetStreamBasicDescription(description)?.pointee.mFormatID
                    == kAudioFormatLinearPCM
                let group = source.audioGroup(from: index, before: samples.decodeRange.upperBound, isPCM: isPCM)
                current = (samples, group.upperBound)
                return [try maker.audio(group, in: span, trimmed: true)]
            }
            current = (samples, index + 1)
            let shown = samples.shownPositions.contains(source.presentationPosition(of: index))
            return [try maker.sample(index, in: span, shown: shown)]
        }
        return nil
    }

    private func select(_ span: PresentationSpan) throws(ReadingFailure) -> SpanSamples? {
        guard isAudio else { return source.videoSamples(in: span) }
        guard source.table.count > 0 else { return nil }
        // The pre-roll of the description in use where the span starts.
        let scale = source.mediaTimescale
        let start = source.table.sampleIndex(presentedAt: PresentationSpan.floorTicks(span.mediaStart, scale)) ?? 0
        return source.audioSamples(in: span, preroll: source.audioPreroll(for: try source.formatDescription(ofSample: start)))
    }
}
