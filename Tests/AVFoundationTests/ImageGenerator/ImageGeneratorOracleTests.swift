import CoreGraphics
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// Images checked against ffmpeg's decode of the same frames and ffprobe's frame times.
@Suite("AVAssetImageGenerator against ffmpeg")
struct ImageGeneratorOracleTests {
    /// Exact times between and on frames, in every group of pictures, on B-frames and key frames, the last frame.
    static let times: [Double] = [0, 0.02, 0.5, 0.999, 1.0, 1.234, 1.9, 2.45, 3.0, 3.51, 3.99]

    @Test("zero tolerance: the frame on screen at each time, at ffprobe's time, pixels as ffmpeg decodes them",
          arguments: [0, 320])
    func exactFrames(maximumWidth: Int) async throws {
        let url = try ImageGeneratorMedia.bFrames()
        let frameTimes = try ImageGeneratorMedia.frameTimes(url)
        #expect(frameTimes.count == 120)
        let generator = AVAssetImageGenerator(asset: AVURLAsset(url: url))
        generator.requestedTimeToleranceBefore = .zero
        generator.requestedTimeToleranceAfter = .zero
        generator.maximumSize = CGSize(width: maximumWidth, height: 0)
        var images: [(CGImage, CMTime)] = []
        for await answer in generator.images(for: Self.times.map { CMTime(seconds: $0, preferredTimescale: 600) }) {
            images.append((try answer.image, try answer.actualTime))
        }
        #expect(images.count == Self.times.count)
        // The frame on screen at t: the last whose presentation time (ffprobe's) is not after t.
        let numbers = Self.times.map { t in frameTimes.lastIndex { $0 <= t + 1e-9 }! }
        let distinct = Array(Set(numbers)).sorted()
        let (width, height) = maximumWidth == 0 ? (640, 360) : (320, 180)
        let oracle = try ImageGeneratorMedia.ffmpegFrames(url, numbers: distinct, width: width, height: height)
        let byNumber = Dictionary(uniqueKeysWithValues: zip(distinct, oracle))
        // Full size: the same decode and BT.709 conversion, rounding apart (46 dB measured). Half size: libyuv's box
        // filter in Y′CbCr against swscale's area filter, which differ on testsrc2's saturated edges (28–30 dB
        // measured). Either way a neighbouring frame scores about 20 dB.
        let bound = maximumWidth == 0 ? 40.0 : 26.0
        for (index, (image, actual)) in images.enumerated() {
            #expect(image.width == width && image.height == height)
            #expect(abs(actual.seconds - frameTimes[numbers[index]]) < 1e-6, "time \(Self.times[index])")
            let expected = ImageGeneratorMedia.bgr(rawBGRA: byNumber[numbers[index]] ?? Data())
            let psnr = ImageGeneratorMedia.psnr(ImageGeneratorMedia.bgr(image), expected)
            #expect(psnr > bound, "time \(Self.times[index]): PSNR \(psnr) dB")
        }
    }

    @Test("default tolerance: the nearest sync frame, at its ffprobe time")
    func nearestSyncFrame() async throws {
        let url = try ImageGeneratorMedia.bFrames()
        let generator = AVAssetImageGenerator(asset: AVURLAsset(url: url))
        generator.maximumSize = CGSize(width: 160, height: 160)
        let cases: [(requested: Double, sync: Double)] = [(0.2, 0), (0.49, 0), (0.51, 1), (1.4, 1), (1.6, 2), (3.9, 3)]
        for (requested, sync) in cases {
            let (image, actual) = try await generator.image(at: CMTime(seconds: requested, preferredTimescale: 600))
            #expect(abs(actual.seconds - sync) < 1e-6, "requested \(requested)")
            #expect(image.width == 160 && image.height == 90)
        }
        // A tolerance that reaches no sync frame gives the exact frame.
        generator.requestedTimeToleranceBefore = CMTime(value: 1, timescale: 10)
        generator.requestedTimeToleranceAfter = CMTime(value: 1, timescale: 10)
        let (_, actual) = try await generator.image(at: CMTime(seconds: 1.5, preferredTimescale: 600))
        #expect(abs(actual.seconds - 1.5) < 1e-6)
        // One that reaches the next sync frame gives it.
        generator.requestedTimeToleranceAfter = CMTime(value: 6, timescale: 10)
        let (_, later) = try await generator.image(at: CMTime(seconds: 1.5, preferredTimescale: 600))
        #expect(abs(later.seconds - 2) < 1e-6)
    }

