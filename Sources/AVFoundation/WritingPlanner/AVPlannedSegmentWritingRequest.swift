import CoreMedia
import Foundation
import Synchronization

/// The planner's request to write one segment of a planned track (iOS 27): the segment's time range on the
/// assembled track, written as a movie file at `segmentFileOutputURL` whose presentation starts at 0.
///
/// In Swift the segment handler's `AVAssetWritingPlanner.SegmentResult` says how the segment ended (Apple: returning
/// `.success` "is equivalent to calling `finish()` on the segment request"); a handler that throws fails it.
// Safe because immutable but for the video request's one-input guard, behind a Mutex.
open class AVPlannedSegmentWritingRequest: NSObject, @unchecked Sendable {
    /// The segment's range on the assembled track.
    public let timeRange: CMTimeRange
    /// Where the segment's movie goes (in the planner's directory for temporary files).
    public let segmentFileOutputURL: URL
    public let assemblyTrackID: CMPersistentTrackID
    /// What the previous segment's handler saved with `.successWithState(_:)`, also across an interruption and a
    /// new planner over the same directory; nil for the first segment.
    public let clientStateToRestore: Data?
    /// How much of the track was written before this segment, from 0 to 1.
    public let progress: Float

    init(timeRange: CMTimeRange, segmentFileOutputURL: URL, assemblyTrackID: CMPersistentTrackID,
         clientStateToRestore: Data?, progress: Float) {
        self.timeRange = timeRange
        self.segmentFileOutputURL = segmentFileOutputURL
        self.assemblyTrackID = assemblyTrackID
        self.clientStateToRestore = clientStateToRestore
        self.progress = progress
        super.init()
    }

    open override var description: String {
        "<\(type(of: self)): track \(assemblyTrackID), \(timeRange.start.messageSeconds) s for "
            + "\(timeRange.duration.messageSeconds) s, \(segmentFileOutputURL.lastPathComponent)>"
    }
}

/// The planner's request to write one segment of a compressed video track (iOS 27).
// Safe because `made` sits behind a Mutex; the rest is immutable.
open class AVPlannedVideoSegmentWritingRequest: AVPlannedSegmentWritingRequest, @unchecked Sendable {
    /// The segment's frame count, as its `AVPlannedVideoSegmentConfiguration` gives it.
    public let frameCount: Int
    private let plan: AVAssetVideoTrackPlan
    /// The output settings the track's earlier segments' inputs were made with, in this planner's run.
    private let settingsOfEarlierSegments: SegmentInputSettings
    private let made = Mutex(false)

    init(timeRange: CMTimeRange, segmentFileOutputURL: URL, plan: AVAssetVideoTrackPlan, frameCount: Int,
         clientStateToRestore: Data?, progress: Float, settingsOfEarlierSegments: SegmentInputSettings) {
        self.frameCount = frameCount
        self.plan = plan
        self.settingsOfEarlierSegments = settingsOfEarlierSegments
        super.init(timeRange: timeRange, segmentFileOutputURL: segmentFileOutputURL,
                   assemblyTrackID: plan.assemblyTrackID, clientStateToRestore: clientStateToRestore,
                   progress: progress)
    }

    /// A writer input for this segment, to add to the writer that writes `segmentFileOutputURL`. Apple restores the
    /// video encoder's state at the end of the previous segment into it; the encoders here (x264, x265, ProRes,
    /// JPEG) cannot hand their state over, so each segment's input starts a fresh encoder, whose first frame is a
    /// key frame (a one-pass rate control then starts from its guess at every segment: `docs/segmented-export.md`,
    /// "Quality at the joins", measures the cost).
    ///
    /// Throws when called a second time for the request, for another media type than the plan's, for settings
    /// naming another codec than the plan's, or for settings other than the earlier segments' in this run (Apple:
    /// the same configuration must be applied to each segment of the track).
    open func makeResumableWriterInput(for mediaType: AVMediaType, outputSettings: [String: any Sendable]? = nil,
                                       sourceFormatHint: CMFormatDescription? = nil) throws -> AVAssetWriterInput {
        guard made.withLock({ made in defer { made = true }; return !made }) else {
            throw AVError(.operationNotAllowed, "makeResumableWriterInput was already called for this segment "
                          + "request; a request makes one writer input")
        }
        guard mediaType == plan.mediaType else {
            throw AVError(.operationNotAllowed, "the track plan is for \(plan.mediaType.rawValue), not "
                          + "\(mediaType.rawValue)")
        }
        var settings = outputSettings.map { $0.mapValues { $0 as Any } }
        if var given = settings {
            let codec = given[AVVideoCodecKey].map { "\($0)" }
            guard codec == nil || codec == plan.videoCodecType.rawValue else {
                throw AVError(.operationNotAllowed, "the output settings name the codec \(codec ?? ""), but the "
                              + "track plan is for \(plan.videoCodecType.rawValue)")
            }
            given[AVVideoCodecKey] = plan.videoCodecType.rawValue
            settings = given
        }
        if let settings {
            try settingsOfEarlierSegments.check(settings, track: plan.assemblyTrackID)
        }
        let input = AVAssetWriterInput(mediaType: mediaType, outputSettings: settings,
                                       sourceFormatHint: sourceFormatHint)
        input.expectsMediaDataInRealTime = false
        return input
    }
}

/// The output settings a planned video track's segment inputs were made with: every segment must use the same.
final class SegmentInputSettings: Sendable {
    /// The first segment's settings, in a canonical form (keys sorted at every level).
    private let first = Mutex<String?>(nil)

    func check(_ settings: [String: Any], track: CMPersistentTrackID) throws {
        let canonical = Self.canonical(settings)
        let same = first.withLock { first in
            if first == nil { first = canonical }
            return first == canonical
        }
        guard same else {
            throw AVError(.operationNotAllowed, "track \(track): a segment's writer input must have the same output "
                          + "settings as the track's earlier segments")
        }
    }

    private static func canonical(_ value: Any) -> String {
        if let dictionary = value as? [String: Any] {
            return "{" + dictionary.keys.sorted().map { "\($0)=\(canonical(dictionary[$0] as Any))" }
                .joined(separator: ",") + "}"
        }
        if let array = value as? [Any] { return "[" + array.map(canonical).joined(separator: ",") + "]" }
        return "\(value)"
    }
}
