import CoreMedia

/// Which of a pre-rolled video encoder's samples an export keeps (`ExportPlan.videoPreRoll`): none before the
/// range's first picture, which was forced to be a key frame, then every one.
///
/// The encoder returns samples in decode order. An IDR lets nothing after it reference what came before, and every
/// picture presented before it is decoded before it, so dropping the samples ahead of it leaves a stream that
/// decodes on its own. A sample presented before the range that comes after that key frame would break this; the
/// gate refuses it rather than write a stream that cannot be decoded.
struct PreRollGate {
    enum Verdict: Equatable {
        case keep
        case drop
        case refuse(String)
    }

    /// The range's start, or nil when there is no pre-roll (every sample is kept).
    private let rangeStart: CMTime?
    private var reachedRange = false

    init(rangeStart: CMTime?) {
        self.rangeStart = rangeStart
    }

    mutating func admit(_ sample: CMSampleBuffer) -> Verdict {
        guard let rangeStart else { return .keep }
        let time = CMSampleBufferGetPresentationTimeStamp(sample)
        if reachedRange {
            guard time < rangeStart else { return .keep }
            return .refuse("the encoder gave a picture of the pre-roll (at \(time.messageSeconds) s) after the key "
                           + "frame starting the range at \(rangeStart.messageSeconds) s")
        }
        guard time >= rangeStart else { return .drop }
        guard sample.existingSampleFlags?.first?.isNotSync != true else {
            return .refuse("the range's first picture (at \(time.messageSeconds) s) did not come out of the encoder "
                           + "as a key frame after the pre-roll")
        }
        reachedRange = true
        return .keep
    }
}
