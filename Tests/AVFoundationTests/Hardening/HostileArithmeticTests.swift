import CoreMedia
import Foundation
import Testing
@testable import AVFoundation

/// The arithmetic on values a file declares, at the places `docs/notes/hostile-arithmetic-audit.md` lists (items
/// 6 to 10): saturated or refused, never trapping.
@Suite("Hostile arithmetic: saturated sizes, clamped rates, refused frame counts")
struct HostileArithmeticTests {
    @Test("byte counts from file rates saturate instead of trapping (audit items 9 and 10)", arguments: [
        (1e300, Int64.max), (Double.nan, Int64.max), (Double.infinity, Int64.max), (0x1p63, Int64.max),
        (-5, 0), (12.2, 13), (0, 0),
    ])
    func saturatedBytes(_ bytes: Double, _ expected: Int64) {
        #expect(FileLengthGovernor.saturatedBytes(bytes) == expected)
    }

    @Test("a nominal frame rate of 10^11 (99 zero durations and one tick at 10^9) gives a frame of 1/1000 s")
    func clampedFrameRate() {
        #expect(AssetVideoLayout.frameDuration(forRate: 1e11) == CMTime(value: 1, timescale: 1000))
        #expect(AssetVideoLayout.frameDuration(forRate: 0) == CMTime(value: 1, timescale: 1))
        #expect(AssetVideoLayout.frameDuration(forRate: .nan) == CMTime(value: 1, timescale: 30))
        #expect(AssetVideoLayout.frameDuration(forRate: 29.97) == CMTime(value: 1001, timescale: 30000))
    }

    @Test("a PCM buffer of 2^24 + 1 frames is refused by the writer with the count, not cast (audit item 8)")
    func hugePCMBuffer() throws {
        let frames = (1 << 24) + 1
        var asbd = AudioStreamBasicDescription(mSampleRate: 8_000, mFormatID: kAudioFormatLinearPCM, mFormatFlags: 0,
                                               mBytesPerPacket: 1, mFramesPerPacket: 1, mBytesPerFrame: 1,
                                               mChannelsPerFrame: 1, mBitsPerChannel: 8, mReserved: 0)
        var format: CMAudioFormatDescription?
        CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: 0,
                                       magicCookie: nil, extensions: nil, formatDescriptionOut: &format)
        var block: CMBlockBuffer?
        CMBlockBufferCreateWithMemoryBlock(allocator: nil, memoryBlock: nil, blockLength: frames, blockAllocator: nil,
                                           customBlockSource: nil, offsetToData: 0, dataLength: frames,
                                           flags: kCMBlockBufferAssureMemoryNowFlag, blockBufferOut: &block)
        var buffer: CMSampleBuffer?
        CMAudioSampleBufferCreateReadyWithPacketDescriptions(allocator: nil, dataBuffer: try #require(block),
                                                             formatDescription: try #require(format),
                                                             sampleCount: frames, presentationTimeStamp: .zero,
                                                             packetDescriptions: nil, sampleBufferOut: &buffer)
        let problem = #expect(throws: SampleProblem.self) { try EncodedSample.samples(of: try #require(buffer)) }
        #expect(problem?.description.contains("16777217") == true)
    }
}
