import AudioToolbox
import Foundation
import Testing
import TestSupport

/// AudioConverter over AVAudioConverter: PCM conversions, encoding and decoding through
/// AudioConverterFillComplexBuffer's C-style callback, judged by ffmpeg; Apple's status codes for wrong use.
@Suite("AudioConverter")
struct AudioConverterTests {
    /// Input for the callback: PCM frames or packets, handed out `chunk` at a time from memory it owns, which stays
    /// valid until the next call, as Apple's contract asks.
    final class Input {
        let bytes: UnsafeMutableRawPointer
        let count: Int
        let bytesPerPacket: Int
        let packets: [AudioStreamPacketDescription]
        var next = 0
        var chunk: Int
        /// A status to return once (Apple's "no data now"), before the packet of this index.
        var pauseAt: Int?
        var descriptions: UnsafeMutablePointer<AudioStreamPacketDescription>
        var calls = 0

        init(bytes: [UInt8], bytesPerPacket: Int, packets: [AudioStreamPacketDescription] = [], chunk: Int) {
            let memory = UnsafeMutableRawPointer.allocate(byteCount: max(1, bytes.count), alignment: 16)
            bytes.withUnsafeBytes {
                if let base = $0.baseAddress { memory.copyMemory(from: base, byteCount: $0.count) }
            }
            self.bytes = memory
            self.count = packets.isEmpty ? bytes.count / bytesPerPacket : packets.count
            self.bytesPerPacket = bytesPerPacket
            self.packets = packets
            self.chunk = chunk
            descriptions = .allocate(capacity: max(1, chunk))
        }

        deinit {
            bytes.deallocate()
            descriptions.deallocate()
        }
    }

    /// The callback, as C code would write it: the user data is the `Input`.
    static func supply(_ converter: AudioConverterRef, _ packets: UnsafeMutablePointer<UInt32>,
                       _ data: UnsafeMutablePointer<AudioBufferList>,
                       _ descriptions: UnsafeMutablePointer<UnsafeMutablePointer<AudioStreamPacketDescription>?>?,
                       _ userData: UnsafeMutableRawPointer?) -> OSStatus {
        let input = Unmanaged<Input>.fromOpaque(userData!).takeUnretainedValue()
        input.calls += 1
        if let pause = input.pauseAt, input.next >= pause {
            input.pauseAt = nil
            packets.pointee = 0
            return 0x7761_6974  // 'wait': any status other than noErr means "no data now"
        }
        let count = min(input.chunk, input.count - input.next)
        packets.pointee = UInt32(max(0, count))
        guard count > 0 else {
            data.pointee.mBuffers.mDataByteSize = 0
            return noErr
        }
        if input.packets.isEmpty {
            data.pointee.mBuffers.mData = input.bytes + input.next * input.bytesPerPacket
            data.pointee.mBuffers.mDataByteSize = UInt32(count * input.bytesPerPacket)
        } else {
            let first = input.packets[input.next]
            var size = 0
            for index in 0..<count {
                var description = input.packets[input.next + index]
                description.mStartOffset -= first.mStartOffset
                input.descriptions[index] = description
                size = Int(description.mStartOffset) + Int(description.mDataByteSize)
            }
            data.pointee.mBuffers.mData = input.bytes + Int(first.mStartOffset)
            data.pointee.mBuffers.mDataByteSize = UInt32(size)
            descriptions?.pointee = input.descriptions
        }
        input.next += count
        return noErr
    }

    /// A converter made by AudioConverterNew, or by AudioConverterNewSpecific when `classes` names codecs.
    static func new(_ from: AudioStreamBasicDescription, _ to: AudioStreamBasicDescription,
                    classes: [AudioClassDescription] = []) throws -> AudioConverterRef {
        var from = from, to = to
        var converter: AudioConverterRef?
        let status = classes.isEmpty ? AudioConverterNew(&from, &to, &converter)
            : AudioConverterNewSpecific(&from, &to, UInt32(classes.count), classes, &converter)
        try #require(status == noErr, "AudioConverterNew(Specific): \(status)")
        return try #require(converter)
    }

