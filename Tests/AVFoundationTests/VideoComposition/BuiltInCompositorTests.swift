@testable import AVFoundation
import CoreGraphics
import CoreMedia
import CoreVideo
import Foundation
import Testing
import TestSupport

/// The built-in compositor renders layer instructions: layers in order (the first on top), transforms, opacity and
/// crop (fixed and ramped), background colour. Judged by pixel probes at known places and times, and against
/// ffmpeg's filter graph rendering the same composition.
@Suite("The built-in video compositor")
struct BuiltInCompositorTests {
    private static var bgraSettings: [String: Any] { [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA] }

    /// Reads `composition` through `videoComposition` (built-in) as 32BGRA frames.
    static func frames(_ composition: AVComposition, _ videoComposition: AVVideoComposition) throws -> [CVPixelBuffer] {
        let output = AVAssetReaderVideoCompositionOutput(videoTracks: composition.tracks(withMediaType: .video),
                                                         videoSettings: bgraSettings)
        output.videoComposition = videoComposition
        #expect(output.customVideoCompositor == nil)
        return try CompositionMedia.read(composition, output).compactMap(CMSampleBufferGetImageBuffer)
    }

    /// One instruction over the whole composition with `layers` (top first).
    static func videoComposition(_ composition: AVComposition, layers: [AVVideoCompositionLayerInstruction],
                                 background: CGColor? = nil, renderSize: CGSize = CGSize(width: 320, height: 240))
        -> AVMutableVideoComposition {
        let instruction = AVMutableVideoCompositionInstruction()
        instruction.timeRange = CMTimeRange(start: .zero, duration: composition.duration)
        instruction.layerInstructions = layers
        instruction.backgroundColor = background
        let videoComposition = AVMutableVideoComposition()
        videoComposition.instructions = [instruction]
        videoComposition.renderSize = renderSize
        videoComposition.frameDuration = CMTime(value: 1, timescale: 30)
        return videoComposition
    }

    static func near(_ pixel: (r: Int, g: Int, b: Int, a: Int), _ expected: (Int, Int, Int), tolerance: Int = 12) -> Bool {
        abs(pixel.r - expected.0) <= tolerance && abs(pixel.g - expected.1) <= tolerance && abs(pixel.b - expected.2) <= tolerance
    }

