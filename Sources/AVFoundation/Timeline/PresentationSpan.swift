import CoreMedia

/// The part of one timeline segment that a read presents: track times `trackRange`, showing media times
/// `mediaStart..<mediaEnd` of the segment's source (rational: a track time need not fall on a media tick).
struct PresentationSpan: Sendable {
    /// Index of the segment in the track's timeline.
    let segmentIndex: Int
    /// The segment (a presented one: its `media` is set).
    let segment: TimelineSegment
    /// The track times presented.
    let trackRange: CMTimeRange

    /// Which of the track's sources the span reads.
    var source: Int { segment.media?.source ?? 0 }
    /// The first media time presented.
    var mediaStart: CMTime { segment.mediaTime(ofTrackTime: trackRange.start) }
    /// The media time at which presentation stops (equal to `mediaStart` for a dwell).
    var mediaEnd: CMTime { segment.mediaTime(ofTrackTime: trackRange.end) }

    /// The last media tick at or before `time`.
    static func floorTicks(_ time: CMTime, _ timescale: CMTimeScale) -> Int64 {
        CMTimeConvertScale(time, timescale: timescale, method: .roundTowardNegativeInfinity).value
    }

    /// The first media tick at or after `time`.
    static func ceilTicks(_ time: CMTime, _ timescale: CMTimeScale) -> Int64 {
        CMTimeConvertScale(time, timescale: timescale, method: .roundTowardPositiveInfinity).value
    }
}
