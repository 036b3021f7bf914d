import CoreMedia
import Foundation
import Testing

/// Helpers that build sample buffers the way a demuxer does.
enum SampleBuffers {
    static func video(sizes: [Int], timings: [CMSampleTimingInfo]) throws -> CMSampleBuffer {
        let block = try makeSegmentedBuffer([sizes.reduce(0, +)])
        var format: CMFormatDescription?
        CMVideoFormatDescriptionCreate(allocator: nil, codecType: kCMVideoCodecType_H264, width: 64, height: 48,
                                       extensions: nil, formatDescriptionOut: &format)
        return try CMSampleBuffer(dataBuffer: block, formatDescription: format, numSamples: sizes.count,
                                  sampleTimings: timings, sampleSizes: sizes)
    }

    /// 16-bit stereo PCM, `frames` frames of `patternBytes`, at 48 kHz.
    static func pcm(frames: Int, at time: CMTime = .zero, nonInterleaved: Bool = false) throws -> CMSampleBuffer {
        var asbd = AudioStreamBasicDescription(
            mSampleRate: 48_000, mFormatID: kAudioFormatLinearPCM,
            mFormatFlags: kLinearPCMFormatFlagIsSignedInteger | kLinearPCMFormatFlagIsPacked
                | (nonInterleaved ? kAudioFormatFlagIsNonInterleaved : 0),
            mBytesPerPacket: nonInterleaved ? 2 : 4, mFramesPerPacket: 1, mBytesPerFrame: nonInterleaved ? 2 : 4,
            mChannelsPerFrame: 2, mBitsPerChannel: 16, mReserved: 0)
        var format: CMFormatDescription?
        try #require(CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil,
                                                    magicCookieSize: 0, magicCookie: nil, extensions: nil,
                                                    formatDescriptionOut: &format) == noErr)
        let block = try makeSegmentedBuffer([frames * 4])
        var buffer: CMSampleBuffer?
        try #require(CMAudioSampleBufferCreateReadyWithPacketDescriptions(
            allocator: nil, dataBuffer: block, formatDescription: format!, sampleCount: frames,
            presentationTimeStamp: time, packetDescriptions: nil, sampleBufferOut: &buffer) == noErr)
        return buffer!
    }

    static func time(_ value: Int64, _ scale: Int32 = 30) -> CMTime { CMTime(value: value, timescale: scale) }
}

@Suite("CMSampleBuffer: timing, sizes, copies, attachments")
struct SampleBufferTests {
    @Test("Status codes have Apple's values (CMSampleBuffer.h)")
    func constants() {
        #expect(kCMSampleBufferError_AllocationFailed == -12730 && kCMSampleBufferError_Invalidated == -12744)
        #expect(kCMSampleBufferError_InvalidEntryCount == -12738 && kCMSampleBufferError_CannotSubdivide == -12739)
        #expect(kCMSampleBufferError_DataFailed == -16750 && kCMSampleBufferError_DataCanceled == -16751)
        #expect(kCMSampleAttachmentKey_NotSync == "NotSync")
        #expect(kCMSampleBufferAttachmentKey_TrimDurationAtStart == "TrimDurationAtStart")
        #expect(!CMSampleTimingInfo.invalid.duration.isValid && !CMSampleTimingInfo.invalid.presentationTimeStamp.isValid)
    }

