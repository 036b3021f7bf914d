import CoreMedia
import MediaContainer

/// What the segmented layout keeps between calls, beside the fragment state it shares with fragmented files.
final class SegmentWriterState {
    /// Where a pending segment ends.
    enum Cut {
        /// Before the cutting track's sample that decodes at `decodeTime` (a sync sample presented at `time`); other
        /// tracks' samples before `time` go in too.
        case before(decodeTime: Int64, time: CMTime)
        /// After everything queued when `flushSegment()` was called.
        case flush(queued: [Int])
    }

    let segmentation: MovieSegmentation
    let delivery: SegmentDelivery
    /// Where the segments are written, the fragments through the same path as a file's; cut into `Data` for
    /// `delivery`.
    let output = OutputSegmentCollector()
    /// Cuts found but not yet written (a cut waits until every track has reached it).
    var cuts: [Cut] = []
    /// The next interval boundary (`.every` only); set by the cutting track's first sample.
    var nextBoundary: CMTime?
    /// True until the cutting track's first sample, and again after a flush: its next sample must be a sync sample.
    var awaitingSync = true
    /// True once the initialization segment was handed out.
    var initializationWritten = false

    init(segmentation: MovieSegmentation) {
        self.segmentation = segmentation
        delivery = SegmentDelivery(handler: segmentation.handler, delivered: segmentation.delivered)
    }
}
