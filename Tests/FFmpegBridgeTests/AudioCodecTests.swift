import Foundation
import Testing
import TestSupport
import FFmpegBridge
import MediaFormats

/// A sine in any packed/planar format, as raw planes.
func sinePlanes(format: FFSampleFormat, channels: Int, frames: Int, frequency: Double, sampleRate: Double,
                amplitude: Double) -> [[UInt8]] {
    let planeCount = format.planeCount(channelCount: channels)
    let perPlaneChannels = format.isPlanar ? 1 : channels
    return (0..<planeCount).map { plane in
        var bytes = [UInt8]()
        bytes.reserveCapacity(frames * perPlaneChannels * format.bytesPerSample)
        for i in 0..<frames {
            for c in 0..<perPlaneChannels {
                let channel = format.isPlanar ? plane : c
                let v = amplitude * sin(2 * Double.pi * frequency * Double(i) / sampleRate + Double(channel))
                switch format.packed {
                case .f32: withUnsafeBytes(of: Float(v).bitPattern.littleEndian) { bytes += $0 }
                case .f64: withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes += $0 }
                case .s16: withUnsafeBytes(of: Int16(v * 32767).littleEndian) { bytes += $0 }
                case .s32: withUnsafeBytes(of: (Int32(v * 8_388_607) << 8).littleEndian) { bytes += $0 }
                case .u8: bytes.append(UInt8(128 + Int(v * 127)))
                default: withUnsafeBytes(of: Int64(v * 1e15).littleEndian) { bytes += $0 }
                }
            }
        }
        return bytes
    }
}

/// Channel `channel` of decoded frames as Doubles (float or integer planar/packed formats).
func samples(of frames: [FFAudioFrame], channel: Int) -> [Double] {
    var out: [Double] = []
    for frame in frames {
        let format = frame.sampleFormat
        let channels = frame.channelLayout.channelCount
        let plane = format.isPlanar ? frame.planes[channel] : frame.planes[0]
        let step = format.isPlanar ? 1 : channels
        let offset = format.isPlanar ? 0 : channel
        for i in 0..<frame.frameCount {
            let index = (i * step + offset) * format.bytesPerSample
            switch format.packed {
            case .f32: out.append(Double(Float(bitPattern: plane.loadUnaligned(fromByteOffset: index, as: UInt32.self))))
            case .f64: out.append(plane.loadUnaligned(fromByteOffset: index, as: Double.self))
            case .s16: out.append(Double(plane.loadUnaligned(fromByteOffset: index, as: Int16.self)) / 32767)
            case .s32: out.append(Double(plane.loadUnaligned(fromByteOffset: index, as: Int32.self)) / 2_147_483_392)
            case .u8: out.append((Double(plane.load(fromByteOffset: index, as: UInt8.self)) - 128) / 127)
            default: out.append(Double(plane.loadUnaligned(fromByteOffset: index, as: Int64.self)) / 1e15)
            }
        }
    }
    return out
}

/// Raw bytes of decoded frames, plane by plane (for bit-exact comparisons).
func planeBytes(of frames: [FFAudioFrame]) -> [[UInt8]] {
    guard let first = frames.first else { return [] }
    return (0..<first.planes.count).map { plane in
        frames.flatMap { Array(UnsafeRawBufferPointer(start: $0.planes[plane], count: $0.bytesPerPlane)) }
    }
}

@Suite("Audio encoders and decoders")
struct AudioCodecTests {
    static let sampleRate = 48_000
    static let frameCount = 48_000 + 123          // not a multiple of any codec's frame size

