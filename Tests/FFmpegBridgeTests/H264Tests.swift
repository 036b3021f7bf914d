import Foundation
import Testing
import TestSupport
import FFmpegBridge
import MediaFormats

extension TemporaryDirectory: TemporaryDirectoryLike {}

@Suite("H.264 through libx264 and FFmpeg's h264 decoder")
struct H264Tests {
    static func configuration(bFrames: Int) -> FFVideoEncoderConfiguration {
        var c = FFVideoEncoderConfiguration(encoder: .libx264, width: 320, height: 240, pixelFormat: .yuv420p,
                                            timeBase: FFRational(1, 600), frameRate: FFRational(30, 1),
                                            colorProperties: .bt709)
        c.bitRate = 1_000_000
        c.maxBFrames = bFrames
        c.maxKeyFrameInterval = 15
        c.preset = "veryfast"
        c.profile = .h264(.high)
        c.level = "3"
        return c
    }

    @Test("round trip with and without B-frames: exact pts, frame count, PSNR", arguments: [0, 2])
    func roundTrip(bFrames: Int) throws {
        let trip = VideoRoundTrip(configuration: Self.configuration(bFrames: bFrames), frameCount: 30)
        // MP4 style: avcC extradata and 4-byte length-prefixed samples.
        let result = try trip.run(decoderExtradata: { try makeAVCC(NALUnits.parameterSets(inAnnexB: $0, format: .h264)) },
                                  transform: { try NALUnits.lengthPrefixed($0, format: .h264) })
        #expect(result.packets.count == 30)
        #expect(result.frames.count == 30)
        #expect(result.frames.map(\.pts) == (0..<30).map { Int64($0) * 20 })
        #expect(result.frames.allSatisfy { $0.duration == 20 })
        #expect(result.packets.map(\.pts).compactMap { $0 }.sorted() == (0..<30).map { Int64($0) * 20 })
        // Key frames at most 15 apart, the first one first.
        #expect(result.packets[0].isKeyFrame)
        let keyIndices = result.packets.enumerated().filter { $0.element.isKeyFrame }.map { $0.element.pts! / 20 }
        #expect(zip(keyIndices, keyIndices.dropFirst() + [30]).allSatisfy { $1 - $0 <= 15 })
        let reordered = result.packets.contains { $0.dts != $0.pts }
        #expect(reordered == (bFrames > 0))
        if bFrames > 0 {
            // x264 starts dts before the first pts rather than shifting the presentation times.
            #expect(result.packets[0].dts! < 0)
            // Non-reference B-frames, as their slice headers say (x264 does not flag them disposable).
            #expect(result.packets.contains { NALUnits.isNonReferencePicture($0.data, format: .h264) == true })
        }
        // dts strictly increasing, never after pts.
        let dts = result.packets.map { $0.dts! }
        #expect(zip(dts, dts.dropFirst()).allSatisfy { $0 < $1 })
        #expect(result.packets.allSatisfy { $0.dts! <= $0.pts! })
        // Quality: 1 Mb/s for 320x240 moving pattern. Measured 46.9 dB minimum here (x264 core 164); the bound leaves room for other x264 builds.
        var psnrs: [Double] = []
        for (index, frame) in result.frames.enumerated() {
            #expect(frame.width == 320 && frame.height == 240 && frame.pixelFormat == .yuv420p)
            psnrs.append(Measure.psnr(frame.planes[0], result.sources[index].image.planes[0], width: 320, height: 240))
        }
        print("H.264 bFrames=\(bFrames): Y PSNR min \(psnrs.min()!) mean \(psnrs.reduce(0, +) / Double(psnrs.count)), \(result.packets.reduce(0) { $0 + $1.data.count }) bytes")
        #expect(psnrs.min()! > 42)
        #expect(result.frames[0].colorProperties.matrix == .bt709)
        #expect(result.frames[0].colorProperties.range == .limited)
        #expect(result.frames[0].isKeyFrame)
    }

    @Test("Annex B file is clean for ffmpeg and ffprobe reports what was asked")
    func externalOracle() throws {
        let (packets, extradata, _) = try VideoRoundTrip(configuration: Self.configuration(bFrames: 2), frameCount: 30).encode()
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = try writeFile(directory, "pattern.h264", extradata + packets.flatMap(\.data))
        #expect(try ExternalTool.ffmpegDecodeErrors(url) == "")
        let probe = try ExternalTool.ffprobeJSON(["-show_streams", "-count_frames", url.path])
        let stream = try #require((probe["streams"] as? [[String: Any]])?.first)
        // Values from ffprobe 5.1's JSON field names.
        #expect(stream["codec_name"] as? String == "h264")
        #expect(stream["profile"] as? String == "High")
        #expect(stream["level"] as? Int == 30)
        #expect(stream["width"] as? Int == 320)
        #expect(stream["height"] as? Int == 240)
        #expect(stream["pix_fmt"] as? String == "yuv420p")
        #expect(stream["color_primaries"] as? String == "bt709")
        #expect(stream["nb_read_frames"] as? String == "30")
    }
}
