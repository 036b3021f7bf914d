import CoreMedia
import MediaContainer

/// Turns writing sessions into a track's edit list, as Apple documents `startSession(atSourceTime:)` and
/// `endSession(atSourceTime:)`: session k, [Sₖ, Eₖ) on the source timeline, occupies movie time
/// [Mₖ, Mₖ + Eₖ − Sₖ) with M₁ = 0 and Mₖ₊₁ = Mₖ + Eₖ − Sₖ (sessions back to back); a sample at source time T in
/// session k plays at movie time Mₖ + T − Sₖ. Samples outside every session stay in the media but are edited out.
/// A track whose presentation in a session starts after Sₖ gets an empty edit first, so the tracks stay in sync;
/// a session in which a track presents nothing is an empty edit of the session's length for that track (dropped
/// when nothing of the track follows it).
enum SessionEdits {
    /// The edit list of a track presenting `presented` (sorted, disjoint source ranges) in `sessions` (all ended),
    /// with durations in `movieTimescale` and media times in `mediaTimescale` ticks of the source timeline.
    /// `padsToEnd`: the last session holds no sample of any track, so its time is an empty edit at the end.
    static func edits(sessions: [CMTimeRange], presented: [CMTimeRange], movieTimescale: CMTimeScale,
                      mediaTimescale: CMTimeScale, padsToEnd: Bool = false) -> [EditListEntry] {
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
            let start = first.start, end = last.end
            let movieStart = sessionStart + (start - session.start)
            let movieEnd = sessionStart + (end - session.start)
            let gap = movieTicks(movieStart) - movieTicks(cursor)
            if gap > 0 { entries.append(EditListEntry(segmentDuration: gap, mediaTime: -1)) }
            let mediaTime = CMTimeConvertScale(start, timescale: mediaTimescale, method: .roundHalfAwayFromZero).value
            let duration = movieTicks(movieEnd) - movieTicks(max(movieStart, cursor))
            if duration > 0 { entries.append(EditListEntry(segmentDuration: duration, mediaTime: mediaTime)) }
            cursor = movieEnd
        }
        if padsToEnd, !entries.isEmpty {
            let gap = movieTicks(sessionStart) - movieTicks(cursor)
            if gap > 0 { entries.append(EditListEntry(segmentDuration: gap, mediaTime: -1)) }
        }
        return entries
    }
}
