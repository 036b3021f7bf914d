import Foundation
import Testing
import CoreMedia
import TestSupport
import MediaFormats
@testable import MediaCodecs

/// Encodes with our session; returns the packets (as sample buffers) and the encoder.
func encodeAudio(_ settings: [String: Any], input: [CMSampleBuffer]) throws -> (packets: [CMSampleBuffer], session: AudioEncoderSession) {
    let session = try AudioEncoderSession(settings: try AudioEncoderSettings(outputSettings: settings))
    var packets: [CMSampleBuffer] = []
    for buffer in input { packets += try session.encode(buffer) }
    packets += try session.finish()
    return (packets, session)
}

/// Decodes with our session to float32 interleaved.
func decodeAudio(_ packets: [CMSampleBuffer], format: CMFormatDescription? = nil) throws -> [CMSampleBuffer] {
    let session = try AudioDecoderSession(formatDescription: format ?? packets[0].formatDescription!, outputSettings: try AudioDecoderOutputSettings(outputSettings: [
        AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: 32, AVLinearPCMIsFloatKey: true]))
    var output: [CMSampleBuffer] = []
    for packet in packets {
        let result = session.decode(packet)
        #expect(result.failures.isEmpty, "\(result.failures)")
        output += result.sampleBuffers
    }
    let tail = session.finish()
    #expect(tail.failures.isEmpty, "\(tail.failures)")
    return output + tail.sampleBuffers
}

/// An ADTS header (ISO/IEC 13818-7 §6.2) for one AAC frame of `length` bytes, from an AudioSpecificConfig.
func adtsHeader(_ asc: [UInt8], length: Int) throws -> [UInt8] {
    try ADTSHeader(config: AudioSpecificConfig(parsing: asc), payloadLength: length).bytes
}

@Suite("Audio encoder and decoder sessions")
struct AudioCodecTests {
    @Test("AAC: a 1 kHz tone decodes to 1 kHz at the same level, starting on the first sample once the trims are honoured")
    func aacTone() throws {
        let input = try SyntheticAudio.tone(frames: 48_000, chunk: 1000)
        let (packets, session) = try encodeAudio([AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 48_000,
                                                  AVNumberOfChannelsKey: 2, AVEncoderBitRateKey: 128_000], input: input)
        // Apple's AAC stream description: 'aac ', object type 2 (LC) in the flags, 1024 frames per packet.
        let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(packets[0].formatDescription!)!.pointee
        #expect(asbd.mFormatID == kAudioFormatMPEG4AAC && asbd.mFormatFlags == 2 && asbd.mFramesPerPacket == 1024)
        #expect(asbd.mSampleRate == 48_000 && asbd.mChannelsPerFrame == 2 && asbd.mBytesPerPacket == 0)
        let priming = try #require(session.primingFrameCount)
        #expect(priming == 1024, "FFmpeg's AAC encoder delay")
        // Times: consecutive packets 1024 samples apart, the first one starting `priming` before the input.
        let pts = packets.map(\.presentationTimeStamp)
        #expect(pts[0] == CMTime(value: -Int64(priming), timescale: 48_000))
        #expect(zip(pts, pts.dropFirst()).allSatisfy { $1 - $0 == CMTime(value: 1024, timescale: 48_000) })
        let trimStart = packets.map { SyntheticAudio.trim($0, kCMSampleBufferAttachmentKey_TrimDurationAtStart as String, rate: 48_000) }
        let trimEnd = packets.map { SyntheticAudio.trim($0, kCMSampleBufferAttachmentKey_TrimDurationAtEnd as String, rate: 48_000) }
        #expect(trimStart.reduce(0, +) == priming)
        // Every sample is accounted for: packets × 1024 = priming + input + padding.
        #expect(packets.count * 1024 - trimStart.reduce(0, +) - trimEnd.reduce(0, +) == 48_000)
        #expect(packets.last.map { $0.outputPresentationTimeStamp + $0.outputDuration } == CMTime(value: 48_000, timescale: 48_000))

        // Our decoder, trims honoured: exactly 48000 samples, 1 kHz, the level of the input, in phase from the start.
        let decoded = try decodeAudio(packets)
        let all = try SyntheticAudio.firstChannel(decoded)
        #expect(all.count == packets.count * 1024)
        let audible = Array(all[priming..<(priming + 48_000)])
        let tone = SyntheticAudio.goertzel(audible, frequency: 1000, sampleRate: 48_000)
        let neighbours = [900.0, 1100, 500, 2000].map { SyntheticAudio.goertzel(audible, frequency: $0, sampleRate: 48_000) }
        #expect(neighbours.allSatisfy { tone > 100 * $0 })
        let level = 20 * log10(SyntheticAudio.rms(audible[4800..<43_200]) / (0.5 / 2.squareRoot()))
        #expect(abs(level) < 0.5, "level \(level) dB")
        let reference = (0..<48_000).map { 0.5 * sin(2 * .pi * 1000 * Double($0) / 48_000) }
        let error = SyntheticAudio.rms(zip(audible, reference).dropFirst(100).map { $0 - $1 })
        let snr = 20 * log10(0.5 / 2.squareRoot() / error)
        print("AAC 128 kb/s: level \(level) dB, SNR against the source, aligned at the first sample: \(snr) dB")
        #expect(snr > 20, "the trimmed output lines up with the input sample for sample")

        // ffmpeg decodes the stream as ADTS without one error and sees 48 kHz stereo AAC LC.
        let asc = try MagicCookie.audioSpecificConfig(fromCookie: [UInt8](packets[0].formatDescription!.magicCookie!))
        var adts: [UInt8] = []
        for packet in packets {
            let bytes = [UInt8](try packet.dataBuffer!.dataBytes())
            adts += try adtsHeader(asc, length: bytes.count) + bytes
        }
        let directory = try TestFiles.makeTemporaryDirectory()
        let file = directory.file("tone.aac")
        try Data(adts).write(to: file)
        #expect(try ExternalTool.ffmpegDecodeErrors(file) == "")
        let stream = try #require((try ExternalTool.ffprobeJSON(["-show_streams", file.path])["streams"] as? [[String: Any]])?.first)
        #expect(stream["codec_name"] as? String == "aac" && stream["profile"] as? String == "LC")
        #expect(stream["sample_rate"] as? String == "48000" && stream["channels"] as? Int == 2)
    }

