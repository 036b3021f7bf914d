import Foundation

/// Shrinks images to a largest side, for thumbnails and `kCGImageDestinationImageMaxPixelSize`.
enum ImageScaling {
    /// A pixel count from a dictionary value (any integer or floating-point number), or `nil` if not positive.
    static func pixelCount(_ value: Any) -> Int? {
        let number: Double? = switch value {
        case let value as Int: Double(value)
        case let value as Double: value
        case let value as Float: Double(value)
        case let value as CGFloat: Double(value)
        case let value as NSNumber: value.doubleValue
        default: nil
        }
        guard let number, number.isFinite, number >= 1 else { return nil }
        return Int(min(number, Double(Int32.max)))
    }

    /// `image` scaled down (aspect kept, sides rounded, at least one pixel) so its longer side is at most
    /// `maxPixelSize`; `image` itself when it already fits. Drawn with area averaging into 8-bit RGBA (premultiplied,
    /// alpha last) or grey, as the image is.
    static func fit(_ image: CGImage, maxPixelSize: Int) -> CGImage? {
        let longer = max(image.width, image.height)
        guard longer > maxPixelSize else { return image }
        let scale = Double(maxPixelSize) / Double(longer)
        let width = max(1, Int((Double(image.width) * scale).rounded()))
        let height = max(1, Int((Double(image.height) * scale).rounded()))
        let hasAlpha = ![.none, .noneSkipFirst, .noneSkipLast].contains(image.alphaInfo)
        let isGray = image.colorSpace?.model == .monochrome && !hasAlpha
        let space = isGray ? CGColorSpaceCreateDeviceGray() : CGColorSpace(name: CGColorSpace.sRGB)!
        let alpha: CGImageAlphaInfo = isGray ? .none : hasAlpha ? .premultipliedLast : .noneSkipLast
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: space, bitmapInfo: alpha.rawValue) else { return nil }
        context.interpolationQuality = .medium
        context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
        return context.makeImage()
    }
}