    func encode(_ configuration: FFAudioEncoderConfiguration, _ planes: [[UInt8]], chunk: Int = 1000)
        throws -> (FFAudioEncoder, [FFPacket]) {
        let encoder = try FFAudioEncoder(configuration: configuration)
        var packets: [FFPacket] = []
        let bytesPerFrame = configuration.sampleFormat.bytesPerSample
            * (configuration.sampleFormat.isPlanar ? 1 : configuration.channelLayout.channelCount)
        var start = 0
        // Uneven chunks: the encoder must re-cut them into its own frames.
        while start < Self.frameCount {
            let count = min(chunk, Self.frameCount - start)
            let buffer = FFAudioBuffer(sampleFormat: configuration.sampleFormat,
                                       channelCount: configuration.channelLayout.channelCount, frameCount: count,
                                       planes: planes.map { Array($0[(start * bytesPerFrame)..<((start + count) * bytesPerFrame)]) })
            packets += try encoder.encode(buffer)
            start += count
        }
        packets += try encoder.flush()
        return (encoder, packets)
    }

    func decode(_ codec: FFCodec, extradata: [UInt8], packets: [FFPacket], layout: FFChannelLayout = .stereo)
        throws -> [FFAudioFrame] {
        let decoder = try FFAudioDecoder(configuration: FFAudioDecoderConfiguration(
            codec: codec, extradata: extradata, sampleRate: Self.sampleRate, channelLayout: layout))
        var frames: [FFAudioFrame] = []
        for packet in packets {
            frames += try decoder.decode(packet.data, timing: FFPacketTiming(pts: packet.pts, duration: packet.duration))
        }
        return frames + (try decoder.flush())
    }

    @Test("AAC-LC: 1 kHz tone survives at the right level; sample count exact after trimming priming")
    func aac() throws {
        let config = FFAudioEncoderConfiguration(encoder: .aac, sampleRate: Self.sampleRate, channelLayout: .stereo,
                                                 sampleFormat: .f32Planar, bitRate: 128_000)
        let planes = sinePlanes(format: .f32Planar, channels: 2, frames: Self.frameCount, frequency: 1000,
                                sampleRate: Double(Self.sampleRate), amplitude: 0.5)
        let (encoder, packets) = try encode(config, planes, chunk: 777)
        #expect(encoder.primingSampleCount == 1024)       // FFmpeg's native AAC encoder delay
        #expect(encoder.frameSize == 1024)
        let padding = try #require(encoder.paddingSampleCount)
        // Packet timing: starts at -priming, contiguous, and ends exactly where the input ended.
        #expect(packets.first?.pts == -1024)
        #expect(zip(packets, packets.dropFirst()).allSatisfy { $0.pts! + $0.duration == $1.pts! })
        #expect(packets.reduce(0) { $0 + $1.duration } == Int64(encoder.primingSampleCount + Self.frameCount))
        #expect(packets.count * 1024 == encoder.primingSampleCount + Self.frameCount + padding)
        let asc = try AudioSpecificConfig(parsing: encoder.extradata)
        #expect(asc.objectType == 2 && asc.sampleRate == 48_000 && asc.channelCount == 2 && !asc.hasSBR)

        let frames = try decode(.aac, extradata: encoder.extradata, packets: packets)
        let decoded = samples(of: frames, channel: 0)
        #expect(decoded.count == encoder.primingSampleCount + Self.frameCount + padding)
        let trimmed = Array(decoded[encoder.primingSampleCount..<(encoder.primingSampleCount + Self.frameCount)])
        #expect(trimmed.count == Self.frameCount)
        let body = Array(trimmed[4800..<43200])
        let dominant = Measure.dominantFrequency(body, sampleRate: 48_000, candidates: [250, 500, 900, 1000, 1100, 2000, 3000])
        #expect(dominant == 1000)
        // A 0.5-amplitude sine has RMS 0.3536; 128 kb/s AAC keeps it within 2 %.
        let rms = Measure.rms(body)
        #expect(abs(rms - 0.5 / 2.0.squareRoot()) < 0.007, "RMS \(rms)")
        // Alignment proves the priming figure: the trimmed output matches the input sample for sample.
        let source = Array(sinePlanes(format: .f64, channels: 1, frames: Self.frameCount, frequency: 1000,
                                      sampleRate: 48_000, amplitude: 0.5)[0])
        let reference = source.withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
        let error = zip(body, reference[4800..<43200]).map { abs($0 - $1) }.reduce(0, +) / Double(body.count)
        #expect(error < 0.01, "mean error \(error) after trimming \(encoder.primingSampleCount)")
    }

