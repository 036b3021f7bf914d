// make demo: three seconds of synthetic video and audio through the codec layer and back.
//
// Encodes a moving 640x360 BGRA pattern to H.264 and a 440 Hz stereo tone to AAC with the same sessions that
// AVAssetWriter uses, decodes both back with the sessions AVAssetReader uses, and prints what happened:
// frame and packet counts, bit rates, timing, and how close the round trip came (PSNR, SNR).
import AVFoundation
import Foundation
import MediaCodecs

let width = 640, height = 360, frameRate: Int32 = 30, seconds = 3
let sampleRate = 48_000, channels = 2

func say(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }

/// The source picture for frame `n`: a gradient that moves, so every frame differs.
func paint(_ buffer: CVPixelBuffer, frame n: Int) {
    CVPixelBufferLockBaseAddress(buffer, [])
    defer { CVPixelBufferUnlockBaseAddress(buffer, []) }
    let stride = CVPixelBufferGetBytesPerRow(buffer)
    let base = CVPixelBufferGetBaseAddress(buffer)!.assumingMemoryBound(to: UInt8.self)
    for y in 0..<height {
        let row = base + y * stride
        for x in 0..<width {
            row[4 * x] = UInt8((x + n * 4) & 0xFF)        // blue
            row[4 * x + 1] = UInt8((y + n * 2) & 0xFF)    // green
            row[4 * x + 2] = UInt8(((x + y) / 2) & 0xFF)  // red
            row[4 * x + 3] = 0xFF
        }
    }
}

/// PSNR (dB) of a decoded BGRA frame against the source pattern for frame `n`, over the colour channels.
func psnr(_ buffer: CVPixelBuffer, frame n: Int) -> Double {
    CVPixelBufferLockBaseAddress(buffer, .readOnly)
    defer { CVPixelBufferUnlockBaseAddress(buffer, .readOnly) }
    let stride = CVPixelBufferGetBytesPerRow(buffer)
    let base = CVPixelBufferGetBaseAddress(buffer)!.assumingMemoryBound(to: UInt8.self)
    var squaredError = 0.0
    for y in 0..<height {
        let row = base + y * stride
        for x in 0..<width {
            let expected = [Int((x + n * 4) & 0xFF), Int((y + n * 2) & 0xFF), Int(((x + y) / 2) & 0xFF)]
            for c in 0..<3 {
                let d = Double(Int(row[4 * x + c]) - expected[c])
                squaredError += d * d
            }
        }
    }
    let mse = squaredError / Double(width * height * 3)
    return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
}

/// One second-long chunk of a 440 Hz stereo tone at -12 dBFS, as 32-bit float interleaved PCM.
func toneBuffer(startFrame: Int, frames: Int) throws -> CMSampleBuffer {
    var asbd = AudioStreamBasicDescription(
        mSampleRate: Double(sampleRate), mFormatID: kAudioFormatLinearPCM,
        mFormatFlags: kLinearPCMFormatFlagIsFloat | kLinearPCMFormatFlagIsPacked,
        mBytesPerPacket: UInt32(4 * channels), mFramesPerPacket: 1, mBytesPerFrame: UInt32(4 * channels),
        mChannelsPerFrame: UInt32(channels), mBitsPerChannel: 32, mReserved: 0)
    var format: CMAudioFormatDescription?
    CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: 0,
                                   magicCookie: nil, extensions: nil, formatDescriptionOut: &format)
    var samples = [Float](repeating: 0, count: frames * channels)
    for i in 0..<frames {
        let value = Float(0.25 * sin(2 * Double.pi * 440 * Double(startFrame + i) / Double(sampleRate)))
        for c in 0..<channels { samples[i * channels + c] = value }
    }
    let block = try CMBlockBuffer(length: samples.count * 4, flags: .assureMemoryNow)
    try samples.withUnsafeBytes { try block.replaceDataBytes(with: $0) }
    var sampleBuffer: CMSampleBuffer?
    let status = CMAudioSampleBufferCreateReadyWithPacketDescriptions(
        allocator: nil, dataBuffer: block, formatDescription: format!, sampleCount: frames,
        presentationTimeStamp: CMTime(value: CMTimeValue(startFrame), timescale: CMTimeScale(sampleRate)),
        packetDescriptions: nil, sampleBufferOut: &sampleBuffer)
    guard status == noErr, let sampleBuffer else { throw DemoError("could not wrap the tone (status \(status))") }
    return sampleBuffer
}

struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func elapsed(since start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

func runVideo() throws {
    say("Video: \(seconds) s of a moving \(width)x\(height) BGRA pattern at \(frameRate) fps → H.264 (libx264) → BGRA")
    let settings = try VideoEncoderSettings(outputSettings: [
        AVVideoCodecKey: AVVideoCodecType.h264,
        AVVideoWidthKey: width,
        AVVideoHeightKey: height,
        AVVideoCompressionPropertiesKey: [
            AVVideoAverageBitRateKey: 2_000_000,
            AVVideoMaxKeyFrameIntervalKey: 30,
            AVVideoProfileLevelKey: AVVideoProfileLevelH264HighAutoLevel,
        ] as [String: Any],
    ])
    let encoder = try VideoEncoderSession(settings: settings)
    var pool: CVPixelBufferPool?
    CVPixelBufferPoolCreate(nil, nil, [
        kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA,
        kCVPixelBufferWidthKey as String: width, kCVPixelBufferHeightKey as String: height,
    ] as CFDictionary, &pool)
    guard let pool else { throw DemoError("no pixel buffer pool") }

    var packets = [CMSampleBuffer]()
    let encodeStart = DispatchTime.now()
    let frameCount = Int(frameRate) * seconds
    for n in 0..<frameCount {
        var buffer: CVPixelBuffer?
        CVPixelBufferPoolCreatePixelBuffer(nil, pool, &buffer)
        guard let buffer else { throw DemoError("the pool gave no buffer") }
        paint(buffer, frame: n)
        packets += try encoder.encode(buffer, presentationTimeStamp: CMTime(value: CMTimeValue(n), timescale: frameRate),
                                      duration: CMTime(value: 1, timescale: frameRate))
    }
    packets += try encoder.finish()
    let encodeTime = elapsed(since: encodeStart)
    guard let format = encoder.formatDescription else { throw DemoError("the encoder gave no format description") }

    let bytes = packets.reduce(0) { $0 + CMSampleBufferGetTotalSampleSize($1) }
    let keyFrames = packets.filter { ($0.sampleAttachments.first?[.notSync] as? Bool) != true }.count
    let dimensions = CMVideoFormatDescriptionGetDimensions(format)
    say("  encoded \(frameCount) frames in \(String(format: "%.2f", encodeTime)) s (\(Int(Double(frameCount) / encodeTime)) fps): "
        + "\(packets.count) samples, \(keyFrames) key frames, \(bytes / 1024) KiB, "
        + "\(bytes * 8 / seconds / 1000) kb/s, \(dimensions.width)x\(dimensions.height) '\(fourCC(CMFormatDescriptionGetMediaSubType(format)))'")
    let first = packets.first.map { "first sample PTS \($0.presentationTimeStamp.value)/\(frameRate), DTS \($0.decodeTimeStamp.value)/\($0.decodeTimeStamp.timescale)" } ?? ""
    say("  \(first) (B-frames make decode order differ from presentation order)")

    let decoder = try VideoDecoderSession(formatDescription: format, outputSettings: VideoDecoderOutputSettings(
        outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA]))
    var pictures = [CMSampleBuffer]()
    let decodeStart = DispatchTime.now()
    for packet in packets {
        let result = decoder.decode(packet)
        if let failure = result.failures.first { throw failure }
        pictures += result.sampleBuffers
    }
    let tail = decoder.finish()
    if let failure = tail.failures.first { throw failure }
    pictures += tail.sampleBuffers
    let decodeTime = elapsed(since: decodeStart)

    var worst = Double.infinity, total = 0.0, inOrder = true
    for (index, picture) in pictures.enumerated() {
        let n = Int(picture.presentationTimeStamp.value)
        inOrder = inOrder && n == index
        guard let image = picture.imageBuffer else { throw DemoError("a decoded sample without a picture") }
        let value = psnr(image, frame: n)
        worst = min(worst, value)
        total += value
    }
    say("  decoded \(pictures.count) frames in \(String(format: "%.2f", decodeTime)) s, "
        + (inOrder ? "in presentation order with exact timestamps" : "OUT OF ORDER") + "; "
        + String(format: "PSNR %.1f dB average, %.1f dB worst", total / Double(pictures.count), worst))
    guard pictures.count == frameCount, inOrder else { throw DemoError("the video round trip lost or reordered frames") }
}