    @Test("the first layer instruction is on top; a scaled, moved layer leaves the one below visible around it")
    func layersInOrder() throws {
        let (composition, tracks) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4", "blue-320x240-1s.mp4"])
        let top = AVMutableVideoCompositionLayerInstruction(assetTrack: tracks[1])
        top.setTransform(CGAffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 80, ty: 60), at: .zero)
        let bottom = AVMutableVideoCompositionLayerInstruction(assetTrack: tracks[0])
        let frames = try Self.frames(composition, Self.videoComposition(composition, layers: [top, bottom]))
        #expect(frames.count == 30)
        let frame = frames[10]
        #expect(Self.near(VideoCompositionMedia.pixel(frame, x: 160, y: 120), (0, 0, 254)))
        #expect(Self.near(VideoCompositionMedia.pixel(frame, x: 10, y: 10), (254, 0, 0)))
        #expect(Self.near(VideoCompositionMedia.pixel(frame, x: 300, y: 230), (254, 0, 0)))
        #expect(Self.near(VideoCompositionMedia.pixel(frame, x: 85, y: 65), (0, 0, 254)))
    }

    @Test("an opacity ramp cross-fades linearly over its range, then holds its end")
    func crossFade() throws {
        let (composition, tracks) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4", "blue-320x240-1s.mp4"])
        let top = AVMutableVideoCompositionLayerInstruction(assetTrack: tracks[1])
        top.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0,
                           timeRange: CMTimeRange(start: .zero, duration: CMTime(value: 2, timescale: 3)))
        let frames = try Self.frames(composition, Self.videoComposition(
            composition, layers: [top, AVMutableVideoCompositionLayerInstruction(assetTrack: tracks[0])]))
        // Frame 10 is at 1/3 s: opacity 0.5. From 2/3 s on, the top layer is gone.
        #expect(Self.near(VideoCompositionMedia.pixel(frames[0], x: 160, y: 120), (0, 0, 254)))
        #expect(Self.near(VideoCompositionMedia.pixel(frames[10], x: 160, y: 120), (127, 0, 127)))
        #expect(Self.near(VideoCompositionMedia.pixel(frames[25], x: 160, y: 120), (254, 0, 0)))
    }

    @Test("the background colour shows where no layer draws; black when none is set")
    func background() throws {
        let (composition, tracks) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4"])
        let layer = AVMutableVideoCompositionLayerInstruction(assetTrack: tracks[0])
        layer.setTransform(CGAffineTransform(scaleX: 0.5, y: 0.5), at: .zero)
        let green = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
        let colored = try Self.frames(composition, Self.videoComposition(composition, layers: [layer], background: green))
        #expect(Self.near(VideoCompositionMedia.pixel(colored[3], x: 300, y: 220), (0, 255, 0), tolerance: 2))
        #expect(Self.near(VideoCompositionMedia.pixel(colored[3], x: 40, y: 40), (254, 0, 0)))
        let plain = try Self.frames(composition, Self.videoComposition(composition, layers: [layer]))
        #expect(Self.near(VideoCompositionMedia.pixel(plain[3], x: 300, y: 220), (0, 0, 0), tolerance: 2))
    }

    @Test("a crop rectangle shows only its part of the track, in the track's coordinates before the transform")
    func crop() throws {
        let (composition, tracks) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4", "red-blue-corner-320x240-1s.mp4"])
        let top = AVMutableVideoCompositionLayerInstruction(assetTrack: tracks[1])
        // Only the blue corner box of the top track, moved to the centre.
        top.setCropRectangle(CGRect(x: 0, y: 0, width: 80, height: 60), at: .zero)
        top.setTransform(CGAffineTransform(translationX: 120, y: 90), at: .zero)
        let bottom = AVMutableVideoCompositionLayerInstruction(assetTrack: tracks[0])
        let frames = try Self.frames(composition, Self.videoComposition(composition, layers: [top, bottom],
                                                                        background: CGColor(gray: 1, alpha: 1)))
        #expect(Self.near(VideoCompositionMedia.pixel(frames[5], x: 160, y: 120), (0, 0, 254)))
        // Outside the crop the red of the track below shows, not the top track's red.
        #expect(Self.near(VideoCompositionMedia.pixel(frames[5], x: 250, y: 200), (254, 0, 0)))
        #expect(Self.near(VideoCompositionMedia.pixel(frames[5], x: 10, y: 10), (254, 0, 0)))
    }

    @Test("a quarter-turn transform (portrait video's preferredTransform) turns the picture clockwise")
    func rotation() throws {
        let (composition, tracks) = try VideoCompositionMedia.layers(["red-blue-corner-320x240-1s.mp4"])
        let layer = AVMutableVideoCompositionLayerInstruction(assetTrack: tracks[0])
        layer.setTransform(CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 240, ty: 0), at: .zero)
        let frames = try Self.frames(composition, Self.videoComposition(composition, layers: [layer],
                                                                        renderSize: CGSize(width: 240, height: 320)))
        let frame = frames[0]
        #expect(CVPixelBufferGetWidth(frame) == 240 && CVPixelBufferGetHeight(frame) == 320)
        // The top-left box of the source ends up top right.
        #expect(Self.near(VideoCompositionMedia.pixel(frame, x: 220, y: 20), (0, 0, 254)))
        #expect(Self.near(VideoCompositionMedia.pixel(frame, x: 20, y: 20), (254, 0, 0)))
        #expect(Self.near(VideoCompositionMedia.pixel(frame, x: 220, y: 300), (254, 0, 0)))
    }

    @Test("a custom instruction class with the built-in compositor is refused at startReading")
    func customInstructionRefused() throws {
        let (composition, _) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4"])
        let videoComposition = VideoCompositionMedia.videoComposition(for: composition, compositor: FirstSourceCompositor.self)
        videoComposition.customVideoCompositorClass = nil
        let reader = try AVAssetReader(asset: composition)
        let output = AVAssetReaderVideoCompositionOutput(videoTracks: composition.tracks(withMediaType: .video),
                                                         videoSettings: nil)
        output.videoComposition = videoComposition
        reader.add(output)
        #expect(!reader.startReading())
        let error = try #require(reader.error as? AVError)
        #expect(error.code == .invalidVideoComposition)
        #expect(error.localizedDescription.contains("TestInstruction"))
    }

    /// PSNR of our BGRA frame against an RGB24 frame of ffmpeg's.
    static func psnr(_ frame: CVPixelBuffer, _ theirs: Data, frame index: Int) -> Double {
        let frameBytes = 320 * 240 * 3
        var squaredError = 0.0
        do {
            CVPixelBufferLockBaseAddress(frame, .readOnly)
            let base = CVPixelBufferGetBaseAddress(frame)!.assumingMemoryBound(to: UInt8.self)
            let row = CVPixelBufferGetBytesPerRow(frame)
            let frameBytes = 320 * 240 * 3
            theirs.withUnsafeBytes { raw in
                let rgb = raw.bindMemory(to: UInt8.self).baseAddress! + index * frameBytes
                for y in 0..<240 {
                    for x in 0..<320 {
                        let pixel = base + y * row + x * 4
                        let reference = rgb + (y * 320 + x) * 3
                        for (channel, offset) in [(0, 2), (1, 1), (2, 0)] {
                            let difference = Double(pixel[offset]) - Double(reference[channel])
                            squaredError += difference * difference
                        }
                    }
                }
            }
            CVPixelBufferUnlockBaseAddress(frame, .readOnly)
        }
        return 10 * log10(255 * 255 / (squaredError / Double(frameBytes)))
    }

    /// ffmpeg's frames of `graph` over the two clips, as RGB24.
    static func ffmpegFrames(_ urls: [URL], graph: String) throws -> Data {
        try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error"] + urls.flatMap { ["-i", $0.path] }
                               + ["-filter_complex", graph, "-f", "rawvideo", "-"]).standardOutput
    }

    // Apple's compositor, like ours, composes in RGB; ffmpeg's overlay works in Y′CbCr unless told otherwise (and
    // then differs by about 10 dB from an RGB composition at the sharp colour edges of test patterns). So ffmpeg
    // renders the same composition in RGB: each picture converted to RGB, the top one scaled bilinearly, given 75 %
    // alpha and overlaid. Measured: 41 dB for the opaque case, the plain decode of the same pictures 47 dB.
    @Test("the built-in compositor's frames match ffmpeg's RGB scale and overlay of the same composition (PSNR ≥ 36 dB)")
    func matchesFFmpeg() throws {
        let names = ["testsrc2-320x240-1s.mp4", "mandelbrot-320x240-1s.mp4"]
        let urls = try names.map(VideoCompositionMedia.url)
        let (composition, tracks) = try VideoCompositionMedia.layers(names)
        let top = AVMutableVideoCompositionLayerInstruction(assetTrack: tracks[1])
        top.setTransform(CGAffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 100, ty: 40), at: .zero)
        top.setOpacity(0.75, at: .zero)
        let ours = try Self.frames(composition, Self.videoComposition(
            composition, layers: [top, AVMutableVideoCompositionLayerInstruction(assetTrack: tracks[0])]))
        let theirs = try Self.ffmpegFrames(urls, graph: "[1:v]format=rgb24,scale=160:120:flags=bilinear,format=rgba,"
                                           + "colorchannelmixer=aa=0.75[top];[0:v]format=rgb24[base];"
                                           + "[base][top]overlay=100:40:format=rgb,format=rgb24")
        #expect(theirs.count == 320 * 240 * 3 * 30)
        for index in [0, 12, 29] {
            let psnr = Self.psnr(ours[index], theirs, frame: index)
            #expect(psnr >= 36, "frame \(index): \(psnr) dB")
        }
    }
}
