@testable import AVFoundation
import CoreGraphics
import CoreMedia
import CoreVideo
import Foundation
import QuartzCore
import Testing
import TestSupport

/// The Core Animation tool drawn with composed frames: the watermark idiom (an image layer over the video layer,
/// post-processing), an additional layer as a source track, and layers it cannot draw refused before reading.
@Suite("Core Animation tool rendering")
struct AnimationToolRenderingTests {
    /// A `width`×`height` opaque image of one colour, 8-bit RGBA.
    static func image(width: Int, height: Int, rgba: [UInt8]) throws -> CGImage {
        let bytes = Data((0..<(width * height)).flatMap { _ in rgba })
        let provider = try #require(CGDataProvider(data: bytes as CFData))
        return try #require(CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32,
                                    bytesPerRow: width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                    bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                                    provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
    }

    /// The watermark idiom: the video layer fills the parent, a white logo layer sits `logo` in the parent.
    static func watermarkTool(logo: CGRect, flipped: Bool) throws -> AVVideoCompositionCoreAnimationTool {
        let size = CGRect(x: 0, y: 0, width: 320, height: 240)
        let parent = CALayer()
        parent.frame = size
        parent.isGeometryFlipped = flipped
        let video = CALayer()
        video.frame = size
        let overlay = CALayer()
        overlay.frame = logo
        overlay.contents = try image(width: 64, height: 32, rgba: [255, 255, 255, 255])
        parent.addSublayer(video)
        parent.addSublayer(overlay)
        return AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: video, in: parent)
    }

    @Test("a watermark layer is drawn over the composed frames; an unflipped parent counts y from the bottom")
    func watermark() throws {
        let (composition, tracks) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4"])
        for flipped in [false, true] {
            let videoComposition = BuiltInCompositorTests.videoComposition(
                composition, layers: [AVMutableVideoCompositionLayerInstruction(assetTrack: tracks[0])])
            videoComposition.animationTool = try Self.watermarkTool(logo: CGRect(x: 10, y: 10, width: 64, height: 32),
                                                                    flipped: flipped)
            let frames = try BuiltInCompositorTests.frames(composition, videoComposition)
            #expect(frames.count == 30)
            let logoY = flipped ? 26 : 240 - 26
            let otherY = flipped ? 240 - 26 : 26
            #expect(BuiltInCompositorTests.near(VideoCompositionMedia.pixel(frames[7], x: 40, y: logoY), (255, 255, 255)),
                    "flipped \(flipped)")
            #expect(BuiltInCompositorTests.near(VideoCompositionMedia.pixel(frames[7], x: 40, y: otherY), (254, 0, 0)),
                    "flipped \(flipped)")
            #expect(BuiltInCompositorTests.near(VideoCompositionMedia.pixel(frames[7], x: 200, y: 120), (254, 0, 0)))
        }
    }

    @Test("an instruction with enablePostProcessing false shows the frames without the layers")
    func postProcessingOff() throws {
        let (composition, tracks) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4"])
        let videoComposition = BuiltInCompositorTests.videoComposition(
            composition, layers: [AVMutableVideoCompositionLayerInstruction(assetTrack: tracks[0])])
        (videoComposition.instructions.first as? AVMutableVideoCompositionInstruction)?.enablePostProcessing = false
        videoComposition.animationTool = try Self.watermarkTool(logo: CGRect(x: 10, y: 10, width: 64, height: 32),
                                                                flipped: true)
        let frames = try BuiltInCompositorTests.frames(composition, videoComposition)
        #expect(BuiltInCompositorTests.near(VideoCompositionMedia.pixel(frames[7], x: 40, y: 26), (254, 0, 0)))
    }

    @Test("an additional layer is a source track that layer instructions draw like any other")
    func additionalLayer() throws {
        let (composition, tracks) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4"])
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
        let box = CALayer()
        box.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        box.backgroundColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
        layer.addSublayer(box)
        let trackID: CMPersistentTrackID = 77
        let videoComposition = BuiltInCompositorTests.videoComposition(composition, layers: [
            AVMutableVideoCompositionLayerInstruction(configuration: .init(trackID: trackID)),
            AVMutableVideoCompositionLayerInstruction(assetTrack: tracks[0]),
        ])
        videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(additionalLayer: layer, asTrackID: trackID)
        let frames = try BuiltInCompositorTests.frames(composition, videoComposition)
        // The box sits at the bottom left (an unflipped layer); the video shows elsewhere.
        #expect(BuiltInCompositorTests.near(VideoCompositionMedia.pixel(frames[3], x: 50, y: 190), (0, 255, 0)))
        #expect(BuiltInCompositorTests.near(VideoCompositionMedia.pixel(frames[3], x: 50, y: 50), (254, 0, 0)))
    }

    @Test("layers the tool cannot draw make startReading fail with invalidVideoComposition naming the property")
    func refused() throws {
        let (composition, tracks) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4"])
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
        let video = CALayer()
        video.frame = parent.frame
        parent.addSublayer(video)
        let text = CATextLayer()
        text.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        parent.addSublayer(text)
        let videoComposition = BuiltInCompositorTests.videoComposition(
            composition, layers: [AVMutableVideoCompositionLayerInstruction(assetTrack: tracks[0])])
        videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: video, in: parent)
        let reader = try AVAssetReader(asset: composition)
        let output = AVAssetReaderVideoCompositionOutput(videoTracks: composition.tracks(withMediaType: .video),
                                                         videoSettings: nil)
        output.videoComposition = videoComposition
        reader.add(output)
        #expect(!reader.startReading())
        let error = try #require(reader.error as? AVError)
        #expect(error.code == .invalidVideoComposition)
        #expect(error.localizedDescription.contains("CATextLayer"), "\(error.localizedDescription)")
    }

    @Test("an export with a watermark: ffmpeg decodes the logo where Core Animation puts it")
    func watermarkExport() async throws {
        let (composition, tracks) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4"])
        let videoComposition = BuiltInCompositorTests.videoComposition(
            composition, layers: [AVMutableVideoCompositionLayerInstruction(assetTrack: tracks[0])])
        videoComposition.animationTool = try Self.watermarkTool(logo: CGRect(x: 10, y: 10, width: 64, height: 32),
                                                                flipped: false)
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("watermarked.mp4")
        let session = try #require(AVAssetExportSession(asset: composition, presetName: AVAssetExportPreset640x480))
        session.videoComposition = videoComposition
        try await session.export(to: url, as: .mp4)
        #expect(try ExternalTool.ffmpegDecodeErrors(url).isEmpty)
        let logo = try CompositionExportWithCompositorTests.pixel(url, frame: 10, x: 40, y: 240 - 26)
        #expect(logo.r > 230 && logo.g > 230 && logo.b > 230, "\(logo)")
        let video = try CompositionExportWithCompositorTests.pixel(url, frame: 10, x: 200, y: 120)
        #expect(video.r > 230 && video.g < 25 && video.b < 25, "\(video)")
    }
}
