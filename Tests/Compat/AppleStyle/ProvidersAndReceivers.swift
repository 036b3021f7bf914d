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

/// A BGRA frame of one grey level (modulo 256).
func greyFrame(width: Int, height: Int, level: Int) -> CVReadOnlyPixelBuffer {
    var pixelBuffer: CVPixelBuffer?
    CVPixelBufferCreate(kCFAllocatorDefault, width, height, kCVPixelFormatType_32BGRA, nil, &pixelBuffer)
    guard let pixelBuffer else { fail("no pixel buffer") }
    CVPixelBufferLockBaseAddress(pixelBuffer, [])
    if let base = CVPixelBufferGetBaseAddress(pixelBuffer) {
        memset(base, Int32(level % 256), CVPixelBufferGetDataSize(pixelBuffer))
    }
    CVPixelBufferUnlockBaseAddress(pixelBuffer, [])
    return CVReadOnlyPixelBuffer(unsafeBuffer: pixelBuffer)
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
        try await receiver.append(greyFrame(width: 320, height: 240, level: index * 4),
                                  with: CMTime(value: CMTimeValue(index), timescale: 30))
    }
    receiver.finish()
    await writer.finishWriting()
    guard writer.status == .completed else { throw writer.error ?? CocoaError(.fileWriteUnknown) }
}

/// Reads the clip's first second twice: once as the whole, then again after a reset, as a thumbnail scrubber does.
func rereadFirstSecond(_ clip: URL) async throws -> (all: Int, again: Int) {
    let asset = AVURLAsset(url: clip)
    guard let track = try await asset.loadTracks(withMediaType: .video).first else { fail("no video track") }
    let reader = try AVAssetReader(asset: asset)
    let (provider, controller) = reader.outputProviderWithRandomAccess(for: AVAssetReaderTrackOutput(track: track, outputSettings: nil))
    try reader.start()
    var all = 0
    while try await provider.next() != nil { all += 1 }
    controller.resetForReading(timeRanges: [CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1))])
    var again = 0
    while let sampleBuffer = try await provider.next() {
        if sampleBuffer.presentationTimeStamp < CMTime(value: 1, timescale: 1) { again += 1 }
    }
    controller.markConfigurationAsFinal()
    guard reader.status == .completed else { fail("the reader did not complete: \(reader.status.rawValue)") }
    return (all, again)
}

/// Writes chapter-like timed metadata beside nothing else, then reads it back as groups.
func writeAndReadTimedMetadata(to output: URL) async throws -> [String] {
    func group(_ index: Int) -> AVTimedMetadataGroup {
        let item = AVMutableMetadataItem()
        item.identifier = AVMetadataIdentifier(rawValue: "mdta/com.example.chapter")
        item.dataType = kCMMetadataBaseDataType_UTF8 as String
        item.value = "Chapter \(index + 1)" as NSString
        return AVTimedMetadataGroup(items: [item], timeRange: CMTimeRange(start: CMTime(value: CMTimeValue(index), timescale: 1),
                                                                          duration: CMTime(value: 1, timescale: 1)))
    }
    let writer = try AVAssetWriter(outputURL: output, fileType: .mov)
    let input = AVAssetWriterInput(mediaType: .metadata, outputSettings: nil, sourceFormatHint: group(0).copyFormatDescription())
    let receiver = writer.inputMetadataReceiver(for: input)
    try writer.start()
    writer.startSession(atSourceTime: .zero)
    for index in 0..<3 { try await receiver.append(group(index)) }
    receiver.finish()
    await writer.finishWriting()
    guard writer.status == .completed else { throw writer.error ?? CocoaError(.fileWriteUnknown) }

    let asset = AVURLAsset(url: output)
    guard let track = try await asset.loadTracks(withMediaType: .metadata).first else { fail("no metadata track") }
    let reader = try AVAssetReader(asset: asset)
    let provider = reader.outputMetadataProvider(for: AVAssetReaderTrackOutput(track: track, outputSettings: nil))
    try reader.start()
    var titles: [String] = []
    while let group = try await provider.next() {
        titles += group.items.compactMap { $0.stringValue }
    }
    return titles
}

