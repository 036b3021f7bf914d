import CoreMedia
import Foundation

/// What one planned segment of an `AVAssetWritingPlanner` track must hold: its duration (iOS 27).
// Safe because immutable (Apple: subclasses used from Swift must be Sendable).
open class AVPlannedSegmentConfiguration: NSObject, @unchecked Sendable {
    /// The segment's duration on the assembled track (with an empty edit, longer than its samples).
    public let duration: CMTime

    /// A segment of `duration`, which must be numeric and positive: anything else traps, as Apple's initializer
    /// raises `NSInvalidArgumentException`.
    public init(duration: CMTime) {
        precondition(duration.isNumeric && duration > .zero,
                     "AVPlannedSegmentConfiguration(duration:): the duration must be numeric and greater than 0")
        self.duration = duration
        super.init()
    }

    open override var description: String {
        "<\(type(of: self)): duration \(duration.messageSeconds) s>"
    }
}

/// A planned segment of a compressed video track: its frame count as well as its duration (iOS 27).
// Safe because immutable.
open class AVPlannedVideoSegmentConfiguration: AVPlannedSegmentConfiguration, @unchecked Sendable {
    /// The number of frames in the segment.
    public let frameCount: Int

    /// A segment of `frameCount` frames over `duration`; a count of 0 or less, or a duration that is not a positive
    /// number, traps (Apple raises `NSInvalidArgumentException`).
    public init(numberOfFrames frameCount: Int, duration: CMTime) {
        precondition(frameCount > 0,
                     "AVPlannedVideoSegmentConfiguration(numberOfFrames:duration:): the frame count must be over 0")
        self.frameCount = frameCount
        super.init(duration: duration)
    }

    open override var description: String {
        "<\(type(of: self)): \(frameCount) frames, duration \(duration.messageSeconds) s>"
    }
}
