import CoreMedia
import Foundation
import MediaCodecs

/// Cuts an export into segments: where, and with what fixed encoder configuration.
///
/// A cut must fall where no output frame straddles it, so that the pieces share out the one-piece export's frames
/// exactly; where the video allows, also where a decoder starts without anything before it:
/// - a file's track presented at normal speed: at full sync samples;
/// - a composition track: where one of its segments starts (each segment's first frame is trimmed exactly there);
/// - a video composition timed by its `frameDuration` (no `sourceTrackIDForFrameTiming`, the built-in compositor):
///   at whole frame durations from the export's start, where it composes a frame anyway.
/// Cuts are at least `segmentDuration` apart, and a last segment shorter than a quarter of that joins the one
/// before it. Other video (speed changes in a file's track, a video composition timed by a track or composed by a
/// custom compositor, whose state across frames is its own) makes one segment, and the plan says so.
///
/// Every segment after the first has a pre-roll: its encoder starts `preRoll` before the cut and drops what it made
/// there, so its rate control meets the cut settled. A cold encoder spends its first second finding its quantiser,
/// which costs that second quality at every cut (`docs/segmented-export.md`, "Quality at the joins").
enum SegmentedExportPlanner {
    /// The pre-roll when the caller names none, for segments of about `segmentDuration`: 5 s divided by the segment
    /// duration, within 0.5 s and 1 s.
    ///
    /// A join's loss is spread over its segment: on the hardest source measured, the stitched export's mean SSIM
    /// falls below the one-piece export's by about 0.011, 0.008 and 0.0035 (no pre-roll, 0.5 s, 1 s) divided by
    /// the segment duration in seconds. So 10 s segments stay within the issue's 0.001 with half a second (0.0006
    /// measured) at 5 % more encoding, where 1 s cost 10 %; from 5 s down the pre-roll stays at 1 s, whose loss
    /// reaches 0.001 at about 4 s segments (`docs/segmented-export.md`, "Quality at the joins").
    static func defaultPreRoll(forSegmentsOf segmentDuration: CMTime) -> CMTime {
        let seconds = segmentDuration.isNumeric && segmentDuration > .zero ? 5 / segmentDuration.seconds : 1
        return CMTime(value: Int64((min(max(seconds, 0.5), 1) * 1000).rounded()), timescale: 1000)
    }

    /// The plan of `request`'s export in segments of about `segmentDuration`, each encoded by an encoder of
    /// `threadCount` threads; the output's creation date is `creationDate` (whole seconds: what a movie holds).
    static func plan(_ request: ExportRequest, segmentDuration: CMTime, threadCount: Int,
                     instructionSet: EncoderInstructionSet = .highestAvailable, preRoll: CMTime? = nil,
                     creationDate: Date) throws -> SegmentedExportPlan {
        guard segmentDuration.isNumeric, segmentDuration > .zero else {
            throw AVError(.operationNotAllowed, "the segment duration must be a positive time")
        }
        let preRoll = preRoll ?? defaultPreRoll(forSegmentsOf: segmentDuration)
        guard preRoll.isNumeric, preRoll >= .zero else {
            throw AVError(.operationNotAllowed, "the pre-roll must be a time of zero or more")
        }
        guard (1...64).contains(threadCount) else {
            throw AVError(.operationNotAllowed, "the encoder thread count \(threadCount) is outside 1…64")
        }
        let source = try ExportSource(asset: request.asset)
        var export = try ExportPlanner.plan(request, source: source)
        export.creationDate = Date(timeIntervalSince1970: creationDate.timeIntervalSince1970.rounded(.down))
        guard let index = export.tracks.firstIndex(where: { if case .video = $0.role { true } else { false } }),
              case .video(var video) = export.tracks[index].role,
              let track = source.track(export.tracks[index].sources[0]) else {
            throw AVError(.operationNotAllowed, "\(request.preset.name) encodes no video of this asset; a segmented "
                          + "export cuts an export's video into segments, and there is none to cut")
        }
        video.threadCount = threadCount
        video.instructionSet = instructionSet
        export.tracks[index].role = .video(video)
        let range = export.timeRange.range
        let (cuts, reasoning) = cutTimes(track, composition: video.composed ? request : nil, range: range,
                                         target: segmentDuration, preRoll: preRoll)
        let bounds = [Cut(time: range.start)] + cuts + [Cut(time: range.end)]
        let segments = zip(bounds, bounds.dropFirst()).map { cut, end in
            let start = cut.time
            // Back to where its decoder starts anyway, or `preRoll`; not before the source's start; none for the
            // first segment, which a one-piece export starts cold too.
            let roll = cut.encodingStart.map { start - $0 } ?? min(preRoll, start)
            return SegmentedExportPlan.Segment(start: ExportPlan.Time(start),
                                               duration: ExportPlan.Time(end.time - start),
                                               preRoll: start > range.start && roll > .zero
                                                   ? ExportPlan.Time(roll) : nil)
        }
        let rolls = segments.count > 1 && preRoll > .zero
            ? "; each segment after the first pre-rolls \(preRoll.messageSeconds) s" : ""
        return SegmentedExportPlan(version: SegmentedExportPlan.currentVersion, source: try identity(of: source),
                                   export: export, segmentedTrack: index, segments: segments,
                                   reasoning: reasoning + "; encoders of \(threadCount) thread"
                                   + (threadCount == 1 ? "" : "s") + " using \(instructionSet.rawValue) instructions"
                                   + rolls)
    }

