import CoreMedia

extension TrackTimeline {
    /// The timeline of a container track: its edit list, or without one its whole media once from time 0 with any
    /// encoder delay the container found cut off.
    ///
    /// - Edits follow one another, each lasting its `segment_duration` (movie ticks); an edit with media time −1 is
    ///   empty. A zero-duration edit presents nothing and is left out, except a last, non-empty one: ISO/IEC 14496-12
    ///   §8.6.6.1 lets a movie whose duration is unknown (fragmented) end with a zero-duration edit meaning "until
    ///   the end of the media", so that edit runs to the media's end.
    /// - Without an edit list, the media from `priming` to `mediaEnd − remainder` plays from time 0: an encoder delay
    ///   stated outside an edit list (iTunes' `iTunSMPB`, a LAME/Xing header, a CAF packet table, Opus pre-skip) is
    ///   cut as Apple's players cut it, so the track starts with its first presented sample at time 0.
    /// - Target ranges are in the movie timescale, as the file stores them; without an edit list, in the media
    ///   timescale.
    ///
    /// `mediaEnd` is the end of the media in media ticks: the later of the media duration and the end of the last
    /// sample presented.
    package init(edits: [EditListEntry], movieTimescale: CMTimeScale, mediaTimescale: CMTimeScale, mediaEnd: Int64,
         priming: Int64 = 0, remainder: Int64 = 0) {
        guard mediaTimescale > 0 else {
            self = .empty
            return
        }
        guard !edits.isEmpty, movieTimescale > 0 else {
            let start = max(0, min(priming, mediaEnd))
            let end = max(start, mediaEnd - max(0, remainder))
            let segments = end > start ? [TimelineSegment(
                target: CMTimeRange(start: CMTime(value: 0, timescale: mediaTimescale),
                                    duration: CMTime(value: end - start, timescale: mediaTimescale)),
                media: TimelineSegment.Media(source: 0, start: CMTime(value: start, timescale: mediaTimescale),
                                             rate: .normal, timescale: mediaTimescale))] : []
            self.init(segments: segments, naturalTimescale: mediaTimescale)
            return
        }
        var packed: [TimelineSegments.PackedEdit] = []
        // One segment per edit at most: reserved at once, so a long edit list is not copied as the array grows.
        packed.reserveCapacity(edits.count)
        var trackTime: Int64 = 0
        for (index, edit) in edits.enumerated() {
            let rate = MediaRate(fixed16_16: edit.mediaRateFixed)
            var duration = edit.segmentDuration
            if duration == 0, index == edits.count - 1, edit.mediaTime >= 0, mediaEnd > edit.mediaTime {
                // "Until the end of the media": the remaining media at this edit's rate, in movie ticks.
                let remaining = CMTime(value: mediaEnd - edit.mediaTime, timescale: mediaTimescale)
                let atRate = rate.isDwell || rate.isReverse ? remaining : rate.trackDuration(ofMedia: remaining)
                duration = CMTimeConvertScale(atRate, timescale: movieTimescale, method: .roundHalfAwayFromZero).value
            }
            guard duration > 0 else { continue }
            let (end, overflow) = trackTime.addingReportingOverflow(duration)
            guard !overflow, end <= Int64.max / 2 else { break }
            packed.append(.init(trackStart: trackTime, mediaStart: edit.mediaTime, rate: rate))
            trackTime = end
        }
        self.init(segments: TimelineSegments(edits: packed, end: trackTime, movieTimescale: movieTimescale,
                                             mediaTimescale: mediaTimescale),
                  naturalTimescale: mediaTimescale)
    }

    /// The timeline of `track` of a movie with `movieTimescale`, whose samples are in `table` (nil when the table
    /// cannot be read: the media duration then bounds the media).
    package init(track: ContainerTrack, movieTimescale: CMTimeScale, table: SampleTable?) {
        var mediaEnd = track.mediaDuration
        if let span = table?.presentationSpan { mediaEnd = max(mediaEnd, span.upperBound) }
        self.init(edits: track.edits, movieTimescale: movieTimescale, mediaTimescale: track.mediaTimescale,
                  mediaEnd: mediaEnd, priming: track.priming, remainder: track.remainder)
    }
}
