import AVFAudio
import Foundation
import Testing
import TestSupport

/// AVAudioConverter's PCM conversions: counts, channels, levels and frequencies, the input-block contract, and
/// ffmpeg's resampling of the same tone as the judge.
@Suite("AVAudioConverter")
struct AVAudioConverterTests {
    /// A buffer of `frames` frames in `format` (Float32) whose channel `c` holds `tone(c, frame)`.
    static func floatBuffer(_ format: AVAudioFormat, frames: Int, tone: (Int, Int) -> Float) throws -> AVAudioPCMBuffer {
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(frames)))
        buffer.frameLength = AVAudioFrameCount(frames)
        let data = try #require(buffer.floatChannelData)
        for channel in 0..<Int(format.channelCount) {
            for frame in 0..<frames { data[channel][frame * buffer.stride] = tone(channel, frame) }
        }
        return buffer
    }

    static func sine(_ frequency: Double, rate: Double, amplitude: Float = 0.5) -> (Int, Int) -> Float {
        { _, frame in Float(sin(2 * Double.pi * frequency * Double(frame) / rate)) * amplitude }
    }

    /// Converts `input` whole with the input block, `chunk` frames of output at a time; returns every output frame's
    /// samples, channel-interleaved, and the statuses seen.
    static func convertAll(_ converter: AVAudioConverter, _ input: AVAudioPCMBuffer, outputChunk: AVAudioFrameCount)
        throws -> (samples: [Float], statuses: [AVAudioConverterOutputStatus]) {
        var given = false
        var samples: [Float] = []
        var statuses: [AVAudioConverterOutputStatus] = []
        let output = try #require(AVAudioPCMBuffer(pcmFormat: converter.outputFormat, frameCapacity: outputChunk))
        for _ in 0..<10_000 {
            var error: NSError?
            let status = converter.convert(to: output, error: &error) { _, status in
                if given {
                    status.pointee = .endOfStream
                    return nil
                }
                given = true
                status.pointee = .haveData
                return input
            }
            statuses.append(status)
            #expect(error == nil, "\(String(describing: error))")
            if let data = output.floatChannelData {
                for frame in 0..<Int(output.frameLength) {
                    for channel in 0..<Int(output.format.channelCount) { samples.append(data[channel][frame * output.stride]) }
                }
            } else if let data = output.int16ChannelData {
                for frame in 0..<Int(output.frameLength) {
                    for channel in 0..<Int(output.format.channelCount) {
                        samples.append(Float(data[channel][frame * output.stride]) / 32_768)
                    }
                }
            }
            if status == .endOfStream || status == .error { break }
        }
        return (samples, statuses)
    }

    /// The amplitude of `frequency` in `samples` at `rate` (a single-bin DFT).
    static func amplitude(of frequency: Double, in samples: [Float], rate: Double) -> Double {
        var re = 0.0, im = 0.0
        for (index, sample) in samples.enumerated() {
            let phase = 2 * Double.pi * frequency * Double(index) / rate
            re += Double(sample) * cos(phase)
            im -= Double(sample) * sin(phase)
        }
        return 2 * sqrt(re * re + im * im) / Double(samples.count)
    }

    @Test("44.1 kHz stereo float to 16 kHz mono Int16 (mixed): ⌈N·16000/44100⌉ frames, the tone's frequency and level")
    func speechFormat() throws {
        let input = try #require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 2))
        let output = try #require(AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1,
                                                interleaved: true))
        let converter = try #require(AVAudioConverter(from: input, to: output))
        converter.downmix = true
        let source = try Self.floatBuffer(input, frames: 44_100, tone: Self.sine(1_000, rate: 44_100))
        let (samples, statuses) = try Self.convertAll(converter, source, outputChunk: 1_000)
        #expect(samples.count == 16_000)
        #expect(statuses.last == .endOfStream && statuses.dropLast().allSatisfy { $0 == .haveData })
        // Both channels hold the same tone: a mix keeps its level.
        let middle = Array(samples[2_000..<14_000])
        #expect(abs(Self.amplitude(of: 1_000, in: middle, rate: 16_000) - 0.5) < 0.01)
        #expect(Self.amplitude(of: 1_500, in: middle, rate: 16_000) < 0.01)
    }

    @Test("ffmpeg -ar 16000 of the same tone: the same samples, but for the flushed end (within 0.01)")
    func matchesFFmpeg() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let input = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1))
        let output = try #require(AVAudioFormat(standardFormatWithSampleRate: 16_000, channels: 1))
        let source = try Self.floatBuffer(input, frames: 48_000, tone: Self.sine(440, rate: 48_000))
        let raw = directory.file("tone.f32")
        try Data(bytes: try #require(source.floatChannelData)[0], count: 48_000 * 4).write(to: raw)
        let theirs = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-f", "f32le", "-ar", "48000",
                                                       "-ac", "1", "-i", raw.path, "-ar", "16000", "-f", "f32le", "-"])
            .standardOutput.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let converter = try #require(AVAudioConverter(from: input, to: output))
        let ours = try Self.convertAll(converter, source, outputChunk: 4_096).samples
        #expect(ours.count == 16_000 && theirs.count == 16_000)
        // Both are swresample with its default filter: identical, except where the end of the input is flushed
        // (ffmpeg's filter graph ends the stream its own way; measured: the last 16 frames differ, by 0.0035 at most).
        let differences = zip(ours, theirs).map { abs($0 - $1) }
        #expect(differences.prefix(16_000 - 32).allSatisfy { $0 == 0 },
                "first difference at \(String(describing: differences.firstIndex { $0 > 0 }))")
        #expect(differences.suffix(32).allSatisfy { $0 < 0.01 })
    }

    @Test("channels are remapped, not mixed, by default; channelMap moves them; mono feeds both")
    func remapping() throws {
        let stereo = try #require(AVAudioFormat(standardFormatWithSampleRate: 8_000, channels: 2))
        let mono = try #require(AVAudioFormat(standardFormatWithSampleRate: 8_000, channels: 1))
        // Left: a constant 0.25; right: 0.75.
        let source = try Self.floatBuffer(stereo, frames: 100) { channel, _ in channel == 0 ? 0.25 : 0.75 }
        let toMono = try #require(AVAudioConverter(from: stereo, to: mono))
        #expect(toMono.channelMap == [0])
        let out = try #require(AVAudioPCMBuffer(pcmFormat: mono, frameCapacity: 100))
        try toMono.convert(to: out, from: source)
        #expect(out.frameLength == 100)
        #expect((0..<100).allSatisfy { out.floatChannelData![0][$0] == 0.25 }, "the left channel only")
        toMono.channelMap = [1]
        try toMono.convert(to: out, from: source)
        #expect((0..<100).allSatisfy { out.floatChannelData![0][$0] == 0.75 })

        let swap = try #require(AVAudioConverter(from: stereo, to: stereo))
        swap.channelMap = [1, 0]
        let swapped = try #require(AVAudioPCMBuffer(pcmFormat: stereo, frameCapacity: 100))
        try swap.convert(to: swapped, from: source)
        #expect(swapped.floatChannelData![0][50] == 0.75 && swapped.floatChannelData![1][50] == 0.25)

        let up = try #require(AVAudioConverter(from: mono, to: stereo))
        #expect(up.channelMap == [0, 0])
        let single = try Self.floatBuffer(mono, frames: 10) { _, frame in Float(frame) / 10 }
        let both = try #require(AVAudioPCMBuffer(pcmFormat: stereo, frameCapacity: 10))
        try up.convert(to: both, from: single)
        #expect((0..<10).allSatisfy { both.floatChannelData![0][$0] == Float($0) / 10 && both.floatChannelData![1][$0] == Float($0) / 10 })
    }

    @Test("convert(to:from:): sample type and interleaving exactly; a rate change is refused")
    func basicConversion() throws {
        let planar = try #require(AVAudioFormat(standardFormatWithSampleRate: 22_050, channels: 2))
        let int16 = try #require(AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 22_050, channels: 2,
                                               interleaved: true))
        let converter = try #require(AVAudioConverter(from: planar, to: int16))
        let source = try Self.floatBuffer(planar, frames: 64) { channel, frame in channel == 0 ? 0.5 : -Float(frame) / 64 }
        let out = try #require(AVAudioPCMBuffer(pcmFormat: int16, frameCapacity: 64))
        try converter.convert(to: out, from: source)
        let data = try #require(out.int16ChannelData)[0]
        #expect(out.frameLength == 64)
        #expect(data[0] == 16_384 && data[1] == 0 && data[2 * 32] == 16_384 && data[2 * 32 + 1] == -16_384)
        let other = try #require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 2))
        let resampling = try #require(AVAudioConverter(from: planar, to: other))
        let target = try #require(AVAudioPCMBuffer(pcmFormat: other, frameCapacity: 200))
        #expect((#expect(throws: NSError.self) { try resampling.convert(to: target, from: source) })?.code == -50)
        let small = try #require(AVAudioPCMBuffer(pcmFormat: int16, frameCapacity: 10))
        #expect((#expect(throws: NSError.self) { try converter.convert(to: small, from: source) })?.code == -50)
    }

    @Test("the input block contract: noDataNow gives inputRanDry and resumes; chunking never changes the output")
    func inputBlockContract() throws {
        let input = try #require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 1))
        let output = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1))
        let whole = try Self.floatBuffer(input, frames: 10_000, tone: Self.sine(300, rate: 44_100))
        let reference = try Self.convertAll(try #require(AVAudioConverter(from: input, to: output)), whole,
                                            outputChunk: 100_000).samples
        #expect(reference.count == 10_885)  // ⌈10000 · 48000 / 44100⌉ = ⌈10884.35⌉

        // The same input in pieces of 777 frames, with a noDataNow after each.
        let converter = try #require(AVAudioConverter(from: input, to: output))
        let out = try #require(AVAudioPCMBuffer(pcmFormat: output, frameCapacity: 500))
        var next = 0, dry = false, ended = false
        var got: [Float] = []
        var ranDry = 0
        while !ended {
            var error: NSError?
            let status = converter.convert(to: out, error: &error) { _, status in
                if dry {
                    dry = false
                    status.pointee = .noDataNow
                    return nil
                }
                guard next < 10_000 else {
                    status.pointee = .endOfStream
                    return nil
                }
                let count = min(777, 10_000 - next)
                let piece = try? Self.floatBuffer(input, frames: count) { _, frame in
                    whole.floatChannelData![0][next + frame]
                }
                next += count
                dry = true
                status.pointee = .haveData
                return piece
            }
            #expect(status != .error, "\(String(describing: error))")
            if status == .inputRanDry { ranDry += 1 }
            got += (0..<Int(out.frameLength)).map { out.floatChannelData![0][$0] }
            ended = status == .endOfStream || status == .error
        }
        #expect(ranDry >= 12)
        #expect(got == reference)
    }

    @Test("wrong input, settings that cannot be honoured, and compressed formats")
    func refusals() throws {
        let input = try #require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 1))
        let output = try #require(AVAudioFormat(standardFormatWithSampleRate: 16_000, channels: 1))
        let aac = try #require(AVAudioFormat(settings: [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100,
                                                        AVNumberOfChannelsKey: 1]))
        #expect(AVAudioConverter(from: aac, to: aac) == nil, "compressed to compressed")
        let out = try #require(AVAudioPCMBuffer(pcmFormat: output, frameCapacity: 100))
        let converter = try #require(AVAudioConverter(from: input, to: output))
        var error: NSError?
        let wrong = try Self.floatBuffer(output, frames: 10) { _, _ in 0 }
        var status = converter.convert(to: out, error: &error) { _, status in
            status.pointee = .haveData
            return wrong
        }
        #expect(status == .error && error?.code == -50)
        for configure in [{ (c: AVAudioConverter) in c.sampleRateConverterAlgorithm = AVSampleRateConverterAlgorithm_MinimumPhase },
                          { (c: AVAudioConverter) in c.primeMethod = .none },
                          { (c: AVAudioConverter) in c.primeInfo = AVAudioConverterPrimeInfo(leadingFrames: 64, trailingFrames: 0) }] {
            let failing = try #require(AVAudioConverter(from: input, to: output))
            configure(failing)
            error = nil
            status = failing.convert(to: out, error: &error) { _, status in
                status.pointee = .endOfStream
                return nil
            }
            #expect(status == .error && error != nil)
        }
        // A PCM conversion's priming is none: setting that is accepted (a caller that writes back what it read).
        let primed = try #require(AVAudioConverter(from: input, to: output))
        primed.primeInfo = AVAudioConverterPrimeInfo(leadingFrames: 0, trailingFrames: 0)
        #expect(try Self.convertAll(primed, try Self.floatBuffer(input, frames: 4_410, tone: Self.sine(200, rate: 44_100)),
                                    outputChunk: 512).samples.count == 1_600)
        // Mastering and a lower quality are honoured (different filters), and still give the exact count.
        for (quality, algorithm) in [(AVAudioQuality.min.rawValue, AVSampleRateConverterAlgorithm_Normal),
                                     (AVAudioQuality.high.rawValue, AVSampleRateConverterAlgorithm_Mastering)] {
            let tuned = try #require(AVAudioConverter(from: input, to: output))
            tuned.sampleRateConverterQuality = quality
            tuned.sampleRateConverterAlgorithm = algorithm
            let source = try Self.floatBuffer(input, frames: 4_410, tone: Self.sine(200, rate: 44_100))
            #expect(try Self.convertAll(tuned, source, outputChunk: 512).samples.count == 1_600)
        }
    }

    /// The 7-byte ADTS header (ISO/IEC 13818-7 §6.2) of an AAC LC packet of `length` bytes at 44.1 kHz stereo.
    static func adtsHeader(length: Int) -> [UInt8] {
        let total = length + 7
        return [0xFF, 0xF1,                                   // sync word, MPEG-4, layer 0, no CRC
                UInt8(1 << 6 | 4 << 2 | 0),                   // profile LC (object type 2 − 1), 44.1 kHz (index 4)
                UInt8(2 << 6 | (total >> 11) & 0x3),          // 2 channels, frame length's top bits
                UInt8((total >> 3) & 0xFF),
                UInt8((total & 0x7) << 5 | 0x1F), 0xFC]       // buffer fullness 0x7FF, one raw data block
    }

    @Test("PCM to AAC: whole packets with descriptions, priming reported, a cookie; ffmpeg decodes the tone")
    func encodeAAC() throws {
        let input = try #require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 2))
        let aac = try #require(AVAudioFormat(settings: [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100,
                                                        AVNumberOfChannelsKey: 2]))
        let converter = try #require(AVAudioConverter(from: input, to: aac))
        converter.bitRate = 128_000
        #expect(converter.bitRate == 128_000)
        let source = try Self.floatBuffer(input, frames: 44_100, tone: Self.sine(1_000, rate: 44_100))
        let output = AVAudioCompressedBuffer(format: aac, packetCapacity: 8,
                                             maximumPacketSize: converter.maximumOutputPacketSize)
        var given = false
        var stream: [UInt8] = []
        var packets = 0
        loop: for _ in 0..<1_000 {
            var error: NSError?
            let status = converter.convert(to: output, error: &error) { _, status in
                status.pointee = given ? .endOfStream : .haveData
                defer { given = true }
                return given ? nil : source
            }
            #expect(status != .error, "\(String(describing: error))")
            let descriptions = try #require(output.packetDescriptions)
            for index in 0..<Int(output.packetCount) {
                let packet = descriptions[index]
                let bytes = UnsafeRawBufferPointer(start: output.data + Int(packet.mStartOffset),
                                                   count: Int(packet.mDataByteSize))
                stream += Self.adtsHeader(length: bytes.count) + bytes
                packets += 1
            }
            switch status {
            case .endOfStream, .error: break loop
            default: continue
            }
        }
        // 44,100 frames after 1,024 of priming, in 1,024-frame packets: ⌈45124 / 1024⌉ = 45.
        #expect(packets == 45)
        #expect(converter.primeInfo.leadingFrames == 1_024)
        #expect(converter.magicCookie?.isEmpty == false)
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("tone.aac")
        try Data(stream).write(to: url)
        #expect(try ExternalTool.ffmpegDecodeErrors(url) == "")
        let decoded = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-f", "f32le", "-"])
            .standardOutput.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        #expect(decoded.count == 45 * 1_024 * 2)
        let left = stride(from: 0, to: decoded.count, by: 2).map { decoded[$0] }
        let middle = Array(left[11_025..<33_075])
        #expect(abs(Self.amplitude(of: 1_000, in: middle, rate: 44_100) - 0.5) < 0.02)
    }

    @Test("AAC packets to PCM: the frames ffmpeg decodes from the same packets, priming included")
    func decodeAAC() throws {
        let pcm = try #require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 2))
        let aac = try #require(AVAudioFormat(settings: [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100,
                                                        AVNumberOfChannelsKey: 2]))
        // Encode a second of tone, keeping each packet.
        let encoder = try #require(AVAudioConverter(from: pcm, to: aac))
        let source = try Self.floatBuffer(pcm, frames: 44_100, tone: Self.sine(1_000, rate: 44_100))
        var packets: [[UInt8]] = []
        var given = false
        let encoded = AVAudioCompressedBuffer(format: aac, packetCapacity: 4, maximumPacketSize: encoder.maximumOutputPacketSize)
        while true {
            var error: NSError?
            let status = encoder.convert(to: encoded, error: &error) { _, status in
                status.pointee = given ? .endOfStream : .haveData
                defer { given = true }
                return given ? nil : source
            }
            let descriptions = try #require(encoded.packetDescriptions)
            for index in 0..<Int(encoded.packetCount) {
                let packet = descriptions[index]
                packets.append(Array(UnsafeRawBufferPointer(start: encoded.data + Int(packet.mStartOffset),
                                                            count: Int(packet.mDataByteSize))))
            }
            if status == .endOfStream || status == .error { break }
        }
        #expect(packets.count == 45)
        let cookie = try #require(encoder.magicCookie)

        // Decode them three packets at a time, the format's cookie from the encoder.
        let packetFormat = try #require(AVAudioFormat(settings: [AVFormatIDKey: kAudioFormatMPEG4AAC,
                                                                 AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 2]))
        packetFormat.magicCookie = cookie
        let decoder = try #require(AVAudioConverter(from: packetFormat, to: pcm))
        let output = try #require(AVAudioPCMBuffer(pcmFormat: pcm, frameCapacity: 2_000))
        var next = 0
        var left: [Float] = []
        while true {
            var error: NSError?
            let status = decoder.convert(to: output, error: &error) { _, status in
                guard next < packets.count else {
                    status.pointee = .endOfStream
                    return nil
                }
                let chunk = AVAudioCompressedBuffer(format: packetFormat, packetCapacity: 3, maximumPacketSize: 1_536)
                for packet in packets[next..<min(next + 3, packets.count)] {
                    let offset = Int(chunk.byteLength)
                    packet.withUnsafeBytes { chunk.data.advanced(by: offset).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                    chunk.packetDescriptions?[Int(chunk.packetCount)] = AudioStreamPacketDescription(
                        mStartOffset: Int64(offset), mVariableFramesInPacket: 0, mDataByteSize: UInt32(packet.count))
                    chunk.byteLength += UInt32(packet.count)
                    chunk.packetCount += 1
                }
                next += Int(chunk.packetCount)
                status.pointee = .haveData
                return chunk
            }
            #expect(status != .error, "\(String(describing: error))")
            left += (0..<Int(output.frameLength)).map { output.floatChannelData![0][$0] }
            if status == .endOfStream || status == .error { break }
        }
        #expect(left.count == 45 * 1_024, "every decoded frame, priming included")

        // ffmpeg decodes the same packets as ADTS: the same samples.
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("tone.aac")
        try Data(packets.flatMap { Self.adtsHeader(length: $0.count) + $0 }).write(to: url)
        let decoded = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-f", "f32le", "-"])
            .standardOutput.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let theirs = stride(from: 0, to: decoded.count, by: 2).map { decoded[$0] }
        #expect(theirs.count == left.count)
        let worst = zip(left, theirs).reduce(Float(0)) { max($0, abs($1.0 - $1.1)) }
        #expect(worst < 1e-5, "largest difference from ffmpeg's decode: \(worst)")
    }
}
