// The iOS 26 / macOS 26 reader and writer API as app code written this year uses it: output providers, input
// receivers and ready sample buffers, with async back-pressure instead of requestMediaDataWhenReady.
import AVFoundation
import CoreMedia
import CoreVideo
import Foundation

/// Re-encodes the clip's video to H.264 at its own size: decode with a provider, encode with a receiver.
func transcodeVideo(_ clip: URL, to output: URL) async throws -> Int {
    let asset = AVURLAsset(url: clip)
    guard let track = try await asset.loadTracks(withMediaType: .video).first else { fail("no video track") }
    let size = try await track.load(.naturalSize)
    let reader = try AVAssetReader(asset: asset)
    let trackOutput = AVAssetReaderTrackOutput(track: track, outputSettings: [
        kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange,
    ])
    trackOutput.alwaysCopiesSampleData = false
    let provider = reader.outputProvider(for: trackOutput)

    let writer = try AVAssetWriter(outputURL: output, fileType: .mp4)
    let input = AVAssetWriterInput(mediaType: .video, outputSettings: [
        AVVideoCodecKey: AVVideoCodecType.h264,
        AVVideoWidthKey: Int(size.width),
        AVVideoHeightKey: Int(size.height),
        AVVideoCompressionPropertiesKey: [AVVideoAverageBitRateKey: 1_000_000],
    ])
    input.expectsMediaDataInRealTime = false
    let receiver = writer.inputReceiver(for: input)

    try reader.start()
    try writer.start()
    writer.startSession(atSourceTime: .zero)
    var frames = 0
    while let sampleBuffer = try await provider.next() {
        try await receiver.append(sampleBuffer)
        frames += 1
    }
    receiver.finish()
    await writer.finishWriting()
    guard writer.status == .completed else { throw writer.error ?? CocoaError(.fileWriteUnknown) }
    return frames
}

/// Copies every track of the clip as it is stored, each track in its own task.
func remux(_ clip: URL, to output: URL) async throws {
    let asset = AVURLAsset(url: clip)
    let reader = try AVAssetReader(asset: asset)
    let writer = try AVAssetWriter(outputURL: output, fileType: .mov)
    var copies: [(AVAssetReaderOutput.Provider<CMReadySampleBuffer<CMSampleBuffer.DynamicContent>>,
                  AVAssetWriterInput.SampleBufferReceiver)] = []
    for track in try await asset.load(.tracks) where track.mediaType == .video || track.mediaType == .audio {
        let hint = try await track.load(.formatDescriptions).first
        let provider = reader.outputProvider(for: AVAssetReaderTrackOutput(track: track, outputSettings: nil))
        let receiver = writer.inputReceiver(for: AVAssetWriterInput(mediaType: track.mediaType, outputSettings: nil,
                                                                    sourceFormatHint: hint))
        copies.append((provider, receiver))
    }
    try reader.start()
    try writer.start()
    writer.startSession(atSourceTime: .zero)
    // One task per track: a track ahead of the others in the file waits in `append` until they catch up.
    try await withThrowingTaskGroup(of: Void.self) { group in
        for (provider, receiver) in copies {
            group.addTask {
                while let sampleBuffer = try await provider.next() {
                    try await receiver.append(sampleBuffer)
                }
                receiver.finish()
            }
        }
        try await group.waitForAll()
    }
    await writer.finishWriting()
    guard writer.status == .completed else { throw writer.error ?? CocoaError(.fileWriteUnknown) }
}

/// Draws numbered grey frames straight into the receiver.
func writeGeneratedFrames(to output: URL, count: Int) async throws {
    let writer = try AVAssetWriter(outputURL: output, fileType: .mov)
    let input = AVAssetWriterInput(mediaType: .video, outputSettings: [
        AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 320, AVVideoHeightKey: 240,
    ])
    let receiver = writer.inputPixelBufferReceiver(for: input, pixelBufferAttributes: nil)
    try writer.start()
    writer.startSession(atSourceTime: .zero)
    for index in 0..<count {
        var pixelBuffer: CVPixelBuffer?
        CVPixelBufferCreate(kCFAllocatorDefault, 320, 240, kCVPixelFormatType_32BGRA, nil, &pixelBuffer)
        guard let pixelBuffer else { fail("no pixel buffer") }
        CVPixelBufferLockBaseAddress(pixelBuffer, [])
        if let base = CVPixelBufferGetBaseAddress(pixelBuffer) {
            memset(base, Int32(index * 4 % 256), CVPixelBufferGetDataSize(pixelBuffer))
        }
        CVPixelBufferUnlockBaseAddress(pixelBuffer, [])
        try await receiver.append(CVReadOnlyPixelBuffer(unsafeBuffer: pixelBuffer),
                                  with: CMTime(value: CMTimeValue(index), timescale: 30))
    }
    receiver.finish()
    await writer.finishWriting()
    guard writer.status == .completed else { throw writer.error ?? CocoaError(.fileWriteUnknown) }
}

/// Runs the three jobs and checks what they wrote by reading it back.
func checkProvidersAndReceivers(_ clip: URL, outputDirectory: URL) throws {
    let transcoded = outputDirectory.appendingPathComponent("provider-transcode.mp4")
    let remuxed = outputDirectory.appendingPathComponent("provider-remux.mov")
    let generated = outputDirectory.appendingPathComponent("receiver-frames.mov")
    for url in [transcoded, remuxed, generated] { try? FileManager.default.removeItem(at: url) }
    let done = DispatchSemaphore(value: 0)
    var outcome: Result<Int, Error> = .success(0)
    Task {
        do {
            let frames = try await transcodeVideo(clip, to: transcoded)
            try await remux(clip, to: remuxed)
            try await writeGeneratedFrames(to: generated, count: 45)
            outcome = .success(frames)
        } catch {
            outcome = .failure(error)
        }
        done.signal()
    }
    done.wait()
    let frames = try outcome.get()
    check(frames > 0, "the provider gave no frames")
    let sourceTracks = AVURLAsset(url: clip).tracks.filter { $0.mediaType == .video || $0.mediaType == .audio }.count
    check(AVURLAsset(url: remuxed).tracks.count == sourceTracks, "the remux has every track")
    check(abs(AVURLAsset(url: generated).duration.seconds - 1.5) < 0.05,
          "45 generated frames at 30 fps last 1.5 s, not \(AVURLAsset(url: generated).duration.seconds)")
}
