import Foundation
import Testing
import FFmpegBridge
import MediaFormats
import TestSupport

/// Decoders must turn garbage into errors, never into crashes, and keep decoding good data afterwards.
@Suite("Corrupt input")
struct CorruptInputTests {
    static let seed: UInt64 = ProcessInfo.processInfo.environment["LAVF_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)

    /// `count` random packets of random sizes, some starting like an Annex B stream so parsers go deeper.
    static func garbage(_ count: Int, _ generator: inout SplitMix64) -> [[UInt8]] {
        (0..<count).map { _ in
            let size = Int.random(in: 0...3000, using: &generator)
            var bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if size > 8, Bool.random(using: &generator) { bytes.replaceSubrange(0..<4, with: [0, 0, 0, 1]) }
            return bytes
        }
    }

    @Test("random bytes into every video decoder: errors, no crash",
          arguments: [FFCodec.h264, .hevc, .prores, .mpeg4, .mjpeg, .av1])
    func videoGarbage(codec: FFCodec) throws {
        TestLog.install()
        print("CorruptInputTests seed \(Self.seed)")
        var generator = SplitMix64(seed: Self.seed)
        guard codec.isDecodable else { return }
        let decoder = try FFVideoDecoder(configuration: FFVideoDecoderConfiguration(codec: codec, codedWidth: 64, codedHeight: 48))
        var errors = 0
        for packet in Self.garbage(40, &generator) {
            do { _ = try decoder.decode(packet, timing: FFPacketTiming(pts: 0)) } catch { errors += 1 }
        }
        _ = try? decoder.flush()
        print("\(codec): \(errors) of 40 garbage packets rejected")
        // Garbage extradata too: creation may fail (an FFError), or decoding may; nothing may crash.
        let extradata = (0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) }
        if let garbled = try? FFVideoDecoder(configuration: FFVideoDecoderConfiguration(codec: codec, extradata: extradata)) {
            for packet in Self.garbage(10, &generator) { _ = try? garbled.decode(packet, timing: FFPacketTiming(pts: 0)) }
            _ = try? garbled.flush()
        }
    }

    @Test("random bytes into every audio decoder: errors, no crash",
          arguments: [FFCodec.aac, .alac, .mp3, .amrNB, .amrWB, .opus, .flac, .ac3, .eac3, .pcmS16LE, .pcmF64BE])
    func audioGarbage(codec: FFCodec) throws {
        TestLog.install()
        var generator = SplitMix64(seed: Self.seed ^ UInt64(codec.hashValue & 0xFFFF))
        let channels: FFChannelLayout = codec == .amrNB || codec == .amrWB ? .mono : .stereo
        let rate = codec == .amrNB ? 8000 : codec == .amrWB ? 16000 : 48000
        var extradata: [UInt8] = []
        if codec == .aac { extradata = [0x11, 0x90] }      // AAC LC 48 kHz stereo
        if codec == .alac {
            extradata = MagicCookie.alacAtom(config: [0, 0, 16, 0, 0, 16, 40, 10, 14, 2, 0, 255,
                                                      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xBB, 0x80])
        }
        let decoder = try FFAudioDecoder(configuration: FFAudioDecoderConfiguration(
            codec: codec, extradata: extradata, sampleRate: rate, channelLayout: channels))
        for packet in Self.garbage(40, &generator) { _ = try? decoder.decode(packet, timing: FFPacketTiming(pts: 0)) }
        _ = try? decoder.flush()
    }

