// demo, the first step of `make demo` (scripts/demo.sh then exports its movie with avconvert and describes each
// file with avinfo). It writes a short movie with AVAssetWriter the way an iOS or macOS app would: a moving
// 1920x1080 pattern drawn into pixel buffers from the adaptor's pool and encoded to H.264, and a two-tone chime
// encoded to AAC, both pulled with requestMediaDataWhenReady. Nothing is downloaded: every pixel and sample is
// computed here. Usage: demo OUTPUT.mov [SECONDS]
import AVFoundation
import Foundation

let width = 1920, height = 1080, frameRate: Int32 = 30, sampleRate = 48_000
let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: demo OUTPUT.mov [SECONDS]\n".utf8))
    exit(2)
}
let output = URL(fileURLWithPath: arguments[1])
let seconds = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5

/// State shared with the writer's callback queues; each field is touched by one queue only.
// Safe because each field is touched by one writer queue only, and read after both have finished.
final class Progress: @unchecked Sendable {
    var frame = 0
    var sample = 0
}

/// Draws frame `n`: diagonal colour bands that scroll, and a bright square that crosses the picture.
@Sendable func paint(_ buffer: CVPixelBuffer, frame n: Int) {
    CVPixelBufferLockBaseAddress(buffer, [])
    defer { CVPixelBufferUnlockBaseAddress(buffer, []) }
    let stride = CVPixelBufferGetBytesPerRow(buffer)
    let base = CVPixelBufferGetBaseAddress(buffer)!.assumingMemoryBound(to: UInt8.self)
    let squareX = (n * 24) % (width - 200), squareY = height / 2 - 100
    for y in 0..<height {
        let row = base + y * stride
        for x in 0..<width {
            let band = (x + y + n * 8) & 0xFF
            let inSquare = x >= squareX && x < squareX + 200 && y >= squareY && y < squareY + 200
            row[4 * x] = inSquare ? 0xFF : UInt8(band)                  // blue
            row[4 * x + 1] = inSquare ? 0xFF : UInt8((y * 255) / height) // green
            row[4 * x + 2] = inSquare ? 0xFF : UInt8(255 - band)        // red
            row[4 * x + 3] = 0xFF
        }
    }
}

/// 1024 frames of a chime (440 Hz, then 660 Hz every other second), 16-bit stereo, starting at frame `start`.
@Sendable func chime(start: Int, frames: Int) throws -> CMSampleBuffer {
    var asbd = AudioStreamBasicDescription(
        mSampleRate: Double(sampleRate), mFormatID: kAudioFormatLinearPCM,
        mFormatFlags: kLinearPCMFormatFlagIsSignedInteger | kLinearPCMFormatFlagIsPacked,
        mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 2, mBitsPerChannel: 16,
        mReserved: 0)
    var format: CMAudioFormatDescription?
    CMAudioFormatDescriptionCreate(allocator: kCFAllocatorDefault, asbd: &asbd, layoutSize: 0, layout: nil,
                                   magicCookieSize: 0, magicCookie: nil, extensions: nil, formatDescriptionOut: &format)
    var samples = [Int16](repeating: 0, count: frames * 2)
    for i in 0..<frames {
        let t = Double(start + i) / Double(sampleRate)
        let frequency = Int(t) % 2 == 0 ? 440.0 : 660.0
        let envelope = exp(-3 * (t - t.rounded(.down)))
        let value = Int16(9000 * envelope * sin(2 * .pi * frequency * t))
        samples[2 * i] = value
        samples[2 * i + 1] = value
    }
    var block: CMBlockBuffer?
    CMBlockBufferCreateWithMemoryBlock(allocator: kCFAllocatorDefault, memoryBlock: nil, blockLength: frames * 4,
                                       blockAllocator: kCFAllocatorDefault, customBlockSource: nil, offsetToData: 0,
                                       dataLength: frames * 4, flags: kCMBlockBufferAssureMemoryNowFlag,
                                       blockBufferOut: &block)
    _ = samples.withUnsafeBytes {
        CMBlockBufferReplaceDataBytes(with: $0.baseAddress!, blockBuffer: block!, offsetIntoDestination: 0,
                                      dataLength: frames * 4)
    }
    var buffer: CMSampleBuffer?
    CMAudioSampleBufferCreateReadyWithPacketDescriptions(
        allocator: kCFAllocatorDefault, dataBuffer: block!, formatDescription: format!, sampleCount: frames,
        presentationTimeStamp: CMTime(value: CMTimeValue(start), timescale: CMTimeScale(sampleRate)),
        packetDescriptions: nil, sampleBufferOut: &buffer)
    return buffer!
}

let writer = try AVAssetWriter(outputURL: output, fileType: .mov)
let video = AVAssetWriterInput(mediaType: .video, outputSettings: [
    AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: width, AVVideoHeightKey: height,
    AVVideoCompressionPropertiesKey: [AVVideoAverageBitRateKey: 12_000_000, AVVideoMaxKeyFrameIntervalKey: 30]
        as [String: Any],
])
let adaptor = AVAssetWriterInputPixelBufferAdaptor(assetWriterInput: video, sourcePixelBufferAttributes: [
    kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA,
    kCVPixelBufferWidthKey as String: width, kCVPixelBufferHeightKey as String: height,
])
let audio = AVAssetWriterInput(mediaType: .audio, outputSettings: [
    AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: sampleRate, AVNumberOfChannelsKey: 2,
    AVEncoderBitRateKey: 128_000,
])
audio.languageCode = "eng"
writer.add(video)
writer.add(audio)
let title = AVMutableMetadataItem()
title.identifier = .commonIdentifierTitle
title.value = NSString(string: "LinuxAVFoundation demo")
writer.metadata = [title]
guard writer.startWriting() else { throw writer.error ?? CocoaError(.fileWriteUnknown) }
writer.startSession(atSourceTime: .zero)

let progress = Progress()
let done = DispatchGroup()
let frames = Int(frameRate) * seconds, audioFrames = sampleRate * seconds
done.enter()
video.requestMediaDataWhenReady(on: DispatchQueue(label: "demo.video")) {
    while video.isReadyForMoreMediaData {
        var buffer: CVPixelBuffer?
        guard progress.frame < frames, let pool = adaptor.pixelBufferPool,
              CVPixelBufferPoolCreatePixelBuffer(nil, pool, &buffer) == kCVReturnSuccess, let buffer else {
            video.markAsFinished(); done.leave(); return
        }
        paint(buffer, frame: progress.frame)
        guard adaptor.append(buffer, withPresentationTime: CMTime(value: CMTimeValue(progress.frame), timescale: frameRate))
        else { video.markAsFinished(); done.leave(); return }
        progress.frame += 1
    }
}
done.enter()
audio.requestMediaDataWhenReady(on: DispatchQueue(label: "demo.audio")) {
    while audio.isReadyForMoreMediaData {
        let count = min(1024, audioFrames - progress.sample)
        guard count > 0, let buffer = try? chime(start: progress.sample, frames: count), audio.append(buffer) else {
            audio.markAsFinished(); done.leave(); return
        }
        progress.sample += count
    }
}
await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    done.notify(queue: .global()) { continuation.resume() }
}
await writer.finishWriting()
guard writer.status == .completed else {
    FileHandle.standardError.write(Data("demo: \(writer.error.map(String.init(describing:)) ?? "writing failed")\n".utf8))
    exit(1)
}
print("wrote \(output.path): \(progress.frame) frames of \(width)x\(height) H.264 and \(progress.sample) samples of AAC")
