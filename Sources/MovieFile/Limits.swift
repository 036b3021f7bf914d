/// Every limit the MOV/MP4 demuxer enforces beyond those of `ISOBMFF.Limits`, in one place, each with its reason.
///
/// The box parser already refuses any table whose declared count the box's bytes cannot hold, so per-sample arrays
/// read from `stsz`, `stco`, `stss`, `trun`… are bounded by the file. What it cannot bound are counts that cost no
/// bytes: a constant `stsz` size with a sample count of 4 billion, a `trun` whose samples all take the defaults, an
/// `stts` run of 4 billion samples. The limits below turn those into errors before anything is allocated.
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

    /// Longest edit list honoured per track. Real edit lists have a handful of entries (an empty edit and a media
    /// edit); QuickTime editing can produce hundreds. The `elst` parser already ties the count to the box size.
    package static let maximumEditCount = 1 << 20
}
