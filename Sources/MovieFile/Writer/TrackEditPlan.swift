import CoreMedia
import ISOBMFF
import MediaContainer

/// A track's edit list as written and the durations that follow from it.
struct TrackEditPlan {
    /// The `elst` entries (movie timescale durations, media times from the track's first decode time).
    var entries: [EditListBox.Entry]
    /// Duration in the movie timescale (`tkhd`): the sum of the edits, or the media's when there are none.
    var trackDuration: UInt64

    /// Where the movie's time zero is on the caller's timeline for default edits: the earliest presented time of
    /// any track (after its encoder delay), as a time in that track's timescale.
    struct Origin {
        var value: Int64
        var timescale: Int32
    }

    /// The origin of `tracks`, or `nil` when none has samples.
    static func origin(of tracks: [WriterTrack]) -> Origin? {
        var best: Origin?
        for track in tracks where track.firstDecodeTime != nil {
            let start = track.minimumPresentationTime + track.configuration.encoderDelay
            if let current = best, !TimeConversion.isEarlier(start, track.timescale, than: current.value, current.timescale) { continue }
            best = Origin(value: start, timescale: track.timescale)
        }
        return best
    }

    /// The plan for `track`: the caller's edits converted to the file's media times, or the default edit — an
    /// empty edit for the time before the track starts (relative to `origin`), then its presentation from the first
    /// presented time after the encoder delay to the last before the padding. Both come from a timeline through
    /// `TrackTimeline.editList`; here they only move to the file's media times (from the first decode time).
    static func make(for track: WriterTrack, origin: Origin?, movieTimescale: Int32,
                     includesDefault: Bool = true) throws(ContainerWriterError) -> TrackEditPlan {
        let mediaDuration = track.table.totalDuration
        var edits = track.edits
        if edits == nil, includesDefault, track.firstDecodeTime != nil, let origin {
            edits = try defaultTimeline(for: track, origin: origin)
                .editList(movieTimescale: movieTimescale, mediaTimescale: track.timescale)
        }
        var entries: [EditListBox.Entry] = []
        for edit in edits ?? [] {
            var mediaTime = edit.mediaTime
            if !edit.isEmpty {
                guard let first = track.firstDecodeTime, edit.mediaTime >= first else {
                    throw ContainerWriterError(.invalidArgument, "track \(track.trackID): edit media time "
                                           + "\(edit.mediaTime) is before the track's first sample ("
                                           + "\(track.firstDecodeTime.map(String.init) ?? "none") )")
                }
                mediaTime = edit.mediaTime - first
            }
            entries.append(EditListBox.Entry(segmentDuration: UInt64(edit.segmentDuration), mediaTime: mediaTime,
                                             mediaRate: Fixed16x16(rawValue: edit.mediaRateFixed)))
        }
        let duration = entries.isEmpty
            ? UInt64(max(0, TimeConversion.rescale(Int64(mediaDuration), from: track.timescale, to: movieTimescale)))
            : entries.reduce(UInt64(0)) { $0 + $1.segmentDuration }
        return TrackEditPlan(entries: entries, trackDuration: duration)
    }

    /// Apple's default timeline for a track: its presentation without the encoder delay and padding, starting
    /// where it starts relative to `origin` (on the caller's timeline, shared by all tracks).
    private static func defaultTimeline(for track: WriterTrack, origin: Origin) throws(ContainerWriterError)
        -> TrackTimeline {
        let delay = track.configuration.encoderDelay, padding = track.configuration.encoderPadding
        let start = track.minimumPresentationTime + delay
        let end = track.maximumPresentationEnd - padding
        guard end > start else {
            throw ContainerWriterError(.invalidArgument, "track \(track.trackID): encoder delay \(delay) and padding "
                                   + "\(padding) leave nothing of its \(track.table.totalDuration) ticks to present")
        }
        let mediaStart = CMTime(value: start, timescale: track.timescale)
        let trackStart = max(.zero, mediaStart - CMTime(value: origin.value, timescale: origin.timescale))
        let media = TimelineSegment.Media(source: 0, start: mediaStart, rate: .normal, timescale: track.timescale)
        let target = CMTimeRange(start: trackStart, duration: CMTime(value: end - start, timescale: track.timescale))
        return TrackTimeline(segments: [TimelineSegment(target: target, media: media)],
                             naturalTimescale: track.timescale)
    }
}
