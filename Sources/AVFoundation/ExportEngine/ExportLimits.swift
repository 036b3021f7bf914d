import Foundation
import MovieFile

/// The export's limits, in one place, each with the reason for its number.
enum ExportLimits {
    /// Seconds of samples counted before a passthrough export's range when planning room for the movie box: the
    /// samples back to the sync sample the first presented one needs (key frames are rarely further apart).
    static let reservationPrerollSeconds = 2.0
    /// Largest share of the media data a fast-start export leaves as room for the movie box (see
    /// `ExportPlanner.movieBoxRoom`): past it the media data is moved at the end instead.
    static let reservationShareOfMedia = 0.01

    /// Exports that run at once, process-wide; the rest wait (`AVAssetExportSession.Status.waiting`). One transcode
    /// already keeps every core busy (x264/x265 and the decoders run frame threads on all cores, and the stages run
    /// concurrently), so more exports than half the cores only divide the same CPU time while multiplying the memory
    /// held in queues and codec state (hundreds of MB each at 4K). Half the cores, at least one and at most four:
    /// one at a time on a 2-core machine, four on 8 cores or more, where the second export's I/O and muxing overlap
    /// the first's encoding. `LAVF_EXPORT_SLOTS` overrides it (1…64), for tests and tuning.
    static let concurrentExports: Int = {
        if let text = ProcessInfo.processInfo.environment["LAVF_EXPORT_SLOTS"], let value = Int(text), (1...64).contains(value) {
            return value
        }
        return max(1, min(4, ProcessInfo.processInfo.activeProcessorCount / 2))
    }()

    /// Scaled pictures waiting for the encoder: one. x264 copies each picture it is given into its own frames and
    /// encodes on its own threads, so a deeper queue only holds pictures: with one here and one decoded picture
    /// ahead (`decodedPictureReadAhead`), a 1080p → 720p export took the same time as with two and two (three
    /// alternating runs each) and 4 MB less at peak. Decoded pictures wait in the reader's read-ahead.
    static let pictureQueueDepth = 1
    /// Decoded pictures the reader's worker keeps ready for the scaling stage: one, decoded while the previous one is
    /// scaled (libavcodec's own frame threads decode further ahead); the reader's standard 32 MiB would hold ten
    /// 1080p pictures (and the decoder's frame pool grows to match) for nothing.
    static let decodedPictureReadAhead = ReadAheadBound(buffers: 1, bytes: ReadingLimits.readAheadBytes)
    /// Mixed PCM buffers (8192 frames each, 0.17 s at 48 kHz) the audio reader keeps ready for the encoder: AAC
    /// encodes far faster than real time, so four are plenty; the standard sixteen held 1 MB of stereo PCM.
    static let mixedAudioReadAhead = ReadAheadBound(buffers: 4, bytes: ReadingLimits.readAheadBytes)
    /// Encoded samples waiting for the writer: the writer takes them as fast as the disk does; 32 samples or
    /// 16 MiB keep the encoder running through a slow write without holding seconds of ProRes.
    static let encodedQueueSamples = 32
    static let encodedQueueBytes = 16 << 20

    /// Units of the `Progress` an exporting state carries (progress is reported to 1/10000).
    static let progressUnits: Int64 = 10_000
    /// Least advance of a track's fraction that is reported: 1/2000, finer than any progress bar draws.
    static let progressStep = 0.0005

    /// Sample-table bytes per sample for estimates (stsz 4, stts and ctts runs, stss, sdtp: measured 8–12 bytes per
    /// video sample in this writer's output, ~4 per AAC packet; 12 covers both).
    static let estimatedBytesPerSample = 12
    /// Header bytes for estimates: ftyp, mvhd, track boxes, sample descriptions, metadata (a typical two-track movie
    /// from this writer has 1.5–3 KB outside its sample tables).
    static let estimatedHeaderBytes: Int64 = 4096

    /// Movie-box bytes that may be added after the size projection is taken, at finish: each track's edit list
    /// (edts + elst with up to three entries, 64 bytes) and, for M4A, the iTunSMPB gapless item (≈ 200 bytes).
    static let finishReservePerTrack: Int64 = 64
    static let finishReserveFixed: Int64 = 512
    /// Upper bound of the sample-table bytes one sample adds plus its share of a new chunk entry, as the muxer
    /// states them (`MovieBoxReservation`: stsz, stts, ctts, stss, stps, sdtp; stsc, co64): the governor's slack per
    /// sample not yet seen by the muxer.
    static let tableBytesPerSampleBound = Int64(MovieBoxReservation.worstCaseBytesPerSample
                                                + MovieBoxReservation.worstCaseBytesPerChunk)
    /// The governor asks the muxer which samples it has taken every this many buffers (a cheap query), so that its
    /// record of buffers in flight stays as short as the writer's queues.
    static let governorCountInterval = 32
    /// Seconds of a track's samples before the governor trusts the track's own data rate over the preset's.
    static let governorRateWindow = 0.5
    /// Near the file length limit, a track more than this many seconds ahead of another waits for it: the room kept
    /// for the lagging track is then at most this long's worth of its data.
    static let governorTrackWindow = 0.1
}
