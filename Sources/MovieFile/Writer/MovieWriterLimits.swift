/// The movie writer's limits, in one place, each with the reason for its number.
package enum MovieWriterLimits {
    /// Bytes moved per read/write pair when media data is shifted (fast start, data placed before the main media
    /// data): the only buffer that move needs, so the move's memory does not depend on the file's size.
    package static let relocationBlockSize = 4 << 20
    /// Default chunk duration in seconds: about half a second of each track per chunk, as Apple's writers
    /// interleave (`AVAssetWriterInput.preferredMediaChunkDuration` defaults to 0.5 s).
    package static let defaultChunkSeconds = 0.5
    /// A chunk is closed once it holds this many bytes even if it is shorter than its duration, so one chunk of
    /// high-bit-rate video (ProRes 4444 at 4K is ~200 MB/s) cannot hold hundreds of megabytes in memory.
    package static let maximumChunkBytes = 8 << 20
    /// Default cap on sample bytes held in memory across all tracks (pending and waiting chunks). Past it the
    /// writer writes the earliest waiting chunk even though a lagging track could still produce an earlier one:
    /// chunk order suffers, memory does not.
    package static let defaultMaximumBufferedBytes = 64 << 20
    /// Largest number of samples one append may carry as a run of equal-size samples (LPCM frames).
    package static let maximumSamplesPerAppend = 1 << 24
    /// Largest sample (a single frame of 8K ProRes 4444 XQ is ~40 MB; anything past 1 GiB is a caller error).
    package static let maximumSampleSize = 1 << 30
    /// Most sample bytes a segment may gather while waiting for the sync sample that ends it: a 6 s segment of 4K
    /// ProRes 422 HQ (~90 MB/s) is about 550 MB, so 1 GiB leaves room; past it the source has no sync samples a
    /// segment can be cut at, which is refused rather than held.
    package static let maximumSegmentBytes = 1 << 30
    /// Bytes of segments waiting for the caller's handler before the writer reports not ready: a few 6 s segments
    /// of 1080p at 8 Mb/s (6 MB each), so a handler writing files keeps pace while a stalled one holds little.
    package static let undeliveredSegmentBytes = 32 << 20
    /// Largest room left for a fast-start movie box (`MovieBoxReservation`): past it (a caller's absurd count) the
    /// media data is moved at the end instead.
    package static let maximumMovieBoxReserve = 256 << 20
    /// Bytes of `free` space reserved after a fragmented movie's `moov` per track, so the edit lists and the
    /// `mehd` duration known only at the end can be written into the movie box in place.
    package static let fragmentedMovieReservePerTrack = 256
}
