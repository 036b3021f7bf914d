import Foundation
import ImageIO
import TestSupport
import Testing
import UniformTypeIdentifiers

@Suite("CGImageDestination: PNG and JPEG files judged by ffmpeg")
struct ImageDestinationTests {
    @Test("a PNG with alpha decodes in ffmpeg to exactly the pixels written")
    func pngWithAlphaIsLossless() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("gradient.png")
        let (image, bytes) = TestImages.gradientRGBA()
        let destination = try #require(CGImageDestinationCreateWithURL(url as CFURL, UTType.png.identifier as CFString,
                                                                       1, nil))
        CGImageDestinationAddImage(destination, image, nil)
        #expect(CGImageDestinationFinalize(destination))
        let probe = try TestImages.ffprobe(url)
        #expect(probe.codec == "png" && probe.width == 64 && probe.height == 48 && probe.pixelFormat == "rgba")
        #expect(try TestImages.ffmpegDecode(url, pixelFormat: "rgba") == bytes)
    }

    @Test("opaque RGB and grey images are written without an alpha channel", arguments: [false, true])
    func pngOpaqueLayouts(gray: Bool) throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("opaque.png")
        let (rgb, rgbBytes) = TestImages.smoothRGB()
        let grayBytes = TestImages.channel(rgbBytes, offset: 1, stride: 3)
        let image = gray ? TestImages.image(grayBytes, width: 64, height: 48, bitsPerPixel: 8, alpha: .none,
                                            space: CGColorSpaceCreateDeviceGray()) : rgb
        let destination = try #require(CGImageDestinationCreateWithURL(url as CFURL, "public.png" as CFString, 1, nil))
        CGImageDestinationAddImage(destination, image, nil)
        #expect(CGImageDestinationFinalize(destination))
        #expect(try TestImages.ffprobe(url).pixelFormat == (gray ? "gray" : "rgb24"))
        #expect(try TestImages.ffmpegDecode(url, pixelFormat: gray ? "gray" : "rgb24") == (gray ? grayBytes : rgbBytes))
    }

    @Test("premultiplied BGRA (a video frame's layout) is written as straight RGBA")
    func pngFromPremultipliedBGRA() throws {
        // Two pixels: opaque orange, and half-transparent blue stored premultiplied (0x80 × 1.0 → 0x80).
        let bgra: [UInt8] = [0x00, 0x80, 0xFF, 0xFF, 0x80, 0x00, 0x00, 0x80]
        let info = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        let image = try #require(CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: info),
                                         provider: CGDataProvider(data: Data(bgra))!, decode: nil,
                                         shouldInterpolate: false, intent: .defaultIntent))
        let data = CFDataCreateMutable(kCFAllocatorDefault, 0)!
        let destination = try #require(CGImageDestinationCreateWithData(data, UTType.png.identifier as CFString, 1, nil))
        CGImageDestinationAddImage(destination, image, nil)
        #expect(CGImageDestinationFinalize(destination))
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("bgra.png")
        try (data as Data).write(to: url)
        #expect(try TestImages.ffmpegDecode(url, pixelFormat: "rgba") == [0xFF, 0x80, 0x00, 0xFF, 0x00, 0x00, 0xFF, 0x80])
    }

    @Test("every 32-bit RGB layout writes the same PNG", arguments: [
        CGImageAlphaInfo.premultipliedFirst, .premultipliedLast, .first, .last, .noneSkipFirst, .noneSkipLast,
    ], [false, true])
    func rgb32Layouts(alpha: CGImageAlphaInfo, little: Bool) throws {
        // Opaque orange, then blue at half opacity (premultiplied where the layout says so).
        let hasAlpha = alpha != .noneSkipFirst && alpha != .noneSkipLast
        let premultiplied = alpha == .premultipliedFirst || alpha == .premultipliedLast
        let pixels: [[UInt8]] = [[255, 128, 0, 255], [0, 0, premultiplied ? 128 : 255, hasAlpha ? 128 : 255]]
        let alphaFirst = alpha == .premultipliedFirst || alpha == .first || alpha == .noneSkipFirst
        var bytes: [UInt8] = pixels.flatMap { rgba -> [UInt8] in
            let word = alphaFirst ? [rgba[3], rgba[0], rgba[1], rgba[2]] : rgba
            return little ? word.reversed() : word
        }
        if !hasAlpha { for index in [0, 4] { bytes[alphaFirst != little ? index : index + 3] = 0x11 } }
        let info = alpha.rawValue | (little ? CGBitmapInfo.byteOrder32Little.rawValue : 0)
        let image = try #require(CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: info),
                                         provider: CGDataProvider(data: Data(bytes))!, decode: nil,
                                         shouldInterpolate: false, intent: .defaultIntent))
        let data = NSMutableData()
        let destination = try #require(CGImageDestinationCreateWithData(data, "public.png", 1, nil))
        CGImageDestinationAddImage(destination, image, nil)
        #expect(CGImageDestinationFinalize(destination))
        let decoded = try #require(CGImageSourceCreateImageAtIndex(CGImageSourceCreateWithData(data as Data, nil)!, 0, nil))
        #expect(TestImages.packedBytes(decoded) == (hasAlpha ? [255, 128, 0, 255, 0, 0, 255, 128] : [255, 128, 0, 0, 0, 255]))
    }

    @Test("JPEG quality is honoured: ffmpeg's decode is close to the source, and lower quality is smaller")
    func jpegQuality() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let (image, bytes) = TestImages.smoothRGB(width: 160, height: 120)
        var sizes: [Double: Int] = [:]
        for quality in [0.3, 0.95] {
            let url = directory.file("q\(quality).jpg")
            let destination = try #require(CGImageDestinationCreateWithURL(url as CFURL, UTType.jpeg.identifier as CFString,
                                                                           1, nil))
            CGImageDestinationAddImage(destination, image, [kCGImageDestinationLossyCompressionQuality: quality] as CFDictionary)
            #expect(CGImageDestinationFinalize(destination))
            let probe = try TestImages.ffprobe(url)
            #expect(probe.codec == "mjpeg" && probe.width == 160 && probe.height == 120)
            let decoded = try TestImages.ffmpegDecode(url, pixelFormat: "rgb24")
            // Bounds measured on this smooth gradient: 0.95 gives about 45 dB, 0.3 about 38 dB.
            #expect(TestImages.psnr(decoded, bytes) > (quality > 0.9 ? 40 : 32))
            sizes[quality] = try Data(contentsOf: url).count
        }
        #expect(try #require(sizes[0.3]) < #require(sizes[0.95]))
    }

    @Test("alpha written as JPEG is laid over white, or over kCGImageDestinationBackgroundColor")
    func jpegFlattensAlpha() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        // A fully transparent 16×16 image: the file shows the background alone.
        let clear = TestImages.image([UInt8](repeating: 0, count: 16 * 16 * 4), width: 16, height: 16, bitsPerPixel: 32,
                                     alpha: .premultipliedLast)
        for (name, background, expected) in [("white", nil, [255, 255, 255]), ("red", CGColor(red: 1, green: 0, blue: 0, alpha: 1), [255, 0, 0])] as [(String, CGColor?, [Int])] {
            let url = directory.file("\(name).jpg")
            let destination = try #require(CGImageDestinationCreateWithURL(url as CFURL, "public.jpeg" as CFString, 1, nil))
            var properties: [String: Any] = [kCGImageDestinationLossyCompressionQuality as String: 1.0]
            if let background { properties[kCGImageDestinationBackgroundColor as String] = background }
            CGImageDestinationAddImage(destination, clear, properties as CFDictionary)
            #expect(CGImageDestinationFinalize(destination))
            let decoded = try TestImages.ffmpegDecode(url, pixelFormat: "rgb24")
            for channel in 0..<3 {
                let values = TestImages.channel(decoded, offset: channel, stride: 3)
                #expect(values.allSatisfy { abs(Int($0) - expected[channel]) <= 2 }, "\(name) channel \(channel)")
            }
        }
    }

    @Test("kCGImageDestinationImageMaxPixelSize shrinks the written image, keeping its shape")
    func maxPixelSize() throws {
        let data = NSMutableData()
        let destination = try #require(CGImageDestinationCreateWithData(data as CFMutableData, "public.png" as CFString,
                                                                        1, nil))
        CGImageDestinationSetProperties(destination, [kCGImageDestinationImageMaxPixelSize: 32] as CFDictionary)
        CGImageDestinationAddImage(destination, TestImages.gradientRGBA().image, nil)
        #expect(CGImageDestinationFinalize(destination))
        let source = try #require(CGImageSourceCreateWithData(data as Data as CFData, nil))
        let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [String: Any])
        #expect(properties[kCGImagePropertyPixelWidth as String] as? Int == 32 && properties[kCGImagePropertyPixelHeight as String] as? Int == 24)
    }

    @Test("types not written here give no destination, as Apple's ImageIO does for unknown types",
          arguments: ["public.heic", "public.tiff", "com.example.none", "", "public.image"])
    func unsupportedTypes(type: String) throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("out.img")
        #expect(CGImageDestinationCreateWithURL(url as CFURL, type as CFString, 1, nil) == nil)
        #expect(CGImageDestinationCreateWithData(NSMutableData(), type as CFString, 1, nil) == nil)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(CGImageDestinationCopyTypeIdentifiers() as? [String] == ["public.png", "public.jpeg", "com.compuserve.gif"])
    }

    @Test("misuse fails with false: no image, two images for one, finalizing twice, float pixels")
    func misuse() throws {
        let data = NSMutableData()
        let empty = try #require(CGImageDestinationCreateWithData(data, "public.png", 1, nil))
        #expect(!CGImageDestinationFinalize(empty))
        let twice = try #require(CGImageDestinationCreateWithData(data, "public.png", 1, nil))
        CGImageDestinationAddImage(twice, TestImages.smoothRGB().image, nil)
        CGImageDestinationAddImage(twice, TestImages.smoothRGB().image, nil)
        #expect(CGImageDestinationFinalize(twice))
        #expect(!CGImageDestinationFinalize(twice))
        let written = data.length
        let floats = CGImage(width: 2, height: 2, bitsPerComponent: 32, bitsPerPixel: 128, bytesPerRow: 32,
                             space: CGColorSpaceCreateDeviceRGB(),
                             bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue
                                 | CGBitmapInfo.floatComponents.rawValue),
                             provider: CGDataProvider(data: Data(count: 64))!, decode: nil, shouldInterpolate: false,
                             intent: .defaultIntent)
        let unreadable = try #require(CGImageDestinationCreateWithData(data, "public.png", 1, nil))
        CGImageDestinationAddImage(unreadable, try #require(floats), nil)
        #expect(!CGImageDestinationFinalize(unreadable))
        #expect(data.length == written)
        #expect(CGImageDestinationCreateWithData(data, "public.png", 2, nil) == nil)
    }

    @Test("a destination writes over an existing file, and fails cleanly where it cannot write")
    func urlTargets() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("exists.png")
        try Data("old".utf8).write(to: url)
        let destination = try #require(CGImageDestinationCreateWithURL(url as CFURL, "public.png", 1, nil))
        CGImageDestinationAddImage(destination, TestImages.smoothRGB().image, nil)
        #expect(CGImageDestinationFinalize(destination))
        #expect(try TestImages.ffprobe(url).codec == "png")
        let missing = directory.file("no/such/folder/out.png")
        let failing = try #require(CGImageDestinationCreateWithURL(missing as CFURL, "public.png", 1, nil))
        CGImageDestinationAddImage(failing, TestImages.smoothRGB().image, nil)
        #expect(!CGImageDestinationFinalize(failing))
        // Only the finished file is left: no temporary file beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["exists.png"])
    }
}
