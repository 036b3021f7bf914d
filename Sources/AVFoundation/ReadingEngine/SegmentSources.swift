import CoreMedia

/// The media sources one read of a track needs, opened when the read reaches the first span of each and closed
/// after its last: a composition of a hundred clips holds the sample tables and mappings of the clips being read,
/// not of all hundred.
///
/// Used by one producer on one worker thread.
final class SegmentSources {
    private let backing: any TrackBacking
    private var open: [Int: TrackSource] = [:]
    /// For each source, the index of the last span (of the read) that reads it.
    private let lastSpan: [Int: Int]

    /// The sources of `backing` that `spans` read.
    init(backing: any TrackBacking, spans: [PresentationSpan]) {
        self.backing = backing
        var last: [Int: Int] = [:]
        for (index, span) in spans.enumerated() { last[span.source] = index }
        lastSpan = last
    }

    /// The source span `span` reads, opened now if this is its first span; a source that cannot be opened fails
    /// the read at the span's start.
    func source(of span: PresentationSpan) throws(ReadingFailure) -> TrackSource {
        if let source = open[span.source] { return source }
        do {
            let source = try backing.makeSource(span.source)
            open[span.source] = source
            return source
        } catch {
            var failure = error
            if failure.time == nil { failure.time = span.trackRange.start }
            throw failure
        }
    }

    /// Closes the sources whose last span is `spanIndex`; returns their indices.
    func spanEnded(_ spanIndex: Int) -> [Int] {
        let finished = open.keys.filter { lastSpan[$0].map { $0 <= spanIndex } ?? true }
        for index in finished { open[index] = nil }
        return finished
    }
}
