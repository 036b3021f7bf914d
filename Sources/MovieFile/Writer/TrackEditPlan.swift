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
    /// presented time after the encoder delay to the last before the padding.
    static func make(for track: WriterTrack, origin: Origin?, movieTimescale: Int32,
                     includesDefault: Bool = true) throws(ContainerWriterError) -> TrackEditPlan {
        let mediaDuration = track.table.totalDuration
        func movieTicks(_ ticks: Int64) -> Int64 { TimeConversion.rescale(ticks, from: track.timescale, to: movieTimescale) }
        var entries: [EditListBox.Entry] = []
        if let edits = track.edits {
            for edit in edits {
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
        } else if includesDefault, let first = track.firstDecodeTime, let origin {
            let delay = track.configuration.encoderDelay, padding = track.configuration.encoderPadding
            let start = track.minimumPresentationTime + delay
            let end = track.maximumPresentationEnd - padding
            guard end > start else {
                throw ContainerWriterError(.invalidArgument, "track \(track.trackID): encoder delay \(delay) and padding "
                                       + "\(padding) leave nothing of its \(mediaDuration) ticks to present")
            }
            let gap = movieTicks(start) - TimeConversion.rescale(origin.value, from: origin.timescale, to: movieTimescale)
            if gap > 0 { entries.append(EditListBox.Entry(segmentDuration: UInt64(gap), mediaTime: -1)) }
            entries.append(EditListBox.Entry(segmentDuration: UInt64(max(0, movieTicks(end - start))),
                                             mediaTime: start - first))
        }
        let duration = entries.isEmpty ? UInt64(max(0, movieTicks(Int64(mediaDuration))))
            : entries.reduce(UInt64(0)) { $0 + $1.segmentDuration }
        return TrackEditPlan(entries: entries, trackDuration: duration)
    }
}