func runAudio() throws {
    say("Audio: \(seconds) s of a 440 Hz stereo tone at \(sampleRate) Hz → AAC-LC 128 kb/s → 32-bit float PCM")
    let encoder = try AudioEncoderSession(settings: AudioEncoderSettings(outputSettings: [
        AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: sampleRate, AVNumberOfChannelsKey: channels,
        AVEncoderBitRateKey: 128_000,
    ]))
    var packets = [CMSampleBuffer]()
    for second in 0..<seconds {
        packets += try encoder.encode(try toneBuffer(startFrame: second * sampleRate, frames: sampleRate))
    }
    packets += try encoder.finish()
    guard let format = encoder.formatDescription else { throw DemoError("the encoder gave no format description") }
    let bytes = packets.reduce(0) { $0 + CMSampleBufferGetTotalSampleSize($1) }
    say("  encoded \(packets.count) AAC packets, \(bytes / 1024) KiB; encoder priming \(encoder.primingFrameCount ?? 0) frames, "
        + "marked on the first packet as TrimDurationAtStart so a writer can edit it out")

    let decoder = try AudioDecoderSession(formatDescription: format, outputSettings: AudioDecoderOutputSettings(outputSettings: [
        AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: 32, AVLinearPCMIsFloatKey: true,
        AVLinearPCMIsBigEndianKey: false, AVLinearPCMIsNonInterleaved: false,
    ]))
    var decoded = [CMSampleBuffer]()
    for packet in packets {
        let result = decoder.decode(packet)
        if let failure = result.failures.first { throw failure }
        decoded += result.sampleBuffers
    }
    decoded += decoder.finish().sampleBuffers

    // Keep what is presented at or after time zero (the priming before it is what the trim removes), then
    // compare with the source tone sample by sample.
    var signal = 0.0, noise = 0.0, frames = 0
    for buffer in decoded {
        let start = buffer.presentationTimeStamp
        guard let block = buffer.dataBuffer else { continue }
        let count = CMSampleBufferGetNumSamples(buffer)
        var floats = [Float](repeating: 0, count: count * channels)
        _ = floats.withUnsafeMutableBytes { CMBlockBufferCopyDataBytes(block, atOffset: 0, dataLength: $0.count, destination: $0.baseAddress!) }
        let first = Int(CMTimeConvertScale(start, timescale: CMTimeScale(sampleRate), method: .roundHalfAwayFromZero).value)
        for i in 0..<count where first + i >= 0 && first + i < seconds * sampleRate {
            let expected = 0.25 * sin(2 * Double.pi * 440 * Double(first + i) / Double(sampleRate))
            let got = Double(floats[i * channels])
            signal += expected * expected
            noise += (got - expected) * (got - expected)
            frames += 1
        }
    }
    say("  decoded \(frames) frames from time zero on (of \(seconds * sampleRate) sent); "
        + String(format: "SNR against the source tone %.1f dB", 10 * log10(signal / max(noise, 1e-12))))
    guard frames == seconds * sampleRate else { throw DemoError("the audio round trip did not give back every frame") }
}

func fourCC(_ code: FourCharCode) -> String {
    String(bytes: [UInt8(code >> 24), UInt8((code >> 16) & 0xFF), UInt8((code >> 8) & 0xFF), UInt8(code & 0xFF)],
           encoding: .isoLatin1) ?? "?"
}

do {
    say("LinuxAVFoundation demo: the codec layer behind AVAssetWriter and AVAssetReader, on synthetic media.\n")
    try runVideo()
    say("")
    try runAudio()
    say("\nDone: both round trips kept every frame with exact timestamps.")
} catch {
    print("demo failed: \(error)")
    exit(1)
}
