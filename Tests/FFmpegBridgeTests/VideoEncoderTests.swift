import Foundation
import Synchronization
import Testing
import TestSupport
import FFmpegBridge

@Suite("Video encoder configuration, two-pass, zero copy")
struct VideoEncoderTests {
    static func base(_ encoder: FFEncoderImplementation = .libx264, _ format: FFPixelFormat = .yuv420p) -> FFVideoEncoderConfiguration {
        FFVideoEncoderConfiguration(encoder: encoder, width: 64, height: 48, pixelFormat: format, timeBase: FFRational(1, 30))
    }

    static func setting(of body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as FFError {
            return error.setting
        } catch {
            return "not an FFError: \(error)"
        }
    }

    @Test("settings that cannot be honoured fail naming the setting")
    func rejectedSettings() {
        func check(_ expected: String, _ change: (inout FFVideoEncoderConfiguration) -> Void,
                   base: FFVideoEncoderConfiguration = VideoEncoderTests.base(), sourceLocation: SourceLocation = #_sourceLocation) {
            var c = base
            change(&c)
            #expect(Self.setting { _ = try FFVideoEncoder(configuration: c) } == expected, sourceLocation: sourceLocation)
        }
        check("profile") { $0.profile = .h264(.high10) ; $0.pixelFormat = .yuv422p }
        check("profile") { $0.profile = .hevc(.main) }                                   // HEVC profile on libx264
        check("profile", { $0.profile = .prores(.p4444) }, base: Self.base(.proresKS, .yuv422p10le))
        check("quality", { $0.quality = .constantRateFactor(20) }, base: Self.base(.mjpeg, .yuvj420p))
        check("quality") { $0.quality = .quantizer(5) }
        check("quality") { $0.quality = .constantRateFactor(60) }
        check("bitRate", { $0.bitRate = 50_000_000 }, base: Self.base(.proresKS, .yuv422p10le))
        check("bitRate") { $0.bitRate = 1_000_000; $0.quality = .constantRateFactor(23) }
        check("bufferSize") { $0.maxBitRate = 2_000_000 }
        check("maxBitRate") { $0.bitRate = 2_000_000; $0.maxBitRate = 1_000_000; $0.bufferSize = 1_000_000 }
        check("maxBFrames", { $0.maxBFrames = 2 }, base: Self.base(.mjpeg, .yuvj420p))
        check("maxBFrames") { $0.maxBFrames = 17 }
        check("level") { $0.level = "9.9" }
        check("level", { $0.level = "4.1" }, base: Self.base(.proresKS, .yuv422p10le))
        check("preset") { $0.preset = "turbo" }
        check("tune") { $0.tune = "cartoon" }
        check("preset", { $0.preset = "fast" }, base: Self.base(.mjpeg, .yuvj420p))
        check("pixelFormat") { $0.pixelFormat = .bgra }
        check("width/height") { $0.width = 63 }
        check("timeBase") { $0.timeBase = FFRational(0, 1) }
        check("maxKeyFrameInterval") { $0.maxKeyFrameInterval = 0 }
        check("twoPass") { $0.twoPass = .firstPass(statisticsDirectory: "/nonexistent/lavf") }
        check("twoPass", { $0.twoPass = .firstPass(statisticsDirectory: "/tmp") }, base: Self.base(.mjpeg, .yuvj420p))
        check("colorProperties.range", { $0.colorProperties = .bt709 }, base: Self.base(.mjpeg, .yuv420p))
        check("options[no_such_option]") { $0.options = ["no_such_option": "1"] }
        check("encoder", { _ in }, base: FFVideoEncoderConfiguration(encoder: .aac, width: 64, height: 48,
                                                                       pixelFormat: .yuv420p, timeBase: FFRational(1, 30)))
    }