    @Test("AAC in ADTS: ffmpeg decodes it cleanly, ffprobe sees AAC LC 48 kHz stereo")
    func adtsOracle() throws {
        let config = FFAudioEncoderConfiguration(encoder: .aac, sampleRate: Self.sampleRate, channelLayout: .stereo,
                                                 sampleFormat: .f32Planar, bitRate: 128_000)
        let planes = sinePlanes(format: .f32Planar, channels: 2, frames: Self.frameCount, frequency: 1000,
                                sampleRate: Double(Self.sampleRate), amplitude: 0.5)
        let (encoder, packets) = try encode(config, planes)
        let asc = try AudioSpecificConfig(parsing: encoder.extradata)
        var file: [UInt8] = []
        for packet in packets {
            file += try ADTSHeader(config: asc, payloadLength: packet.data.count).bytes + packet.data
        }
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = try writeFile(directory, "tone.aac", file)
        #expect(try ExternalTool.ffmpegDecodeErrors(url) == "")
        let stream = try #require((try ExternalTool.ffprobeJSON(["-show_streams", url.path])["streams"] as? [[String: Any]])?.first)
        #expect(stream["codec_name"] as? String == "aac")
        #expect(stream["profile"] as? String == "LC")
        #expect(stream["sample_rate"] as? String == "48000")
        #expect(stream["channels"] as? Int == 2)
        // And our parser reads our writer back.
        let header = try ADTSHeader(parsing: Array(file.prefix(9)))
        #expect(header.frameLength == packets[0].data.count + 7)
        #expect(header.audioSpecificConfig() == AudioSpecificConfig(sampleRate: asc.sampleRate,
                                                                     channelConfiguration: asc.channelConfiguration))
    }

    @Test("ALAC 16- and 24-bit are bit-exact, with the cookie in both wrappings", arguments: [FFSampleFormat.s16Planar, .s32Planar])
    func alac(format: FFSampleFormat) throws {
        var config = FFAudioEncoderConfiguration(encoder: .alac, sampleRate: Self.sampleRate, channelLayout: .stereo,
                                                 sampleFormat: format)
        if format == .s32Planar { config.bitsPerRawSample = 24 }
        let planes = sinePlanes(format: format, channels: 2, frames: Self.frameCount, frequency: 1000,
                                sampleRate: Double(Self.sampleRate), amplitude: 0.5)
        let (encoder, packets) = try encode(config, planes)
        #expect(encoder.primingSampleCount == 0 && encoder.paddingSampleCount == 0)
        #expect(packets.reduce(0) { $0 + $1.duration } == Int64(Self.frameCount))
        let cookie = try #require(MagicCookie.alacSpecificConfig(fromCookie: encoder.extradata))
        #expect(cookie.count == 24 && cookie[5] == (format == .s16Planar ? 16 : 24))   // bitDepth byte
        // Decode from the 24-byte cookie an MP4 'alac' box gives, in the atom form FFmpeg's decoder takes.
        let frames = try decode(.alac, extradata: MagicCookie.alacAtom(config: cookie), packets: packets)
        let decoded = planeBytes(of: frames)
        #expect(frames.reduce(0) { $0 + $1.frameCount } == Self.frameCount)
        #expect(frames.first?.sampleFormat == format)
        #expect(decoded == planes)
    }

    @Test("Linear PCM layouts are bit-exact through encoder and decoder",
          arguments: [(FFCodec.pcmS16LE, FFSampleFormat.s16), (.pcmS16BE, .s16), (.pcmS24LE, .s32), (.pcmS24BE, .s32),
                      (.pcmS32BE, .s32), (.pcmF32BE, .f32), (.pcmF64LE, .f64), (.pcmU8, .u8)])
    func pcm(codec: FFCodec, format: FFSampleFormat) throws {
        let implementation = try #require(FFEncoderImplementation.linearPCM(codec))
        let config = FFAudioEncoderConfiguration(encoder: implementation, sampleRate: Self.sampleRate,
                                                 channelLayout: .stereo, sampleFormat: format)
        let planes = sinePlanes(format: format, channels: 2, frames: Self.frameCount, frequency: 1000,
                                sampleRate: Double(Self.sampleRate), amplitude: 0.5)
        let (encoder, packets) = try encode(config, planes)
        #expect(encoder.primingSampleCount == 0 && encoder.paddingSampleCount == 0)
        let layout = try #require(codec.linearPCMLayout)
        #expect(packets.reduce(0) { $0 + $1.data.count } == Self.frameCount * 2 * layout.bitsPerSample / 8)
        #expect(packets.map(\.pts) == packets.indices.map { Int64($0 * 4096) })
        let frames = try decode(codec, extradata: [], packets: packets)
        #expect(planeBytes(of: frames) == planes)
    }

    @Test("a sample format the encoder does not take fails naming the setting")
    func wrongFormat() {
        let config = FFAudioEncoderConfiguration(encoder: .aac, sampleRate: 48_000, channelLayout: .stereo,
                                                 sampleFormat: .s16, bitRate: 128_000)
        #expect { try FFAudioEncoder(configuration: config) } throws: { ($0 as? FFError)?.setting == "sampleFormat" }
    }
}

