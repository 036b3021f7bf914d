import CoreMedia
import MovieFile

extension ExportPlanner {
    /// What a fast-start export will write, so the writer can leave room for the movie box instead of moving the
    /// media data once it is complete (for a passthrough export of ten minutes of 1080p, a second read and write of
    /// 600 MB). Only passthrough and stitched tracks know their sample counts in advance (a transcoder's depend on
    /// its encoder), and only when the worst-case room costs at most 1 % of the media data: for low-rate audio the
    /// worst case of 29 bytes of tables per sample would be a noticeable share of the file, and moving a small file
    /// is cheap.
    ///
    /// A stitched track's pieces hold the source's pictures one for one (without a video composition, which may
    /// retime them), and its bytes are the pieces' as their receipts recorded them.
    ///
    /// The counts come from the source: every sample of a track exported whole, else its samples in the exported
    /// share of its duration plus two seconds' worth for the samples before the range that the first presented one
    /// depends on. Too few only costs the move the reservation was meant to save.
    static func movieBoxRoom(_ tracks: [ExportPlan.Track], source: ExportSource, range: CMTimeRange)
        -> ExportPlan.MovieBoxRoom? {
        guard !tracks.isEmpty else { return nil }
        let seconds = range.duration.seconds
        guard seconds.isFinite, seconds > 0 else { return nil }
        var samples = 0.0, chunks = 0.0, bytes = 0.0, extra = 0.0
        for planned in tracks {
            guard let track = source.track(planned.sources[0]) else { return nil }
            let trackSeconds = track.timeRange.duration.seconds
            guard trackSeconds.isFinite, trackSeconds > 0, track.sampleCount > 0 else { return nil }
            let whole = range.start <= track.timeRange.start && range.end >= track.timeRange.end
            let share = whole ? 1 : min(1, seconds / trackSeconds)
            let exportedBytes: Double
            switch planned.role {
            case .passthrough:
                exportedBytes = Double(track.totalSampleBytes) * share
            case .stitched(let stitch) where !stitch.video.composed && planned.presentation == .session:
                let recorded = stitch.pieces.map { $0.content.map { Double($0.byteCount) } }
                guard !recorded.contains(nil) else { return nil }
                exportedBytes = recorded.reduce(0) { $0 + ($1 ?? 0) }
            default:
                return nil
            }
            var preroll = whole ? 0 : Double(track.sampleCount) / trackSeconds * ExportLimits.reservationPrerollSeconds
            if let segmentCount = track.editedSegmentCount {
                // Every segment may start from the sync sample before it and opens a chunk; its edits (an empty one
                // before it at most) and its sources' sample descriptions go into the movie box too.
                let segments = Double(segmentCount)
                preroll += segments * Double(track.sampleCount) / trackSeconds * ExportLimits.reservationPrerollSeconds
                chunks += segments
                extra += segments * 2 * Double(MovieBoxReservation.worstCaseBytesPerEdit)
                    + Double(max(0, track.formats.count - 1)) * Double(MovieBoxReservation.worstCaseBytesPerDescription)
            }
            samples += (Double(track.sampleCount) * share + preroll).rounded(.up)
            bytes += exportedBytes
            let byDuration = (min(seconds, trackSeconds) / MovieWriterLimits.defaultChunkSeconds).rounded(.up) + 2
            let byBytes = exportedBytes / Double(MovieWriterLimits.maximumChunkBytes)
            chunks += byDuration + byBytes.rounded(.up)
        }
        let worstCase = samples * Double(MovieBoxReservation.worstCaseBytesPerSample)
            + chunks * Double(MovieBoxReservation.worstCaseBytesPerChunk) + extra
        guard samples < Double(Int32.max), worstCase <= bytes * ExportLimits.reservationShareOfMedia else { return nil }
        return ExportPlan.MovieBoxRoom(samples: Int(samples), chunks: Int(chunks), extraBytes: Int(extra))
    }
}