    @Test("images hold BGRX pixels in 32-bit little-endian words, tagged BT.709, at the video's own size by default")
    func imageLayout() throws {
        let generator = AVAssetImageGenerator(asset: AVURLAsset(url: try ImageGeneratorMedia.bFrames()))
        var actual = CMTime.invalid
        let image = try generator.copyCGImage(at: CMTime(value: 1, timescale: 1), actualTime: &actual)
        #expect(actual == CMTime(value: 1, timescale: 1))
        #expect(image.width == 640 && image.height == 360)
        #expect(image.bitsPerComponent == 8 && image.bitsPerPixel == 32 && image.bytesPerRow == 640 * 4)
        #expect(image.alphaInfo == .noneSkipFirst && image.byteOrderInfo == .order32Little)
        #expect(image.colorSpace?.name == CGColorSpace.itur_709)
        #expect(image.dataProvider?.data?.count == 640 * 360 * 4)
    }

    @Test("the same frames from a composition of two clips, and through a video composition")
    func compositions() async throws {
        let url = try ImageGeneratorMedia.bFrames()
        let asset = AVURLAsset(url: url)
        let composition = AVMutableComposition()
        let track = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid))
        let source = try #require(try await asset.loadTracks(withMediaType: .video).first)
        try track.insertTimeRange(CMTimeRange(start: CMTime(value: 2, timescale: 1), duration: CMTime(value: 1, timescale: 1)),
                              of: source, at: .zero)
        try track.insertTimeRange(CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1)),
                              of: source, at: CMTime(value: 1, timescale: 1))
        func exactGenerator(_ asset: AVAsset) -> AVAssetImageGenerator {
            let generator = AVAssetImageGenerator(asset: asset)
            generator.requestedTimeToleranceBefore = .zero
            generator.requestedTimeToleranceAfter = .zero
            return generator
        }
        let fromFile = exactGenerator(asset), fromComposition = exactGenerator(composition)
        // 1.5 s into the composition is 0.5 s into the file; 0.5 s is 2.5 s.
        for (compositionTime, fileTime) in [(1.5, 0.5), (0.5, 2.5)] {
            let (composed, actual) = try await fromComposition.image(at: CMTime(seconds: compositionTime, preferredTimescale: 600))
            let (original, _) = try await fromFile.image(at: CMTime(seconds: fileTime, preferredTimescale: 600))
            #expect(abs(actual.seconds - compositionTime) < 1e-6)
            #expect(ImageGeneratorMedia.bgr(composed) == ImageGeneratorMedia.bgr(original))
        }
        // A video composition: the built-in compositor's frame at the render size (the same pixels as the track's
        // own frame), then fitted to maximumSize.
        let videoComposition = try await AVVideoComposition.videoComposition(withPropertiesOf: asset)
        let composed = exactGenerator(asset)
        composed.videoComposition = videoComposition
        let (image, actual) = try await composed.image(at: CMTime(seconds: 1.234, preferredTimescale: 600))
        #expect(image.width == 640 && image.height == 360)
        #expect(abs(actual.seconds - 1.234) < 1e-3)
        let (plain, _) = try await exactGenerator(asset).image(at: CMTime(seconds: 1.234, preferredTimescale: 600))
        let psnr = ImageGeneratorMedia.psnr(ImageGeneratorMedia.bgr(image), ImageGeneratorMedia.bgr(plain))
        #expect(psnr > 40, "composed against direct: \(psnr) dB")
        composed.maximumSize = CGSize(width: 320, height: 320)
        let (small, _) = try await composed.image(at: CMTime(seconds: 1.234, preferredTimescale: 600))
        #expect(small.width == 320 && small.height == 180)
    }
}