@Suite("Other audio codecs")
struct OtherAudioCodecTests {
    @Test("MP3, Opus, AC-3, E-AC-3 and FLAC: 1 kHz survives; decoded length is priming + input + padding",
          arguments: [FFCodec.mp3, .opus, .ac3, .eac3, .flac])
    func roundTrip(codec: FFCodec) throws {
        let implementation = try #require(FFEncoderImplementation.preferred(for: codec))
        let format = try #require(FFAudioEncoder.supportedSampleFormats(of: implementation).first)
        let frames = 48_000 + 555
        var configuration = FFAudioEncoderConfiguration(encoder: implementation, sampleRate: 48_000, channelLayout: .stereo,
                                                        sampleFormat: format)
        if codec != .flac { configuration.bitRate = 192_000 }
        let encoder = try FFAudioEncoder(configuration: configuration)
        let planes = sinePlanes(format: format, channels: 2, frames: frames, frequency: 1000, sampleRate: 48_000, amplitude: 0.5)
        let packets = try encoder.encode(FFAudioBuffer(sampleFormat: format, channelCount: 2, frameCount: frames, planes: planes))
            + encoder.flush()
        let decoder = try FFAudioDecoder(configuration: FFAudioDecoderConfiguration(
            codec: codec, extradata: encoder.extradata, sampleRate: 48_000, channelLayout: .stereo))
        var decoded: [FFAudioFrame] = []
        for packet in packets { decoded += try decoder.decode(packet.data, timing: FFPacketTiming(pts: packet.pts)) }
        decoded += try decoder.flush()
        let samples0 = samples(of: decoded, channel: 0)
        if codec == .opus {
            // The decoder reports the OpusHead pre-skip the encoder wrote, so a reader can trim without an edit list.
            #expect(decoder.codecDelay == encoder.primingSampleCount)
        }
        let padding = try #require(encoder.paddingSampleCount)
        print("\(codec) (\(implementation), \(format)): priming \(encoder.primingSampleCount), padding \(padding), frame \(encoder.frameSize), decoded \(samples0.count) for \(frames)")
        #expect(samples0.count == encoder.primingSampleCount + frames + padding)
        let body = Array(samples0[(encoder.primingSampleCount + 4800)..<(encoder.primingSampleCount + 43_200)])
        #expect(Measure.dominantFrequency(body, sampleRate: 48_000, candidates: [500, 900, 1000, 1100, 2000]) == 1000)
        #expect(abs(Measure.rms(body) - 0.5 / 2.0.squareRoot()) < 0.02)
        if codec == .flac {
            #expect(planeBytes(of: decoded) == planes)
            // FLAC completes STREAMINFO at the end: total samples (36 bits from bit 108) is there after flush().
            let info = encoder.extradata
            let total = info.count >= 18 ? (Int(info[13] & 0x0F) << 32) | info[14...17].reduce(0) { $0 << 8 | Int($1) } : -1
            #expect(total == frames)
        }
    }
}
