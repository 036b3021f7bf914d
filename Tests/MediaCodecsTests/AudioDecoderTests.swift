import Foundation
import Testing
import CoreMedia
import TestSupport
@testable import MediaCodecs

extension ProbedStream {
    /// An audio format description as a demuxer makes it: the stream description and the cookie.
    func audioFormatDescription(formatID: AudioFormatID, framesPerPacket: UInt32, cookie: [UInt8]? = nil,
                                pcm: AudioStreamBasicDescription? = nil) throws -> CMFormatDescription {
        var asbd = pcm ?? AudioStreamBasicDescription(mSampleRate: Double(sampleRate), mFormatID: formatID, mFormatFlags: 0,
                                                      mBytesPerPacket: 0, mFramesPerPacket: framesPerPacket, mBytesPerFrame: 0,
                                                      mChannelsPerFrame: UInt32(channels), mBitsPerChannel: 0, mReserved: 0)
        let bytes = cookie ?? extradata
        var description: CMFormatDescription?
        let status = bytes.withUnsafeBytes {
            CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: bytes.count,
                                           magicCookie: bytes.isEmpty ? nil : $0.baseAddress, extensions: nil,
                                           formatDescriptionOut: &description)
        }
        guard status == noErr, let description else { throw TestFailure("CMAudioFormatDescriptionCreate: \(status)") }
        return description
    }

    /// Audio sample buffers of `perBuffer` packets each, with packet descriptions, as a demuxer hands them out.
    func audioSampleBuffers(format: CMFormatDescription, perBuffer: Int = 4) throws -> [CMSampleBuffer] {
        var result: [CMSampleBuffer] = []
        for start in stride(from: 0, to: packets.count, by: perBuffer) {
            let group = Array(packets[start..<min(packets.count, start + perBuffer)])
            var offset = 0
            let descriptions = group.map { packet -> AudioStreamPacketDescription in
                defer { offset += packet.bytes.count }
                return AudioStreamPacketDescription(mStartOffset: Int64(offset), mVariableFramesInPacket: UInt32(packet.duration),
                                                    mDataByteSize: UInt32(packet.bytes.count))
            }
            var buffer: CMSampleBuffer?
            let status = descriptions.withUnsafeBufferPointer {
                CMAudioSampleBufferCreateReadyWithPacketDescriptions(
                    allocator: nil, dataBuffer: try! makeBlockBuffer(group.flatMap(\.bytes)), formatDescription: format,
                    sampleCount: group.count, presentationTimeStamp: CMTime(value: group[0].pts, timescale: timescale),
                    packetDescriptions: $0.baseAddress, sampleBufferOut: &buffer)
            }
            guard status == noErr, let buffer else { throw TestFailure("CMAudioSampleBufferCreateReadyWithPacketDescriptions: \(status)") }
            result.append(buffer)
        }
        return result
    }
}

@Suite("Audio decoder session on streams ffmpeg made")
struct AudioDecoderTests {
    /// File, Core Audio format, frames per packet (0: variable), and whether the codec is lossless (then the samples
    /// must equal ffmpeg's own decode).
    static let cases: [(String, AudioFormatID, UInt32, Bool)] = [
        ("aac-lc-stereo.m4a", kAudioFormatMPEG4AAC, 1024, false),
        ("alac-stereo.m4a", kAudioFormatAppleLossless, 4096, true),
        ("mp3-mono.mp4", kAudioFormatMPEGLayer3, 1152, false),
        ("opus-stereo.mp4", kAudioFormatOpus, 960, false),
        ("flac-stereo.mp4", kAudioFormatFLAC, 0, true),
        ("ac3-stereo.mp4", kAudioFormatAC3, 1536, false),
        ("eac3-stereo.mp4", kAudioFormatEnhancedAC3, 1536, false),
    ]

