import CoreMedia
import Foundation

/// What a pass of a multi-pass input needs: the source time ranges to append (AVAssetWriterInput.h).
// Safe because immutable.
open class AVAssetWriterInputPassDescription: NSObject, @unchecked Sendable {
    /// The source time ranges to append during the pass, as `NSValue`s of `CMTimeRange` (`timeRangeValue`).
    public let sourceTimeRanges: [NSValue]

    init(sourceTimeRanges: [NSValue]) {
        self.sourceTimeRanges = sourceTimeRanges
        super.init()
    }

    public override var description: String {
        "<AVAssetWriterInputPassDescription sourceTimeRanges: \(sourceTimeRanges.map { $0.timeRangeValue })>"
    }
}
