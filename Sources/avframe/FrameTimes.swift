import AVFoundation

/// The times a run asks for: the ones given with `-t`, or a grid every `--every` seconds over the frames the video
/// shows. A grid is never held whole (a step of a millisecond over hours is millions of times): it is handed out in
/// batches.
struct FrameTimes {
    /// How many times the run asks for.
    let count: Int
    private let time: (Int) -> CMTime

    /// The times given on the command line.
    init(_ times: [CMTime]) {
        count = times.count
        time = { times[$0] }
    }

    /// Multiples of `step` (not a running sum, so that a hundred steps of 0.6 s land on frame times) below `end`.
    init(every step: Double, before end: CMTime) {
        let seconds = end.isNumeric ? max(0, end.seconds) : 0
        count = Int((seconds / step).rounded(.up))
        time = { CMTime(seconds: Double($0) * step, preferredTimescale: 1_000_000) }
    }

    /// The times from `start` on, at most `limit` of them.
    func batch(from start: Int, limit: Int) -> [CMTime] {
        (start..<min(count, start + limit)).map(time)
    }

    /// Where the frames of `asset`'s first enabled video track stop being shown, in asset time.
    ///
    /// Not the asset's duration: that is the longest track's, and a track may declare far more than it holds (an
    /// audio track whose timescale was changed to 1 declared 91,140 s beside 2 s of video, and a grid over it wrote
    /// 154,620 copies of the last frame). Each edit shows media until the last frame's end at most; the frames end
    /// where the last such edit stops showing them.
    static func framesEnd(of asset: AVAsset) async throws -> CMTime {
        let duration = try await asset.load(.duration)
        let tracks = try await asset.loadTracks(withMediaType: .video)
        var chosen: AVAssetTrack?
        for track in tracks where try await track.load(.isEnabled) {
            chosen = track
            break
        }
        guard let track = chosen ?? tracks.first,
              let last = track.makeSampleCursor(presentationTimeStamp: .positiveInfinity) else { return duration }
        let mediaEnd = last.presentationTimeStamp + last.currentSampleDuration
        var end = CMTime.zero
        for segment in try await track.load(.segments) where !segment.isEmpty {
            let source = segment.timeMapping.source, target = segment.timeMapping.target
            guard mediaEnd > source.start, source.duration > CMTime.zero else { continue }
            let shown = CMTimeMinimum(source.end, mediaEnd) - source.start
            // The part of the edit that shows media, scaled as the edit scales its media (a rate other than 1).
            let fraction = min(1, shown.seconds / source.duration.seconds)
            end = CMTimeMaximum(end, target.start + CMTime(seconds: target.duration.seconds * fraction,
                                                           preferredTimescale: 1_000_000))
        }
        return CMTimeMinimum(end, duration)
    }
}