    /// A place the export's video may be cut, and where the encoder of the segment it starts starts when that is
    /// not simply the pre-roll before it.
    struct Cut: Equatable {
        /// Where the segment starts.
        var time: CMTime
        /// The full sync sample its pre-roll starts at, where a decoder starts without anything before it.
        var encodingStart: CMTime?
    }

    /// Where the export's video is cut (strictly inside `range`), and why there. `composition` is the request when
    /// its video composition composes the pictures. A file track's video with a pre-roll is cut a pre-roll after
    /// its full sync samples rather than at them, so that each pre-roll starts where its decoder must: cut at a sync
    /// sample, a piece would decode from the sync sample before its pre-roll (a whole key-frame interval of 1080p
    /// decoding per piece, thrown away) and encode only the pre-roll's pictures of it.
    static func cutTimes(_ track: ExportSource.Track, composition: ExportRequest?, range: CMTimeRange,
                         target: CMTime, preRoll: CMTime = .zero) -> (cuts: [Cut], reasoning: String) {
        var candidates: [Cut]
        var kind: String
        if let composition {
            guard let videoComposition = composition.videoComposition, composition.customVideoCompositor == nil,
                  videoComposition.frameDuration.isNumeric, videoComposition.frameDuration > .zero else {
                return ([], "one segment: the video is composed by a custom compositor, whose state across frames "
                        + "this version does not cut")
            }
            let timingID = videoComposition.sourceTrackIDForFrameTiming
            if timingID == kCMPersistentTrackID_Invalid {
                candidates = frameGrid(range, frameDuration: videoComposition.frameDuration, target: target)
                    .map { Cut(time: $0) }
                kind = "at whole frame durations of the video composition"
            } else {
                // Composed at the timing track's frame times: a cut where that track starts a frame.
                guard let timing = composition.asset.tracks.first(where: { $0.trackID == timingID }),
                      let starts = frameStarts(of: timing) else {
                    return ([], "one segment: the video composition is timed by track \(timingID), which this "
                            + "version does not cut (it is not presented at normal speed throughout)")
                }
                (candidates, kind) = (starts.cuts, starts.kind + ", which times the video composition")
            }
        } else if let starts = frameStarts(of: track.track, preRoll: preRoll) {
            (candidates, kind) = starts
        } else {
            return ([], "one segment: track \(track.trackID) has more than 64 edits or is not presented at normal "
                    + "speed throughout, and this version cuts only such tracks")
        }
        var cuts: [Cut] = []
        var last = range.start
        for cut in candidates.sorted(by: { $0.time < $1.time })
        where cut.time > range.start && cut.time < range.end && cut.time - last >= target {
            cuts.append(cut)
            last = cut.time
        }
        // A short tail (under a quarter of a segment) joins the segment before it.
        if let final = cuts.last, range.end - final.time < CMTimeMultiplyByRatio(target, multiplier: 1, divisor: 4) {
            cuts.removeLast()
        }
        let seconds = String(format: "%g", target.seconds)
        return (cuts, "\(cuts.count + 1) segment\(cuts.isEmpty ? "" : "s"): cut \(kind), at least \(seconds) s apart")
    }

    /// Where `track` starts a frame that a decoder can start at too, and how to say so: a composition track's
    /// segment starts, or a file track's full sync samples (with a pre-roll, a pre-roll after each, see
    /// `preRolledSyncCuts`); `nil` for a file track with speed changes or many edits.
    static func frameStarts(of track: AVAssetTrack, preRoll: CMTime = .zero) -> (cuts: [Cut], kind: String)? {
        if let segments = (track as? AVCompositionTrack)?.segments {
            return (segments.map { Cut(time: $0.timeMapping.target.start) }, "where segments of composition track "
                    + "\(track.trackID) start")
        }
        guard let samples = presentedSamples(of: track) else { return nil }
        guard preRoll > .zero else {
            let syncTimes = samples.filter(\.isFullSync).map(\.time)
            return (syncTimes.map { Cut(time: $0) }, "at full sync samples of track \(track.trackID) "
                    + "(\(syncTimes.count) in the track)")
        }
        let cuts = preRolledSyncCuts(samples, preRoll: preRoll)
        return (cuts, "\(preRoll.messageSeconds) s after full sync samples of track \(track.trackID) (\(cuts.count) "
                + "in the track), where each pre-roll starts at one")
    }