    @Test("settings reach the bitstream: profile, level, GOP length in seconds, colour (ffprobe)")
    func settingsInStream() throws {
        var c = FFVideoEncoderConfiguration(encoder: .libx264, width: 128, height: 96, pixelFormat: .nv12,
                                            timeBase: FFRational(1, 90_000), frameRate: FFRational(25, 1),
                                            colorProperties: FFColorProperties(primaries: .bt2020, transfer: .smpte2084,
                                                                               matrix: .bt2020NonConstantLuminance, range: .full))
        c.profile = .h264(.main)
        c.level = "3.1"
        c.maxKeyFrameIntervalDuration = 90_000 / 5            // 0.2 s at 25 fps = 5 frames
        c.maxBFrames = 0
        c.sampleAspectRatio = FFRational(4, 3)
        let (packets, extradata, _) = try VideoRoundTrip(configuration: c, frameCount: 20, ticksPerFrame: 3600).encode()
        let keys = packets.filter(\.isKeyFrame).map { $0.pts! / 3600 }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $1 - $0 <= 5 })
        #expect(keys.count >= 4)
        #expect(packets.map(\.pts) == packets.map(\.dts))     // no reordering
        #expect(packets.allSatisfy { $0.duration == 3600 })
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = try writeFile(directory, "settings.h264", extradata + packets.flatMap(\.data))
        let stream = try #require((try ExternalTool.ffprobeJSON(["-show_streams", url.path])["streams"] as? [[String: Any]])?.first)
        // ffprobe 5.1 field values.
        #expect(stream["profile"] as? String == "Main")
        #expect(stream["level"] as? Int == 31)
        #expect(stream["color_range"] as? String == "pc")
        #expect(stream["color_space"] as? String == "bt2020nc")
        #expect(stream["color_transfer"] as? String == "smpte2084")
        #expect(stream["color_primaries"] as? String == "bt2020")
        #expect(stream["sample_aspect_ratio"] as? String == "4:3")
    }

    @Test("zero copy: every picture's owner is released once the encoder is done with it",
          arguments: [FFEncoderImplementation.libx264, .proresKS, .mjpeg])
    func ownersReleased(encoder: FFEncoderImplementation) throws {
        let released = Atomic<Int>(0)
        let format: FFPixelFormat = encoder == .proresKS ? .yuv422p10le : encoder == .mjpeg ? .yuvj420p : .yuv420p
        var c = FFVideoEncoderConfiguration(encoder: encoder, width: 64, height: 48, pixelFormat: format,
                                            timeBase: FFRational(1, 30))
        if encoder == .mjpeg { c.quality = .quantizer(4) }
        var packets: [FFPacket] = []
        do {
            let videoEncoder = try FFVideoEncoder(configuration: c)
            for t in 0..<12 {
                let picture = Pattern.picture(format, width: 64, height: 48, frame: t)
                picture.onDeinit = { released.add(1, ordering: .relaxed) }
                packets += try videoEncoder.encode(picture.image, owner: picture, pts: Int64(t))
            }
            // Without an owner the planes are copied before encode returns.
            let copied = Pattern.picture(format, width: 64, height: 48, frame: 12)
            packets += try videoEncoder.encode(copied.image, owner: nil, pts: 12)
            packets += try videoEncoder.flush()
        }
        #expect(packets.count == 13)
        #expect(released.load(ordering: .relaxed) == 12)
    }

    @Test("pts must increase; a mismatched picture is refused")
    func misuse() throws {
        let encoder = try FFVideoEncoder(configuration: Self.base())
        let picture = Pattern.picture(.yuv420p, width: 64, height: 48, frame: 0)
        _ = try encoder.encode(picture.image, owner: picture, pts: 5)
        #expect(throws: FFError.self) { try encoder.encode(picture.image, owner: picture, pts: 5) }
        let wrong = Pattern.picture(.nv12, width: 64, height: 48, frame: 0)
        #expect(throws: FFError.self) { try encoder.encode(wrong.image, owner: wrong, pts: 6) }
        _ = try encoder.flush()
        #expect(throws: FFError.self) { try encoder.encode(picture.image, owner: picture, pts: 7) }
    }

    @Test("two-pass x264 and x265: the second pass reads the first pass's statistics and hits the rate",
          arguments: [FFEncoderImplementation.libx264, .libx265])
    func twoPass(encoder: FFEncoderImplementation) throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        var c = FFVideoEncoderConfiguration(encoder: encoder, width: 160, height: 96, pixelFormat: .yuv420p,
                                            timeBase: FFRational(1, 30), frameRate: FFRational(30, 1))
        c.bitRate = 300_000
        c.preset = "ultrafast"
        c.twoPass = .secondPass(statisticsDirectory: directory.url.path)
        // A second pass before any first pass fails naming the setting.
        #expect(Self.setting { _ = try FFVideoEncoder(configuration: c) } == "twoPass")
        c.twoPass = .firstPass(statisticsDirectory: directory.url.path)
        _ = try VideoRoundTrip(configuration: c, frameCount: 30, ticksPerFrame: 1).encode()
        c.twoPass = .secondPass(statisticsDirectory: directory.url.path)
        let (packets, _, _) = try VideoRoundTrip(configuration: c, frameCount: 30, ticksPerFrame: 1).encode()
        #expect(packets.count == 30)
        let bitsPerSecond = Double(packets.reduce(0) { $0 + $1.data.count } * 8)
        print("\(encoder) two-pass: \(Int(bitsPerSecond)) b/s for a 300000 b/s target")
        #expect(bitsPerSecond > 150_000 && bitsPerSecond < 450_000)
    }

    @Test("transcode: decoded frames go straight into an encoder without a copy")
    func transcode() throws {
        var source = FFVideoEncoderConfiguration(encoder: .libx264, width: 96, height: 64, pixelFormat: .yuv420p,
                                                 timeBase: FFRational(1, 600))
        source.preset = "ultrafast"
        let decoded = try VideoRoundTrip(configuration: source, frameCount: 10).run().frames
        var target = FFVideoEncoderConfiguration(encoder: .proresKS, width: 96, height: 64, pixelFormat: .yuv422p10le,
                                                 timeBase: FFRational(1, 600))
        target.profile = .prores(.proxy)
        // yuv420p → yuv422p10le first (ProRes takes 10-bit 4:2:2), then into the encoder.
        let converter = try FFImageConverter(configuration: FFImageConverterConfiguration(
            sourceFormat: .yuv420p, sourceWidth: 96, sourceHeight: 64, destinationFormat: .yuv422p10le,
            destinationWidth: 96, destinationHeight: 64))
        let h264 = try FFVideoEncoder(configuration: { var c = source; c.maxBFrames = 0; return c }())
        let prores = try FFVideoEncoder(configuration: target)
        var h264Packets: [FFPacket] = [], proresPackets: [FFPacket] = []
        for frame in decoded {
            h264Packets += try h264.encode(frame, pts: frame.pts!, duration: 20)
            let converted = TestPicture(.yuv422p10le, width: 96, height: 64)
            try converter.convert(frame.image, into: converted.mutableImage)
            proresPackets += try prores.encode(converted.image, owner: converted, pts: frame.pts!, duration: 20)
        }
        h264Packets += try h264.flush()
        proresPackets += try prores.flush()
        #expect(h264Packets.map(\.pts) == decoded.map(\.pts))
        #expect(proresPackets.map(\.pts) == decoded.map(\.pts))
        #expect(proresPackets.allSatisfy { $0.duration == 20 })
    }

    @Test("MPEG-4 Part 2 and AV1 round trips through their encoders and decoders")
    func mpeg4AndAV1() throws {
        var mpeg4 = Self.base(.mpeg4)
        mpeg4.quality = .quantizer(3)
        mpeg4.maxBFrames = 1
        let m = try VideoRoundTrip(configuration: mpeg4, frameCount: 12, ticksPerFrame: 1).run()
        #expect(m.frames.map(\.pts) == (0..<12).map { Int64($0) })
        #expect(zip(m.frames, m.sources).allSatisfy { Measure.psnr($0.planes[0], $1.image.planes[0], width: 64, height: 48) > 32 })

        guard FFEncoderImplementation.libaomAV1.isAvailable else { return }
        var av1 = Self.base(.libaomAV1)
        av1.quality = nil
        av1.bitRate = 200_000
        av1.options = ["cpu-used": "8", "usage": "realtime"]
        let a = try VideoRoundTrip(configuration: av1, frameCount: 6, ticksPerFrame: 1).run()
        #expect(a.frames.map(\.pts) == (0..<6).map { Int64($0) })
        #expect(zip(a.frames, a.sources).allSatisfy { Measure.psnr($0.planes[0], $1.image.planes[0], width: 64, height: 48) > 28 })
    }
}
