// The compat sample's WriteMovie.swift (and the tone helper from its Checks.swift), copied verbatim below the
// marker, so that the exact calls it makes run in this test target. Regenerate by copying the files again; the
// lead's compat harness builds the originals, unchanged, in Swift 5 mode.
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

// ---- WriteMovie.swift, verbatim ----
/// Mutable state shared with the writer's callback queues.
private final class WriterProgress: @unchecked Sendable {
    var videoFrame = 0
    var audioFrame = 0
    var videoDone = false
    var audioDone = false
}

/// Writes `seconds` of 640x360 H.264 video (from BGRA pixel buffers) and AAC audio (from PCM sample buffers)
/// into a QuickTime movie, pulling media with requestMediaDataWhenReady as Apple's sample code does.
func compatWriteMovie(to url: URL, seconds: Int) async throws {
    let writer = try AVAssetWriter(outputURL: url, fileType: .mov)

    let videoInput = AVAssetWriterInput(mediaType: .video, outputSettings: [
        AVVideoCodecKey: AVVideoCodecType.h264,
        AVVideoWidthKey: 640,
        AVVideoHeightKey: 360,
        AVVideoCompressionPropertiesKey: [
            AVVideoAverageBitRateKey: 1_500_000,
            AVVideoMaxKeyFrameIntervalKey: 30,
            AVVideoProfileLevelKey: AVVideoProfileLevelH264HighAutoLevel,
        ] as [String: Any],
    ])
    videoInput.expectsMediaDataInRealTime = false
    videoInput.transform = CGAffineTransform(rotationAngle: .pi / 2)
    let adaptor = AVAssetWriterInputPixelBufferAdaptor(assetWriterInput: videoInput, sourcePixelBufferAttributes: [
        kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA,
        kCVPixelBufferWidthKey as String: 640,
        kCVPixelBufferHeightKey as String: 360,
    ])

    let audioInput = AVAssetWriterInput(mediaType: .audio, outputSettings: [
        AVFormatIDKey: kAudioFormatMPEG4AAC,
        AVSampleRateKey: 44_100,
        AVNumberOfChannelsKey: 2,
        AVEncoderBitRateKey: 128_000,
    ])
    audioInput.languageCode = "eng"

    try expect(writer.canAdd(videoInput) && writer.canAdd(audioInput), "both inputs can be added")
    writer.add(videoInput)
    writer.add(audioInput)

    let title = AVMutableMetadataItem()
    title.identifier = .commonIdentifierTitle
    title.value = NSString(string: "Compat sample")
    writer.metadata = [title]
    writer.shouldOptimizeForNetworkUse = true

    guard writer.startWriting() else {
        throw writer.error ?? CompatFailure(description: "startWriting failed without an error")
    }
    writer.startSession(atSourceTime: .zero)

    let frameCount = 30 * seconds
    let audioFrameCount = 44_100 * seconds
    let progress = WriterProgress()
    let videoQueue = DispatchQueue(label: "compat.video")
    let audioQueue = DispatchQueue(label: "compat.audio")
    let done = DispatchGroup()
    done.enter()
    done.enter()

    videoInput.requestMediaDataWhenReady(on: videoQueue) {
        while videoInput.isReadyForMoreMediaData && !progress.videoDone {
            var pixelBuffer: CVPixelBuffer?
            if progress.videoFrame < frameCount, let pool = adaptor.pixelBufferPool {
                CVPixelBufferPoolCreatePixelBuffer(nil, pool, &pixelBuffer)
            }
            let time = CMTime(value: CMTimeValue(progress.videoFrame), timescale: 30)
            guard let pixelBuffer, paint(pixelBuffer, frame: progress.videoFrame),
                  adaptor.append(pixelBuffer, withPresentationTime: time)
            else {
                // All frames appended, no buffer to fill, or the writer failed: finish this input either way,
                // so that a failure shows up as the writer's status instead of a hang.
                progress.videoDone = true
                videoInput.markAsFinished()
                done.leave()
                return
            }
            progress.videoFrame += 1
        }
    }

    audioInput.requestMediaDataWhenReady(on: audioQueue) {
        while audioInput.isReadyForMoreMediaData && !progress.audioDone {
            let frames = min(1024, audioFrameCount - progress.audioFrame)
            let time = CMTime(value: CMTimeValue(progress.audioFrame), timescale: 44_100)
            guard frames > 0, let buffer = try? makeToneSampleBuffer(frames: frames, sampleRate: 44_100, at: time),
                  audioInput.append(buffer)
            else {
                // Done, or the writer failed: finish this input so that the failure is reported, not hung on.
                progress.audioDone = true
                audioInput.markAsFinished()
                done.leave()
                return
            }
            progress.audioFrame += frames
        }
    }

    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        done.notify(queue: .global()) { continuation.resume() }
    }
    await writer.finishWriting()
    try expect(writer.status == .completed, "writer completed: \(String(describing: writer.error))")
}

