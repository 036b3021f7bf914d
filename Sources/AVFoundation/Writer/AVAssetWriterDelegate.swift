import Foundation

/// Receives the segments of an asset writer made with `init(contentType:)` (AVAssetWriter.h). Both methods are
/// optional, as in Apple's protocol: implement the one with the report, or the one without.
///
/// Segments arrive in order, one at a time, on a thread of the writer's (not the one appending); once the writer
/// is cancelled or fails no further segment arrives, and `finishWriting`'s handler runs after the last one.
public protocol AVAssetWriterDelegate: NSObjectProtocol, Sendable {
    /// Called with each segment and what is known about it (`nil` for the initialization segment).
    func assetWriter(_ writer: AVAssetWriter, didOutputSegmentData segmentData: Data,
                     segmentType: AVAssetSegmentType, segmentReport: AVAssetSegmentReport?)
    /// Called with each segment when the method with the report is not implemented.
    func assetWriter(_ writer: AVAssetWriter, didOutputSegmentData segmentData: Data,
                     segmentType: AVAssetSegmentType)
}

extension AVAssetWriterDelegate {
    /// Without an implementation of its own, the report goes unused and the method without it is called.
    public func assetWriter(_ writer: AVAssetWriter, didOutputSegmentData segmentData: Data,
                            segmentType: AVAssetSegmentType, segmentReport: AVAssetSegmentReport?) {
        assetWriter(writer, didOutputSegmentData: segmentData, segmentType: segmentType)
    }

    public func assetWriter(_ writer: AVAssetWriter, didOutputSegmentData segmentData: Data,
                            segmentType: AVAssetSegmentType) {}
}