/// Encodes generated frames in as many passes as the encoder wants.
func encodeInPasses(to output: URL) async throws -> Int {
    let writer = try AVAssetWriter(outputURL: output, fileType: .mp4)
    let input = AVAssetWriterInput(mediaType: .video, outputSettings: [
        AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 160, AVVideoHeightKey: 120,
        AVVideoCompressionPropertiesKey: [AVVideoAverageBitRateKey: 150_000],
    ])
    let (receiver, controller) = writer.inputPixelBufferReceiverRequestingMultiPass(for: input, pixelBufferAttributes: nil)
    try writer.start()
    writer.startSession(atSourceTime: .zero)
    var passes = 0
    if let descriptions = controller.passDescriptions {
        for await _ in descriptions {
            passes += 1
            for index in 0..<30 {
                try await receiver.append(greyFrame(width: 160, height: 120, level: index * 8),
                                          with: CMTime(value: CMTimeValue(index), timescale: 30))
            }
        }
    }
    receiver.finish()
    await writer.finishWriting()
    guard writer.status == .completed else { throw writer.error ?? CocoaError(.fileWriteUnknown) }
    return passes
}

/// Runs the three jobs and checks what they wrote by reading it back.
func checkProvidersAndReceivers(_ clip: URL, outputDirectory: URL) throws {
    let transcoded = outputDirectory.appendingPathComponent("provider-transcode.mp4")
    let remuxed = outputDirectory.appendingPathComponent("provider-remux.mov")
    let generated = outputDirectory.appendingPathComponent("receiver-frames.mov")
    let chapters = outputDirectory.appendingPathComponent("receiver-chapters.mov")
    let passes = outputDirectory.appendingPathComponent("receiver-passes.mp4")
    for url in [transcoded, remuxed, generated, chapters, passes] { try? FileManager.default.removeItem(at: url) }
    struct Results {
        var frames = 0
        var reread = (all: 0, again: 0)
        var titles: [String] = []
        var passCount = 0
    }
    let done = DispatchSemaphore(value: 0)
    var outcome: Result<Results, Error> = .success(Results())
    Task {
        do {
            var results = Results()
            results.frames = try await transcodeVideo(clip, to: transcoded)
            try await remux(clip, to: remuxed)
            try await writeGeneratedFrames(to: generated, count: 45)
            results.reread = try await rereadFirstSecond(clip)
            results.titles = try await writeAndReadTimedMetadata(to: chapters)
            results.passCount = try await encodeInPasses(to: passes)
            outcome = .success(results)
        } catch {
            outcome = .failure(error)
        }
        done.signal()
    }
    done.wait()
    let results = try outcome.get()
    let frames = results.frames
    check(results.reread.all == frames, "the random-access provider read \(results.reread.all) frames, the transcode \(frames)")
    check(results.reread.again > 0, "re-reading the first second gave no frames")
    check(results.titles == ["Chapter 1", "Chapter 2", "Chapter 3"], "timed metadata read back: \(results.titles)")
    check(results.passCount == 2, "H.264 at a target bit rate encodes in two passes, not \(results.passCount)")
    check(abs(AVURLAsset(url: passes).duration.seconds - 1) < 0.05, "the two-pass file lasts 1 s")
    check(frames > 0, "the provider gave no frames")
    let sourceTracks = AVURLAsset(url: clip).tracks.filter { $0.mediaType == .video || $0.mediaType == .audio }.count
    check(AVURLAsset(url: remuxed).tracks.count == sourceTracks, "the remux has every track")
    check(abs(AVURLAsset(url: generated).duration.seconds - 1.5) < 0.05,
          "45 generated frames at 30 fps last 1.5 s, not \(AVURLAsset(url: generated).duration.seconds)")
}
