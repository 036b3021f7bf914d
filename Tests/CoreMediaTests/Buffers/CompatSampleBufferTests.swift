import CoreMedia
import CoreVideo
import Foundation
import Testing

/// The compat sample's `checkBuffers()` and `makeToneSampleBuffer` (../shared/compat/Sources/CompatSample/
/// Checks.swift), step by step with the same calls, so a regression shows here before the compat harness runs.
@Suite("The compat sample's buffer checks")
struct CompatSampleBufferTests {
    @Test("checkBuffers: a 420v pixel buffer in a ready image sample buffer")
    func checkBuffers() throws {
        var pixelBuffer: CVPixelBuffer?
        var status = CVPixelBufferCreate(kCFAllocatorDefault, 64, 48, kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange,
                                         nil, &pixelBuffer)
        #expect(status == kCVReturnSuccess)
        let pixels = try #require(pixelBuffer)
        #expect(CVPixelBufferIsPlanar(pixels) && CVPixelBufferGetPlaneCount(pixels) == 2)
        #expect(CVPixelBufferGetWidthOfPlane(pixels, 1) == 32 && CVPixelBufferGetHeightOfPlane(pixels, 1) == 24)
        CVPixelBufferLockBaseAddress(pixels, [])
        let luma = CVPixelBufferGetBaseAddressOfPlane(pixels, 0)!.assumingMemoryBound(to: UInt8.self)
        let lumaStride = CVPixelBufferGetBytesPerRowOfPlane(pixels, 0)
        #expect(lumaStride >= 64)
        for row in 0..<48 { for column in 0..<64 { luma[row * lumaStride + column] = UInt8(16 + (row + column) % 200) } }
        CVPixelBufferUnlockBaseAddress(pixels, [])

        var videoFormat: CMVideoFormatDescription?
        status = CMVideoFormatDescriptionCreateForImageBuffer(allocator: kCFAllocatorDefault, imageBuffer: pixels,
                                                              formatDescriptionOut: &videoFormat)
        #expect(status == noErr && videoFormat != nil)
        let dimensions = CMVideoFormatDescriptionGetDimensions(videoFormat!)
        #expect(dimensions.width == 64 && dimensions.height == 48)

        var timing = CMSampleTimingInfo(duration: CMTime(value: 1, timescale: 30),
                                        presentationTimeStamp: CMTime(value: 7, timescale: 30),
                                        decodeTimeStamp: .invalid)
        var videoSample: CMSampleBuffer?
        status = CMSampleBufferCreateReadyWithImageBuffer(allocator: kCFAllocatorDefault, imageBuffer: pixels,
                                                          formatDescription: videoFormat!, sampleTiming: &timing,
                                                          sampleBufferOut: &videoSample)
        #expect(status == noErr)
        #expect(CMSampleBufferGetPresentationTimeStamp(videoSample!) == CMTime(value: 7, timescale: 30))
        #expect(videoSample!.imageBuffer != nil && videoSample!.numSamples == 1)

        let audio = try Self.makeToneSampleBuffer(frames: 1024, sampleRate: 44_100, at: .zero)
        #expect(CMSampleBufferGetNumSamples(audio) == 1024)
        #expect(CMSampleBufferGetDuration(audio) == CMTime(value: 1024, timescale: 44_100))
        let block = CMSampleBufferGetDataBuffer(audio)!
        #expect(CMBlockBufferGetDataLength(block) == 1024 * 4)
    }

    /// The sample's `makeToneSampleBuffer`, with `try expect` turned into `#expect`/`#require`.
    static func makeToneSampleBuffer(frames: Int, sampleRate: Double, at time: CMTime) throws -> CMSampleBuffer {
        var description = AudioStreamBasicDescription(
            mSampleRate: sampleRate, mFormatID: kAudioFormatLinearPCM,
            mFormatFlags: kLinearPCMFormatFlagIsSignedInteger | kLinearPCMFormatFlagIsPacked,
            mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 2, mBitsPerChannel: 16,
            mReserved: 0)
        var format: CMAudioFormatDescription?
        var status = CMAudioFormatDescriptionCreate(allocator: kCFAllocatorDefault, asbd: &description, layoutSize: 0,
                                                    layout: nil, magicCookieSize: 0, magicCookie: nil, extensions: nil,
                                                    formatDescriptionOut: &format)
        try #require(status == noErr)

        let byteCount = frames * 4
        var block: CMBlockBuffer?
        status = CMBlockBufferCreateWithMemoryBlock(allocator: kCFAllocatorDefault, memoryBlock: nil,
                                                    blockLength: byteCount, blockAllocator: kCFAllocatorDefault,
                                                    customBlockSource: nil, offsetToData: 0, dataLength: byteCount,
                                                    flags: kCMBlockBufferAssureMemoryNowFlag, blockBufferOut: &block)
        try #require(status == kCMBlockBufferNoErr)

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
        try #require(status == kCMBlockBufferNoErr)

        var sampleBuffer: CMSampleBuffer?
        status = CMAudioSampleBufferCreateReadyWithPacketDescriptions(allocator: kCFAllocatorDefault, dataBuffer: block!,
                                                                      formatDescription: format!, sampleCount: frames,
                                                                      presentationTimeStamp: time,
                                                                      packetDescriptions: nil,
                                                                      sampleBufferOut: &sampleBuffer)
        try #require(status == noErr)
        return sampleBuffer!
    }
}
