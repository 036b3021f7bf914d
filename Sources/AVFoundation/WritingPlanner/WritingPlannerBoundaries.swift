import CoreMedia
import Foundation

/// Where `AVAssetWritingPlanner.segmentBoundaryRecommendations` cuts a video track: at full sync samples (where a
/// decoder starts with nothing before it, so a segment can be written from the source's frames alone), the segments
/// at least the minimum duration and frame count long, and a short last one joined to the one before.
enum WritingPlannerBoundaries {
    static func recommendations(for track: AVAssetTrack, minimumDuration: CMTime,
                                minimumFrameCount: Int) -> [AVPlannedVideoSegmentConfiguration] {
        guard let frames = presentedFrames(of: track), !frames.isEmpty else { return [] }
        let end = max(track.timeRange.end, frames.last.map { $0.time } ?? .zero)
        let shortest = minimumDuration.isNumeric && minimumDuration > .zero ? minimumDuration : .zero
        var bounds: [(start: CMTime, frames: Int)] = [(.zero, 0)]
        for frame in frames {
            let current = bounds[bounds.count - 1]
            if frame.isFullSync, frame.time > current.start, frame.time - current.start >= shortest,
               current.frames >= max(1, minimumFrameCount) {
                bounds.append((frame.time, 0))
            }
            bounds[bounds.count - 1].frames += 1
        }
        // A last segment under the minimums joins the one before.
        if bounds.count > 1, let last = bounds.last,
           end - last.start < shortest || last.frames < max(1, minimumFrameCount) {
            bounds.removeLast()
            bounds[bounds.count - 1].frames += last.frames
        }
        return bounds.indices.map { index in
            let stop = index + 1 < bounds.count ? bounds[index + 1].start : end
            return AVPlannedVideoSegmentConfiguration(numberOfFrames: max(1, bounds[index].frames),
                                                      duration: stop - bounds[index].start)
        }.filter { $0.duration > .zero }
    }

    /// Every sample's presentation time on the track and whether it is a full sync sample, in presentation order;
    /// nil when some part of the track is not presented at normal speed (or it has over 64 edits), where this does
    /// not cut.
    private static func presentedFrames(of track: AVAssetTrack) -> [(time: CMTime, isFullSync: Bool)]? {
        let timeline = track.timeline
        guard timeline.segments.count <= 64, timeline.segments.allSatisfy({ $0.isEmpty || $0.isNormalSpeed }),
              let cursor = track.makeSampleCursorAtFirstSampleInDecodeOrder() else { return nil }
        var frames: [(time: CMTime, isFullSync: Bool)] = []
        repeat {
            let media = cursor.presentationTimeStamp
            let sync = cursor.currentSampleSyncInfo.sampleIsFullSync.boolValue
            for segment in timeline.segments {
                guard let presented = segment.media else { continue }
                let end = presented.start + segment.target.duration
                if media >= presented.start, media < end {
                    frames.append((segment.trackTime(ofMedia: media), sync))
                }
            }
        } while cursor.stepInDecodeOrder(byCount: 1) == 1
        return frames.sorted { $0.time < $1.time }
    }
}