    @Test("One timing entry describes every sample; per-sample entries are kept as given")
    func timingEntries() throws {
        let shared = try SampleBuffers.video(
            sizes: [10, 20, 30], timings: [CMSampleTimingInfo(duration: SampleBuffers.time(1),
                                                              presentationTimeStamp: SampleBuffers.time(9),
                                                              decodeTimeStamp: SampleBuffers.time(8))])
        #expect(shared.numSamples == 3)
        #expect(shared.duration == SampleBuffers.time(3))
        #expect(shared.presentationTimeStamp == SampleBuffers.time(9))
        #expect(try shared.sampleTimingInfo(at: 2).presentationTimeStamp == SampleBuffers.time(11))
        #expect(try shared.sampleTimingInfo(at: 2).decodeTimeStamp == SampleBuffers.time(10))
        #expect(try shared.sampleTimingInfos().count == 1)
        var needed = 0
        var one = CMSampleTimingInfo()
        #expect(CMSampleBufferGetSampleTimingInfoArray(shared, entryCount: 1, arrayToFill: &one,
                                                       entriesNeededOut: &needed) == noErr)
        #expect(needed == 1 && one.presentationTimeStamp == SampleBuffers.time(9))

        // Decode order P2 B0 B1 (CMSampleBuffer.h's example): PTS is the earliest, DTS the first.
        let reordered = try SampleBuffers.video(sizes: [5, 6, 7], timings: [
            CMSampleTimingInfo(duration: SampleBuffers.time(1), presentationTimeStamp: SampleBuffers.time(12),
                               decodeTimeStamp: SampleBuffers.time(10)),
            CMSampleTimingInfo(duration: SampleBuffers.time(1), presentationTimeStamp: SampleBuffers.time(10),
                               decodeTimeStamp: SampleBuffers.time(11)),
            CMSampleTimingInfo(duration: SampleBuffers.time(1), presentationTimeStamp: SampleBuffers.time(11),
                               decodeTimeStamp: SampleBuffers.time(12)),
        ])
        #expect(reordered.presentationTimeStamp == SampleBuffers.time(10))
        #expect(reordered.decodeTimeStamp == SampleBuffers.time(10))
        #expect(reordered.duration == SampleBuffers.time(3))
        #expect(CMSampleBufferGetSampleTimingInfoArray(reordered, entryCount: 1, arrayToFill: &one,
                                                       entriesNeededOut: &needed) == kCMSampleBufferError_ArrayTooSmall)
        #expect(needed == 3)
        #expect(CMSampleBufferGetSampleTimingInfoArray(reordered, entryCount: 0, arrayToFill: nil,
                                                       entriesNeededOut: &needed) == noErr && needed == 3)
        #expect(throws: CMSampleBuffer.Error.sampleIndexOutOfRange) { try reordered.sampleTimingInfo(at: 3) }
        #expect(throws: CMSampleBuffer.Error.sampleIndexOutOfRange) { try reordered.sampleTimingInfo(at: -1) }
    }

    @Test("Sizes: one for all, one per sample, or none")
    func sizes() throws {
        let varied = try SampleBuffers.video(sizes: [10, 20, 30], timings: [])
        #expect(varied.sampleSize(at: 1) == 20 && varied.sampleSize(at: 3) == 0 && varied.sampleSize(at: -1) == 0)
        #expect(varied.totalSampleSize == 60)
        var needed = 0
        var array = [Int](repeating: 0, count: 3)
        #expect(CMSampleBufferGetSampleSizeArray(varied, entryCount: 3, arrayToFill: &array, entriesNeededOut: &needed)
                == noErr && array == [10, 20, 30])
        #expect(throws: CMSampleBuffer.Error.bufferHasNoSampleTimingInfo) { try varied.sampleTimingInfos() }
        #expect(!varied.duration.isValid)

        let pcm = try SampleBuffers.pcm(frames: 480)
        #expect(try pcm.sampleSizes() == [4] && pcm.totalSampleSize == 1920)
        let planar = try SampleBuffers.pcm(frames: 480, nonInterleaved: true)
        #expect(throws: CMSampleBuffer.Error.bufferHasNoSampleSizes) { try planar.sampleSizes() }
        #expect(CMSampleBufferGetSampleSizeArray(planar, entryCount: 0, arrayToFill: nil, entriesNeededOut: &needed)
                == kCMSampleBufferError_BufferHasNoSampleSizes && needed == 0)
        #expect(throws: CMSampleBuffer.Error.cannotSubdivide) { try planar.singleSampleBuffers() }
    }

    @Test("Entry counts other than 0, 1 or numSamples are refused", arguments: [2, 4, -1])
    func invalidEntryCounts(count: Int) throws {
        var timings = [CMSampleTimingInfo](repeating: CMSampleTimingInfo(duration: SampleBuffers.time(1),
                                                                         presentationTimeStamp: .zero,
                                                                         decodeTimeStamp: .invalid), count: 4)
        var sizes = [Int](repeating: 1, count: 4)
        var out: CMSampleBuffer?
        let block = try makeSegmentedBuffer([3])
        #expect(CMSampleBufferCreateReady(allocator: nil, dataBuffer: block, formatDescription: nil, sampleCount: 3,
                                          sampleTimingEntryCount: count, sampleTimingArray: &timings,
                                          sampleSizeEntryCount: 0, sampleSizeArray: nil, sampleBufferOut: &out)
                == kCMSampleBufferError_InvalidEntryCount)
        #expect(CMSampleBufferCreateReady(allocator: nil, dataBuffer: block, formatDescription: nil, sampleCount: 3,
                                          sampleTimingEntryCount: 0, sampleTimingArray: nil,
                                          sampleSizeEntryCount: count, sampleSizeArray: &sizes, sampleBufferOut: &out)
                == kCMSampleBufferError_InvalidEntryCount)
        #expect(out == nil)
        #expect(CMSampleBufferCreateReady(allocator: nil, dataBuffer: block, formatDescription: nil, sampleCount: 3,
                                          sampleTimingEntryCount: 1, sampleTimingArray: nil,
                                          sampleSizeEntryCount: 0, sampleSizeArray: nil, sampleBufferOut: &out)
                == kCMSampleBufferError_RequiredParameterMissing)
    }

    @Test("Single-sample buffers share the data and carry each sample's timing and attachments")
    func singleSampleBuffers() throws {
        let buffer = try SampleBuffers.video(
            sizes: [3, 5, 2], timings: [CMSampleTimingInfo(duration: SampleBuffers.time(1),
                                                           presentationTimeStamp: SampleBuffers.time(100),
                                                           decodeTimeStamp: .invalid)])
        buffer.sampleAttachments[1][.notSync] = true
        buffer.sampleAttachments[2][.dependsOnOthers] = false
        let singles = Array(try buffer.singleSampleBuffers())
        #expect(singles.count == 3)
        let expectedBytes = [Array(patternBytes(10)[0..<3]), Array(patternBytes(10)[3..<8]), Array(patternBytes(10)[8..<10])]
        for (index, single) in singles.enumerated() {
            #expect(single.numSamples == 1)
            #expect(single.presentationTimeStamp == SampleBuffers.time(100 + Int64(index)))
            #expect(try [UInt8](single.dataBuffer!.dataBytes()) == expectedBytes[index])
            #expect(single.totalSampleSize == expectedBytes[index].count)
        }
        #expect(singles[1].sampleAttachments[0][.notSync] as? Bool == true)
        #expect(singles[0].sampleAttachments[0][.notSync] == nil)
        #expect(singles[2].sampleAttachments[0][.dependsOnOthers] as? Bool == false)

        var range: CMSampleBuffer?
        #expect(CMSampleBufferCopySampleBufferForRange(allocator: nil, sampleBuffer: buffer,
                                                       sampleRange: CFRangeMake(1, 2), sampleBufferOut: &range) == noErr)
        #expect(range!.numSamples == 2 && CMBlockBufferGetDataLength(range!.dataBuffer!) == 7)
        #expect(CMSampleBufferCopySampleBufferForRange(allocator: nil, sampleBuffer: buffer,
                                                       sampleRange: CFRangeMake(2, 2), sampleBufferOut: &range)
                == kCMSampleBufferError_SampleIndexOutOfRange)
        #expect(CMSampleBufferCopySampleBufferForRange(allocator: nil, sampleBuffer: buffer,
                                                       sampleRange: CFRangeMake(-1, 1), sampleBufferOut: &range)
                == kCMSampleBufferError_SampleIndexOutOfRange)
        var visited: [Int] = []
        #expect(CMSampleBufferCallBlockForEachSample(buffer) { single, index in
            visited.append(index * 10 + single.numSamples)
            return index == 1 ? -1 : noErr
        } == -1)
        #expect(visited == [1, 11])
    }

    @Test("Trim attachments give the output times CMSampleBuffer.h defines, and ranges split the trims")
    func trimsAndOutputTiming() throws {
        // AAC-style priming: 2112 frames trimmed from the start of 2048 frames of PCM at 48 kHz, 100 from the end.
        let buffer = try SampleBuffers.pcm(frames: 4096, at: CMTime(value: 48_000, timescale: 48_000))
        let start = CMTime(value: 2112, timescale: 48_000), end = CMTime(value: 100, timescale: 48_000)
        CMSetAttachment(buffer, key: kCMSampleBufferAttachmentKey_TrimDurationAtStart,
                        value: CMTimeCopyAsDictionary(start, allocator: nil), attachmentMode: kCMAttachmentMode_ShouldPropagate)
        buffer.attachments[.trimDurationAtEnd] = .shouldPropagate(CMTimeCopyAsDictionary(end, allocator: nil)!)
        #expect(buffer.presentationTimeStamp == CMTime(value: 1, timescale: 1))
        #expect(buffer.outputPresentationTimeStamp == CMTime(value: 48_000 + 2112, timescale: 48_000))
        #expect(buffer.outputDuration == CMTime(value: 4096 - 2112 - 100, timescale: 48_000))
        #expect(!buffer.outputDecodeTimeStamp.isValid, "PCM has no decode times")

        CMSetAttachment(buffer, key: kCMSampleBufferAttachmentKey_Reverse, value: true, attachmentMode: 0)
        #expect(buffer.outputPresentationTimeStamp == CMTime(value: 48_000 + 4096 - 100, timescale: 48_000))
        CMRemoveAttachment(buffer, key: kCMSampleBufferAttachmentKey_Reverse)
        CMSetAttachment(buffer, key: kCMSampleBufferAttachmentKey_SpeedMultiplier, value: 2.0, attachmentMode: 0)
        #expect(buffer.outputDuration == CMTime(value: (4096 - 2112 - 100) / 2, timescale: 48_000))
        CMRemoveAttachment(buffer, key: kCMSampleBufferAttachmentKey_SpeedMultiplier)

        buffer.outputPresentationTimeStamp = CMTime(value: 5, timescale: 1)
        #expect(CMSampleBufferGetOutputPresentationTimeStamp(buffer) == CMTime(value: 5, timescale: 1))
        #expect(CMSampleBufferSetOutputPresentationTimeStamp(buffer, newValue: .invalid) == noErr)
        #expect(buffer.outputPresentationTimeStamp == CMTime(value: 48_000 + 2112, timescale: 48_000))

        // The first 2048 frames are all trimmed start; the rest keeps 64 frames of it and all of the end trim.
        let head = try CMSampleBuffer(copying: buffer, forRange: 0..<2048)
        let tail = try CMSampleBuffer(copying: buffer, forRange: 2048..<4096)
        #expect(head.outputDuration == .zero)
        #expect(CMTimeMakeFromDictionary(CMGetAttachment(tail, key: kCMSampleBufferAttachmentKey_TrimDurationAtStart,
                                                         attachmentModeOut: nil) as? CFDictionary)
                == CMTime(value: 64, timescale: 48_000))
        #expect(tail.outputDuration == CMTime(value: 2048 - 64 - 100, timescale: 48_000))
        #expect(CMGetAttachment(head, key: kCMSampleBufferAttachmentKey_TrimDurationAtEnd, attachmentModeOut: nil) == nil)
    }

    @Test("PCM packet math: one timing entry at 1/sampleRate per frame, one size entry per frame")
    func pcmPacketMath() throws {
        let buffer = try SampleBuffers.pcm(frames: 1000, at: CMTime(value: 3, timescale: 2))
        #expect(buffer.numSamples == 1000)
        #expect(try buffer.sampleTimingInfos().map(\.duration) == [CMTime(value: 1, timescale: 48_000)])
        #expect(buffer.duration == CMTime(value: 1000, timescale: 48_000))
        #expect(try buffer.sampleTimingInfo(at: 480).presentationTimeStamp == CMTime(value: 72_480, timescale: 48_000))
        #expect(try buffer.audioStreamPacketDescriptions().isEmpty)

        var list = AudioBufferList()
        var frames = [UInt8](repeating: 0, count: 40)
        try frames.withUnsafeMutableBytes { bytes in
            list.mNumberBuffers = 1
            list.mBuffers = AudioBuffer(mNumberChannels: 2, mDataByteSize: 40, mData: bytes.baseAddress)
            try buffer.copyPCMData(fromRange: 10..<20, into: &list)
        }
        #expect(frames == Array(patternBytes(4000)[40..<80]))
        #expect(throws: CMSampleBuffer.Error.sampleIndexOutOfRange) { try buffer.copyPCMData(fromRange: 995..<1005, into: &list) }
        let sum = try buffer.withAudioBufferList { list, block in
            #expect(list.count == 1 && list[0].mDataByteSize == 4000)
            #expect(CMBlockBufferGetDataLength(block) == 4000)
            return UnsafeRawBufferPointer(start: list[0].mData, count: 4000).reduce(0) { $0 + Int($1) }
        }
        #expect(sum == patternBytes(4000).reduce(0) { $0 + Int($1) })
    }

    @Test("Variable audio packets: sizes and timing from packet descriptions")
    func packetDescriptions() throws {
        var asbd = AudioStreamBasicDescription(mSampleRate: 44_100, mFormatID: kAudioFormatMPEG4AAC, mFormatFlags: 0,
                                               mBytesPerPacket: 0, mFramesPerPacket: 1024, mBytesPerFrame: 0,
                                               mChannelsPerFrame: 2, mBitsPerChannel: 0, mReserved: 0)
        var format: CMFormatDescription?
        let cookie: [UInt8] = [0x12, 0x10]
        #expect(CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil,
                                               magicCookieSize: 2, magicCookie: cookie, extensions: nil,
                                               formatDescriptionOut: &format) == noErr)
        let block = try makeSegmentedBuffer([191 + 183 + 208])
        let packets = [AudioStreamPacketDescription(mStartOffset: 0, mVariableFramesInPacket: 0, mDataByteSize: 191),
                       AudioStreamPacketDescription(mStartOffset: 191, mVariableFramesInPacket: 0, mDataByteSize: 183),
                       AudioStreamPacketDescription(mStartOffset: 374, mVariableFramesInPacket: 0, mDataByteSize: 208)]
        let buffer = try CMSampleBuffer(dataBuffer: block, formatDescription: format!, numSamples: 3,
                                        presentationTimeStamp: .zero, packetDescriptions: packets)
        #expect(try buffer.sampleSizes() == [191, 183, 208])
        #expect(buffer.duration == CMTime(value: 3072, timescale: 44_100))
        #expect(try buffer.sampleTimingInfos().count == 1)
        #expect(try buffer.audioStreamPacketDescriptions().map(\.mDataByteSize) == [191, 183, 208])
        // The C function's sizes are bytes (allocatedSize:, packetDescriptionsSizeNeededOut:), as Apple's header
        // names them: too few bytes is kCMSampleBufferError_ArrayTooSmall.
        let stride = MemoryLayout<AudioStreamPacketDescription>.stride
        var bytesNeeded = 0
        #expect(CMSampleBufferGetAudioStreamPacketDescriptions(buffer, allocatedSize: 0, packetDescriptionsOut: nil,
                                                               packetDescriptionsSizeNeededOut: &bytesNeeded) == noErr)
        #expect(bytesNeeded == 3 * stride)
        var copied = [AudioStreamPacketDescription](repeating: AudioStreamPacketDescription(), count: 3)
        #expect(CMSampleBufferGetAudioStreamPacketDescriptions(buffer, allocatedSize: 3, packetDescriptionsOut: &copied,
                                                               packetDescriptionsSizeNeededOut: nil)
                == kCMSampleBufferError_ArrayTooSmall)
        #expect(CMSampleBufferGetAudioStreamPacketDescriptions(buffer, allocatedSize: bytesNeeded,
                                                               packetDescriptionsOut: &copied,
                                                               packetDescriptionsSizeNeededOut: nil) == noErr)
        #expect(copied.map(\.mStartOffset) == [0, 191, 374])
        let last = try CMSampleBuffer(copying: buffer, forRange: 2..<3)
        #expect(try last.audioStreamPacketDescriptions().map(\.mStartOffset) == [0])
        #expect(try last.dataBuffer!.dataBytes() == Data(patternBytes(582)[374...]))

        var out: CMSampleBuffer?
        #expect(CMAudioSampleBufferCreateReadyWithPacketDescriptions(
            allocator: nil, dataBuffer: block, formatDescription: format!, sampleCount: 3, presentationTimeStamp: .zero,
            packetDescriptions: nil, sampleBufferOut: &out) == kCMSampleBufferError_RequiredParameterMissing)
        #expect(CMAudioSampleBufferCreateReadyWithPacketDescriptions(
            allocator: nil, dataBuffer: block, formatDescription: format!, sampleCount: 3, presentationTimeStamp: .invalid,
            packetDescriptions: packets, sampleBufferOut: &out) == kCMSampleBufferError_SampleTimingInfoInvalid)
        let overrun = [AudioStreamPacketDescription(mStartOffset: 500, mVariableFramesInPacket: 0, mDataByteSize: 100)]
        #expect(CMAudioSampleBufferCreateReadyWithPacketDescriptions(
            allocator: nil, dataBuffer: block, formatDescription: format!, sampleCount: 1, presentationTimeStamp: .zero,
            packetDescriptions: overrun, sampleBufferOut: &out) == kCMSampleBufferError_InvalidSampleData)
        var video: CMFormatDescription?
        CMVideoFormatDescriptionCreate(allocator: nil, codecType: kCMVideoCodecType_JPEG, width: 8, height: 8,
                                       extensions: nil, formatDescriptionOut: &video)
        #expect(CMAudioSampleBufferCreateReadyWithPacketDescriptions(
            allocator: nil, dataBuffer: block, formatDescription: video!, sampleCount: 3, presentationTimeStamp: .zero,
            packetDescriptions: packets, sampleBufferOut: &out) == kCMSampleBufferError_InvalidMediaTypeForOperation)
        var size = 0
        let storedCookie = CMAudioFormatDescriptionGetMagicCookie(format!, sizeOut: &size)
        #expect(size == 2 && storedCookie!.load(as: UInt8.self) == 0x12)
    }

    @Test("Copies with new timing, buffer attachments, data readiness and invalidation")
    func copiesReadinessInvalidation() throws {
        let buffer = try SampleBuffers.video(sizes: [4, 4], timings: [])
        buffer.attachments[.drainAfterDecoding] = .shouldPropagate(true)
        var timing = CMSampleTimingInfo(duration: SampleBuffers.time(2), presentationTimeStamp: SampleBuffers.time(4),
                                        decodeTimeStamp: .invalid)
        var retimed: CMSampleBuffer?
        #expect(CMSampleBufferCreateCopyWithNewTiming(allocator: nil, sampleBuffer: buffer, sampleTimingEntryCount: 1,
                                                      sampleTimingArray: &timing, sampleBufferOut: &retimed) == noErr)
        #expect(retimed!.duration == SampleBuffers.time(4) && retimed!.dataBuffer === buffer.dataBuffer)
        #expect(retimed!.attachments[.drainAfterDecoding]?.value as? Bool == true)
        #expect(CMSampleBufferCreateCopyWithNewTiming(allocator: nil, sampleBuffer: buffer, sampleTimingEntryCount: 3,
                                                      sampleTimingArray: &timing, sampleBufferOut: &retimed)
                == kCMSampleBufferError_InvalidEntryCount)

        // A buffer whose data arrives later.
        final class Calls: @unchecked Sendable { var made = 0, invalidated = 0 }
        let calls = Calls()
        let later = try CMSampleBuffer(dataBuffer: nil, formatDescription: nil, numSamples: 0, sampleTimings: [],
                                       sampleSizes: [], makeDataReadyHandler: { _ in calls.made += 1; return noErr })
        #expect(!later.isDataReady && later.dataReadiness == .notReady)
        let follower = try CMSampleBuffer(copying: later)
        #expect(!follower.isDataReady)
        try later.makeDataReady()
        #expect(later.isDataReady && calls.made == 1 && follower.isDataReady)
        try later.setDataReadiness(.failed(kCMSampleBufferError_DataCanceled))
        var failure: OSStatus = 0
        #expect(CMSampleBufferHasDataFailed(later, statusOut: &failure) && failure == kCMSampleBufferError_DataCanceled)

        let empty = try CMSampleBuffer(dataBuffer: nil, dataReady: false, formatDescription: nil, numSamples: 2,
                                       sampleTimings: [], sampleSizes: [3], makeDataReadyHandler: { _ in -1 })
        #expect(throws: CMSampleBuffer.Error.bufferNotReady) { try empty.makeDataReady() }
        let block = try makeSegmentedBuffer([6])
        try empty.setDataBuffer(block)
        #expect(throws: CMSampleBuffer.Error.alreadyHasDataBuffer) { try empty.setDataBuffer(block) }

        try buffer.setInvalidateHandler { _ in calls.invalidated += 1 }
        try buffer.invalidate()
        try buffer.invalidate()
        #expect(calls.invalidated == 1 && !buffer.isValid)
        #expect(buffer.numSamples == 0 && buffer.dataBuffer == nil && !buffer.presentationTimeStamp.isValid)
        #expect(throws: CMSampleBuffer.Error.invalidated) { try buffer.sampleSizes() }
        #expect(CMSampleBufferSetDataReady(buffer) == kCMSampleBufferError_Invalidated)
        var copy: CMSampleBuffer?
        #expect(CMSampleBufferCreateCopy(allocator: nil, sampleBuffer: buffer, sampleBufferOut: &copy)
                == kCMSampleBufferError_Invalidated)
    }

    @Test("Sample attachments: the overlay writes through; the C function's array bridges to [[String: Any]]")
    func sampleAttachments() throws {
        let buffer = try SampleBuffers.video(sizes: [1, 1], timings: [])
        #expect(CMSampleBufferGetSampleAttachmentsArray(buffer, createIfNecessary: false) == nil)
        let created = try #require(CMSampleBufferGetSampleAttachmentsArray(buffer, createIfNecessary: true) as? [[String: Any]])
        #expect(created.count == 2 && created.allSatisfy(\.isEmpty))
        buffer.sampleAttachments[0][.notSync] = true
        buffer.sampleAttachments[0]["Custom"] = 7
        let snapshot = try #require(CMSampleBufferGetSampleAttachmentsArray(buffer, createIfNecessary: false) as? [[String: Any]])
        #expect(snapshot[0][kCMSampleAttachmentKey_NotSync as String] as? Bool == true)
        #expect(Array(buffer.sampleAttachments[0]).count == 2)
        buffer.sampleAttachments[0][.notSync] = nil
        #expect(buffer.sampleAttachments[0][.notSync] == nil)
        #expect(buffer.sampleAttachments.count == 2)
    }
}
