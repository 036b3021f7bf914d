import CoreMedia
import Foundation
import MediaContainer

/// The edits that present a track read in media layout (`PassthroughProducer`'s layout for a passthrough copy), as
/// its timeline presents it: which part of the output's media plays when, and at what rate. How a composition's
/// passthrough export keeps each segment's samples untouched: the samples go into the output's media one segment
/// after another, and these edits say what plays when (trims, gaps between segments, speed changes).
///
/// Data flows one way: the reader output records them while it reads (`EditListRecorder`), the export takes them
/// from the output once the track's samples are written and hands them to the writer input as it marks the input
/// finished (`AVAssetWriterInput.markAsFinished(presenting:)`), and the writer turns them into the output track's
/// timeline (`timeline(mediaTimescale:)`) when it finishes the file.
struct MediaLayoutEdits: Equatable, Sendable {
    /// One edit, in CMTime (the writer converts to its timescales).
    enum Entry: Equatable, Sendable {
        /// Nothing is presented for `duration`.
        case empty(duration: CMTime)
        /// The media from `start` (on the output's media timeline) plays for `duration` of track time at `rate`.
        case media(duration: CMTime, start: CMTime, rate: MediaRate)
    }

    var entries: [Entry] = []

    /// The edits as a timeline, one after another from time zero, with media times in `mediaTimescale` (the output
    /// track's).
    func timeline(mediaTimescale: CMTimeScale) -> TrackTimeline {
        var segments: [TimelineSegment] = []
        var end = CMTime.zero
        for entry in entries {
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

/// Where a reader output laying out media records its edits as it reads: its read-ahead worker appends, the export
/// reads them after the output's last sample.
///
/// Thread safety: `lock` guards `edits`.
// Safe because `lock` guards `edits`.
final class EditListRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var edits = MediaLayoutEdits()

    /// Appends an edit.
    func append(_ entry: MediaLayoutEdits.Entry) {
        lock.withLock { edits.entries.append(entry) }
    }

    /// The edits recorded so far.
    var recorded: MediaLayoutEdits { lock.withLock { edits } }
}
