import CoreMedia
import Foundation
import MediaCodecs

/// A track an `AVAssetWritingPlanner` writes incrementally: its media type, its segments in presentation order and
/// the ID it gets in the planner's assembly composition (iOS 27).
// Safe because immutable.
open class AVAssetTrackPlan: NSObject, @unchecked Sendable {
    public let mediaType: AVMediaType
    public let segmentConfigurations: [AVPlannedSegmentConfiguration]
    /// The track's ID in the assembly composition `executePlan()` returns.
    public let assemblyTrackID: CMPersistentTrackID

    /// A plan of `segmentConfigurations` for a track of `mediaType`. `kCMPersistentTrackID_Invalid` traps, as Apple's
    /// initializer raises `NSInvalidArgumentException`; so does a plan without segments.
    public init(mediaType: AVMediaType, segmentConfigurations: [AVPlannedSegmentConfiguration],
                assemblyTrackID trackID: CMPersistentTrackID) {
        precondition(trackID != kCMPersistentTrackID_Invalid,
                     "AVAssetTrackPlan: the assembly track ID must not be kCMPersistentTrackID_Invalid")
        precondition(!segmentConfigurations.isEmpty, "AVAssetTrackPlan: a track plan needs at least one segment")
        self.mediaType = mediaType
        self.segmentConfigurations = segmentConfigurations
        self.assemblyTrackID = trackID
        super.init()
    }

    /// The segments' start times on the assembled track, one after another from 0.
    var segmentRanges: [CMTimeRange] {
        var start = CMTime.zero
        return segmentConfigurations.map { configuration in
            defer { start = start + configuration.duration }
            return CMTimeRange(start: start, duration: configuration.duration)
        }
    }

    /// What identifies this plan among the pieces of a directory: its media type, codec and segments. A piece
    /// written for another plan is written again.
    var fingerprint: String {
        var parts = ["\(mediaType.rawValue)", "\(assemblyTrackID)"]
        if let video = self as? AVAssetVideoTrackPlan { parts.append(video.videoCodecType.rawValue) }
        for configuration in segmentConfigurations {
            let frames = (configuration as? AVPlannedVideoSegmentConfiguration).map { "/\($0.frameCount)" } ?? ""
            parts.append("\(configuration.duration.value)/\(configuration.duration.timescale)\(frames)")
        }
        return ContentChecksum.hex(ContentChecksum.of(Data(parts.joined(separator: " ").utf8)))
    }
}

/// A compressed video track an `AVAssetWritingPlanner` writes incrementally: the segments' writers take their
/// inputs from `AVPlannedVideoSegmentWritingRequest.makeResumableWriterInput(for:outputSettings:sourceFormatHint:)`.
// Safe because immutable.
open class AVAssetVideoTrackPlan: AVAssetTrackPlan, @unchecked Sendable {
    public let videoCodecType: AVVideoCodecType
    /// The encoder specification given (this library has one encoder per codec, so it chooses nothing here).
    let encoderSpecification: [String: any Sendable]?

    /// A plan for video of `videoCodecType` in `segmentConfigurations`. As Apple's initializer raises
    /// `NSInvalidArgumentException`, this traps for a media type other than video or auxiliary picture and for a
    /// codec no encoder here can write in segments (this library encodes H.264, HEVC, ProRes and JPEG).
    public convenience init(videoCodecType: AVVideoCodecType, encoderSpecification: [String: any Sendable]? = nil,
                            mediaType: AVMediaType, segmentConfigurations: [AVPlannedVideoSegmentConfiguration],
                            assemblyTrackID: CMPersistentTrackID) {
        precondition(mediaType == .video || mediaType == .auxiliaryPicture,
                     "AVAssetVideoTrackPlan: the media type must be video or auxiliary picture, not "
                        + mediaType.rawValue)
        precondition(VideoEncoderSettings.encoder(for: videoCodecType) != nil,
                     "AVAssetVideoTrackPlan: no encoder here writes \(videoCodecType.rawValue) in segments")
        self.init(videoCodecType: videoCodecType, encoderSpecification: encoderSpecification, mediaType: mediaType,
                  configurations: segmentConfigurations, assemblyTrackID: assemblyTrackID)
    }

    init(videoCodecType: AVVideoCodecType, encoderSpecification: [String: any Sendable]?, mediaType: AVMediaType,
         configurations: [AVPlannedVideoSegmentConfiguration], assemblyTrackID: CMPersistentTrackID) {
        self.videoCodecType = videoCodecType
        self.encoderSpecification = encoderSpecification
        super.init(mediaType: mediaType, segmentConfigurations: configurations, assemblyTrackID: assemblyTrackID)
    }
}
