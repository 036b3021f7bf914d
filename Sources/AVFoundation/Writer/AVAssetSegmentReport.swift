import CoreMedia
import Foundation

/// The type of a segment an asset writer hands its delegate (AVAssetSegmentReport.h).
public enum AVAssetSegmentType: Int, Sendable {
    /// An initialization segment: `ftyp` and a `moov` whose sample tables hold only the sample descriptions.
    case initialization = 1
    /// A separable (media) segment: one `moof` followed by one `mdat`.
    case separable = 2
}

/// What is known about a segment an asset writer handed its delegate. Immutable, so safe to share.
// Safe because immutable.
open class AVAssetSegmentReport: NSObject, @unchecked Sendable {
    /// The segment's type.
    public let segmentType: AVAssetSegmentType
    /// One report per track with samples in the segment.
    public let trackReports: [AVAssetSegmentTrackReport]

    init(segmentType: AVAssetSegmentType, trackReports: [AVAssetSegmentTrackReport]) {
        self.segmentType = segmentType
        self.trackReports = trackReports
        super.init()
    }
}

/// One track's part of a segment. Immutable, so safe to share.
// Safe because immutable.
open class AVAssetSegmentTrackReport: NSObject, @unchecked Sendable {
    /// The track's persistent ID.
    public let trackID: CMPersistentTrackID
    /// The track's media type.
    public let mediaType: AVMediaType
    /// The earliest presentation time of the track's samples in the segment.
    public let earliestPresentationTimeStamp: CMTime
    /// From the first sample's decode time to the end of the last sample.
    public let duration: CMTime
    /// The first sample of a video track; `nil` for other tracks.
    public let firstVideoSampleInformation: AVAssetSegmentReportSampleInformation?

    init(trackID: CMPersistentTrackID, mediaType: AVMediaType, earliestPresentationTimeStamp: CMTime,
         duration: CMTime, firstVideoSampleInformation: AVAssetSegmentReportSampleInformation?) {
        self.trackID = trackID
        self.mediaType = mediaType
        self.earliestPresentationTimeStamp = earliestPresentationTimeStamp
        self.duration = duration
        self.firstVideoSampleInformation = firstVideoSampleInformation
        super.init()
    }
}

/// Where one sample is in a segment's data. Immutable, so safe to share.
// Safe because immutable.
open class AVAssetSegmentReportSampleInformation: NSObject, @unchecked Sendable {
    /// The sample's presentation time (which may differ from the track's earliest with frame reordering).
    public let presentationTimeStamp: CMTime
    /// The offset of the sample's bytes in the segment data.
    public let offset: Int
    /// The number of the sample's bytes.
    public let length: Int
    /// Whether the sample is a sync sample.
    public let isSyncSample: Bool

    init(presentationTimeStamp: CMTime, offset: Int, length: Int, isSyncSample: Bool) {
        self.presentationTimeStamp = presentationTimeStamp
        self.offset = offset
        self.length = length
        self.isSyncSample = isSyncSample
        super.init()
    }
}
