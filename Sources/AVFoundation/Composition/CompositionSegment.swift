import CoreMedia
import MediaContainer

/// One segment of a composition track as the composition keeps it: a stretch of the track's timeline that is
/// empty or presents a range of one source track's media (AVCompositionTrackSegment.h).
///
/// The source range is on the source's media timeline (sample presentation times), like an edit list's media
/// time: inserting a range of a track maps it through that track's own timeline first, so a source file's edit
/// list and encoder delay are honoured, and a composition track's segments can be exported as edits of its media.
/// The segment plays its source range in its target duration: at rate source duration / target duration.
struct CompositionSegment: Sendable {
    /// What a non-empty segment presents.
    struct Media: Sendable {
        /// The source track.
        let source: CompositionSource
        /// The media presented, on the source's media timeline.
        var range: CMTimeRange
    }

    /// Where the segment lies on the composition track's timeline.
    var target: CMTimeRange
    /// What it presents; nil for an empty segment.
    var media: Media?

    /// Whether the segment presents nothing.
    var isEmpty: Bool { media == nil }

    /// The rate the media plays at (source duration per target duration); normal for an empty segment.
    var rate: MediaRate {
        guard let media else { return .normal }
        return MediaRate(source: media.range.duration, target: target.duration) ?? .normal
    }

    /// The segment moved by `offset` on the track's timeline.
    func shifted(by offset: CMTime) -> CompositionSegment {
        var moved = self
        moved.target = CMTimeRange(start: target.start + offset, duration: target.duration)
        return moved
    }

    /// The segment cut at track time `time`, which lies strictly inside it: the part before and the part after,
    /// the media split where `time` shows it.
    func split(at time: CMTime) -> (CompositionSegment, CompositionSegment) {
        let before = CMTimeRange(start: target.start, end: time)
        let after = CMTimeRange(start: time, end: target.end)
        guard let media else {
            return (CompositionSegment(target: before, media: nil), CompositionSegment(target: after, media: nil))
        }
        let mediaSplit = media.range.start + rate.mediaDuration(ofTrack: before.duration)
        let first = Media(source: media.source, range: CMTimeRange(start: media.range.start, end: mediaSplit))
        let second = Media(source: media.source, range: CMTimeRange(start: mediaSplit, end: media.range.end))
        return (CompositionSegment(target: before, media: first), CompositionSegment(target: after, media: second))
    }

    /// The segment stretched or squeezed so its target lasts `duration`, starting at `start`; the media range is
    /// unchanged, so its rate changes.
    func retimed(start: CMTime, duration: CMTime) -> CompositionSegment {
        var retimed = self
        retimed.target = CMTimeRange(start: start, duration: duration)
        return retimed
    }
}
