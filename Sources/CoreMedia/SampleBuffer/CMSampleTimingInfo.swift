/// The timing of one sample, or of every sample when one entry describes them all: all samples then have this
/// duration, the first is presented at `presentationTimeStamp`, and each later one a duration after the one before.
public struct CMSampleTimingInfo: Sendable {
    /// The duration of the sample.
    public var duration: CMTime
    /// When the sample is presented (for a shared entry, the first sample).
    public var presentationTimeStamp: CMTime
    /// When the sample is decoded; `.invalid` when samples are decoded in presentation order.
    public var decodeTimeStamp: CMTime

    /// All three times zero, as a zero-initialised C struct.
    public init() {
        duration = CMTime()
        presentationTimeStamp = CMTime()
        decodeTimeStamp = CMTime()
    }

    /// The given times.
    public init(duration: CMTime, presentationTimeStamp: CMTime, decodeTimeStamp: CMTime) {
        self.duration = duration
        self.presentationTimeStamp = presentationTimeStamp
        self.decodeTimeStamp = decodeTimeStamp
    }

    /// All three times invalid (`kCMTimingInfoInvalid`).
    public static let invalid = CMSampleTimingInfo(duration: .invalid, presentationTimeStamp: .invalid,
                                                   decodeTimeStamp: .invalid)
}