    /// Converts all of `input` to PCM of `bytesPerFrame` bytes per frame, `frames` at a time.
    static func drainPCM(_ converter: AudioConverterRef, _ input: Input, bytesPerFrame: Int,
                         frames: Int = 1_000) throws -> [UInt8] {
        var output: [UInt8] = []
        var storage = [UInt8](repeating: 0, count: frames * bytesPerFrame)
        while true {
            var count = UInt32(frames)
            let status = storage.withUnsafeMutableBytes { memory in
                var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(
                    mNumberChannels: 0, mDataByteSize: UInt32(memory.count), mData: memory.baseAddress))
                let status = AudioConverterFillComplexBuffer(converter, supply,
                                                             Unmanaged.passUnretained(input).toOpaque(), &count, &list,
                                                             nil)
                #expect(Int(list.mBuffers.mDataByteSize) == Int(count) * bytesPerFrame)
                return status
            }
            try #require(status == noErr, "AudioConverterFillComplexBuffer: \(status)")
            if count == 0 { break }
            output += storage[0..<(Int(count) * bytesPerFrame)]
        }
        return output
    }

    static func int16(rate: Double, channels: UInt32) -> AudioStreamBasicDescription {
        AudioStreamBasicDescription(mSampleRate: rate, mFormatID: kAudioFormatLinearPCM,
                                    mFormatFlags: kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked,
                                    mBytesPerPacket: 2 * channels, mFramesPerPacket: 1, mBytesPerFrame: 2 * channels,
                                    mChannelsPerFrame: channels, mBitsPerChannel: 16, mReserved: 0)
    }

    static func float32(rate: Double, channels: UInt32) -> AudioStreamBasicDescription {
        AudioStreamBasicDescription(mSampleRate: rate, mFormatID: kAudioFormatLinearPCM,
                                    mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked,
                                    mBytesPerPacket: 4 * channels, mFramesPerPacket: 1, mBytesPerFrame: 4 * channels,
                                    mChannelsPerFrame: channels, mBitsPerChannel: 32, mReserved: 0)
    }

    static func codec(_ id: AudioFormatID, rate: Double = 44_100, channels: UInt32 = 2) -> AudioStreamBasicDescription {
        var format = AudioStreamBasicDescription()
        format.mFormatID = id
        format.mSampleRate = rate
        format.mChannelsPerFrame = channels
        return format
    }

    /// 16-bit stereo samples of the test tone (AudioFileTests' WAVE), as ffmpeg decodes them.
    static func toneSamples() throws -> [UInt8] {
        let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", try AudioFileTests.wave().path,
                                                       "-f", "s16le", "-"])
        return [UInt8](result.standardOutput)
    }

    static func int16s(_ bytes: [UInt8]) -> [Int16] {
        bytes.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    // MARK: PCM

    @Test("PCM 44.1 kHz Int16 stereo to 16 kHz Float32 mono: ⌈N·r′/r⌉ frames, the tone's frequency and level")
    func resamples() throws {
        let samples = try Self.toneSamples()
        let converter = try Self.new(Self.int16(rate: 44_100, channels: 2), Self.float32(rate: 16_000, channels: 1))
        defer { _ = AudioConverterDispose(converter) }
        let input = Input(bytes: samples, bytesPerPacket: 4, chunk: 777)
        let output = try Self.drainPCM(converter, input, bytesPerFrame: 4)
        let floats = output.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        #expect(floats.count == 8_000)  // ⌈22,050 · 16,000 / 44,100⌉
        // Zero crossings of a 1 kHz tone over the middle 0.4 s: 800.
        let middle = floats[800..<7_200]
        let crossings = zip(middle, middle.dropFirst()).filter { $0 < 0 && $1 >= 0 || $0 >= 0 && $1 < 0 }.count
        #expect(abs(crossings - 800) <= 2, "\(crossings) crossings")
        let rms = (middle.reduce(0) { $0 + Double($1) * Double($1) } / Double(middle.count)).squareRoot()
        #expect(abs(rms - 0.5 / 2.0.squareRoot()) < 0.01, "RMS \(rms)")
        // After the end, the converter gives nothing until it is reset.
        var count: UInt32 = 10
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 40, alignment: 4)
        defer { memory.deallocate() }
        var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(mNumberChannels: 1, mDataByteSize: 40,
                                                                             mData: memory))
        #expect(AudioConverterFillComplexBuffer(converter, Self.supply, Unmanaged.passUnretained(input).toOpaque(),
                                                &count, &list, nil) == noErr && count == 0)
    }

    @Test("A callback's non-zero status ends the fill with that status and what was made; the next fill goes on")
    func pausesOnCallbackStatus() throws {
        let samples = try Self.toneSamples()
        let converter = try Self.new(Self.int16(rate: 44_100, channels: 2), Self.int16(rate: 44_100, channels: 2))
        defer { _ = AudioConverterDispose(converter) }
        let input = Input(bytes: samples, bytesPerPacket: 4, chunk: 100)
        input.pauseAt = 300
        var storage = [UInt8](repeating: 0, count: 4_000)
        var count: UInt32 = 1_000
        let status = storage.withUnsafeMutableBytes { memory in
            var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(
                mNumberChannels: 2, mDataByteSize: 4_000, mData: memory.baseAddress))
            return AudioConverterFillComplexBuffer(converter, Self.supply, Unmanaged.passUnretained(input).toOpaque(),
                                                   &count, &list, nil)
        }
        #expect(status == 0x7761_6974)
        #expect(count == 300)
        #expect(Array(storage[0..<1_200]) == Array(samples[0..<1_200]))
        let rest = try Self.drainPCM(converter, input, bytesPerFrame: 4)
        #expect(Array(storage[0..<1_200]) + rest == samples)
    }

    @Test("ConvertBuffer: Int16 to Float32 exactly; SRC, partial frames and small outputs refused with Apple's codes")
    func convertsBuffers() throws {
        let converter = try Self.new(Self.int16(rate: 8_000, channels: 1), Self.float32(rate: 8_000, channels: 1))
        defer { _ = AudioConverterDispose(converter) }
        let input: [Int16] = [0, 16_384, -32_768, 32_767]
        var output = [Float](repeating: 9, count: 4)
        var size: UInt32 = 16
        #expect(AudioConverterConvertBuffer(converter, 8, input, &size, &output) == noErr)
        #expect(size == 16)
        #expect(output == [0, 0.5, -1, Float(32_767) / 32_768])
        size = 16
        #expect(AudioConverterConvertBuffer(converter, 7, input, &size, &output) == kAudioConverterErr_InvalidInputSize)
        size = 8
        #expect(AudioConverterConvertBuffer(converter, 8, input, &size, &output)
            == kAudioConverterErr_InvalidOutputSize)
        let resampler = try Self.new(Self.int16(rate: 8_000, channels: 1), Self.int16(rate: 16_000, channels: 1))
        defer { _ = AudioConverterDispose(resampler) }
        size = 16
        #expect(AudioConverterConvertBuffer(resampler, 8, input, &size, &output)
            == kAudioConverterErr_OperationNotSupported)
    }

    // MARK: Codecs

    /// Encodes the test tone with a converter to `format` and writes the packets to a file of `fileType` with
    /// AudioFile, with the converter's cookie and priming.
    static func encode(_ format: AudioStreamBasicDescription, into url: URL,
                       fileType: AudioFileTypeID = kAudioFileM4AType, classes: [AudioClassDescription] = []) throws {
        let samples = try toneSamples()
        let converter = try new(int16(rate: 44_100, channels: 2), format, classes: classes)
        defer { _ = AudioConverterDispose(converter) }
        var output = AudioStreamBasicDescription()
        var size = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)
        try #require(AudioConverterGetProperty(converter, kAudioConverterCurrentOutputStreamDescription, &size, &output)
            == noErr)
        #expect(output.mFramesPerPacket > 0, "\(output)")
        var largest: UInt32 = 0
        size = 4
        try #require(AudioConverterGetProperty(converter, kAudioConverterPropertyMaximumOutputPacketSize, &size,
                                               &largest) == noErr)
        var file: AudioFileID?
        try #require(AudioFileCreateWithURL(url as CFURL, fileType, &output, [], &file) == noErr)
        let ref = try #require(file)
        let input = Input(bytes: samples, bytesPerPacket: 4, chunk: 1_500)
        let packetsPerFill = 8
        var buffer = [UInt8](repeating: 0, count: Int(largest) * packetsPerFill)
        var descriptions = [AudioStreamPacketDescription](repeating: .init(), count: packetsPerFill)
        var written: Int64 = 0
        var cookieSet = false
        while true {
            var count = UInt32(packetsPerFill)
            let status = buffer.withUnsafeMutableBytes { memory in
                var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(
                    mNumberChannels: 2, mDataByteSize: UInt32(memory.count), mData: memory.baseAddress))
                let status = AudioConverterFillComplexBuffer(converter, supply,
                                                             Unmanaged.passUnretained(input).toOpaque(), &count,
                                                             &list, &descriptions)
                return (status, list.mBuffers.mDataByteSize)
            }
            try #require(status.0 == noErr, "AudioConverterFillComplexBuffer: \(status.0)")
            if count == 0 { break }
            if !cookieSet {
                // The encoder's cookie, for the file's header, once it has one.
                var cookieSize: UInt32 = 0
                if AudioConverterGetPropertyInfo(converter, kAudioConverterCompressionMagicCookie, &cookieSize, nil)
                    == noErr, cookieSize > 0 {
                    var cookie = [UInt8](repeating: 0, count: Int(cookieSize))
                    #expect(AudioConverterGetProperty(converter, kAudioConverterCompressionMagicCookie, &cookieSize,
                                                      &cookie) == noErr)
                    #expect(AudioFileSetProperty(ref, kAudioFilePropertyMagicCookieData, cookieSize, cookie) == noErr)
                }
                cookieSet = true
            }
            var number = count
            try #require(AudioFileWritePackets(ref, false, status.1, descriptions, written, &number, buffer) == noErr)
            written += Int64(count)
        }
        var prime = AudioConverterPrimeInfo()
        size = UInt32(MemoryLayout<AudioConverterPrimeInfo>.size)
        #expect(AudioConverterGetProperty(converter, kAudioConverterPrimeInfo, &size, &prime) == noErr)
        let total = written * Int64(output.mFramesPerPacket)
        if prime.leadingFrames > 0 {
            var table = AudioFilePacketTableInfo(mNumberValidFrames: 22_050, mPrimingFrames: Int32(prime.leadingFrames),
                                                 mRemainderFrames: Int32(total - 22_050 - Int64(prime.leadingFrames)))
            #expect(AudioFileSetProperty(ref, kAudioFilePropertyPacketTableInfo, 16, &table) == noErr)
        }
        #expect(AudioFileClose(ref) == noErr)
    }

    @Test("PCM to ALAC (M4A) and FLAC (MPEG-4), written with AudioFile: ffmpeg decodes the very samples given",
          arguments: [(kAudioFormatAppleLossless, kAudioFileM4AType), (kAudioFormatFLAC, kAudioFileMPEG4Type)])
    func encodesLossless(format: AudioFormatID, fileType: AudioFileTypeID) throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file(fileType == kAudioFileM4AType ? "lossless.m4a" : "lossless.mp4")
        try Self.encode(Self.codec(format), into: url, fileType: fileType)
        #expect(try ExternalTool.ffmpegDecodeErrors(url).isEmpty)
        let decoded = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-f", "s16le", "-"])
        #expect([UInt8](decoded.standardOutput) == (try Self.toneSamples()))
    }

    @Test("PCM to AAC, written with AudioFile: ffprobe's codec and duration, a clean decode, the tone")
    func encodesAAC() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("aac.m4a")
        try Self.encode(Self.codec(kAudioFormatMPEG4AAC), into: url)
        #expect(try ExternalTool.ffmpegDecodeErrors(url).isEmpty)
        let stream = try AudioFileTests.probeStream(url)
        #expect(stream["codec_name"] as? String == "aac" && stream["channels"] as? Int == 2)
        // The edit list (and iTunSMPB) hold the 22,050 frames given: ffprobe's duration; ffmpeg's decode cuts the
        // priming (it does not cut the end, here as for files of its own encoder).
        #expect(stream["duration_ts"] as? Int == 22_050)
        let decoded = Self.int16s([UInt8](try ExternalTool.check("ffmpeg", [
            "-nostdin", "-v", "error", "-i", url.path, "-f", "s16le", "-"]).standardOutput))
        #expect(decoded.count == 22_528 * 2)
        let original = Self.int16s(try Self.toneSamples())
        let middle = 2_000..<(original.count - 2_000)
        var signal = 0.0, noise = 0.0
        for index in middle {
            signal += Double(original[index]) * Double(original[index])
            let difference = Double(decoded[index]) - Double(original[index])
            noise += difference * difference
        }
        // Aligned to the sample: the priming was cut where the converter said it was.
        let snr = 10 * log10(signal / max(noise, 1))
        #expect(snr > 20, "SNR \(snr) dB")
    }

    @Test("AAC and ALAC packets read with AudioFile, decoded to Int16: ALAC exactly ffmpeg's samples, AAC close")
    func decodes() throws {
        for (url, exact) in [(try AudioFileTests.alac(), true), (try AudioFileTests.aac(), false)] {
            let file = try AudioFileTests.open(url)
            defer { _ = AudioFileClose(file) }
            let format = try AudioFileTests.property(file, kAudioFilePropertyDataFormat, AudioStreamBasicDescription())
            let packets = try AudioFileTests.packets(file)
            var descriptions: [AudioStreamPacketDescription] = []
            var offset: Int64 = 0
            for packet in packets {
                descriptions.append(.init(mStartOffset: offset, mVariableFramesInPacket: 0,
                                          mDataByteSize: UInt32(packet.count)))
                offset += Int64(packet.count)
            }
            let converter = try Self.new(format, Self.int16(rate: format.mSampleRate, channels: 2))
            defer { _ = AudioConverterDispose(converter) }
            var cookie = try AudioFileTests.bytes(file, kAudioFilePropertyMagicCookieData)
            #expect(AudioConverterSetProperty(converter, kAudioConverterDecompressionMagicCookie, UInt32(cookie.count),
                                              &cookie) == noErr)
            let input = Input(bytes: Array(packets.joined()), bytesPerPacket: 0, packets: descriptions, chunk: 3)
            let output = Self.int16s(try Self.drainPCM(converter, input, bytesPerFrame: 4, frames: 3_000))
            let reference = Self.int16s(try Self.toneSamples())
            if exact {
                #expect(output == reference)
            } else {
                // Every decoded frame, priming included (1,024 frames): then ffmpeg's trimmed decode follows.
                let table = try AudioFileTests.property(file, kAudioFilePropertyPacketTableInfo,
                                                        AudioFilePacketTableInfo())
                #expect(output.count == packets.count * 1_024 * 2)
                let ffmpeg = Self.int16s([UInt8](try ExternalTool.check("ffmpeg", [
                    "-nostdin", "-v", "error", "-i", url.path, "-f", "s16le", "-"]).standardOutput))
                let trimmed = output.dropFirst(Int(table.mPrimingFrames) * 2).prefix(ffmpeg.count)
                let error = zip(trimmed, ffmpeg).map { abs(Int($0) - Int($1)) }.max() ?? .max
                #expect(error <= 1, "largest difference from ffmpeg's decode \(error)")
            }
        }
    }

    // MARK: Wrong use

    @Test("Formats, properties and buffers it cannot take: Apple's codes, no converter, no trap")
    func refusesBadUse() throws {
        var aac = Self.codec(kAudioFormatMPEG4AAC)
        var pcm = Self.int16(rate: 44_100, channels: 2)
        var converter: AudioConverterRef?
        #expect(AudioConverterNew(&aac, &aac, &converter) == kAudioConverterErr_FormatNotSupported)
        var none = pcm
        none.mChannelsPerFrame = 0
        #expect(AudioConverterNew(&none, &pcm, &converter) == kAudioConverterErr_FormatNotSupported)
        #expect(converter == nil)

        let encoder = try Self.new(pcm, aac)
        var value: UInt32 = 0
        var size: UInt32 = 4
        #expect(AudioConverterGetProperty(encoder, kAudioConverterDecompressionMagicCookie, &size, &value)
            == kAudioConverterErr_PropertyNotSupported)
        #expect(AudioConverterGetProperty(encoder, 0x7A7A_7A7A, &size, &value)
            == kAudioConverterErr_PropertyNotSupported)
        var small: UInt16 = 0
        size = 2
        #expect(AudioConverterGetProperty(encoder, kAudioConverterEncodeBitRate, &size, &small)
            == kAudioConverterErr_BadPropertySizeError)
        value = 96_000
        #expect(AudioConverterSetProperty(encoder, kAudioConverterEncodeBitRate, 4, &value) == noErr)
        size = 4
        #expect(AudioConverterGetProperty(encoder, kAudioConverterEncodeBitRate, &size, &value) == noErr)
        #expect(value == 96_000)
        var writable: DarwinBoolean = false
        #expect(AudioConverterGetPropertyInfo(encoder, kAudioConverterCurrentOutputStreamDescription, &size, &writable)
            == noErr)
        #expect(size == 40 && !writable.boolValue)
        // Compressed output needs packet descriptions, and room for one packet.
        let input = Input(bytes: try Self.toneSamples(), bytesPerPacket: 4, chunk: 4_096)
        var buffer = [UInt8](repeating: 0, count: 4_096)
        var count: UInt32 = 1
        let noDescriptions = buffer.withUnsafeMutableBytes { memory in
            var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(
                mNumberChannels: 2, mDataByteSize: 4_096, mData: memory.baseAddress))
            return AudioConverterFillComplexBuffer(encoder, Self.supply, Unmanaged.passUnretained(input).toOpaque(),
                                                   &count, &list, nil)
        }
        #expect(noDescriptions == kAudioConverterErr_RequiresPacketDescriptionsError && count == 0)
        var description = AudioStreamPacketDescription()
        count = 1
        let tooSmall = buffer.withUnsafeMutableBytes { memory in
            var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(
                mNumberChannels: 2, mDataByteSize: 4, mData: memory.baseAddress))
            return AudioConverterFillComplexBuffer(encoder, Self.supply, Unmanaged.passUnretained(input).toOpaque(),
                                                   &count, &list, &description)
        }
        #expect(tooSmall == kAudioConverterErr_InvalidOutputSize && count == 0)
        #expect(AudioConverterReset(encoder) == noErr)
        #expect(AudioConverterDispose(encoder) == noErr)
        #expect(AudioConverterDispose(encoder) == kAudio_ParamError)
        #expect(AudioConverterReset(encoder) == kAudio_ParamError)

        // A channel map of the wrong length, or naming a channel the input lacks.
        let mixer = try Self.new(pcm, Self.int16(rate: 44_100, channels: 1))
        defer { _ = AudioConverterDispose(mixer) }
        var map: [Int32] = [0, 1]
        #expect(AudioConverterSetProperty(mixer, kAudioConverterChannelMap, 8, &map)
            == kAudioConverterErr_BadPropertySizeError)
        map = [5]
        #expect(AudioConverterSetProperty(mixer, kAudioConverterChannelMap, 4, &map) == kAudio_ParamError)
        map = [1]
        #expect(AudioConverterSetProperty(mixer, kAudioConverterChannelMap, 4, &map) == noErr)
        #expect(AudioConverterSetProperty(mixer, kAudioConverterEncodeBitRate, 4, &value)
            == kAudioConverterErr_PropertyNotSupported)
    }
}
