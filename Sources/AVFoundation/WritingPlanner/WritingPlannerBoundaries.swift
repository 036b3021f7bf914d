import CoreMedia
import Foundation

/// Where `AVAssetWritingPlanner.segmentBoundaryRecommendations` cuts a video track: at full sync samples (where a
/// decoder starts with nothing before it, so a segment can be written from the source's frames alone), the segments
/// at least the minimum duration and frame count long, and a short last one joined to the one before.
enum WritingPlannerBoundaries {
    static func recommendations(for track: AVAssetTrack, minimumDuration: CMTime,
                                minimumFrameCount: Int) -> [AVPlannedVideoSegmentConfiguration] {
        guard let frames = SegmentedExportPlanner.presentedSamples(of: track), !frames.isEmpty else { return [] }
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
}
