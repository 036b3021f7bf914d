// Composition code written the way iOS and macOS developers write it (merging and trimming clips, slow motion,
// keeping a portrait clip's rotation; video compositing in Compositing.swift; thumbnails saved with ImageIO in
// StillImages.swift; an animated GIF made from a clip's frames and read back in AnimatedGIF.swift; objc_sync,
// os_unfair_lock and os logging in PlatformIdioms.swift; key-value observing in
// KeyValueObserving.swift; submodule imports and AVMakeRect in SubmoduleImports.swift; VideoToolbox settings in
// CompressionSettings.swift; CF functions, `as String` keys and the frame-dropping idiom in
// CoreFoundationIdioms.swift; MobileCoreServices's UTType functions in LegacyTypeIdentifiers.swift; the helpers real
// code declares on Apple's types, which compile only while we declare nothing Apple lacks, in OwnHelpers.swift, and
// the conformances it declares on them (descriptions, Codable, Equatable) in OwnConformances.swift;
// AVFAudio's formats and buffers in AudioBuffers.swift, its files in AudioFiles.swift; iOS 26's ready sample
// buffers and mutable/read-only pixel buffers in ReadySampleBuffers.swift, its providers and receivers in
// ProvidersAndReceivers.swift; what the umbrella imports bring, with `import AVFoundation`, `import QuartzCore` or
// `import MobileCoreServices` alone, in UmbrellaImports.swift, QuartzCoreImports.swift and
// MobileCoreServicesImports.swift; an actor on a DispatchSerialQueue and `as CFString` on typed constants in
// DispatchAndBridging.swift; AudioToolbox's ExtAudioFile converting an upload to 16 kHz mono WAV in
// ExtAudioFileConversion.swift, its AudioFile and AudioConverter decoding AAC packets to 16-bit PCM in
// AudioConverterDecoding.swift),
// built in Swift 5 language mode as a separate package, the way a user's package builds against this one
// (scripts/compat.sh). It must compile unchanged against Apple's AVFoundation too.
//
// Usage: AppleStyle CLIP_A CLIP_B OUTPUT_DIRECTORY. Prints "apple-style compositions: all checks passed".
import AVFoundation
import Foundation

func fail(_ message: String) -> Never {
    print("apple-style compositions: FAILED: \(message)")
    exit(1)
}

/// An app's own exporter class, as apps subclass Apple's.
final class MergeExporter: AVAssetExportSession {}

/// An app's composition subclass.
final class TimelineComposition: AVMutableComposition {
    var title = "Merged"
}

/// The classic merge: a video and an audio track, each clip appended, rotation kept.
func merge(_ urls: [URL]) throws -> AVMutableComposition {
    let composition = TimelineComposition()
    guard let videoTrack = composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid),
          let audioTrack = composition.addMutableTrack(withMediaType: .audio, preferredTrackID: kCMPersistentTrackID_Invalid)
    else { fail("no composition tracks") }
    var insertAt = CMTime.zero
    for url in urls {
        let asset = AVURLAsset(url: url, options: [AVURLAssetPreferPreciseDurationAndTimingKey: true])
        let range = CMTimeRangeMake(start: .zero, duration: asset.duration)
        if let assetVideo = asset.tracks(withMediaType: .video).first {
            try videoTrack.insertTimeRange(range, of: assetVideo, at: insertAt)
            videoTrack.preferredTransform = assetVideo.preferredTransform
        }
        if let assetAudio = asset.tracks(withMediaType: .audio).first {
            try audioTrack.insertTimeRange(range, of: assetAudio, at: insertAt)
        }
        insertAt = CMTimeAdd(insertAt, asset.duration)
    }
    return composition
}

func check(_ condition: Bool, _ message: String) {
    if !condition { fail(message) }
}

let arguments = CommandLine.arguments
guard arguments.count == 4 else { fail("usage: AppleStyle CLIP_A CLIP_B OUTPUT_DIRECTORY") }
let clips = [URL(fileURLWithPath: arguments[1]), URL(fileURLWithPath: arguments[2])]
let outputDirectory = URL(fileURLWithPath: arguments[3])

