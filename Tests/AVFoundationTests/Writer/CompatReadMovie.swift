// The compat sample's ReadMovie.swift, copied verbatim below the marker (only the function renamed), so that the
// whole round trip of the sample — writeMovie then readMovie, decoding included — runs in this test target.
import Foundation
import AVFoundation
import CoreMedia
import CoreVideo

private struct CompatFailure: Error, CustomStringConvertible {
    let description: String
}

private func expect(_ condition: @autoclosure () -> Bool, _ what: String) throws {
    if !condition() { throw CompatFailure(description: "check failed: " + what) }
}

// ---- ReadMovie.swift, verbatim ----
/// Loads the movie written by writeMovie and decodes every sample of both tracks.
func compatReadMovie(at url: URL, seconds: Int) async throws {
    let asset = AVURLAsset(url: url, options: [AVURLAssetPreferPreciseDurationAndTimingKey: true])
    let (duration, tracks, commonMetadata) = try await asset.load(.duration, .tracks, .commonMetadata)
    try expect(tracks.count == 2, "two tracks")
    try expect(abs(CMTimeGetSeconds(duration) - Double(seconds)) < 0.05, "asset duration is \(seconds) s")

    let titles = AVMetadataItem.metadataItems(from: commonMetadata, filteredByIdentifier: .commonIdentifierTitle)
    let title = try await titles.first?.load(.stringValue)
    try expect(title == "Compat sample", "title metadata survives")

    guard let videoTrack = try await asset.loadTracks(withMediaType: .video).first,
          let audioTrack = try await asset.loadTracks(withMediaType: .audio).first
    else { throw CompatFailure(description: "missing track") }
    let (naturalSize, transform, frameRate) = try await videoTrack.load(.naturalSize, .preferredTransform,
                                                                        .nominalFrameRate)
    try expect(naturalSize == CGSize(width: 640, height: 360), "natural size")
    try expect(abs(transform.b - 1) < 1e-6 && abs(transform.c + 1) < 1e-6, "rotation survives")
    try expect(abs(frameRate - 30) < 0.01, "30 fps")
    let language = try await audioTrack.load(.languageCode)
    try expect(language == "eng", "audio language")
    let formats = try await videoTrack.load(.formatDescriptions)
    try expect(formats.first.map(CMFormatDescriptionGetMediaSubType) == kCMVideoCodecType_H264, "H.264 track")

    let reader = try AVAssetReader(asset: asset)
    let videoOutput = AVAssetReaderTrackOutput(track: videoTrack, outputSettings: [
        kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA,
    ])
    videoOutput.alwaysCopiesSampleData = false
    let audioOutput = AVAssetReaderTrackOutput(track: audioTrack, outputSettings: [
        AVFormatIDKey: kAudioFormatLinearPCM,
        AVLinearPCMBitDepthKey: 16,
        AVLinearPCMIsFloatKey: false,
        AVLinearPCMIsBigEndianKey: false,
        AVLinearPCMIsNonInterleaved: false,
    ])
    try expect(reader.canAdd(videoOutput) && reader.canAdd(audioOutput), "outputs can be added")
    reader.add(videoOutput)
    reader.add(audioOutput)
    guard reader.startReading() else { throw reader.error ?? CompatFailure(description: "startReading failed") }

    var videoFrames = 0
    var audioFrames = 0
    var lastVideoTime = CMTime.negativeInfinity
    var videoDone = false
    var audioDone = false
    while !(videoDone && audioDone) {
        if !videoDone {
            if let sample = videoOutput.copyNextSampleBuffer() {
                let time = CMSampleBufferGetPresentationTimeStamp(sample)
                try expect(time > lastVideoTime, "decoded frames come in presentation order")
                lastVideoTime = time
                guard let image = CMSampleBufferGetImageBuffer(sample) else {
                    throw CompatFailure(description: "decoded sample without an image")
                }
                try expect(CVPixelBufferGetPixelFormatType(image) == kCVPixelFormatType_32BGRA, "BGRA frames")
                try expect(CVPixelBufferGetWidth(image) == 640 && CVPixelBufferGetHeight(image) == 360, "frame size")
                videoFrames += 1
            } else {
                videoDone = true
            }
        }
        if !audioDone {
            if let sample = audioOutput.copyNextSampleBuffer() {
                audioFrames += CMSampleBufferGetNumSamples(sample)
            } else {
                audioDone = true
            }
        }
    }
    try expect(reader.status == .completed, "reader completed: \(String(describing: reader.error))")
    try expect(videoFrames == 30 * seconds, "all \(30 * seconds) frames decoded, got \(videoFrames)")
    try expect(abs(audioFrames - 44_100 * seconds) <= 1024, "about \(44_100 * seconds) audio frames, got \(audioFrames)")
}
