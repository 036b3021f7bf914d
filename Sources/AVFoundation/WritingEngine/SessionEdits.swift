import CoreMedia
import MediaContainer

/// Turns writing sessions into a track's edit list, as Apple documents `startSession(atSourceTime:)` and
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
enum SessionEdits {
    /// The edit list of a track presenting `presented` (sorted, disjoint source ranges) in `sessions` (all ended),
    /// with durations in `movieTimescale` and media times in `mediaTimescale` ticks of the source timeline.
    /// `hidden`: sorted, disjoint source ranges of samples not to show. `padsToEnd`: the last session holds no sample
    /// of any track, so its time is an empty edit at the end.
    static func edits(sessions: [CMTimeRange], presented: [CMTimeRange], hidden: [CMTimeRange] = [],
                      movieTimescale: CMTimeScale, mediaTimescale: CMTimeScale,
                      padsToEnd: Bool = false) -> [EditListEntry] {
        func movieTicks(_ time: CMTime) -> Int64 {
            CMTimeConvertScale(time, timescale: movieTimescale, method: .roundHalfAwayFromZero).value
        }
        var entries: [EditListEntry] = []
        var cursor = CMTime.zero  // where the track's edits end, in movie time
        var sessionStart = CMTime.zero  // Mₖ
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
                let gap = movieTicks(movieStart) - movieTicks(cursor)
                if gap > 0 { entries.append(EditListEntry(segmentDuration: gap, mediaTime: -1)) }
                let mediaTime = CMTimeConvertScale(piece.start, timescale: mediaTimescale,
                                                   method: .roundHalfAwayFromZero).value
                let duration = movieTicks(movieEnd) - movieTicks(max(movieStart, cursor))
                if duration > 0 { entries.append(EditListEntry(segmentDuration: duration, mediaTime: mediaTime)) }
                cursor = movieEnd
            }
        }
        if padsToEnd, !entries.isEmpty {
            let gap = movieTicks(sessionStart) - movieTicks(cursor)
            if gap > 0 { entries.append(EditListEntry(segmentDuration: gap, mediaTime: -1)) }
        }
        return entries
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
