import CoreMedia
import Foundation

extension AVAssetExportSession {
    /// Apple's quick estimate of the output's size in bytes: from the preset alone (its nominal size and rates), over
    /// `timeRange`'s duration. 0 for Passthrough and the ProRes presets, and while `timeRange` has no numeric
    /// duration, as Apple documents. `estimateOutputFileLength(completionHandler:)` looks at the asset.
    public var estimatedOutputFileLength: Int64 {
        let range = timeRange
        guard range.isValid, range.duration.isNumeric else { return 0 }
        return ExportEstimate.nominalFileLength(preset, seconds: range.duration.seconds)
    }

    /// The longest export that fits `fileLengthLimit`, given the asset, preset and `timeRange`; the duration the time
    /// range selects when there is no limit. Opens the asset if needed (blocking); invalid when it cannot be opened.
    public var maxDuration: CMTime {
        (try? estimatedMaximumDurationNow()) ?? .invalid
    }

    /// Estimates the output's size from the asset, preset and time range (the whole asset when the range is
    /// unbounded); `handler` gets it, or 0 and an error, on a background thread.
    public func estimateOutputFileLength(completionHandler handler: @escaping @Sendable (Int64, (any Error)?) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            do {
                handler(try estimatedOutputFileLengthNow(), nil)
            } catch {
                handler(0, error)
            }
        }
    }

    /// The output's estimated size in bytes, from the asset, preset and time range.
    public var estimatedOutputFileLengthInBytes: Int64 {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                estimateOutputFileLength { length, error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: length) }
                }
            }
        }
    }

    /// Estimates the longest export that fits `fileLengthLimit` (the asset's duration when there is no limit);
    /// `handler` gets it, or `.invalid` and an error, on a background thread.
    public func estimateMaximumDuration(completionHandler handler: @escaping @Sendable (CMTime, (any Error)?) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            do {
                handler(try estimatedMaximumDurationNow(), nil)
            } catch {
                handler(.invalid, error)
            }
        }
    }

    /// The longest export that fits `fileLengthLimit` (the duration `timeRange` selects when there is no limit).
    public var estimatedMaximumDuration: CMTime {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                estimateMaximumDuration { duration, error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: duration) }
                }
            }
        }
    }

    /// The source, and the reason the preset cannot export it as an error.
    private func estimationSource() throws -> ExportSource {
        let source: ExportSource
        do {
            source = try ExportSource(asset: asset)
        } catch {
            throw ExportFailure.avError(error)
        }
        if let problem = ExportCompatibility.problem(with: preset, source: source) {
            throw AVError(.operationNotSupportedForPreset, "\(presetName) cannot export this asset: \(problem)")
        }
        return source
    }

    func estimatedOutputFileLengthNow() throws -> Int64 {
        let source = try estimationSource()
        let exported = exportedDuration(of: source)
        guard exported > .zero else { return 0 }
        return ExportEstimate.fileLength(preset, source: source, seconds: exported.seconds)
    }

    /// Apple: "considering the asset, preset, and time range": no longer than the part of the asset `timeRange`
    /// selects, and no longer than `fileLengthLimit` allows.
    func estimatedMaximumDurationNow() throws -> CMTime {
        let source = try estimationSource()
        let limit = fileLengthLimit
        return ExportEstimate.maximumDuration(preset, source: source, limit: limit > 0 ? limit : nil,
                                              available: exportedDuration(of: source))
    }

    /// How much of the asset `timeRange` selects (zero when it selects none of it).
    private func exportedDuration(of source: ExportSource) -> CMTime {
        let whole = CMTimeRange(start: .zero, duration: source.duration)
        let exported = CMTimeRangeGetIntersection(timeRange, otherRange: whole)
        guard exported.isValid, exported.duration.isNumeric, exported.duration > .zero else { return .zero }
        return exported.duration
    }
}
