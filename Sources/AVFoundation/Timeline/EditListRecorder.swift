import CoreMedia
import Foundation
import MediaContainer

/// The edit list that presents a track read in media layout (`PassthroughProducer.Layout.media`) as its timeline
/// presents it: the reader records an edit per span as it reads, the writer turns them into the output track's
/// timeline (`timeline(mediaTimescale:)`) when it finishes the file. How a composition's passthrough export keeps each segment's samples
/// untouched: the samples go into the output's media one segment after another, and the edits say which part of
/// them plays when, and at what rate (trims, gaps between segments, speed changes).
///
/// Thread safety: `lock` guards `entries`; the reader's worker appends, the writer reads after the last sample.
// Safe because `lock` guards `entries`.
final class EditListRecorder: @unchecked Sendable {
    /// One edit, in CMTime (the writer converts to its timescales).
    enum Entry: Equatable {
        /// Nothing is presented for `duration`.
        case empty(duration: CMTime)
        /// The media from `start` (on the output's media timeline) plays for `duration` of track time at `rate`.
        case media(duration: CMTime, start: CMTime, rate: MediaRate)
    }

    private let lock = NSLock()
    private var entries: [Entry] = []

    /// Appends an edit.
    func append(_ entry: Entry) {
        lock.withLock { entries.append(entry) }
    }

    /// The edits recorded so far.
    var recorded: [Entry] { lock.withLock { entries } }

    /// The recorded edits as a timeline, one after another from time zero, with media times in `mediaTimescale`
    /// (the output track's).
    func timeline(mediaTimescale: CMTimeScale) -> TrackTimeline {
        var segments: [TimelineSegment] = []
        var end = CMTime.zero
        for entry in recorded {
            switch entry {
            case .empty(let duration):
                guard duration > .zero else { continue }
                segments.append(TimelineSegment(target: CMTimeRange(start: end, duration: duration), media: nil))
                end = end + duration
            case .media(let duration, let start, let rate):
                guard duration > .zero else { continue }
                let media = TimelineSegment.Media(source: 0, start: start, rate: rate, timescale: mediaTimescale)
                segments.append(TimelineSegment(target: CMTimeRange(start: end, duration: duration), media: media))
                end = end + duration
            }
        }
        return TrackTimeline(segments: segments, naturalTimescale: mediaTimescale)
    }
}
