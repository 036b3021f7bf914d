import AudioToolbox
import Foundation
import Testing
import TestSupport

/// AudioConverterConvertComplexBuffer (PCM to PCM, one rate, buffer lists interleaved or not),
/// AudioConverterFillComplexBufferWithPacketDependencies (iOS 26) and the codec constants of AudioCodec.h and
/// AudioFormat.h, against Apple's declarations and documented behaviour.
@Suite("AudioConverter complex buffers")
struct AudioConverterComplexBufferTests {
    static func float32Planar(rate: Double, channels: UInt32) -> AudioStreamBasicDescription {
        AudioStreamBasicDescription(
            mSampleRate: rate, mFormatID: kAudioFormatLinearPCM,
            mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked | kAudioFormatFlagIsNonInterleaved,
            mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: channels,
            mBitsPerChannel: 32, mReserved: 0)
    }

    @Test("The codec constants: Apple's four-character codes, as UInt32, usable in an AudioClassDescription")
    func constants() throws {
        let values: [UInt32] = [kAudioDecoderComponentType, kAudioEncoderComponentType, kAudioUnityCodecComponentType,
                                kAppleSoftwareAudioCodecManufacturer, kAppleHardwareAudioCodecManufacturer]
        // From AudioCodec.h ('adec', 'aenc', 'acdc') and AudioFormat.h ('appl', 'aphw').
        #expect(values == [0x6164_6563, 0x6165_6E63, 0x6163_6463, 0x6170_706C, 0x6170_6877])
        let classes = [AudioClassDescription(mType: kAudioEncoderComponentType, mSubType: kAudioFormatAppleLossless,
                                             mManufacturer: kAppleSoftwareAudioCodecManufacturer)]
        let converter = try AudioConverterTests.new(AudioConverterTests.int16(rate: 44_100, channels: 2),
                                                    AudioConverterTests.codec(kAudioFormatAppleLossless),
                                                    classes: classes)
        _ = AudioConverterDispose(converter)
    }

    @Test("ConvertComplexBuffer: interleaved Int16 to planar Float32 and back, the same frames out as in, exactly")
    func convertsComplexBuffers() throws {
        let toPlanar = try AudioConverterTests.new(AudioConverterTests.int16(rate: 8_000, channels: 2),
                                                   Self.float32Planar(rate: 8_000, channels: 2))
        defer { _ = AudioConverterDispose(toPlanar) }
        // Frames (left, right): (0, 16384), (-32768, 32767), (8192, -8192).
        var interleaved: [Int16] = [0, 16_384, -32_768, 32_767, 8_192, -8_192]
        var left = [Float](repeating: 9, count: 4), right = [Float](repeating: 9, count: 4)
        let status = interleaved.withUnsafeMutableBytes { source in
            left.withUnsafeMutableBytes { leftBytes in
                right.withUnsafeMutableBytes { rightBytes in
                    var input = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(
                        mNumberChannels: 2, mDataByteSize: 12, mData: source.baseAddress))
                    let output = AudioBufferList.allocate(maximumBuffers: 2)
                    defer { output.unsafeMutablePointer.deallocate() }
                    output[0] = AudioBuffer(mNumberChannels: 1, mDataByteSize: 16, mData: leftBytes.baseAddress)
                    output[1] = AudioBuffer(mNumberChannels: 1, mDataByteSize: 16, mData: rightBytes.baseAddress)
                    let status = AudioConverterConvertComplexBuffer(toPlanar, 3, &input, output.unsafeMutablePointer)
                    #expect(output[0].mDataByteSize == 12 && output[1].mDataByteSize == 12)
                    return status
                }
            }
        }
        #expect(status == noErr)
        #expect(left == [0, -1, 0.25, 9])
        #expect(right == [0.5, Float(32_767) / 32_768, -0.25, 9])

