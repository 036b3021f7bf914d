import CoreMedia
import MediaContainer

/// The media sources one read of a track needs: a source is opened when a span that reads it is reached and closed
/// when that span ends unless the next span reads it too. A composition of a hundred clips, in any order (clips
/// taken in turn from twenty files, say), holds the source being read and at most the next; closing a source also
/// closes its decoders (`DecoderSessions.release`) and gives back its file's pages, and reopening one costs a
/// decoder's start, not a file's parse (its sample table stays with its track).
///
/// Used by one producer on one worker thread.
final class SegmentSources {
    private let backing: any TrackBacking
    private var open: [Int: TrackSource] = [:]

    /// The sources of `backing` that the spans of a read open.
    init(backing: any TrackBacking) {
        self.backing = backing
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

    /// Closes the sources a span read that has ended, unless the next span reads them too (`nextSource`, nil when
    /// it was the last); returns their indices.
    func spanEnded(nextSource next: Int?) -> [Int] {
        let finished = open.keys.filter { $0 != next }
        for index in finished { open[index] = nil }
        return finished
    }
}