do {
    let composition = try merge(clips)
    let total = clips.reduce(CMTime.zero) { CMTimeAdd($0, AVURLAsset(url: $1).duration) }
    check(CMTimeCompare(composition.duration, total) == 0, "duration \(composition.duration.seconds), expected \(total.seconds)")
    // Typed as on Apple platforms: mutable tracks, composition segments, no casts.
    let videoTracks: [AVMutableCompositionTrack] = composition.tracks(withMediaType: .video)
    let segments: [AVCompositionTrackSegment] = videoTracks[0].segments
    check(segments.count == 2 && segments[0].sourceURL == clips[0], "two video segments from the clips")
    check(composition.tracks.first?.segment(forTrackTime: .zero)?.sourceTrackID == 1, "segment(forTrackTime:)")

    // Trim: keep the middle of the merged timeline; slow the first second down to two.
    let trimmed = composition.mutableCopy() as! AVMutableComposition
    trimmed.removeTimeRange(CMTimeRangeMake(start: .zero, duration: CMTimeMake(value: 1, timescale: 4)))
    trimmed.scaleTimeRange(CMTimeRangeMake(start: .zero, duration: CMTimeMake(value: 1, timescale: 1)),
                           toDuration: CMTimeMake(value: 2, timescale: 1))
    check(CMTimeCompare(trimmed.duration, CMTimeAdd(total, CMTimeMake(value: 3, timescale: 4))) == 0,
          "trimmed and slowed duration \(trimmed.duration.seconds)")
    let frozen = trimmed.copy() as! AVComposition
    check(frozen.tracks.count == 2, "the immutable copy's tracks")

    // Export the merge with the completion-handler API through the app's exporter subclass.
    let mergedURL = outputDirectory.appendingPathComponent("merged.mp4")
    guard let exporter = MergeExporter(asset: composition, presetName: AVAssetExportPresetPassthrough) else {
        fail("no exporter")
    }
    exporter.outputURL = mergedURL
    exporter.outputFileType = .mp4
    let done = DispatchSemaphore(value: 0)
    exporter.exportAsynchronously { done.signal() }
    done.wait()
    check(exporter.status == .completed, "passthrough export: \(String(describing: exporter.error))")
    let merged = AVURLAsset(url: mergedURL)
    check(abs(merged.duration.seconds - total.seconds) < 0.05, "merged file lasts \(merged.duration.seconds) s")

    // The slowed composition through the async API, its audio stretched.
    let slowedURL = outputDirectory.appendingPathComponent("slowed.m4a")
    let semaphore = DispatchSemaphore(value: 0)
    let slowedExport = AVAssetExportSession(asset: trimmed, presetName: AVAssetExportPresetAppleM4A)!
    slowedExport.audioTimePitchAlgorithm = .timeDomain
    slowedExport.outputURL = slowedURL
    slowedExport.outputFileType = .m4a
    slowedExport.exportAsynchronously { semaphore.signal() }
    semaphore.wait()
    check(slowedExport.status == .completed, "AppleM4A export: \(String(describing: slowedExport.error))")

    try checkCompositing(clips, outputDirectory: outputDirectory)
    checkStillImages(outputDirectory: outputDirectory)
    try checkAnimatedGIF(clips[0], outputDirectory: outputDirectory)
    try checkPlatformIdioms(clips[0])
    try checkSubmoduleImports(clips[0])
    try checkCompressionSettings(clips[0], outputDirectory: outputDirectory)
    checkLegacyTypeIdentifiers(clips[0])
    checkKeyValueObserving(clips[0], outputDirectory: outputDirectory)
    try checkCoreFoundationIdioms(clips[0], outputDirectory: outputDirectory)
    checkOwnHelpers()
    try checkOwnConformances()
    checkAudioBuffers()
    try checkAudioFiles(clips[0], outputDirectory: outputDirectory)
    try checkReadySampleBuffers()
    try checkProvidersAndReceivers(clips[0], outputDirectory: outputDirectory)
    try checkUmbrellaImports(clips[0], outputDirectory: outputDirectory)
    try checkDispatchAndBridging(clips[0], outputDirectory: outputDirectory)
    try checkExtAudioFile(clips[0], outputDirectory: outputDirectory)
    try checkAudioConverterDecoding(clips[1], outputDirectory: outputDirectory)
    print("apple-style compositions: all checks passed")
} catch {
    fail("\(error)")
}
