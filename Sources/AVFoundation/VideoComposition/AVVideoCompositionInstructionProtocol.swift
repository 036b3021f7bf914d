import CoreMedia
import Foundation

/// What a video composition instruction tells a compositor (AVVideoCompositing.h): the time range it covers and
/// the source tracks it needs. Custom compositors take their own instruction classes conforming to it; the
/// built-in compositor takes `AVVideoCompositionInstruction`.
public protocol AVVideoCompositionInstructionProtocol: NSObjectProtocol, Sendable {
    /// The composition times the instruction covers.
    var timeRange: CMTimeRange { get }
    /// Whether the composition's post-processing (the Core Animation tool) applies to these frames.
    var enablePostProcessing: Bool { get }
    /// Whether frames differ over the time range even when the sources do not (`false` lets a compositor reuse a
    /// frame for identical sources).
    var containsTweening: Bool { get }
    /// The video tracks the instruction needs, as `NSNumber`s of `CMPersistentTrackID`; `nil` means all of them.
    var requiredSourceTrackIDs: [NSValue]? { get }
    /// A track whose frames are the output as they are for the whole range (the compositor is not asked), or
    /// `kCMPersistentTrackID_Invalid`.
    var passthroughTrackID: CMPersistentTrackID { get }
    /// The timed-metadata tracks the instruction needs.
    var requiredSourceSampleDataTrackIDs: [NSNumber] { get }
}

extension AVVideoCompositionInstructionProtocol {
    /// Apple's optional member: no sample data tracks.
    public var requiredSourceSampleDataTrackIDs: [NSNumber] { [] }
}

extension AVVideoCompositionInstructionProtocol {
    /// The required video track IDs as numbers (`nil`: all tracks).
    var requiredVideoTrackIDs: [CMPersistentTrackID]? {
        requiredSourceTrackIDs.map { values in values.compactMap(Self.trackID(of:)) }
    }

    /// The required sample data track IDs as numbers.
    var requiredSampleDataTrackIDs: [CMPersistentTrackID] {
        requiredSourceSampleDataTrackIDs.map(\.int32Value)
    }

    /// The track ID an `NSValue` of the instruction's arrays holds (Apple's arrays hold `NSNumber`s).
    static func trackID(of value: NSValue) -> CMPersistentTrackID? {
        (value as? NSNumber)?.int32Value
    }
}
