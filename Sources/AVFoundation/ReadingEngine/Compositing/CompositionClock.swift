import CoreMedia

/// The times at which a video composition composes frames inside one time range, and how long each frame lasts.
///
/// As Apple documents `sourceTrackIDForFrameTiming`: with a timing track, frames are composed at that track's
/// frame times, and where the track has no frames (an empty edit, after its end) at every `frameDuration`;
/// without one, at every `frameDuration` from the start of the range. The first frame is composed at the range's
/// start, the last lasts until its end.
struct CompositionClock {
    private let range: CMTimeRange
    private let frameDuration: CMTime
    private let timing: SourceFrames?
    private var upcoming: CMTime?

    init(range: CMTimeRange, frameDuration: CMTime, timing: SourceFrames?) {
        self.range = range
        self.frameDuration = frameDuration
        self.timing = timing
        upcoming = range.duration > .zero ? range.start : nil
    }

    /// The next frame's composition time and duration, or `nil` past the range.
    mutating func next() throws(ReadingFailure) -> (time: CMTime, duration: CMTime)? {
        guard let time = upcoming else { return nil }
        var following = time + frameDuration
        if let timing {
            // On the timing track's frames while it shows one (its last lasts its own duration); in its gaps, every
            // frame duration until its next frame.
            let next = try timing.nextFrameTime(after: time)
            if let shown = try timing.frame(at: time) {
                let duration = CMSampleBufferGetDuration(shown)
                let end = CMSampleBufferGetPresentationTimeStamp(shown) + duration
                if let next {
                    following = next
                } else if duration.isNumeric, end > time {
                    following = end
                }
            } else if let next, next < following {
                following = next
            }
        }
        let end = range.end
        upcoming = following < end ? following : nil
        return (time, (following < end ? following : end) - time)
    }
}
