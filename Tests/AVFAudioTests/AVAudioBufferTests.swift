import AVFAudio
import Foundation
import Synchronization
import Testing

/// AVAudioPCMBuffer and AVAudioCompressedBuffer: their memory, counts and channel views.
@Suite("AVAudioBuffer")
struct AVAudioBufferTests {
    @Test("a deinterleaved float buffer: a buffer per channel, frameLength sets each mDataByteSize")
    func deinterleaved() throws {
        let format = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2))
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 480))
        #expect(buffer.frameCapacity == 480 && buffer.frameLength == 0 && buffer.stride == 1)
        let list = UnsafeMutableAudioBufferListPointer(buffer.mutableAudioBufferList)
        #expect(list.count == 2)
        #expect(list.allSatisfy { $0.mDataByteSize == 0 && $0.mNumberChannels == 1 })
        buffer.frameLength = 100
        #expect(list.allSatisfy { $0.mDataByteSize == 400 })
        let channels = try #require(buffer.floatChannelData)
        #expect(buffer.int16ChannelData == nil && buffer.int32ChannelData == nil)
        #expect(UnsafeMutableRawPointer(channels[0]) == list[0].mData)
        #expect(UnsafeMutableRawPointer(channels[1]) == list[1].mData)
        for frame in 0..<100 {
            channels[0][frame] = Float(frame)
            channels[1][frame] = -Float(frame)
        }
        let copy = try #require(buffer.copy() as? AVAudioPCMBuffer)
        #expect(copy !== buffer && copy.frameLength == 100)
        let copied = try #require(copy.floatChannelData)
        #expect(copied[0] != channels[0])
        #expect((0..<100).allSatisfy { copied[0][$0] == Float($0) && copied[1][$0] == -Float($0) })
    }

    @Test("an interleaved Int16 buffer: one buffer, a pointer per channel one sample apart, stride = channels")
    func interleaved() throws {
        let format = try #require(AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 2,
                                                interleaved: true))
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 10))
        #expect(buffer.stride == 2)
        let list = UnsafeMutableAudioBufferListPointer(buffer.mutableAudioBufferList)
        #expect(list.count == 1 && list[0].mNumberChannels == 2)
        let channels = try #require(buffer.int16ChannelData)
        #expect(buffer.floatChannelData == nil)
        channels[1][buffer.stride * 3] = 7  // channel 1 of frame 3: the 8th sample of the one buffer
        #expect(list[0].mData!.load(fromByteOffset: 7 * 2, as: Int16.self) == 7)
        buffer.frameLength = 10
        #expect(list[0].mDataByteSize == 40)
    }

    @Test("no PCM buffer for a compressed format, or for room beyond 32 bits of bytes")
    func pcmRefusals() throws {
        let aac = try #require(AVAudioFormat(settings: [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100,
                                                        AVNumberOfChannelsKey: 2]))
        #expect(AVAudioPCMBuffer(pcmFormat: aac, frameCapacity: 1024) == nil)
        let wide = try #require(AVAudioFormat(commonFormat: .pcmFormatFloat64, sampleRate: 48_000, channels: 2,
                                              interleaved: true))
        #expect(AVAudioPCMBuffer(pcmFormat: wide, frameCapacity: .max) == nil)
    }

    @Test("bufferListNoCopy: the caller's memory, its size as capacity and length, the deallocator called once")
    func noCopy() throws {
        let format = try #require(AVAudioFormat(commonFormat: .pcmFormatInt32, sampleRate: 8_000, channels: 1,
                                                interleaved: true))
        let released = Mutex(0)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        let list = AudioBufferList.allocate(maximumBuffers: 1)
        list[0] = AudioBuffer(mNumberChannels: 1, mDataByteSize: 64, mData: memory)
        do {
            let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, bufferListNoCopy: list.unsafePointer) { gone in
                released.withLock { $0 += 1 }
                UnsafeMutableAudioBufferListPointer(UnsafeMutablePointer(mutating: gone))[0].mData?.deallocate()
                free(UnsafeMutableRawPointer(mutating: gone))
            })
            #expect(buffer.frameCapacity == 16 && buffer.frameLength == 16)
            #expect(UnsafeMutableRawPointer(try #require(buffer.int32ChannelData)[0]) == memory)
        }
        #expect(released.withLock { $0 } == 1)
    }

    @Test("a compressed AAC buffer: 768 bytes per channel per packet, descriptions for variable packets")
    func compressed() throws {
        let aac = try #require(AVAudioFormat(settings: [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100,
                                                        AVNumberOfChannelsKey: 2]))
        let buffer = AVAudioCompressedBuffer(format: aac, packetCapacity: 8)
        #expect(buffer.maximumPacketSize == 1536 && buffer.byteCapacity == 8 * 1536)
        #expect(buffer.packetCount == 0 && buffer.byteLength == 0)
        let descriptions = try #require(buffer.packetDescriptions)
        buffer.data.storeBytes(of: 0xABCD, as: UInt16.self)
        descriptions[0] = AudioStreamPacketDescription(mStartOffset: 0, mVariableFramesInPacket: 0,
                                                       mDataByteSize: 2)
        buffer.packetCount = 1
        buffer.byteLength = 2
        #expect(buffer.audioBufferList.pointee.mBuffers.mDataByteSize == 2)
        let copy = try #require(buffer.copy() as? AVAudioCompressedBuffer)
        #expect(copy.packetCount == 1 && copy.byteLength == 2)
        #expect(copy.data.load(as: UInt16.self) == 0xABCD)
        #expect(copy.packetDescriptions?[0].mDataByteSize == 2)
    }
}
