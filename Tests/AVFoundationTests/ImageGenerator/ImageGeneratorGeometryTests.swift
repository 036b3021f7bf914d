import CoreGraphics
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// The shape of images (AVAssetImageGenerator.h: aperture modes, preferred transform, maximum size), judged by
/// ffmpeg's rendering of the same frame: ffmpeg turns by the display matrix and scales by the sample aspect ratio.
@Suite("AVAssetImageGenerator image geometry")
struct ImageGeneratorGeometryTests {
    private static func exact(_ asset: AVAsset) -> AVAssetImageGenerator {
        let generator = AVAssetImageGenerator(asset: asset)
        generator.requestedTimeToleranceBefore = .zero
        generator.requestedTimeToleranceAfter = .zero
        return generator
    }

    @Test("maximumSize fits the image inside, keeping the aspect ratio, and never scales up")
    func maximumSize() throws {
        let generator = Self.exact(AVURLAsset(url: try ImageGeneratorMedia.bFrames()))
        let cases: [(CGSize, Int, Int)] = [
            (CGSize(width: 320, height: 320), 320, 180), (CGSize(width: 1000, height: 90), 160, 90),
            (CGSize(width: 0, height: 36), 64, 36), (CGSize(width: 4000, height: 4000), 640, 360), (.zero, 640, 360),
        ]
        for (size, width, height) in cases {
            generator.maximumSize = size
            let image = try generator.copyCGImage(at: CMTime(value: 1, timescale: 2), actualTime: nil)
            #expect(image.width == width && image.height == height, "maximumSize \(size)")
        }
    }

    @Test("appliesPreferredTrackTransform turns a 90° clip upright, as ffmpeg's autorotation does")
    func rotated() throws {
        let url = try ImageGeneratorMedia.rotated90()
        let generator = Self.exact(AVURLAsset(url: url))
        let plain = try generator.copyCGImage(at: .zero, actualTime: nil)
        #expect(plain.width == 320 && plain.height == 240)
        let unturned = try ImageGeneratorMedia.ffmpegFrames(url, numbers: [0], width: 320, height: 240,
                                                            inputOptions: ["-noautorotate"])
        let plainPSNR = ImageGeneratorMedia.psnr(ImageGeneratorMedia.bgr(plain), ImageGeneratorMedia.bgr(rawBGRA: unturned[0]))
        #expect(plainPSNR > 40, "unturned: \(plainPSNR) dB")

        generator.appliesPreferredTrackTransform = true
        let turned = try generator.copyCGImage(at: .zero, actualTime: nil)
        #expect(turned.width == 240 && turned.height == 320)
        let upright = try ImageGeneratorMedia.ffmpegFrames(url, numbers: [0], width: 240, height: 320)
        let psnr = ImageGeneratorMedia.psnr(ImageGeneratorMedia.bgr(turned), ImageGeneratorMedia.bgr(rawBGRA: upright[0]))
        // A quarter turn moves pixels exactly; the picture turned the wrong way scores under 12 dB here.
        #expect(psnr > 40, "turned: \(psnr) dB")

        // The maximum size bounds the turned image: 240x320 fitted into 100x100.
        generator.maximumSize = CGSize(width: 100, height: 100)
        let small = try generator.copyCGImage(at: .zero, actualTime: nil)
        #expect(small.width == 75 && small.height == 100)
    }

    @Test("2:1 pixels: the clean and production apertures are twice as wide as the encoded pixels")
    func pixelAspectRatio() throws {
        let url = try AssetMedia.url("anamorphic-sar-2x1.mp4")
        let generator = Self.exact(AVURLAsset(url: url))
        let expected: [(AVAssetImageGenerator.ApertureMode?, Int, Int)] = [
            (nil, 640, 180), (.cleanAperture, 640, 180), (.productionAperture, 640, 180), (.encodedPixels, 320, 180),
        ]
        for (mode, width, height) in expected {
            generator.apertureMode = mode
            let image = try generator.copyCGImage(at: .zero, actualTime: nil)
            #expect(image.width == width && image.height == height, "\(mode?.rawValue ?? "default")")
        }
        // The encoded pixels as ffmpeg decodes them.
        generator.apertureMode = .encodedPixels
        let encoded = try generator.copyCGImage(at: .zero, actualTime: nil)
        let pixels = try ImageGeneratorMedia.ffmpegFrames(url, numbers: [0], width: 320, height: 180)
        let encodedPSNR = ImageGeneratorMedia.psnr(ImageGeneratorMedia.bgr(encoded), ImageGeneratorMedia.bgr(rawBGRA: pixels[0]))
        #expect(encodedPSNR > 40, "encoded pixels: \(encodedPSNR) dB")
        // Square pixels at 320 wide: the picture squeezed to half its height, as ffmpeg scales it. Our decoder
        // scales in Y′CbCr with libyuv's box filter, ffmpeg here with swscale's area filter; on testsrc2's
        // saturated edges the two kernels differ by 26–30 dB (measured), a cropped or unsqueezed picture by < 15.
        generator.apertureMode = .cleanAperture
        generator.maximumSize = CGSize(width: 320, height: 0)
        let image = try generator.copyCGImage(at: .zero, actualTime: nil)
        #expect(image.width == 320 && image.height == 90)
        let oracle = try ImageGeneratorMedia.ffmpegFrames(url, numbers: [0], width: 320, height: 90)
        let psnr = ImageGeneratorMedia.psnr(ImageGeneratorMedia.bgr(image), ImageGeneratorMedia.bgr(rawBGRA: oracle[0]))
        #expect(psnr > 24, "\(psnr) dB")
    }

    @Test("a clean aperture crops the picture (cleanAperture) or not (production, encoded), pixels as ffmpeg crops")
    func cleanAperture() throws {
        let url = try ImageGeneratorMedia.cleanAperture()
        let generator = Self.exact(AVURLAsset(url: url))
        var images: [AVAssetImageGenerator.ApertureMode: CGImage] = [:]
        for mode in [AVAssetImageGenerator.ApertureMode.cleanAperture, .productionAperture, .encodedPixels] {
            generator.apertureMode = mode
            images[mode] = try generator.copyCGImage(at: .zero, actualTime: nil)
        }
        #expect(images[.cleanAperture]?.width == 300 && images[.cleanAperture]?.height == 220)
        #expect(images[.productionAperture]?.width == 320 && images[.productionAperture]?.height == 240)
        #expect(images[.encodedPixels]?.width == 320 && images[.encodedPixels]?.height == 240)
        // clap 300x220, offset (+2, -2) from the centre: the rectangle from (12, 8) with the origin top left.
        let cropped = try ImageGeneratorMedia.ffmpegFrames(url, numbers: [0], width: 300, height: 220,
                                                           filters: "crop=300:220:12:8,")
        let whole = try ImageGeneratorMedia.ffmpegFrames(url, numbers: [0], width: 320, height: 240)
        let clean = ImageGeneratorMedia.psnr(ImageGeneratorMedia.bgr(try #require(images[.cleanAperture])),
                                             ImageGeneratorMedia.bgr(rawBGRA: cropped[0]))
        let encoded = ImageGeneratorMedia.psnr(ImageGeneratorMedia.bgr(try #require(images[.encodedPixels])),
                                               ImageGeneratorMedia.bgr(rawBGRA: whole[0]))
        #expect(clean > 38, "clean aperture: \(clean) dB")
        #expect(encoded > 38, "encoded pixels: \(encoded) dB")
    }
}