    @Test("truncated and damaged H.264 packets: errors for those, and the stream recovers at the next key frame")
    func damagedH264() throws {
        var c = FFVideoEncoderConfiguration(encoder: .libx264, width: 160, height: 96, pixelFormat: .yuv420p,
                                            timeBase: FFRational(1, 600), frameRate: FFRational(30, 1))
        c.maxKeyFrameInterval = 10
        c.maxBFrames = 2
        c.preset = "veryfast"
        c.quality = .constantRateFactor(20)
        let (packets, extradata, sources) = try VideoRoundTrip(configuration: c, frameCount: 30, ticksPerFrame: 20).encode()
        let keys = packets.indices.filter { packets[$0].isKeyFrame }
        #expect(keys.count >= 3)
        // One thread: with frame threads, which damaged pictures FFmpeg conceals depends on thread timing, and the
        // two decoders below must see the same thing.
        let decoder = try FFVideoDecoder(configuration: FFVideoDecoderConfiguration(codec: .h264, extradata: extradata,
                                                                                   threadCount: 1))
        var generator = SplitMix64(seed: Self.seed)
        var frames: [FFVideoFrame] = []
        var errors = 0
        for (index, packet) in packets.enumerated() {
            var data = packet.data
            if index > keys[0] && index < keys[1] {
                // Damage everything between the first and second key frame: truncate, or overwrite the middle.
                if index % 2 == 0 { data = Array(data.prefix(max(1, data.count / 3))) }
                else { for k in (data.count / 4)..<(data.count / 2) { data[k] = UInt8.random(in: 0...255, using: &generator) } }
            }
            do {
                frames += try decoder.decode(data, timing: FFPacketTiming(pts: packet.pts, dts: packet.dts, duration: 20,
                                                                          isKeyFrame: packet.isKeyFrame))
            } catch {
                errors += 1
                #expect(error.kind == .invalidData || error.kind == .failed, "\(error)")
            }
        }
        frames += try decoder.flush()
        let damagedRange = packets[keys[0]].pts!..<packets[keys[1]].pts!
        let flagged = frames.filter { $0.isCorrupt }
        print("damaged H.264: \(errors) packet errors, \(frames.count) frames out, \(flagged.count) flagged corrupt")
        // FFmpeg conceals rather than fails, but says so on the pictures it concealed; the intact ones are clean.
        #expect(!flagged.isEmpty)
        #expect(flagged.allSatisfy { damagedRange.contains($0.pts!) })
        // Asked to, the decoder drops the pictures FFmpeg flagged, and only those.
        let strict = try FFVideoDecoder(configuration: FFVideoDecoderConfiguration(codec: .h264, extradata: extradata,
                                                                                  threadCount: 1, discardsCorruptFrames: true))
        var strictFrames: [FFVideoFrame] = []
        var generator2 = SplitMix64(seed: Self.seed)
        for (index, packet) in packets.enumerated() {
            var data = packet.data
            if index > keys[0] && index < keys[1] {
                if index % 2 == 0 { data = Array(data.prefix(max(1, data.count / 3))) }
                else { for k in (data.count / 4)..<(data.count / 2) { data[k] = UInt8.random(in: 0...255, using: &generator2) } }
            }
            strictFrames += (try? strict.decode(data, timing: FFPacketTiming(pts: packet.pts, dts: packet.dts, duration: 20,
                                                                              isKeyFrame: packet.isKeyFrame))) ?? []
        }
        strictFrames += try strict.flush()
        #expect(Set(strictFrames.map(\.pts)) == Set(frames.filter { !$0.isCorrupt }.map(\.pts)))
        // Everything from the second key frame on is intact and must come out, exactly, with its pts.
        let secondKeyPTS = packets[keys[1]].pts!
        let later = frames.filter { $0.pts! >= secondKeyPTS }
        #expect(later.count == 30 - Int(secondKeyPTS / 20))
        for frame in later {
            let index = Int(frame.pts! / 20)
            #expect(Measure.psnr(frame.planes[0], sources[index].image.planes[0], width: 160, height: 96) > 35)
        }
    }

    @Test("truncated packets of every intra and audio codec give errors or frames, never a crash")
    func truncated() throws {
        var generator = SplitMix64(seed: Self.seed)
        // ProRes and MJPEG pictures, cut short.
        for (encoder, format) in [(FFEncoderImplementation.proresKS, FFPixelFormat.yuv422p10le), (.mjpeg, .yuvj420p)] {
            var c = FFVideoEncoderConfiguration(encoder: encoder, width: 64, height: 48, pixelFormat: format,
                                                timeBase: FFRational(1, 30))
            if encoder == .mjpeg { c.quality = .quantizer(4) }
            let (packets, _, _) = try VideoRoundTrip(configuration: c, frameCount: 4, ticksPerFrame: 1).encode()
            let decoder = try FFVideoDecoder(configuration: FFVideoDecoderConfiguration(codec: encoder.codec))
            for packet in packets {
                for _ in 0..<8 {
                    let cut = Array(packet.data.prefix(Int.random(in: 0..<packet.data.count, using: &generator)))
                    _ = try? decoder.decode(cut, timing: FFPacketTiming(pts: 0))
                }
            }
            _ = try? decoder.flush()
            // And it still decodes a whole picture afterwards.
            let good = try decoder.decode(packets[0].data, timing: FFPacketTiming(pts: 7)) + decoder.flush()
            #expect(good.map(\.pts) == [7])
        }
        // AAC frames cut short.
        let aac = try FFAudioEncoder(configuration: FFAudioEncoderConfiguration(
            encoder: .aac, sampleRate: 48_000, channelLayout: .stereo, sampleFormat: .f32Planar, bitRate: 96_000))
        let tone = sinePlanes(format: .f32Planar, channels: 2, frames: 8192, frequency: 440, sampleRate: 48_000, amplitude: 0.3)
        let packets = try aac.encode(FFAudioBuffer(sampleFormat: .f32Planar, channelCount: 2, frameCount: 8192, planes: tone)) + aac.flush()
        let decoder = try FFAudioDecoder(configuration: FFAudioDecoderConfiguration(codec: .aac, extradata: aac.extradata))
        for packet in packets {
            let cut = Array(packet.data.prefix(Int.random(in: 0..<max(1, packet.data.count), using: &generator)))
            _ = try? decoder.decode(cut, timing: FFPacketTiming(pts: packet.pts))
        }
        let after = try decoder.decode(packets[3].data, timing: FFPacketTiming(pts: 99))
        #expect(after.first?.frameCount == 1024)
    }
}