    @Test("every packet decodes: 1 kHz at the source's level, as many samples as the packets hold, lossless ones equal to ffmpeg's",
          arguments: 0..<cases.count)
    func decode(index: Int) throws {
        let (name, format, framesPerPacket, lossless) = Self.cases[index]
        let url = try TestMedia.file(name)
        let stream = try ProbedStream(url, kind: "a")
        let description = try stream.audioFormatDescription(formatID: format, framesPerPacket: framesPerPacket)
        let session = try AudioDecoderSession(formatDescription: description, outputSettings: try AudioDecoderOutputSettings(
            outputSettings: [AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: 16]))
        var buffers: [CMSampleBuffer] = []
        for input in try stream.audioSampleBuffers(format: description) {
            let result = session.decode(input)
            #expect(result.failures.isEmpty, "\(name): \(result.failures)")
            buffers += result.sampleBuffers
        }
        buffers += session.finish().sampleBuffers
        let total = buffers.reduce(0) { $0 + CMSampleBufferGetNumSamples($1) }
        // Lossy codecs decode every packet to a whole frame (the container's shortened last durations and edit lists
        // are the caller's trimming); lossless ones decode exactly what the packets hold.
        let expected = lossless ? stream.packets.reduce(0) { $0 + Int($1.duration) } * Int(stream.sampleRate) / Int(stream.timescale)
                                : stream.packets.count * Int(framesPerPacket)
        #expect(total == expected, "\(name): \(total) samples decoded, the packets hold \(expected)")
        // Times continue sample for sample.
        for (a, b) in zip(buffers, buffers.dropFirst()) {
            #expect(a.presentationTimeStamp + a.duration == b.presentationTimeStamp, "\(name)")
        }
        let pcm = buffers.flatMap { buffer -> [UInt8] in (try? [UInt8](buffer.dataBuffer!.dataBytes())) ?? [] }
        let channels = stream.channels
        let left = stride(from: 0, to: pcm.count - 1, by: 2 * channels).map {
            Double(Int16(bitPattern: UInt16(pcm[$0]) | UInt16(pcm[$0 + 1]) << 8)) / 32768
        }
        let middle = Array(left[(left.count / 4)..<(left.count * 3 / 4)])
        let tone = SyntheticAudio.goertzel(middle, frequency: 1000, sampleRate: Double(stream.sampleRate))
        #expect(tone > 100 * SyntheticAudio.goertzel(middle, frequency: 1300, sampleRate: Double(stream.sampleRate)), "\(name)")
        // ffmpeg's sine source has amplitude 1/8 of full scale; `-ac 2` spreads the mono tone over both channels at
        // −3 dB (swresample's default mono-to-stereo gain, 1/√2).
        let amplitude = 0.125 / (channels == 2 ? 2.squareRoot() : 1)
        let level = 20 * log10(SyntheticAudio.rms(middle) / (amplitude / 2.squareRoot()))
        print("\(name): \(total) samples, level \(level) dB")
        #expect(abs(level) < 1, "\(name): level \(level) dB")
        if lossless {
            let reference = [UInt8](try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-f", "s16le", "-"]).standardOutput)
            #expect(pcm == reference, "\(name): lossless decode equals ffmpeg's")
        }
    }

    @Test("linear PCM 'decoding' converts layouts: 24-bit big-endian to 32-bit float non-interleaved and back to s16, exact")
    func pcmLayouts() throws {
        let url = try TestMedia.file("pcm-s24be-in24.mov")
        let stream = try ProbedStream(url, kind: "a")
        let asbd = AudioStreamBasicDescription(mSampleRate: 48_000, mFormatID: kAudioFormatLinearPCM,
                                               mFormatFlags: kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsBigEndian | kAudioFormatFlagIsPacked,
                                               mBytesPerPacket: 6, mFramesPerPacket: 1, mBytesPerFrame: 6, mChannelsPerFrame: 2,
                                               mBitsPerChannel: 24, mReserved: 0)
        let description = try stream.audioFormatDescription(formatID: kAudioFormatLinearPCM, framesPerPacket: 1, cookie: [], pcm: asbd)
        // The file's packets are chunks of frames; as linear PCM sample buffers one sample is one frame.
        let data = stream.packets.flatMap(\.bytes)
        let maker = try PCMSampleBufferMaker(layout: try PCMLayout.make(asbd).get(), channelLayout: nil)
        let input = try maker.makeSampleBuffer(data, frameCount: data.count / 6, presentationTimeStamp: .zero)
        let session = try AudioDecoderSession(formatDescription: description, outputSettings: try AudioDecoderOutputSettings(outputSettings: [
            AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: 32, AVLinearPCMIsFloatKey: true, AVLinearPCMIsNonInterleaved: true]))
        let decoded = session.decode(input).sampleBuffers + session.finish().sampleBuffers
        #expect(decoded.reduce(0) { $0 + CMSampleBufferGetNumSamples($1) } == 48_000)
        // Back to the file's own layout through the converter session: the bytes are the file's.
        let back = try AudioConverterSession(from: CMAudioFormatDescriptionGetStreamBasicDescription(decoded[0].formatDescription!)!.pointee, to: asbd)
        var bytes: [UInt8] = []
        for buffer in decoded { for out in try back.convert(buffer) { bytes += [UInt8](try out.dataBuffer!.dataBytes()) } }
        for out in try back.finish() { bytes += [UInt8](try out.dataBuffer!.dataBytes()) }
        #expect(bytes == data)
    }

    @Test("AMR-NB: 12.2 kb/s frames decode to 160 samples each at 8 kHz")
    func amr() throws {
        // 50 frames of mode 7 (12.2 kb/s): ToC byte 0x3C (F=0, FT=7, Q=1), then 31 bytes (244 bits; RFC 4867 §5.3
        // storage format). All-zero speech bits are a valid, quiet frame.
        let frame: [UInt8] = [0x3C] + Array(repeating: 0, count: 31)
        var asbd = AudioStreamBasicDescription(mSampleRate: 8000, mFormatID: kAudioFormatAMR, mFormatFlags: 0, mBytesPerPacket: 0,
                                               mFramesPerPacket: 160, mBytesPerFrame: 0, mChannelsPerFrame: 1, mBitsPerChannel: 0, mReserved: 0)
        var description: CMFormatDescription?
        CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: 0, magicCookie: nil,
                                       extensions: nil, formatDescriptionOut: &description)
        let format = try #require(description)
        var stream = ProbedStream.synthetic(sampleRate: 8000, channels: 1)
        stream.packets = (0..<50).map { ProbedStream.Packet(pts: Int64($0) * 160, dts: Int64($0) * 160, duration: 160, isKey: true, bytes: frame) }
        let session = try AudioDecoderSession(formatDescription: format, outputSettings: AudioDecoderOutputSettings())
        var total = 0
        for input in try stream.audioSampleBuffers(format: format, perBuffer: 10) {
            let result = session.decode(input)
            #expect(result.failures.isEmpty, "\(result.failures)")
            total += result.sampleBuffers.reduce(0) { $0 + CMSampleBufferGetNumSamples($1) }
        }
        total += session.finish().sampleBuffers.reduce(0) { $0 + CMSampleBufferGetNumSamples($1) }
        #expect(total == 50 * 160)
    }

