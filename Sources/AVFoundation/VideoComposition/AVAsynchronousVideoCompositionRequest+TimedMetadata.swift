import CoreMedia
import Foundation

extension AVAsynchronousVideoCompositionRequest {
    /// The timed metadata of `trackID` at the composition time (a track the composition's
    /// `sourceSampleDataTrackIDs` and the instruction's `requiredSourceSampleDataTrackIDs` name), decoded from its
    /// boxed sample; `nil` when the track has no sample here or it is not boxed timed metadata.
    public func sourceTimedMetadata(byTrackID trackID: CMPersistentTrackID) -> AVTimedMetadataGroup? {
        sampleData[trackID].flatMap(AVTimedMetadataGroup.init(sampleBuffer:))
    }
}
