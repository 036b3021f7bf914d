import Foundation
import Testing
import CoreMedia
import CoreVideo
import TestSupport
@testable import MediaCodecs

@Suite("Video encoder session: ProRes, JPEG, scaling, key frames, multi-pass")
struct VideoEncoderIntraTests {
    /// Codec, ffprobe's codec name, profile and pixel format for the stream, least luma PSNR (measured ≥ 48 dB for
    /// ProRes 422, ≥ 50 for 4444, ≥ 38 for JPEG at quality 0.9 here).
    static let intraCases: [(AVVideoCodecType, String, String, String, Double)] = [
        (.proRes422Proxy, "prores", "Proxy", "yuv422p10le", 34),
        (.proRes422, "prores", "Standard", "yuv422p10le", 44),
        (.proRes422HQ, "prores", "HQ", "yuv422p10le", 44),
        (.proRes4444, "prores", "4444", "yuva444p12le", 44),
        (.jpeg, "mjpeg", "Baseline", "yuvj420p", 35),
    ]

    @Test("intra-only codecs: every sample a sync sample, measured quality, ffmpeg reads the stream without errors",
          arguments: 0..<intraCases.count)
    func intra(index: Int) throws {
        let (codec, codecName, profile, pixelFormat, minimum) = Self.intraCases[index]
        var compression: [String: Any] = [:]
        if codec == .jpeg { compression[AVVideoQualityKey] = 0.9 }
        let (samples, sources) = try encodePattern([
            AVVideoCodecKey: codec, AVVideoWidthKey: 320, AVVideoHeightKey: 240,
            AVVideoCompressionPropertiesKey: compression,
        ], count: 10)
        #expect(samples.count == 10)
        #expect(samples.allSatisfy { $0.sampleAttachments[0][.notSync] == nil && $0.decodeTimeStamp == $0.presentationTimeStamp })
        let description = try #require(samples.first?.formatDescription)
        #expect(CMFormatDescriptionGetMediaSubType(description) == fourCC(codec.rawValue))
        let decoded = try decodeSamples(samples)
        let values = zip(decoded, sources).map { psnr(SyntheticVideo.luma($0.imageBuffer!), SyntheticVideo.luma($1)) }
        print("\(codec.rawValue): luma PSNR min \(values.min()!), \(samples.reduce(0) { $0 + CMSampleBufferGetTotalSampleSize($1) }) bytes")
        #expect(values.min()! >= minimum)

        let directory = try TestFiles.makeTemporaryDirectory()
        let bytes = try samples.map { [UInt8](try $0.dataBuffer!.dataBytes()) }
        let file: URL
        if codec == .jpeg {
            file = directory.file("out.mjpeg")
            try Data(bytes.flatMap { $0 }).write(to: file)
        } else {
            file = directory.file("out.mov")
            try Data(TestMovie.make(fourCC: codec.rawValue, width: 320, height: 240, timescale: 600, sampleDuration: 20,
                                    samples: bytes)).write(to: file)
        }
        #expect(try ExternalTool.ffmpegDecodeErrors(file) == "")
        let stream = try #require((try ExternalTool.ffprobeJSON(["-show_streams", "-count_frames", file.path])["streams"] as? [[String: Any]])?.first)
        #expect(stream["codec_name"] as? String == codecName)
        #expect(stream["profile"] as? String == profile)
        #expect(stream["pix_fmt"] as? String == pixelFormat)
        #expect(stream["width"] as? Int == 320 && stream["height"] as? Int == 240)
        #expect(stream["nb_read_frames"] as? String == "10")
    }

    @Test("a BGRA 640x480 source is scaled per AVVideoScalingModeKey; Fit changes the encoded size")
    func scalingModes() throws {
        // ResizeAspect of 4:3 into 320x320 letterboxes: 320x240 of picture, 40-row black bars.
        let (boxed, _) = try encodePattern([AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 320, AVVideoHeightKey: 320,
                                            AVVideoScalingModeKey: AVVideoScalingModeResizeAspect],
                                           format: kCVPixelFormatType_32BGRA, count: 3, width: 640, height: 480)
        let picture = try decodeSamples(boxed)[0].imageBuffer!
        #expect(picture.width == 320 && picture.height == 320)
        let luma = SyntheticVideo.luma(picture)
        for row in [2, 37, 283, 317] {
            let line = luma[(row * 320)..<((row + 1) * 320)]
            #expect(line.allSatisfy { $0 <= 20 }, "row \(row) is a black bar")
        }
        #expect(luma[(160 * 320)..<(161 * 320)].contains { $0 > 60 }, "the middle row is picture")

        // Fit: 640x480 into at most 320x320 keeps 4:3, so the stream is 320x240.
        let (fitted, _) = try encodePattern([AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 320, AVVideoHeightKey: 320,
                                             AVVideoScalingModeKey: AVVideoScalingModeFit],
                                            format: kCVPixelFormatType_32BGRA, count: 3, width: 640, height: 480)
        let dimensions = CMVideoFormatDescriptionGetDimensions(fitted[0].formatDescription!)
        #expect(dimensions.width == 320 && dimensions.height == 240)

        // ResizeAspectFill crops: a 640x480 source into 320x120 shows the middle band, no black.
        let (filled, _) = try encodePattern([AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 320, AVVideoHeightKey: 120,
                                             AVVideoScalingModeKey: AVVideoScalingModeResizeAspectFill],
                                            format: kCVPixelFormatType_32BGRA, count: 3, width: 640, height: 480)
        let band = SyntheticVideo.luma(try decodeSamples(filled)[0].imageBuffer!)
        #expect(band.prefix(320).contains { $0 > 40 }, "no bar at the top")
    }

