import CoreMedia
import Foundation

/// Everything an export needs, frozen when it starts (AVAssetExportSession's settings cannot change afterwards).
// Safe because a value frozen when the export starts; the objects it refers to are thread-safe.
struct ExportRequest: @unchecked Sendable {
    let asset: AVAsset
    let preset: ExportPreset
    let outputURL: URL
    let fileType: AVFileType
    /// The requested range, as set (cut to the asset when the export starts).
    let timeRange: CMTimeRange
    /// Bytes the output may not exceed.
    let fileLengthLimit: Int64?
    /// Metadata replacing the asset's, if set.
    let metadata: [AVMetadataItem]?
    let metadataItemFilter: AVMetadataItemFilter?
    let shouldOptimizeForNetworkUse: Bool
    /// nil for passthrough (Apple ignores it there).
    let audioMix: AVAudioMix?
    /// nil for passthrough (Apple ignores it there).
    let videoComposition: AVVideoComposition?
    let customVideoCompositor: (any AVVideoCompositing)?
    let audioTimePitchAlgorithm: AVAudioTimePitchAlgorithm
    let multiPass: Bool
    let temporaryDirectory: URL?
}

extension ExportRequest {
    /// The request for one piece of a segmented export: the same asset, preset and settings, written to `url` as a
    /// QuickTime movie with nothing the stitched output alone carries (metadata, fast start, a length limit).
    func piece(at url: URL) -> ExportRequest {
        ExportRequest(asset: asset, preset: preset, outputURL: url, fileType: .mov, timeRange: timeRange,
                      fileLengthLimit: nil, metadata: [], metadataItemFilter: nil,
                      shouldOptimizeForNetworkUse: false, audioMix: audioMix, videoComposition: videoComposition,
                      customVideoCompositor: customVideoCompositor, audioTimePitchAlgorithm: audioTimePitchAlgorithm,
                      multiPass: multiPass, temporaryDirectory: temporaryDirectory)
    }
}