        let toInterleaved = try AudioConverterTests.new(Self.float32Planar(rate: 8_000, channels: 2),
                                                        AudioConverterTests.int16(rate: 8_000, channels: 2))
        defer { _ = AudioConverterDispose(toInterleaved) }
        var back = [Int16](repeating: 7, count: 6)
        let again = left.withUnsafeMutableBytes { leftBytes in
            right.withUnsafeMutableBytes { rightBytes in
                back.withUnsafeMutableBytes { target in
                    let input = AudioBufferList.allocate(maximumBuffers: 2)
                    defer { input.unsafeMutablePointer.deallocate() }
                    input[0] = AudioBuffer(mNumberChannels: 1, mDataByteSize: 12, mData: leftBytes.baseAddress)
                    input[1] = AudioBuffer(mNumberChannels: 1, mDataByteSize: 12, mData: rightBytes.baseAddress)
                    var output = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(
                        mNumberChannels: 2, mDataByteSize: 12, mData: target.baseAddress))
                    return AudioConverterConvertComplexBuffer(toInterleaved, 3, input.unsafePointer, &output)
                }
            }
        }
        #expect(again == noErr)
        #expect(back == [0, 16_384, -32_768, 32_767, 8_192, -8_192])
    }

    @Test("ConvertComplexBuffer refuses what it cannot do with Apple's codes: rate conversion, codecs, short buffers")
    func refusesComplexBuffers() throws {
        var samples = [Int16](repeating: 100, count: 8)
        var output = [Int16](repeating: 0, count: 32)
        func convert(_ converter: AudioConverterRef, frames: UInt32, inputBytes: UInt32, outputBytes: UInt32,
                     buffers: UInt32 = 1) -> OSStatus {
            samples.withUnsafeMutableBytes { source in
                output.withUnsafeMutableBytes { target in
                    var input = AudioBufferList(mNumberBuffers: buffers, mBuffers: AudioBuffer(
                        mNumberChannels: 1, mDataByteSize: inputBytes, mData: source.baseAddress))
                    var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(
                        mNumberChannels: 1, mDataByteSize: outputBytes, mData: target.baseAddress))
                    return AudioConverterConvertComplexBuffer(converter, frames, &input, &list)
                }
            }
        }
        let same = try AudioConverterTests.new(AudioConverterTests.int16(rate: 8_000, channels: 1),
                                               AudioConverterTests.int16(rate: 8_000, channels: 1))
        defer { _ = AudioConverterDispose(same) }
        #expect(convert(same, frames: 8, inputBytes: 16, outputBytes: 16) == noErr)
        #expect(output[0..<8].allSatisfy { $0 == 100 })
        #expect(convert(same, frames: 8, inputBytes: 14, outputBytes: 16) == kAudioConverterErr_InvalidInputSize)
        #expect(convert(same, frames: 8, inputBytes: 16, outputBytes: 14) == kAudioConverterErr_InvalidOutputSize)
        #expect(convert(same, frames: 8, inputBytes: 16, outputBytes: 16, buffers: 0) == kAudio_ParamError)
        let resampler = try AudioConverterTests.new(AudioConverterTests.int16(rate: 8_000, channels: 1),
                                                    AudioConverterTests.int16(rate: 16_000, channels: 1))
        defer { _ = AudioConverterDispose(resampler) }
        #expect(convert(resampler, frames: 8, inputBytes: 16, outputBytes: 64)
            == kAudioConverterErr_OperationNotSupported)
        let encoder = try AudioConverterTests.new(AudioConverterTests.int16(rate: 44_100, channels: 1),
                                                  AudioConverterTests.codec(kAudioFormatAppleLossless, channels: 1))
        defer { _ = AudioConverterDispose(encoder) }
        #expect(convert(encoder, frames: 8, inputBytes: 16, outputBytes: 64)
            == kAudioConverterErr_OperationNotSupported)
        let disposed = try AudioConverterTests.new(AudioConverterTests.int16(rate: 8_000, channels: 1),
                                                   AudioConverterTests.int16(rate: 8_000, channels: 1))
        _ = AudioConverterDispose(disposed)
        #expect(convert(disposed, frames: 8, inputBytes: 16, outputBytes: 16) == kAudio_ParamError)
    }

    /// Encodes the test tone to ALAC with one of the two fill calls: the packets' bytes and descriptions, and
    /// whether the dependency descriptions were left as they were given.
    static func encodeALAC(withDependencies: Bool) throws -> (bytes: [UInt8], sizes: [UInt32], untouched: Bool) {
        let samples = try AudioConverterTests.toneSamples()
        let converter = try AudioConverterTests.new(AudioConverterTests.int16(rate: 44_100, channels: 2),
                                                    AudioConverterTests.codec(kAudioFormatAppleLossless))
        defer { _ = AudioConverterDispose(converter) }
        let input = AudioConverterTests.Input(bytes: samples, bytesPerPacket: 4, chunk: 1_000)
        var bytes: [UInt8] = [], sizes: [UInt32] = []
        var untouched = true
        let sentinel = AudioStreamPacketDependencyDescription(mIsIndependentlyDecodable: 7, mPreRollCount: 7,
                                                              mFlags: 7, mReserved: 7)
        var storage = [UInt8](repeating: 0, count: 64 * 1_024)
        while true {
            var count: UInt32 = 4
            var descriptions = [AudioStreamPacketDescription](repeating: .init(), count: 4)
            var dependencies = [AudioStreamPacketDependencyDescription](repeating: sentinel, count: 4)
            let status = storage.withUnsafeMutableBytes { memory in
                var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(
                    mNumberChannels: 2, mDataByteSize: UInt32(memory.count), mData: memory.baseAddress))
                let user = Unmanaged.passUnretained(input).toOpaque()
                let status = withDependencies
                    ? AudioConverterFillComplexBufferWithPacketDependencies(
                        converter, AudioConverterTests.supply, user, &count, &list, &descriptions, &dependencies)
                    : AudioConverterFillComplexBuffer(converter, AudioConverterTests.supply, user, &count, &list,
                                                      &descriptions)
                return status
            }
            try #require(status == noErr, "fill: \(status)")
            untouched = untouched && dependencies.allSatisfy { $0.mIsIndependentlyDecodable == 7 && $0.mFlags == 7 }
            if count == 0 { break }
            for description in descriptions[0..<Int(count)] {
                let start = Int(description.mStartOffset)
                bytes += storage[start..<(start + Int(description.mDataByteSize))]
                sizes.append(description.mDataByteSize)
            }
        }
        return (bytes, sizes, untouched)
    }

    @Test("WithPacketDependencies: FillComplexBuffer's very packets; dependency descriptions left alone")
    func fillsWithPacketDependencies() throws {
        let plain = try Self.encodeALAC(withDependencies: false)
        let withDependencies = try Self.encodeALAC(withDependencies: true)
        #expect(!plain.sizes.isEmpty)
        #expect(withDependencies.sizes == plain.sizes)
        #expect(withDependencies.bytes == plain.bytes)
        #expect(withDependencies.untouched)
    }
}
