// Still-image code written the way iOS and macOS developers write it: draw a thumbnail into a bitmap context, save it
// as JPEG and PNG with ImageIO, read it back and ask for its size. It must compile unchanged against Apple's SDKs.
import AVFoundation
import CoreGraphics
import Foundation
import ImageIO
import UniformTypeIdentifiers

/// Scales `image` to fit `maxSide` with a bitmap context, the usual thumbnail idiom.
func makeThumbnail(of image: CGImage, maxSide: CGFloat) -> CGImage? {
    let scale = min(maxSide / CGFloat(image.width), maxSide / CGFloat(image.height), 1)
    let size = CGSize(width: (CGFloat(image.width) * scale).rounded(), height: (CGFloat(image.height) * scale).rounded())
    guard let context = CGContext(data: nil, width: Int(size.width), height: Int(size.height), bitsPerComponent: 8,
                                  bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
    context.interpolationQuality = .high
    context.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
    context.fill(CGRect(origin: .zero, size: size))
    context.draw(image, in: CGRect(origin: .zero, size: size))
    return context.makeImage()
}

/// Writes `image` to `url` as `type`, JPEG at 80 % quality.
func save(_ image: CGImage, to url: URL, type: UTType) -> Bool {
    guard let destination = CGImageDestinationCreateWithURL(url as CFURL, type.identifier as CFString, 1, nil) else {
        return false
    }
    let options = [kCGImageDestinationLossyCompressionQuality: 0.8] as CFDictionary
    CGImageDestinationAddImage(destination, image, options)
    return CGImageDestinationFinalize(destination)
}

/// The pixel size ImageIO reads from the file at `url`.
func pixelSize(of url: URL) -> CGSize? {
    guard let source = CGImageSourceCreateWithURL(url as CFURL, nil),
          let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any],
          let width = properties[kCGImagePropertyPixelWidth] as? Int,
          let height = properties[kCGImagePropertyPixelHeight] as? Int else { return nil }
    return CGSize(width: width, height: height)
}

func checkStillImages(outputDirectory: URL) {
    // A 4×3 RGBA picture made in memory, as a frame grab or a drawing would be.
    var pixels = [UInt8](repeating: 0, count: 400 * 300 * 4)
    for index in stride(from: 0, to: pixels.count, by: 4) {
        pixels[index] = UInt8(index / 4 % 400 * 255 / 399)
        pixels[index + 3] = 255
    }
    guard let provider = CGDataProvider(data: Data(pixels) as CFData),
          let picture = CGImage(width: 400, height: 300, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 1600,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipLast.rawValue),
                                provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent),
          let thumbnail = makeThumbnail(of: picture, maxSide: 160) else { fail("no thumbnail") }
    check(thumbnail.width == 160 && thumbnail.height == 120, "thumbnail size \(thumbnail.width)x\(thumbnail.height)")

    let jpegURL = outputDirectory.appendingPathComponent("thumbnail.jpg")
    let pngURL = outputDirectory.appendingPathComponent("thumbnail").appendingPathExtension(UTType.png.preferredFilenameExtension!)
    check(save(thumbnail, to: jpegURL, type: .jpeg) && save(thumbnail, to: pngURL, type: .png), "saving the thumbnail")
    check(pixelSize(of: jpegURL) == CGSize(width: 160, height: 120), "the JPEG's size")
    check(UTType(filenameExtension: pngURL.pathExtension)?.conforms(to: .image) == true, "the PNG's type")

    let data = NSMutableData()
    if let destination = CGImageDestinationCreateWithData(data as CFMutableData, UTType.png.identifier as CFString, 1, nil) {
        CGImageDestinationAddImage(destination, thumbnail, nil)
        CGImageDestinationFinalize(destination)
    }
    guard let source = CGImageSourceCreateWithData(data as Data as CFData, nil),
          let decoded = CGImageSourceCreateImageAtIndex(source, 0, nil) else { fail("PNG data does not read back") }
    check(CGImageSourceGetType(source) as String? == UTType.png.identifier && decoded.width == 160, "PNG in memory")
    check(decoded.dataProvider?.data.map { CFDataGetLength($0) } == decoded.bytesPerRow * decoded.height, "decoded bytes")
    check(AVFileType(UTType.mpeg4Movie.identifier) == .mp4, "AVFileType from a UTType's identifier")
}