    @Test("a damaged AAC packet is reported by its presentation time; the others decode")
    func corruptPacket() throws {
        let url = try TestMedia.file("aac-lc-stereo.m4a")
        var stream = try ProbedStream(url, kind: "a")
        let description = try stream.audioFormatDescription(formatID: kAudioFormatMPEG4AAC, framesPerPacket: 1024)
        // A raw_data_block whose first element is an invalid syntax element id for the stream's channel configuration.
        stream.packets[20].bytes = Array(repeating: 0xFF, count: stream.packets[20].bytes.count)
        let session = try AudioDecoderSession(formatDescription: description, outputSettings: AudioDecoderOutputSettings())
        var failures: [CodecError] = []
        var total = 0
        for input in try stream.audioSampleBuffers(format: description) {
            let result = session.decode(input)
            failures += result.failures
            total += result.sampleBuffers.reduce(0) { $0 + CMSampleBufferGetNumSamples($1) }
        }
        let failure = try #require(failures.first)
        #expect(failure.presentationTimeStamp == CMTime(value: stream.packets[20].pts, timescale: stream.timescale))
        #expect(total >= (stream.packets.count - 2) * 1024, "the other packets still decode")
    }
}

extension ProbedStream {
    /// A stream with no file behind it, for packets a test makes.
    static func synthetic(sampleRate: Int, channels: Int) -> ProbedStream {
        ProbedStream(codecName: "", codecTag: "", width: 0, height: 0, sampleRate: sampleRate, channels: channels,
                     extradata: [], timescale: Int32(sampleRate), packets: [])
    }
}
