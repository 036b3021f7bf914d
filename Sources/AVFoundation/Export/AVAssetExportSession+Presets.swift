import Foundation

extension AVAssetExportSession {
    /// Every preset name, in a stable order. Passthrough is not listed, as Apple documents
    /// (`AVAssetExportPresetPassthrough` is still a valid preset).
    public class func allExportPresets() -> [String] {
        ExportPreset.catalog.filter(\.isListed).map(\.name)
    }

    /// The presets that can export `asset` (Passthrough is not listed, as Apple documents). Opens the asset if it is
    /// not open yet, blocking the calling thread: load its tracks first to avoid that. An asset that cannot be
    /// opened has no compatible preset.
    public class func exportPresets(compatibleWith asset: AVAsset) -> [String] {
        guard let source = try? ExportSource(asset: asset) else { return [] }
        return ExportPreset.catalog.filter { $0.isListed && ExportCompatibility.problem(with: $0, source: source) == nil }
            .map(\.name)
    }

    /// Whether `presetName` can export `asset` to `outputFileType` (or to some file type, for nil); `handler` gets the
    /// answer on a background thread.
    public class func determineCompatibility(ofExportPreset presetName: String, with asset: AVAsset,
                                             outputFileType: AVFileType?,
                                             completionHandler handler: @escaping @Sendable (Bool) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async {
            handler(isCompatible(presetName, asset: asset, outputFileType: outputFileType))
        }
    }

    /// Whether `presetName` can export `asset` to `outputFileType` (or to some file type, for nil).
    public class func compatibility(ofExportPreset presetName: String, with asset: AVAsset,
                                    outputFileType: AVFileType?) async -> Bool {
        await withCheckedContinuation { continuation in
            determineCompatibility(ofExportPreset: presetName, with: asset, outputFileType: outputFileType) {
                continuation.resume(returning: $0)
            }
        }
    }

    /// The answer of `compatibility(ofExportPreset:with:outputFileType:)`, computed on the calling thread.
    static func isCompatible(_ presetName: String, asset: AVAsset, outputFileType: AVFileType?) -> Bool {
        guard let preset = ExportPreset.named(presetName), let source = try? ExportSource(asset: asset) else { return false }
        let types = ExportCompatibility.fileTypes(for: preset, source: source)
        return outputFileType.map(types.contains) ?? !types.isEmpty
    }

    /// The file types this session can write its asset to, after looking at the asset's tracks (may be empty);
    /// `handler` gets them on a background thread.
    public func determineCompatibleFileTypes(completionHandler handler: @escaping @Sendable ([AVFileType]) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in handler(compatibleFileTypesNow()) }
    }

    /// The file types this session can write its asset to, after looking at the asset's tracks (may be empty).
    public var compatibleFileTypes: [AVFileType] {
        get async {
            await withCheckedContinuation { continuation in
                determineCompatibleFileTypes { continuation.resume(returning: $0) }
            }
        }
    }

    /// The compatible file types, computed on the calling thread.
    func compatibleFileTypesNow() -> [AVFileType] {
        guard let source = try? ExportSource(asset: asset) else { return [] }
        return ExportCompatibility.fileTypes(for: preset, source: source)
    }
}
