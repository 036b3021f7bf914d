import CoreMedia
import Foundation
import MovieFile

/// Decides an export's `ExportPlan` from the request and what its asset holds: which source tracks become which
/// output tracks and how, before any reader, writer or encoder exists.
enum ExportPlanner {
    /// The plan of `request` over `source`. Throws when the time range does not meet the asset or a video
    /// composition's render size is not a picture size.
    static func plan(_ request: ExportRequest, source: ExportSource) throws -> ExportPlan {
        let range = try exportedRange(request.timeRange, duration: source.duration)
        let tracks = try tracks(for: request.preset, source: source, fileType: request.fileType,
                                composition: request.videoComposition, multiPass: request.multiPass)
        var plan = ExportPlan(fileType: request.fileType.rawValue, timeRange: ExportPlan.TimeRange(range),
                              tracks: tracks)
        // Not with a file length limit: the export may stop long before the planned count, and room left for samples
        // never written would count against the limit.
        if request.shouldOptimizeForNetworkUse, request.fileLengthLimit == nil {
            plan.movieBoxReservation = movieBoxRoom(tracks, source: source, range: range)
        }
        return plan
    }

    /// `timeRange` cut to [0, duration]; an error when nothing is left.
    static func exportedRange(_ requested: CMTimeRange, duration: CMTime) throws -> CMTimeRange {
        guard duration.isNumeric, duration > .zero else {
            throw AVError(.invalidSourceMedia, "the asset has no duration: there is nothing to export")
        }
        let range = CMTimeRangeGetIntersection(requested, otherRange: CMTimeRange(start: .zero, duration: duration))
        guard range.isValid, range.duration.isNumeric, range.duration > .zero else {
            throw AVError(.operationNotAllowed, "timeRange from \(requested.start.messageSeconds) s for "
                          + "\(requested.duration.messageSeconds) s does not meet the asset (0–\(duration.messageSeconds) s): "
                          + "nothing to export")
        }
        return range
    }

    /// What each source track becomes; tracks the output cannot hold are left out (AVAssetExportSession.h: "except for
    /// tracks for which passthrough is not possible").
    /// With a video `composition` (presets that encode video), every video track is a source of one output video
    /// track, encoded at the composition's render size fitted to the preset's. With `multiPass`, encoders that can
    /// run two passes over their settings do.
    static func tracks(for preset: ExportPreset, source: ExportSource, fileType: AVFileType,
                       composition: AVVideoComposition? = nil, multiPass: Bool = false) throws -> [ExportPlan.Track] {
        let movieType = MovieFileType(rawValue: fileType.rawValue)
        func holds(_ track: ExportSource.Track) -> Bool {
            guard let movieType else { return false }
            return !track.formats.isEmpty && track.formats.allSatisfy { movieType.refusal(toHold: $0) == nil }
        }
        func passthrough(_ track: ExportSource.Track) -> ExportPlan.Track {
            ExportPlan.Track(sources: [track.trackID], role: .passthrough,
                             presentation: presentation(ofPassthrough: track, fileType: fileType), passes: 1)
        }
        func encoded(_ sources: [ExportSource.Track], _ role: ExportPlan.Role) -> ExportPlan.Track {
            var passes = 1
            if multiPass, case .video(let video) = role, video.supportsMultiPass { passes = 2 }
            return ExportPlan.Track(sources: sources.map(\.trackID), role: role, presentation: .session, passes: passes)
        }
        var result: [ExportPlan.Track] = []
        var composedVideo = false
        for track in source.tracks where !track.formats.isEmpty {
            switch (preset.mode, track.mediaType) {
            case (.passthrough, .video), (.passthrough, .audio):
                result.append(passthrough(track))
            case (.transcode(let video?, _), .video) where composition != nil:
                guard !composedVideo, let composition else { continue }
                composedVideo = true
                let videoTracks = source.tracks.filter { $0.mediaType == .video && !$0.formats.isEmpty }
                result.append(encoded(videoTracks, .video(try composedVideoPlan(video, composition: composition))))
            case (.transcode(let video?, _), .video):
                result.append(encoded([track], .video(ExportSettings.videoPlan(video, track: track))))
            case (.transcode(nil, _), .video):
                continue
            case (.transcode(_, let audio), .audio):
                result.append(encoded([track], .audio(ExportSettings.audioPlan(audio, track: track))))
            default:
                // Text, subtitles, captions, timecode, timed metadata: as stored, where the file type holds them.
                if holds(track) { result.append(passthrough(track)) }
            }
        }
        return result
    }

    /// The encoder settings of a composed video track: the composition's render size (× render scale) fitted to
    /// the preset's size, at the composition's frame rate.
    static func composedVideoPlan(_ video: ExportPreset.Video, composition: AVVideoComposition) throws
        -> ExportPlan.Video {
        let state = composition.snapshot
        let scale = CGFloat(state.renderScale)
        let size = CGSize(width: state.renderSize.width * scale, height: state.renderSize.height * scale)
        guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1 else {
            throw AVError(.invalidVideoComposition, "the video composition's renderSize \(state.renderSize) at "
                          + "renderScale \(state.renderScale) is not a picture size")
        }
        let frameRate = state.frameDuration.isNumeric && state.frameDuration > .zero
            ? 1 / state.frameDuration.seconds : 0
        return ExportSettings.videoPlan(video, displaySize: size, frameRate: frameRate, isHighBitDepth: false,
                                        composed: true)
    }

    /// How a passthrough track is presented: a composition track written to a movie is copied segment by segment
    /// with the edits recorded as it is read, since its segments' samples cannot follow one another on one timeline
    /// (trims, gaps, speed changes, reordered frames at the joins); every other track by the writer's session.
    static func presentation(ofPassthrough track: ExportSource.Track, fileType: AVFileType) -> ExportPlan.Presentation {
        let intoMovie = MovieFileType(rawValue: fileType.rawValue) != nil
        return track.editedSegmentCount != nil && intoMovie ? .recordedLayout : .session
    }
}