/// Paints a moving gradient, so that every frame differs. Returns true, for use in conditions.
@discardableResult
private func paint(_ pixelBuffer: CVPixelBuffer, frame: Int) -> Bool {
    CVPixelBufferLockBaseAddress(pixelBuffer, [])
    defer { CVPixelBufferUnlockBaseAddress(pixelBuffer, []) }
    let width = CVPixelBufferGetWidth(pixelBuffer)
    let height = CVPixelBufferGetHeight(pixelBuffer)
    let stride = CVPixelBufferGetBytesPerRow(pixelBuffer)
    let base = CVPixelBufferGetBaseAddress(pixelBuffer)!.assumingMemoryBound(to: UInt8.self)
    for y in 0..<height {
        for x in 0..<width {
            let pixel = base + y * stride + x * 4
            pixel[0] = UInt8((x + frame * 4) & 0xFF)  // blue
            pixel[1] = UInt8((y + frame * 2) & 0xFF)  // green
            pixel[2] = UInt8((x + y) & 0xFF)  // red
            pixel[3] = 0xFF
        }
    }
    return true
}

// ---- Checks.swift, makeToneSampleBuffer, verbatim ----
/// A 440 Hz stereo 16-bit tone, wrapped the way capture and synthesis code does it.
private func makeToneSampleBuffer(frames: Int, sampleRate: Double, at time: CMTime) throws -> CMSampleBuffer {
    var description = AudioStreamBasicDescription(
        mSampleRate: sampleRate, mFormatID: kAudioFormatLinearPCM,
        mFormatFlags: kLinearPCMFormatFlagIsSignedInteger | kLinearPCMFormatFlagIsPacked,
        mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 2, mBitsPerChannel: 16,
        mReserved: 0)
    var format: CMAudioFormatDescription?
    var status = CMAudioFormatDescriptionCreate(allocator: kCFAllocatorDefault, asbd: &description, layoutSize: 0,
                                                layout: nil, magicCookieSize: 0, magicCookie: nil, extensions: nil,
                                                formatDescriptionOut: &format)
    try expect(status == noErr, "CMAudioFormatDescriptionCreate")

    let byteCount = frames * 4
    var block: CMBlockBuffer?
    status = CMBlockBufferCreateWithMemoryBlock(allocator: kCFAllocatorDefault, memoryBlock: nil,
                                                blockLength: byteCount, blockAllocator: kCFAllocatorDefault,
                                                customBlockSource: nil, offsetToData: 0, dataLength: byteCount,
                                                flags: kCMBlockBufferAssureMemoryNowFlag, blockBufferOut: &block)
    try expect(status == kCMBlockBufferNoErr, "CMBlockBufferCreateWithMemoryBlock")

    let start = Int(time.value) * Int(sampleRate) / Int(time.timescale)
    var samples = [Int16](repeating: 0, count: frames * 2)
    for frame in 0..<frames {
        let value = Int16(8000 * sin(2 * Double.pi * 440 * Double(start + frame) / sampleRate))
        samples[2 * frame] = value
        samples[2 * frame + 1] = value
    }
    status = samples.withUnsafeBytes { bytes in
        CMBlockBufferReplaceDataBytes(with: bytes.baseAddress!, blockBuffer: block!, offsetIntoDestination: 0,
                                      dataLength: byteCount)
    }
    try expect(status == kCMBlockBufferNoErr, "CMBlockBufferReplaceDataBytes")

    var sampleBuffer: CMSampleBuffer?
    status = CMAudioSampleBufferCreateReadyWithPacketDescriptions(allocator: kCFAllocatorDefault, dataBuffer: block!,
                                                                  formatDescription: format!, sampleCount: frames,
                                                                  presentationTimeStamp: time,
                                                                  packetDescriptions: nil,
                                                                  sampleBufferOut: &sampleBuffer)
    try expect(status == noErr, "CMAudioSampleBufferCreateReadyWithPacketDescriptions")
    return sampleBuffer!
}
