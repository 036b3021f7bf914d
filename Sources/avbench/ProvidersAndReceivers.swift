import AVFoundation
import Foundation
import Glibc

// The rows for Apple's iOS 26 / macOS 26 reader and writer API: the same jobs as `remux` and a transcode, written
// with output providers and input receivers (a task per track, back-pressure by awaiting), to compare with the
// classic calls in the same run.

/// `remux` through providers and receivers: every track copied as stored, each in its own task.
func remuxWithReceivers(_ input: URL, _ outputURL: URL) async throws {
    let asset = AVURLAsset(url: input)
    let reader = try AVAssetReader(asset: asset)
    let fileType: AVFileType = outputURL.pathExtension.lowercased() == "mov" ? .mov : .mp4
    let writer = try AVAssetWriter(outputURL: outputURL, fileType: fileType)
    var copies: [(AVAssetReaderOutput.Provider<CMReadySampleBuffer<CMSampleBuffer.DynamicContent>>,
                  AVAssetWriterInput.SampleBufferReceiver)] = []
    for track in try await asset.load(.tracks) {
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
        output.alwaysCopiesSampleData = false
        let input = AVAssetWriterInput(mediaType: track.mediaType, outputSettings: nil,
                                       sourceFormatHint: try await track.load(.formatDescriptions).first)
        copies.append((reader.outputProvider(for: output), writer.inputReceiver(for: input)))
    }
    try reader.start()
    try writer.start()
    writer.startSession(atSourceTime: .zero)
    let counts = try await withThrowingTaskGroup(of: Int.self) { group in
        for (provider, receiver) in copies {
            nonisolated(unsafe) let provider = provider, receiver = receiver
            group.addTask {
                var samples = 0
                while let buffer = try await provider.next() {
                    samples += buffer.withUnsafeSampleBuffer { CMSampleBufferGetNumSamples($0) }
                    try await receiver.append(buffer)
                }
                receiver.finish()
                return samples
            }
        }
        return try await group.reduce(0, +)
    }
    await writer.finishWriting()
    guard writer.status == .completed else { throw writer.error ?? BenchFailure("writing ended as \(writer.status)") }
    report("remux-receivers: \(counts) samples")
}

/// The first `seconds` of the video track decoded and encoded again as H.264 at `bitRate`, the size kept: with the
/// classic calls (`receivers` false: `copyNextSampleBuffer`, and `append` once `isReadyForMoreMediaData`), or with a
/// provider and a receiver.
func transcode(_ input: URL, _ outputURL: URL, seconds: Double, bitRate: Int, receivers: Bool) async throws {
    let asset = AVURLAsset(url: input)
    guard let track = try await asset.loadTracks(withMediaType: .video).first else { throw BenchFailure("no video track") }
    let size = try await track.load(.naturalSize)
    let reader = try AVAssetReader(asset: asset)
    reader.timeRange = CMTimeRange(start: .zero, duration: CMTime(seconds: seconds, preferredTimescale: 600))
    let output = AVAssetReaderTrackOutput(track: track, outputSettings: [
        kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8Planar,
    ])
    output.alwaysCopiesSampleData = false
    let writer = try AVAssetWriter(outputURL: outputURL, fileType: .mp4)
    let input = AVAssetWriterInput(mediaType: .video, outputSettings: [
        AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: Int(size.width), AVVideoHeightKey: Int(size.height),
        AVVideoCompressionPropertiesKey: [AVVideoAverageBitRateKey: bitRate],
    ])
    input.expectsMediaDataInRealTime = false
    var frames = 0
    if receivers {
        let provider = reader.outputProvider(for: output)
        let receiver = writer.inputReceiver(for: input)
        try reader.start()
        try writer.start()
        writer.startSession(atSourceTime: .zero)
        while let buffer = try await provider.next() {
            try await receiver.append(buffer)
            frames += 1
        }
        receiver.finish()
    } else {
        reader.add(output)
        writer.add(input)
        guard reader.startReading() else { throw reader.error ?? BenchFailure("startReading failed") }
        guard writer.startWriting() else { throw writer.error ?? BenchFailure("startWriting failed") }
        writer.startSession(atSourceTime: .zero)
        while let buffer = output.copyNextSampleBuffer() {
            while !input.isReadyForMoreMediaData { usleep(200) }
            guard input.append(buffer) else { throw writer.error ?? BenchFailure("append failed") }
            frames += 1
        }
        input.markAsFinished()
    }
    guard reader.status == .completed else { throw reader.error ?? BenchFailure("reading ended as \(reader.status)") }
    await writer.finishWriting()
    guard writer.status == .completed else { throw writer.error ?? BenchFailure("writing ended as \(writer.status)") }
    report("transcode\(receivers ? "-receivers" : ""): \(frames) frames")
}
