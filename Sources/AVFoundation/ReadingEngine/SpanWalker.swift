import CoreMedia
import MediaContainer

/// Walks one read of a track: span by span (one timeline segment inside one requested time range), the samples
/// each span needs from the span's source, a group at a time. The one loop the passthrough, video and audio
/// producers share; what they do with the samples is theirs.
///
/// Used by one producer on one worker thread.
struct SpanWalker {
    /// One step of the walk.
    enum Step {
        /// The next samples of `span`, decode order, from `source`: one sample, or a group of audio packets.
        /// `selection` is what the span needs (its decode range and the positions it shows).
        case samples(Range<Int>, of: PresentationSpan, from: TrackSource, selection: SpanSamples)
        /// `span` has no more samples (`releasedSources`: the sources no later span reads, now closed).
        case spanEnded(PresentationSpan, releasedSources: [Int])
    }

    /// How samples are handed out: one at a time, or audio packets grouped (`TrackSource.audioGroup`).
    enum Grouping {
        case single
        case audioPackets
    }

    /// What a span needs of its source, or nil when it needs nothing (the span is skipped).
    typealias Selection = (PresentationSpan, TrackSource) throws(ReadingFailure) -> SpanSamples?

    /// The spans after `span`, made as the walk reaches them (an edit list of millions is not made into spans at
    /// once).
    private var upcoming: PresentationSpans
    /// The span being walked, and the one after it (whose source decides which sources stay open).
    private var span: PresentationSpan?
    private var following: PresentationSpan?
    private let sources: SegmentSources
    private let grouping: Grouping
    private let select: Selection
    private var current: (samples: SpanSamples, source: TrackSource, next: Int)?

    /// A walk over the parts of `ranges` (track times, increasing) that `timeline` presents, reading `backing`'s
    /// sources.
    init(timeline: TrackTimeline, ranges: [CMTimeRange], backing: any TrackBacking, grouping: Grouping,
         select: @escaping Selection) {
        upcoming = PresentationSpans(segments: timeline.segments, ranges: ranges)
        span = upcoming.next()
        following = upcoming.next()
        sources = SegmentSources(backing: backing)
        self.grouping = grouping
        self.select = select
    }

    /// Why `span`'s file can no longer be read, when another process truncated it: decoders read the zero pages a
    /// truncation leaves in the mapping lazily, after the read's own check, so a decoder's failure may come first
    /// and this is its real cause.
    func truncation(of span: PresentationSpan) -> String? {
        (try? sources.source(of: span))?.file.truncation()
    }

    /// The next step; nil at the end of the read.
    mutating func next() throws(ReadingFailure) -> Step? {
        while let span {
            if current == nil {
                let source = try sources.source(of: span)
                if let samples = try select(span, source) {
                    current = (samples, source, samples.decodeRange.lowerBound)
                }
            }
            if let (samples, source, index) = current, index < samples.decodeRange.upperBound {
                let group = try self.group(from: index, before: samples.decodeRange.upperBound, in: source)
                current = (samples, source, group.upperBound)
                return .samples(group, of: span, from: source, selection: samples)
            }
            current = nil
            let next = following?.source
            self.span = following
            following = upcoming.next()
            return .spanEnded(span, releasedSources: sources.spanEnded(nextSource: next))
        }
        return nil
    }

    private func group(from index: Int, before end: Int, in source: TrackSource) throws(ReadingFailure) -> Range<Int> {
        switch grouping {
        case .single:
            return index..<(index + 1)
        case .audioPackets:
            let description = try source.formatDescription(ofSample: index)
            let isPCM = CMAudioFormatDescriptionGetStreamBasicDescription(description)?.pointee.mFormatID
                == kAudioFormatLinearPCM
            return source.audioGroup(from: index, before: end, isPCM: isPCM)
        }
    }
}

extension SpanWalker {
    /// The samples a span of a video (or other reordered) track needs.
    static func videoSelection(_ span: PresentationSpan, _ source: TrackSource) throws(ReadingFailure) -> SpanSamples? {
        source.videoSamples(in: span)
    }

    /// The packets a span of an audio track needs, with the pre-roll of the description in use where it starts.
    static func audioSelection(_ span: PresentationSpan, _ source: TrackSource) throws(ReadingFailure) -> SpanSamples? {
        guard source.table.count > 0 else { return nil }
        let start = source.table.sampleIndex(
            presentedAt: PresentationSpan.floorTicks(span.mediaStart, source.mediaTimescale)) ?? 0
        return source.audioSamples(in: span, preroll: source.audioPreroll(for: try source.formatDescription(ofSample: start)))
    }
}
