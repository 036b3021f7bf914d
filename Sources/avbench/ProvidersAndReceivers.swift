import AVFoundation
import Foundation
import Glibc

// The rows for Apple's iOS 26 / macOS 26 reader and writer API: the same jobs as `remux` and a transcode, written
// with output providers and input receivers (a task per track, back-pressure by awaiting), to compare with the
// classic calls in the same run.

/// `remux` through providers and receivers: every track copied as stored. `tasks`: each track in its own task (two
/// threads append at once and contend for the muxer); otherwise the classic `remux`'s shape, one loop taking the
/// tracks in turn, so that the row measures the API rather than the threading: a track ahead of the others in the
/// file keeps its sample and lets the others go first (`appendImmediately`), and the loop awaits only when no track
/// can take its sample (an input's queue is full; its worker drains it by itself).
func remuxWithReceivers(_ input: URL, _ outputURL: URL, tasks: Bool) async throws {
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
    var samples = 0
    if tasks {
        samples = try await withThrowingTaskGroup(of: Int.self) { group in
            for (provider, receiver) in copies {
                nonisolated(unsafe) let provider = provider, receiver = receiver
                group.addTask {
                    var count = 0
                    while let buffer = try await provider.next() {
                        count += buffer.sampleCount
                        try await receiver.append(buffer)
                    }
                    receiver.finish()
                    return count
                }
            }
            return try await group.reduce(0, +)
        }
    } else {
        var pending: [CMReadySampleBuffer<CMSampleBuffer.DynamicContent>?] = Array(repeating: nil, count: copies.count)
        var done = Array(repeating: false, count: copies.count)
        while done.contains(false) {
            var appended = false
            for (index, (provider, receiver)) in copies.enumerated() where !done[index] {
                if pending[index] == nil { pending[index] = try await provider.next() }
                guard let buffer = pending[index] else {
                    receiver.finish()
                    done[index] = true
                    appended = true
                    continue
                }
                if try receiver.appendImmediately(buffer) {
                    samples += buffer.sampleCount
                    pending[index] = nil
                    appended = true
                }
            }
            if !appended, let index = pending.firstIndex(where: { $0 != nil }), let buffer = pending[index] {
                try await copies[index].1.append(buffer)
                samples += buffer.sampleCount
                pending[index] = nil
            }
        }
    }
    await writer.finishWriting()
    guard writer.status == .completed else { throw writer.error ?? BenchFailure("writing ended as \(writer.status)") }
    report("remux-receivers\(tasks ? " (a task per track)" : ""): \(samples) samples")
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
