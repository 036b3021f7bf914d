/// Room left for the movie box between `ftyp` and `mdat` when a fast-start movie's size is known in advance.
///
/// A fast-start file has its movie box before the media data, but the box can only be built once every sample is
/// written. Without a reservation the writer puts the media data first and, at the end, moves all of it up by the
/// box's size: one more read and write of the whole file. A caller that knows how many samples it will write (an
/// export copying samples whose count it can read from the source) asks for a reservation instead: the writer
/// leaves a `free` box large enough for the worst-case sample tables of that many samples and, at the end, writes
/// the movie box into it, keeping what is left over as a smaller `free` box. If the box does not fit after all
/// (the caller's count was low), the media data moves up by the difference as it would have without one.
package struct MovieBoxReservation: Sendable, Equatable {
    /// Samples expected across all tracks (LPCM frames count as the sample table counts them).
    package var samples: Int
    /// Chunks expected across all tracks.
    package var chunks: Int
    /// Other bytes the caller expects in the box: edit lists and sample descriptions beyond what one track's slack
    /// holds (a composition copied segment by segment).
    package var extraBytes: Int

    package init(samples: Int, chunks: Int, extraBytes: Int = 0) {
        self.samples = max(0, samples)
        self.chunks = max(0, chunks)
        self.extraBytes = max(0, extraBytes)
    }

    /// Sample-table bytes one sample can add at most: a `stsz` size (4), a `stts` entry (8) and a `ctts` entry (8)
    /// if its delta or offset differs from its neighbour's, a `stss` number (4), a `stps` number (4), a `sdtp`
    /// byte (1).
    package static let worstCaseBytesPerSample = 4 + 8 + 8 + 4 + 4 + 1
    /// Sample-table bytes one chunk can add at most: a `stsc` entry (12) and a `co64` offset (8).
    package static let worstCaseBytesPerChunk = 12 + 8
    /// An edit list entry at most (version 1: duration, media time, rate).
    package static let worstCaseBytesPerEdit = 20
    /// A sample description added while writing, generously (a sample entry with an `avcC`/`hvcC` holding its
    /// parameter sets, colour and aspect boxes).
    package static let worstCaseBytesPerDescription = 1024
    /// Per track, what the finished movie box can hold beyond the tables built before the first sample: edit list
    /// entries, the AAC roll group, a late sample description's share.
    static let slackPerTrack = 512
    /// Movie-wide slack (`free` box header, rounding).
    static let slack = 1024

    /// The bytes to reserve, given the size of the movie box built before any sample (`emptyMovieBoxSize`).
    func bytes(emptyMovieBoxSize: Int, trackCount: Int) -> Int {
        emptyMovieBoxSize + Self.slack + trackCount * Self.slackPerTrack + extraBytes
            + samples.multipliedReportingOverflow(by: Self.worstCaseBytesPerSample).partialValue
            + chunks.multipliedReportingOverflow(by: Self.worstCaseBytesPerChunk).partialValue
    }
}
