import AVFoundation
import Foundation

/// The sample buffers and formats a writer program appends, and the outside judge of what it wrote.
enum FuzzMedia {
    /// A JPEG format description (the hint of a passthrough video input).
    static let jpegFormat: CMFormatDescription = {
        var format: CMVideoFormatDescription?
        CMVideoFormatDescriptionCreate(allocator: nil, codecType: kCMVideoCodecType_JPEG, width: 32, height: 32,
                                       extensions: nil, formatDescriptionOut: &format)
        return format!
    }()

    /// The format of 16-bit interleaved PCM.
    static func pcmFormat(rate: Double, channels: Int) -> CMAudioFormatDescription {
        var asbd = AudioStreamBasicDescription(
            mSampleRate: rate, mFormatID: kAudioFormatLinearPCM,
            mFormatFlags: kLinearPCMFormatFlagIsSignedInteger | kLinearPCMFormatFlagIsPacked,
            mBytesPerPacket: UInt32(2 * channels), mFramesPerPacket: 1, mBytesPerFrame: UInt32(2 * channels),
            mChannelsPerFrame: UInt32(channels), mBitsPerChannel: 16, mReserved: 0)
        var format: CMAudioFormatDescription?
        CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: 0,
                                       magicCookie: nil, extensions: nil, formatDescriptionOut: &format)
        return format!
    }

    /// A BGRA picture of one of four sizes at frame `frame` of a 30 fps clock, with one of three durations
    /// (none, one frame, zero).
    static func videoSample(frame: Int, size: Int, duration: UInt8) -> CMSampleBuffer? {
        let sizes = [(32, 32), (16, 16), (48, 24), (31, 17)]
        let (width, height) = sizes[size % sizes.count]
        var pixels: CVPixelBuffer?
        guard CVPixelBufferCreate(nil, width, height, kCVPixelFormatType_32BGRA, nil, &pixels) == kCVReturnSuccess,
              let pixels else { return nil }
        CVPixelBufferLockBaseAddress(pixels, [])
        if let base = CVPixelBufferGetBaseAddress(pixels) {
            memset(base, Int32(frame & 0xFF), CVPixelBufferGetBytesPerRow(pixels) * height)
        }
        CVPixelBufferUnlockBaseAddress(pixels, [])
        var format: CMVideoFormatDescription?
        CMVideoFormatDescriptionCreateForImageBuffer(allocator: nil, imageBuffer: pixels, formatDescriptionOut: &format)
        let durations: [CMTime] = [.invalid, CMTime(value: 1, timescale: 30), .zero]
        var timing = CMSampleTimingInfo(duration: durations[Int(duration) % 3],
                                        presentationTimeStamp: CMTime(value: Int64(frame), timescale: 30),
                                        decodeTimeStamp: .invalid)
        var buffer: CMSampleBuffer?
        guard let format else { return nil }
        CMSampleBufferCreateReadyWithImageBuffer(allocator: nil, imageBuffer: pixels, formatDescription: format,
                                                 sampleTiming: &timing, sampleBufferOut: &buffer)
        return buffer
    }

    /// `frames` frames of 16-bit stereo PCM at 44.1 kHz starting at frame `start`.
    static func audioSample(start: Int, frames: Int) -> CMSampleBuffer? {
        let bytes = frames * 4
        var block: CMBlockBuffer?
        guard CMBlockBufferCreateWithMemoryBlock(allocator: nil, memoryBlock: nil, blockLength: bytes, blockAllocator: nil,
                                                 customBlockSource: nil, offsetToData: 0, dataLength: bytes,
                                                 flags: kCMBlockBufferAssureMemoryNowFlag, blockBufferOut: &block) == noErr,
              let block else { return nil }
        CMBlockBufferFillDataBytes(with: 0, blockBuffer: block, offsetIntoDestination: 0, dataLength: bytes)
        var buffer: CMSampleBuffer?
        CMAudioSampleBufferCreateReadyWithPacketDescriptions(
            allocator: nil, dataBuffer: block, formatDescription: pcmFormat(rate: 44_100, channels: 2),
            sampleCount: frames, presentationTimeStamp: CMTime(value: Int64(start), timescale: 44_100),
            packetDescriptions: nil, sampleBufferOut: &buffer)
        return buffer
    }

    /// What ffprobe says is wrong with `url` (its error output, or its exit status), or nil when it reads the
    /// file without complaint.
    static func ffprobeProblem(_ url: URL) -> String? {
        // ffprobe's errors go to a file, not a pipe: Foundation traps when a pipe read is interrupted by a signal
        // (EINTR), and libFuzzer's timers send them.
        let report = url.deletingLastPathComponent().appendingPathComponent("ffprobe-errors.txt")
        guard FileManager.default.createFile(atPath: report.path, contents: nil),
              let errors = FileHandle(forWritingAtPath: report.path) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        process.arguments = ["-v", "error", "-show_format", "-show_streams", url.path]
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }  // No ffprobe here: nothing to judge with.
        process.waitUntilExit()
        try? errors.close()
        let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
        if process.terminationStatus != 0 { return "ffprobe exited with \(process.terminationStatus): \(text)" }
        return text.isEmpty ? nil : "ffprobe: \(text)"
    }
}
