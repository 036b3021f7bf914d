import Foundation
import Testing
import TestSupport
import FFmpegBridge
import MediaFormats

@Suite("HEVC, ProRes and Motion JPEG round trips")
struct VideoCodecTests {
    @Test("HEVC (libx265) round trip with and without B-frames", arguments: [0, 3])
    func hevc(bFrames: Int) throws {
        var c = FFVideoEncoderConfiguration(encoder: .libx265, width: 320, height: 240, pixelFormat: .yuv420p,
                                            timeBase: FFRational(1, 600), frameRate: FFRational(30, 1),
                                            colorProperties: .bt709)
        c.bitRate = 600_000
        c.maxBFrames = bFrames
        c.maxKeyFrameInterval = 30
        c.preset = "ultrafast"
        c.profile = .hevc(.main)
        // Annex B extradata and packets straight into the decoder (the other framing the decoder must take).
        let result = try VideoRoundTrip(configuration: c, frameCount: 30).run()
        #expect(result.frames.count == 30)
        #expect(result.frames.map(\.pts) == (0..<30).map { Int64($0) * 20 })
        #expect(result.packets.contains { $0.dts != $0.pts } == (bFrames > 0))
        let sets = NALUnits.parameterSets(inAnnexB: result.extradata, format: .hevc)
        #expect(sets.videoParameterSets.count == 1 && sets.sequenceParameterSets.count == 1
                && sets.pictureParameterSets.count == 1)
        let psnr = zip(result.frames, result.sources).map {
            Measure.psnr($0.planes[0], $1.image.planes[0], width: 320, height: 240)
        }
        print("HEVC bFrames=\(bFrames): Y PSNR min \(psnr.min()!), \(result.packets.reduce(0) { $0 + $1.data.count }) bytes")
        #expect(psnr.min()! > 38)

        let directory = try TestFiles.makeTemporaryDirectory()
        let url = try writeFile(directory, "pattern.hevc", result.extradata + result.packets.flatMap(\.data))
        #expect(try ExternalTool.ffmpegDecodeErrors(url) == "")
        let stream = try #require((try ExternalTool.ffprobeJSON(["-show_streams", url.path])["streams"] as? [[String: Any]])?.first)
        #expect(stream["codec_name"] as? String == "hevc")
        #expect(stream["profile"] as? String == "Main")
        #expect(stream["width"] as? Int == 320 && stream["height"] as? Int == 240)
        #expect(stream["color_primaries"] as? String == "bt709" && stream["color_space"] as? String == "bt709")
        #expect(stream["color_range"] as? String == "tv")
    }

    @Test("ProRes 422 HQ and 4444 round trip; QuickTime file clean for ffmpeg",
          arguments: [FFProResProfile.hq, .p4444])
    func prores(profile: FFProResProfile) throws {
        let format: FFPixelFormat = profile.is444 ? .yuva444p10le : .yuv422p10le
        var c = FFVideoEncoderConfiguration(encoder: .proresKS, width: 320, height: 240, pixelFormat: format,
                                            timeBase: FFRational(1, 600), frameRate: FFRational(30, 1),
                                            colorProperties: .bt709)
        c.profile = .prores(profile)
        let result = try VideoRoundTrip(configuration: c, frameCount: 10).run()
        #expect(result.frames.count == 10)
        #expect(result.packets.allSatisfy { $0.isKeyFrame })
        #expect(result.frames.map(\.pts) == (0..<10).map { Int64($0) * 20 })
        #expect(result.frames.allSatisfy { $0.pixelFormat == format })
        let psnr = zip(result.frames, result.sources).map {
            Measure.psnr($0.planes[0], $1.image.planes[0], width: 320, height: 240, depth: 10)
        }
        print("ProRes \(profile): Y PSNR min \(psnr.min()!)")
        #expect(psnr.min()! > 45)
        if profile.is444 {
            // Alpha is coded losslessly at 16 bits (prores_ks alpha_bits default) → exact.
            #expect(Measure.psnr(result.frames[3].planes[3], result.sources[3].image.planes[3],
                                 width: 320, height: 240, depth: 10) == 99)
        }
        let directory = try TestFiles.makeTemporaryDirectory()
        let movie = MinimalMovie.make(fourCC: profile.fourCC, width: 320, height: 240, timescale: 600,
                                      sampleDuration: 20, samples: result.packets.map(\.data))
        let url = try writeFile(directory, "pattern.mov", movie)
        #expect(try ExternalTool.ffmpegDecodeErrors(url) == "")
        let stream = try #require((try ExternalTool.ffprobeJSON(["-show_streams", url.path])["streams"] as? [[String: Any]])?.first)
        #expect(stream["codec_name"] as? String == "prores")
        #expect(stream["color_primaries"] as? String == "bt709" && stream["color_transfer"] as? String == "bt709")
        // ffprobe 5.1 names the profiles "HQ" and "4444".
        #expect(stream["profile"] as? String == (profile == .hq ? "HQ" : "4444"))
        // With the sample entry's tag, FFmpeg's decoder outputs 4444 at 12 bits (ffprobe 5.1: yuva444p12le).
        #expect(stream["pix_fmt"] as? String == (profile.is444 ? "yuva444p12le" : "yuv422p10le"))
        if profile.is444 {
            let tagged = try FFVideoDecoder(configuration: FFVideoDecoderConfiguration(codec: .prores, codecTag: profile.fourCC))
            let frames = try tagged.decode(result.packets[0].data, timing: FFPacketTiming(pts: 0)) + tagged.flush()
            #expect(frames.first?.pixelFormat == FFPixelFormat(name: "yuva444p12le"))
        }
    }

    @Test("Motion JPEG round trip at a fixed quantiser; raw MJPEG clean for ffmpeg")
    func mjpeg() throws {
        var c = FFVideoEncoderConfiguration(encoder: .mjpeg, width: 320, height: 240, pixelFormat: .yuvj420p,
                                            timeBase: FFRational(1, 600), frameRate: FFRational(30, 1))
        c.quality = .quantizer(3)
        let result = try VideoRoundTrip(configuration: c, frameCount: 10).run()
        #expect(result.frames.count == 10)
        #expect(result.frames.map(\.pts) == (0..<10).map { Int64($0) * 20 })
        #expect(result.packets.allSatisfy { $0.isKeyFrame })
        #expect(result.frames[0].colorProperties.range == .full)
        let psnr = zip(result.frames, result.sources).map {
            Measure.psnr($0.planes[0], $1.image.planes[0], width: 320, height: 240)
        }
        print("MJPEG q=3: Y PSNR min \(psnr.min()!)")
        #expect(psnr.min()! > 38)
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = try writeFile(directory, "pattern.mjpeg", result.packets.flatMap(\.data))
        #expect(try ExternalTool.ffmpegDecodeErrors(url) == "")
        let stream = try #require((try ExternalTool.ffprobeJSON(["-show_streams", url.path])["streams"] as? [[String: Any]])?.first)
        #expect(stream["codec_name"] as? String == "mjpeg")
        #expect(stream["width"] as? Int == 320 && stream["height"] as? Int == 240)
    }
}
