// The compat sample's ExportMovie.swift, copied verbatim below the marker (only the function's name is prefixed,
// as the writer's tests do with writeMovie), so that the exact calls it makes run in this test target, in Swift 6
// mode here; the lead's compat harness builds the original, unchanged, in Swift 5 mode.
import Foundation
import AVFoundation
import CoreMedia
import CoreVideo

/// The compat sample's failure type.
private struct CompatFailure: Error, CustomStringConvertible {
    let description: String
}

/// The compat sample's check.
private func expect(_ condition: @autoclosure () -> Bool, _ what: String) throws {
    if !condition() { throw CompatFailure(description: "check failed: " + what) }
}

// ---- ExportMovie.swift, verbatim ----
/// Trims one second out of the movie with a size preset, then remuxes it with the passthrough preset.
func compatExportMovie(from url: URL, into directory: URL) async throws {
    let asset = AVURLAsset(url: url)
    let presets = AVAssetExportSession.exportPresets(compatibleWith: asset)
    try expect(presets.contains(AVAssetExportPreset640x480), "640x480 preset is compatible")

    guard let session = AVAssetExportSession(asset: asset, presetName: AVAssetExportPreset640x480) else {
        throw CompatFailure(description: "no export session for the 640x480 preset")
    }
    let trimmedURL = directory.appendingPathComponent("trimmed.mp4")
    session.outputURL = trimmedURL
    session.outputFileType = .mp4
    session.timeRange = CMTimeRange(start: CMTime(value: 1, timescale: 2), duration: CMTime(value: 1, timescale: 1))
    session.shouldOptimizeForNetworkUse = true
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        session.exportAsynchronously { continuation.resume() }
    }
    try expect(session.status == .completed, "export completed: \(String(describing: session.error))")
    try expect(session.progress == 1, "progress reaches 1")
    let trimmed = AVURLAsset(url: trimmedURL)
    let trimmedDuration = try await trimmed.load(.duration)
    try expect(abs(CMTimeGetSeconds(trimmedDuration) - 1) < 0.05, "trimmed to one second")

    guard let passthrough = AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetPassthrough) else {
        throw CompatFailure(description: "no passthrough session")
    }
    let remuxedURL = directory.appendingPathComponent("remuxed.mov")
    let watcher = Task {
        var sawProgress = false
        for await state in passthrough.states(updateInterval: 0.01) {
            if case .exporting = state { sawProgress = true }
        }
        return sawProgress
    }
    try await passthrough.export(to: remuxedURL, as: .mov)
    watcher.cancel()
    let remuxedTracks = try await AVURLAsset(url: remuxedURL).load(.tracks)
    try expect(remuxedTracks.count == 2, "passthrough keeps both tracks")
}
