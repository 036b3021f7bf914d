import Foundation
import ImageIO
import TestSupport
import Testing
import UniformTypeIdentifiers

@Suite("CGImageSource: reading PNG and JPEG files")
struct ImageSourceTests {
    /// A 96×64 test pattern written by ffmpeg in `format` (`png`, `jpg`), with `pixelFormat` for PNG.
    static func ffmpegImage(_ name: String, pixelFormat: String? = nil) throws -> URL {
        try TestFiles.ffmpegMedia(name, folder: "imageio", recipe: [
            "-f", "lavfi", "-i", "testsrc2=size=96x64:rate=1", "-frames:v", "1", "-update", "1",
        ] + (pixelFormat.map { ["-pix_fmt", $0] } ?? []) + (name.hasSuffix(".jpg") ? ["-vf", "gblur=sigma=1.5", "-q:v", "2"] : []))
    }

    @Test("ffmpeg's PNGs decode to exactly ffmpeg's pixels, in each layout", arguments: [
        ("rgb24.png", "rgb24", 3, kCGImagePropertyColorModelRGB as String, false),
        ("rgba.png", "rgba", 4, kCGImagePropertyColorModelRGB as String, true),
        ("gray.png", "gray", 1, kCGImagePropertyColorModelGray as String, false),
        ("ya8.png", "ya8", 2, kCGImagePropertyColorModelGray as String, true),
    ])
    func ffmpegPNG(name: String, pixelFormat: String, bytesPerPixel: Int, model: String, hasAlpha: Bool) throws {
        let url = try Self.ffmpegImage(name, pixelFormat: pixelFormat)
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        #expect(CGImageSourceGetType(source) == UTType.png.identifier as CFString)
        #expect(CGImageSourceGetCount(source) == 1 && CGImageSourceGetStatus(source) == .statusComplete)
        let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [String: Any])
        #expect(properties[kCGImagePropertyPixelWidth as String] as? Int == 96 && properties[kCGImagePropertyPixelHeight as String] as? Int == 64)
        #expect(properties[kCGImagePropertyColorModel as String] as? String == model)
        #expect(properties[kCGImagePropertyHasAlpha as String] as? Bool == hasAlpha && properties[kCGImagePropertyDepth as String] as? Int == 8)
        let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(image.width == 96 && image.height == 64 && image.bitsPerComponent == 8)
        #expect(image.bitsPerPixel == bytesPerPixel * 8 && image.bytesPerRow >= 96 * bytesPerPixel)
        #expect(image.alphaInfo == (hasAlpha ? .last : .none))
        #expect(image.colorSpace?.model == (model == kCGImagePropertyColorModelRGB as String ? .rgb : .monochrome))
        #expect(TestImages.packedBytes(image) == (try TestImages.ffmpegDecode(url, pixelFormat: pixelFormat)))
        let container = try #require(CGImageSourceCopyProperties(source, nil) as? [String: Any])
        #expect(container[kCGImagePropertyFileSize as String] as? Int == (try Data(contentsOf: url).count))
    }

    @Test("ffmpeg's JPEG decodes close to ffmpeg's own decode, as RGB with a skipped fourth byte")
    func ffmpegJPEG() throws {
        let url = try Self.ffmpegImage("testsrc-blurred.jpg")
        let data = try Data(contentsOf: url)
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        #expect(CGImageSourceGetType(source) == "public.jpeg" && CGImageSourceGetCount(source) == 1)
        let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(image.width == 96 && image.height == 64 && image.bitsPerPixel == 32 && image.alphaInfo == .noneSkipLast)
        let rgb = stride(from: 0, to: 96 * 64 * 4, by: 4).flatMap { TestImages.packedBytes(image)[$0..<$0 + 3] }
        // Two IDCTs, chroma upsamplers and YCbCr→RGB roundings: measured 42 dB on this blurred test pattern.
        let psnr = TestImages.psnr(rgb, try TestImages.ffmpegDecode(url, pixelFormat: "rgb24"))
        #expect(psnr > 35)
        let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [String: Any])
        #expect(properties[kCGImagePropertyHasAlpha as String] as? Bool == false)
        #expect((properties[kCGImagePropertyJFIFDictionary as String] as? [String: Any])?[kCGImagePropertyJFIFIsProgressive as String] as? Bool == false)
    }

    @Test("our PNG and JPEG round-trip through our own source")
    func roundTrips() throws {
        let (image, bytes) = TestImages.gradientRGBA()
        let png = NSMutableData()
        let pngDestination = try #require(CGImageDestinationCreateWithData(png, "public.png", 1, nil))
        CGImageDestinationAddImage(pngDestination, image, nil)
        #expect(CGImageDestinationFinalize(pngDestination))
        let decoded = try #require(CGImageSourceCreateImageAtIndex(CGImageSourceCreateWithData(png as Data, nil)!, 0, nil))
        #expect(TestImages.packedBytes(decoded) == bytes)

        let (smooth, smoothBytes) = TestImages.smoothRGB()
        let jpeg = NSMutableData()
        let jpegDestination = try #require(CGImageDestinationCreateWithData(jpeg, "public.jpeg", 1, nil))
        CGImageDestinationAddImage(jpegDestination, smooth, [kCGImageDestinationLossyCompressionQuality: 0.9] as CFDictionary)
        #expect(CGImageDestinationFinalize(jpegDestination))
        let jpegImage = try #require(CGImageSourceCreateImageAtIndex(CGImageSourceCreateWithData(jpeg as Data, nil)!, 0, nil))
        let rgb = stride(from: 0, to: 64 * 48 * 4, by: 4).flatMap { TestImages.packedBytes(jpegImage)[$0..<$0 + 3] }
        #expect(TestImages.psnr(rgb, smoothBytes) > 38)
        // A decoded image goes back out unchanged: the JPEG's own RGBX rows are encoded without conversion.
        let again = NSMutableData()
        let destination = try #require(CGImageDestinationCreateWithData(again, "public.png", 1, nil))
        CGImageDestinationAddImageFromSource(destination, CGImageSourceCreateWithData(jpeg as Data, nil)!, 0, nil)
        #expect(CGImageDestinationFinalize(destination))
        let reread = try #require(CGImageSourceCreateImageAtIndex(CGImageSourceCreateWithData(again as Data, nil)!, 0, nil))
        #expect(TestImages.packedBytes(reread) == rgb)
    }

    @Test("thumbnails are made from the image only when asked, fitted to the largest side")
    func thumbnails() throws {
        let url = try Self.ffmpegImage("rgb24.png", pixelFormat: "rgb24")
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        #expect(CGImageSourceCreateThumbnailAtIndex(source, 0, nil) == nil)
        let thumbnail = try #require(CGImageSourceCreateThumbnailAtIndex(source, 0, [
            kCGImageSourceCreateThumbnailFromImageAlways: true, kCGImageSourceThumbnailMaxPixelSize: 48,
        ] as CFDictionary))
        #expect(thumbnail.width == 48 && thumbnail.height == 32)
        let full = try #require(CGImageSourceCreateThumbnailAtIndex(source, 0, [
            kCGImageSourceCreateThumbnailFromImageIfAbsent: true, kCGImageSourceThumbnailMaxPixelSize: 500,
        ] as CFDictionary))
        #expect(full.width == 96 && full.height == 64)
    }
}
