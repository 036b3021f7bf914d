/// Every limit the MOV/MP4 demuxer enforces beyond those of `ISOBMFF.Limits`, in one place, each with its reason.
///
/// The box parser already refuses any table whose declared count the box's bytes cannot hold, so per-sample arrays
/// read from `stsz`, `stco`, `stss`, `trun`… are bounded by the file. What it cannot bound are counts that cost no
/// bytes: a constant `stsz` size with a sample count of 4 billion, a `trun` whose samples all take the defaults, an
/// `stts` run of 4 billion samples. The limits below turn those into errors before anything is allocated.
///
/// Memory per entry of a large table, which the tests hold the tools to (`LargeTableMemoryTests`, measured with
/// GNU time around avinfo less its own peak on a tiny file). Every table is read whole, so memory follows the
/// tables' bytes, never a count they declare:
/// - an edit list entry (12 bytes in `elst`): the track's edit (24 bytes) and the timeline's packed segment (24
///   bytes: `TimelineSegments` makes each `TimelineSegment` as it is read): under 5× in avinfo and avinfo --json
///   (3 million edits in 36 MB: 136 MB; 343 MB while the timeline kept a 96-byte segment per edit, 908 MB before
///   the hardening). `AVAssetTrack.segments`, when asked for, adds an object per edit;
///   `segment(forTrackTime:)` does not;
/// - a chunk offset (4 bytes in `stco`): the box's value and one offset run of the sample table, 16 bytes per
///   chunk, the runs reserved at once: under 6× (10 million chunks in 40 MB: 190 MB; 235 MB while the run arrays
///   grew by doubling);
/// - a sample description (36 bytes for PCM) is kept as its bytes in the `stsd` box (`StoredSampleEntries`: the
///   entries' bytes and a 4-byte start each; every entry is parsed once as the file opens, so a malformed one is
///   refused as before, and again when its description is first asked for) plus a coding name and, once any
///   description of the track is made, a slot in its `FormatDescriptionList`, about 50 bytes; a format description
///   (about 480 bytes: the description, its extensions dictionary and audio details) is made only when asked for.
///   `isPlayable` makes each for its question and keeps none, the protected-content check reads the coding names,
///   avinfo asks for the first alone and does not keep it (`AVAssetTrack.firstFormatDescription`): under 5×
///   (100,000 descriptions in 3.6 MB: 3 MB, was 82 MB when every entry was kept parsed and every description made
///   as the track opened). Apple's `formatDescriptions`, when a caller asks for it, still makes and keeps every
///   one;
/// - a track (385 bytes for a small one) keeps none of its parsed boxes: each `trak` is reduced to the boxes its
///   track is made from as the movie box is parsed (`TrackBoxes`, objects, so that their list grows by pointers),
///   and a table of at most `SampleTableBuilder.smallSampleCount` samples is built at once, its boxes let go
///   (built, a one-sample table takes about 500 bytes; its parsed boxes took 1,300 until first use). Larger tables
///   keep their boxes until first use. What remains is per-track objects, about 1.7 KB of heap in avinfo: the
///   `AVAssetTrack`, its backing (which reads the reader's `ContainerTrack`, not a copy) and its loading state (a
///   bit per loaded key; only values that make objects or cost work are kept, `LoadableKeyTable`), the container
///   track, its sample table, the stored sample entries and the maker of their descriptions (a description is made
///   only when asked for, and avinfo's summary and the encoder-delay check keep none), the timeline and avinfo's
///   own line: under 6× (20,000 tracks in 7.7 MB: 38 MB; 172 MB when the reader kept every `trak` tree and the
///   loading layer a dictionary of values per track, 99 MB with the dictionary alone);
/// - a fragment (80 bytes for a `moof` of one run and its `mdat` header) is indexed as the scan reads it and its
///   parsed boxes are dropped; its plan in `FragmentIndex` (no box paths: they are derived for messages) is about
///   280 bytes, under 5× (300,000 fragments in 24 MB: 80 MB, was 478 MB when the scan kept every `moof`).
package enum MovieFileLimits {
    /// Most samples one track may have. `SampleTable` keeps presentation order as `Int32` indices, and a track of
    /// 2³¹ samples is 12 hours of 48 kHz PCM frames or 2 years of 30 fps video: anything larger is corrupt.
    package static let maximumSampleCount = Int(Int32.max)

    /// Samples a track may have when its table needs an array entry per sample (varying sizes or offsets,
    /// composition offsets, non-sync samples) beyond what the file's size justifies: every such sample takes at
    /// least one byte of media data and four of table, so a file of N bytes holds at most N of them; the allowance
    /// admits zero-size samples and small files. At about 17 bytes per sample in `SampleTable` this bounds a track's
    /// table to 17 × max(file size, 2²⁰) bytes.
    package static let perSampleAllowance = 1 << 20

    /// Most fragments (`moof`) whose track fragments are indexed. `ISOBMFF.Limits.maximumTopLevelBoxCount` bounds
    /// them already (two boxes per fragment); this bounds the index built from them to tens of MB.
    package static let maximumFragmentCount = 2_500_000

    /// Most channels an audio sample entry may declare (a QuickTime v2 entry holds any UInt32): the audio-file
    /// readers' bound, past any channel layout; 2³¹ channels overflowed the bytes-per-frame products.
    package static let maximumAudioChannels = 1_024
}
