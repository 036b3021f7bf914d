import CoreMedia
import ISOBMFF
import MediaContainer

/// One track's samples in a fragment, and the decode time of the sample after them (which ends the last one).
typealias FragmentPart = (track: WriterTrack, samples: [FragmentWriterState.Sample], next: Int64?)

/// What a fragmented movie needs between calls: where its movie box is (so that the end can rewrite it in place),
/// the next fragment's sequence number and time boundary, and the random access entries for `mfra`.
final class FragmentWriterState {
    /// A sample waiting for its fragment.
    struct Sample {
        var payload: OutputSample.Payload
        var decodeTime: Int64
        var sampleCount: UInt32
        var sampleSize: UInt32
        /// Duration of each sample of a run, and of the last when no later sample says otherwise.
        var duration: UInt32
        var compositionOffset: Int32
        var flags: SampleFlags
        var descriptionIndex: Int
    }

    /// The fragment interval.
    let interval: CMTime
    /// The first fragment's interval.
    let initialInterval: CMTime
    /// Sequence number of the next fragment (`mfhd`).
    var sequenceNumber: UInt32
    /// True once `ftyp` and `moov` are on disk.
    var movieBoxWritten = false
    /// Offset and size of the movie box plus the `free` space reserved after it.
    var movieBoxOffset: UInt64 = 0
    var movieBoxReservedSize = 0
    /// Samples per track (by track index) not yet in a fragment.
    var samples: [[Sample]] = []
    /// The end of the fragment being gathered, in seconds as a time; `nil` before the first sample.
    var boundary: CMTime?
    /// Random access entries per track index.
    var randomAccess: [[TrackFragmentRandomAccessBox.Entry]] = []
    /// The segmented layout's state when the fragments are handed out as segments instead of written to a file.
    let segments: SegmentWriterState?

    init(options: MovieWriterOptions, segmentation: MovieSegmentation? = nil) {
        interval = options.movieFragmentInterval ?? CMTime(value: 1, timescale: 1)
        initialInterval = options.initialMovieFragmentInterval ?? interval
        sequenceNumber = options.initialFragmentSequenceNumber
        segments = segmentation.map(SegmentWriterState.init(segmentation:))
    }
}