    @Test("Apple Lossless and FLAC are bit exact, 16 and 24 bits", arguments: [(kAudioFormatAppleLossless, 16), (kAudioFormatAppleLossless, 24),
                                                                              (kAudioFormatFLAC, 16), (kAudioFormatFLAC, 24)])
    func lossless(format: AudioFormatID, bits: Int) throws {
        let input = try SyntheticAudio.tone(frequency: 997, amplitude: 0.7, sampleRate: 44_100, frames: 10_000, chunk: 777, float: true)
        var settings: [String: Any] = [AVFormatIDKey: format, AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 2]
        settings[AVEncoderBitDepthHintKey] = bits
        let (packets, session) = try encodeAudio(settings, input: input)
        #expect(session.primingFrameCount == 0)
        let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(packets[0].formatDescription!)!.pointee
        #expect(asbd.mFormatFlags == (bits == 16 ? kAppleLosslessFormatFlag_16BitSourceData : kAppleLosslessFormatFlag_24BitSourceData))
        let decoded = try decodeAudio(packets)
        let ours = try SyntheticAudio.firstChannel(decoded)
        #expect(ours.count == 10_000)
        // Lossless: the input quantised to `bits` bits (to nearest, ties to even, as swresample and our 24-bit
        // rounding do) comes back exactly.
        let step = pow(2.0, Double(bits - 1))
        let source = try SyntheticAudio.firstChannel(input)
        let quantised = source.map { (($0 * step).rounded(.toNearestOrEven) / step) }
        let worst = zip(ours, quantised).map { abs($0 - $1) }.max()!
        #expect(worst == 0, "largest difference \(worst)")
        let cookie = try #require(packets[0].formatDescription?.magicCookie)
        #expect(format == kAudioFormatAppleLossless ? cookie.count == 24 : cookie.count == 4 + 4 + 34)
    }

    @Test("Opus: 1 kHz at 48 kHz, pre-skip reported as priming and marked as trim")
    func opus() throws {
        let input = try SyntheticAudio.tone(frames: 48_000, chunk: 480)
        let (packets, session) = try encodeAudio([AVFormatIDKey: kAudioFormatOpus, AVSampleRateKey: 48_000, AVNumberOfChannelsKey: 2,
                                                  AVEncoderBitRateKey: 96_000], input: input)
        let priming = try #require(session.primingFrameCount)
        #expect(priming > 0)
        let trims = packets.map { SyntheticAudio.trim($0, kCMSampleBufferAttachmentKey_TrimDurationAtStart as String, rate: 48_000) }
        #expect(trims.reduce(0, +) == priming)
        let decoder = try AudioDecoderSession(formatDescription: packets[0].formatDescription!, outputSettings: AudioDecoderOutputSettings())
        #expect(decoder.primingFrameCount == priming, "the dOps pre-skip the decoder reads is the encoder's priming")
        let decoded = try SyntheticAudio.firstChannel(try decodeAudio(packets))
        let audible = Array(decoded[priming..<(priming + 48_000)])
        let level = 20 * log10(SyntheticAudio.rms(audible[4800..<43_200]) / (0.5 / 2.squareRoot()))
        #expect(abs(level) < 1, "level \(level) dB")
        #expect(SyntheticAudio.goertzel(audible, frequency: 1000, sampleRate: 48_000)
                > 100 * SyntheticAudio.goertzel(audible, frequency: 1200, sampleRate: 48_000))
    }

    @Test("linear PCM output: 24-bit big-endian bytes are the input's samples")
    func linearPCMOutput() throws {
        let input = try SyntheticAudio.tone(sampleRate: 48_000, channels: 1, frames: 3000, chunk: 1000)
        let (buffers, _) = try encodeAudio([AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: 24,
                                            AVLinearPCMIsBigEndianKey: true, AVLinearPCMIsFloatKey: false,
                                            AVLinearPCMIsNonInterleaved: false], input: input)
        #expect(buffers.reduce(0) { $0 + CMSampleBufferGetNumSamples($1) } == 3000)
        let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(buffers[0].formatDescription!)!.pointee
        #expect(asbd.mBitsPerChannel == 24 && asbd.mBytesPerFrame == 3 && asbd.mFormatFlags & kAudioFormatFlagIsBigEndian != 0)
        let bytes = [UInt8](try buffers[1].dataBuffer!.dataBytes())
        let source = [UInt8](try input[1].dataBuffer!.dataBytes())
        for frame in [0, 17, 999] {
            let sample16 = Int16(bitPattern: UInt16(source[2 * frame]) | UInt16(source[2 * frame + 1]) << 8)
            let sample24 = Int32(bitPattern: UInt32(bytes[3 * frame]) << 24 | UInt32(bytes[3 * frame + 1]) << 16 | UInt32(bytes[3 * frame + 2]) << 8) >> 8
            #expect(sample24 == Int32(sample16) << 8, "frame \(frame)")
        }
    }
}
