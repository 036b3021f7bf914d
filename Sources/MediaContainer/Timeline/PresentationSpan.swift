import CoreMedia

/// The part of one timeline segment that a read presents: track times `trackRange`, showing media times
/// `mediaStart..<mediaEnd` of the segment's source (rational: a track time need not fall on a media tick).
package struct PresentationSpan: Sendable {
    /// Index of the segment in the track's timeline.
    package let segmentIndex: Int
    /// The segment (a presented one: its `media` is set).
    package let segment: TimelineSegment
    /// The track times presented.
    package let trackRange: CMTimeRange

    package init(segmentIndex: Int, segment: TimelineSegment, trackRange: CMTimeRange) {
        self.segmentIndex = segmentIndex
        self.segment = segment
        self.trackRange = trackRange
    }

    /// Which of the track's sources the span reads.
    package var source: Int { segment.media?.source ?? 0 }
    /// The first media time presented.
    package var mediaStart: CMTime { segment.mediaTime(ofTrackTime: trackRange.start) }
    /// The media time at which presentation stops (equal to `mediaStart` for a dwell).
    package var mediaEnd: CMTime { segment.mediaTime(ofTrackTime: trackRange.end) }

    /// The last media tick at or before `time`.
    package static func floorTicks(_ time: CMTime, _ timescale: CMTimeScale) -> Int64 {
        CMTimeConvertScale(time, timescale: timescale, method: .roundTowardNegativeInfinity).value
    }

    /// The first media tick at or after `time`.
    package static func ceilTicks(_ time: CMTime, _ timescale: CMTimeScale) -> Int64 {
        CMTimeConvertScale(time, timescale: timescale, method: .roundTowardPositiveInfinity).value
    }
}
