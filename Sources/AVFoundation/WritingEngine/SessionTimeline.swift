import CoreMedia
import MediaContainer

/// Turns writing sessions into a track's timeline, as Apple documents `startSession(atSourceTime:)` and
/// `endSession(atSourceTime:)`: session k, [Sₖ, Eₖ) on the source timeline, occupies movie time
/// [Mₖ, Mₖ + Eₖ − Sₖ) with M₁ = 0 and Mₖ₊₁ = Mₖ + Eₖ − Sₖ (sessions back to back); a sample at source time T in
/// session k plays at movie time Mₖ + T − Sₖ. Samples outside every session stay in the media but are edited out.
/// A track whose presentation in a session starts after Sₖ gets an empty edit first, so the tracks stay in sync;
/// a session in which a track presents nothing is an empty edit of the session's length for that track (dropped
/// when nothing of the track follows it).
///
/// Samples marked `kCMSampleAttachmentKey_DoNotDisplay` are decoded but not shown: they present nothing, so hidden
/// samples before a track's first shown one (the pre-roll an `AVAssetReader` output marks so) fall before its first
/// media edit, and the time of a hidden sample between shown ones becomes an empty edit, which keeps every later
/// sample at its movie time. Apple documents the attachment as not written to files; what a file can say is this.
enum SessionTimeline {
    /// The timeline of a track presenting `presented` (sorted, disjoint source ranges) in `sessions` (all ended):
    /// track times on the movie's timeline, media times on the source timeline, in `mediaTimescale` (the track's).
    /// `hidden`: sorted, disjoint source ranges of samples not to show. `padsToEnd`: the last session holds no sample
    /// of any track, so its time is an empty segment at the end. A track presenting nothing in any session gets one
    /// empty segment as long as the sessions: it is edited out entirely.
    static func timeline(sessions: [CMTimeRange], presented: [CMTimeRange], hidden: [CMTimeRange] = [],
                         mediaTimescale: CMTimeScale, padsToEnd: Bool = false) -> TrackTimeline {
        var segments: [TimelineSegment] = []
        var cursor = CMTime.zero  // where the track's segments end, in movie time
        var sessionStart = CMTime.zero  // Mₖ
        func appendEmpty(until end: CMTime) {
            guard end > cursor else { return }
            segments.append(TimelineSegment(target: CMTimeRange(start: cursor, end: end), media: nil))
            cursor = end
        }
        for session in sessions {
            defer { sessionStart = sessionStart + session.duration }
            let overlapping = presented.compactMap { range -> CMTimeRange? in
                let part = range.intersection(session)
                return part.duration > .zero ? part : nil
            }
            guard let first = overlapping.first, let last = overlapping.last else { continue }
            for piece in shownPieces(of: CMTimeRange(start: first.start, end: last.end), hidden: hidden) {
                let movieStart = sessionStart + (piece.start - session.start)
                let movieEnd = sessionStart + (piece.end - session.start)
                appendEmpty(until: movieStart)
                guard movieEnd > cursor else { continue }
                // Starts at the cursor: pieces follow one another, so this only trims what an earlier piece covers.
                let mediaStart = piece.start + (cursor - movieStart)
                let media = TimelineSegment.Media(source: 0, start: mediaStart, rate: .normal,
                                                  timescale: mediaTimescale)
                segments.append(TimelineSegment(target: CMTimeRange(start: cursor, end: movieEnd), media: media))
                cursor = movieEnd
            }
        }
        if segments.isEmpty || padsToEnd { appendEmpty(until: sessionStart) }
        return TrackTimeline(segments: segments, naturalTimescale: mediaTimescale)
    }

    /// `span` without the hidden ranges that fall inside it.
    private static func shownPieces(of span: CMTimeRange, hidden: [CMTimeRange]) -> [CMTimeRange] {
        var pieces: [CMTimeRange] = []
        var pieceStart = span.start
        for range in hidden where range.end > pieceStart && range.start < span.end {
            if range.start > pieceStart { pieces.append(CMTimeRange(start: pieceStart, end: range.start)) }
            pieceStart = max(pieceStart, range.end)
        }
        if span.end > pieceStart { pieces.append(CMTimeRange(start: pieceStart, end: span.end)) }
        return pieces
    }
}
