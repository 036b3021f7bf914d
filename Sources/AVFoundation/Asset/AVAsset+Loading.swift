import CoreMedia
import Foundation

extension AVAsset {
    /// Loads the metadata items of `format`.
    public func loadMetadata(for format: AVMetadataFormat) async throws -> [AVMetadataItem] {
        try await load(.metadata).filter { $0.metadataFormat == format }
    }

    /// Loads the metadata items of `format` and passes them, or the load's error, to `completionHandler`.
    public func loadMetadata(for format: AVMetadataFormat,
                             completionHandler: @escaping @Sendable ([AVMetadataItem]?, (any Error)?) -> Void) {
        loadValuesAsynchronously(forKeys: ["metadata"]) { [self] in
            switch loadedResult(forKey: "metadata") {
            case .success(let items as [AVMetadataItem]):
                completionHandler(items.filter { $0.metadataFormat == format }, nil)
            case .failure(let error): completionHandler(nil, error)
            default: completionHandler(nil, CancellationError())
            }
        }
    }
}