    @Test("AVVideoMaxKeyFrameIntervalDurationKey holds against the real timestamps; a forced key frame is a sync sample")
    func keyFrameDuration() throws {
        let settings = try VideoEncoderSettings(outputSettings: [
            AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 320, AVVideoHeightKey: 240,
            AVVideoCompressionPropertiesKey: [AVVideoMaxKeyFrameIntervalDurationKey: 0.25, AVVideoMaxKeyFrameIntervalKey: 100,
                                              AVVideoExpectedSourceFrameRateKey: 30] as [String: Any]])
        let session = try VideoEncoderSession(settings: settings)
        var samples: [CMSampleBuffer] = []
        // Frames every 1/60 s at first, then every 1/10 s: a frame-count limit alone would miss the 0.25 s.
        var time = CMTime.zero
        for t in 0..<40 {
            let step = CMTime(value: t < 20 ? 10 : 60, timescale: 600)
            samples += try session.encode(try SyntheticVideo.frame(t, format: kCVPixelFormatType_420YpCbCr8Planar),
                                          presentationTimeStamp: time, forceKeyFrame: t == 23)
            time = time + step
        }
        samples += try session.finish()
        let syncTimes = samples.filter { $0.sampleAttachments[0][.notSync] == nil }.map(\.presentationTimeStamp).sorted()
        let gaps = zip(syncTimes, syncTimes.dropFirst()).map { CMTimeGetSeconds($1 - $0) }
        #expect(gaps.allSatisfy { $0 <= 0.25 + 1e-9 }, "\(gaps)")
        #expect(syncTimes.contains(CMTime(value: 200 + 3 * 60, timescale: 600)), "frame 23 was forced to be a key frame")
    }

    @Test("two passes: the second reads the first's statistics from the given directory", arguments: [AVVideoCodecType.h264, .hevc])
    func multiPass(codec: AVVideoCodecType) throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let settings: [String: Any] = [AVVideoCodecKey: codec, AVVideoWidthKey: 320, AVVideoHeightKey: 240,
                                       AVVideoCompressionPropertiesKey: [AVVideoAverageBitRateKey: 300_000]]
        var first = VideoEncoderSession.Options()
        first.twoPass = .firstPass(statisticsDirectory: directory.url.path)
        _ = try encodePattern(settings, options: first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty == false, "first pass wrote statistics")
        var second = VideoEncoderSession.Options()
        second.twoPass = .secondPass(statisticsDirectory: directory.url.path)
        let (samples, _) = try encodePattern(settings, options: second)
        #expect(samples.count == 30)
        let bytes = samples.reduce(0) { $0 + CMSampleBufferGetTotalSampleSize($1) }
        let rate = Double(bytes * 8) / 1.0
        print("\(codec.rawValue) two-pass: \(rate) b/s for a 300000 b/s target")
        #expect(rate > 150_000 && rate < 450_000)
        #expect(try decodeSamples(samples).count == 30)
        // Without a first pass there is nothing to read.
        let empty = try TestFiles.makeTemporaryDirectory()
        var orphan = VideoEncoderSession.Options()
        orphan.twoPass = .secondPass(statisticsDirectory: empty.url.path)
        #expect(throws: CodecError.self) { _ = try encodePattern(settings, count: 1, options: orphan) }
    }

    @Test("JPEG quality steers the quantiser: lower quality, fewer bytes and lower PSNR")
    func jpegQuality() throws {
        var results: [(bytes: Int, psnr: Double)] = []
        for quality in [0.1, 0.5, 1.0] {
            let (samples, sources) = try encodePattern([
                AVVideoCodecKey: AVVideoCodecType.jpeg, AVVideoWidthKey: 320, AVVideoHeightKey: 240,
                AVVideoCompressionPropertiesKey: [AVVideoQualityKey: quality],
            ], count: 2)
            let decoded = try decodeSamples(samples)
            let values = zip(decoded, sources).map { psnr(SyntheticVideo.luma($0.imageBuffer!), SyntheticVideo.luma($1)) }
            results.append((samples.reduce(0) { $0 + CMSampleBufferGetTotalSampleSize($1) }, values.min() ?? 0))
        }
        // Before the quantiser was set on each frame, every quality gave the same bytes.
        #expect(results[0].bytes < results[1].bytes && results[1].bytes < results[2].bytes, "\(results)")
        #expect(results[0].psnr < results[1].psnr && results[1].psnr < results[2].psnr, "\(results)")
    }

    @Test("clean aperture and pixel aspect ratio become format description extensions")
    func cleanAperture() throws {
        let (samples, _) = try encodePattern([AVVideoCodecKey: AVVideoCodecType.proRes422, AVVideoWidthKey: 320, AVVideoHeightKey: 240,
                                              AVVideoCleanApertureKey: [AVVideoCleanApertureWidthKey: 300, AVVideoCleanApertureHeightKey: 220,
                                                                        AVVideoCleanApertureHorizontalOffsetKey: 2,
                                                                        AVVideoCleanApertureVerticalOffsetKey: -2]],
                                             count: 1)
        let description = try #require(samples.first?.formatDescription)
        let rect = CMVideoFormatDescriptionGetCleanAperture(description, originIsAtTopLeft: true)
        #expect(rect == CGRect(x: 12, y: 8, width: 300, height: 220))
    }
}