    /// For each full sync sample of `samples` (ascending track times), a cut at the first sample at least `preRoll`
    /// after it, whose pre-roll starts at the sync sample: the decoder's start is then the encoder's.
    static func preRolledSyncCuts(_ samples: [(time: CMTime, isFullSync: Bool)], preRoll: CMTime) -> [Cut] {
        var cuts: [Cut] = []
        var next = 0
        for sync in samples where sync.isFullSync {
            let earliest = sync.time + preRoll
            while next < samples.count, samples[next].time < earliest { next += 1 }
            guard next < samples.count else { break }
            if cuts.last?.time != samples[next].time {
                cuts.append(Cut(time: samples[next].time, encodingStart: sync.time))
            }
        }
        return cuts
    }

    /// Times at whole multiples of `frameDuration` from the range's start, about `target` apart: where a video
    /// composition without a timing track composes a frame (`CompositionClock`).
    static func frameGrid(_ range: CMTimeRange, frameDuration: CMTime, target: CMTime) -> [CMTime] {
        let step = max(1, Int64((target.seconds / frameDuration.seconds).rounded(.up)))
        var times: [CMTime] = []
        var index: Int64 = step
        while true {
            let (ticks, overflow) = frameDuration.value.multipliedReportingOverflow(by: index)
            guard !overflow else { break }
            let time = range.start + CMTime(value: ticks, timescale: frameDuration.timescale)
            guard time < range.end, times.count < 100_000 else { break }
            times.append(time)
            index += step
        }
        return times
    }

    /// Every sample's track time (each time an edit presents it) and whether it is a full sync sample, ascending;
    /// `nil` when some part of the track is not presented at normal speed or it has over 64 edits. The segmented
    /// export's cuts and `AVAssetWritingPlanner`'s boundary recommendations both read the track through it.
    static func presentedSamples(of track: AVAssetTrack) -> [(time: CMTime, isFullSync: Bool)]? {
        let timeline = track.timeline
        // Each sample is looked up in every edit: a few edits, as files have, not a hostile file's millions.
        guard timeline.segments.count <= 64, timeline.segments.allSatisfy({ $0.isEmpty || $0.isNormalSpeed }),
              let cursor = track.makeSampleCursorAtFirstSampleInDecodeOrder() else { return nil }
        var samples: [(time: CMTime, isFullSync: Bool)] = []
        repeat {
            let media = cursor.presentationTimeStamp
            let sync = cursor.currentSampleSyncInfo.sampleIsFullSync.boolValue
            for segment in timeline.segments {
                guard let presented = segment.media else { continue }
                let end = presented.start + segment.target.duration
                if media >= presented.start, media < end { samples.append((segment.trackTime(ofMedia: media), sync)) }
            }
        } while cursor.stepInDecodeOrder(byCount: 1) == 1
        return samples.sorted { $0.time < $1.time }
    }

    /// What identifies the source (see `SegmentedExportPlan.SourceIdentity`).
    static func identity(of source: ExportSource) throws -> SegmentedExportPlan.SourceIdentity {
        var byteCount: Int64?
        var endsChecksum: String?
        if let url = (source.asset as? AVURLAsset)?.url, url.isFileURL {
            (byteCount, endsChecksum) = try fileEnds(url)
        }
        return SegmentedExportPlan.SourceIdentity(
            byteCount: byteCount, endsChecksum: endsChecksum, duration: ExportPlan.Time(source.duration),
            tracks: source.tracks.map { .init(trackID: $0.trackID, sampleCount: $0.sampleCount) })
    }

    /// The file's size and the checksum of its first and last mebibyte.
    private static func fileEnds(_ url: URL) throws -> (Int64, String) {
        let span = 1 << 20
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw AVError(.fileFailedToParse, "cannot read the source \(url.path)", underlying: error)
        }
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        var running = ContentChecksum.Running()
        try handle.seek(toOffset: 0)
        let head = try handle.read(upToCount: span) ?? Data()
        head.withUnsafeBytes { running.add($0) }
        if size > UInt64(span) {
            try handle.seek(toOffset: max(UInt64(span), size - UInt64(span)))
            let tail = try handle.read(upToCount: span) ?? Data()
            tail.withUnsafeBytes { running.add($0) }
        }
        return (Int64(size), ContentChecksum.hex(running.value))
    }
}
