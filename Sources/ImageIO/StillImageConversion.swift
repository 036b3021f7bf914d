internal import FFmpegBridge
import Foundation

/// Between the bridge's decoded pictures and `CGImage`s: decoded rows become the image's bytes without a copy, and
/// images in any layout Core Graphics describes become the 8-bit rows the encoders take.
enum StillImageConversion {
    /// A `CGImage` over `picture`'s rows, described as Apple's ImageIO describes decoded PNGs and JPEGs: 8 bits a
    /// component in sRGB or grey, alpha last and not premultiplied, a JPEG's fourth byte skipped.
    static func image(from picture: FFStillImage) -> CGImage? {
        let space: CGColorSpace?
        let alpha: CGImageAlphaInfo
        switch picture.layout {
        case .gray: (space, alpha) = (CGColorSpace(name: CGColorSpace.genericGrayGamma2_2), .none)
        case .grayAlpha: (space, alpha) = (CGColorSpace(name: CGColorSpace.genericGrayGamma2_2), .last)
        case .rgb: (space, alpha) = (CGColorSpace(name: CGColorSpace.sRGB), .none)
        case .rgba: (space, alpha) = (CGColorSpace(name: CGColorSpace.sRGB), .last)
        case .rgbx: (space, alpha) = (CGColorSpace(name: CGColorSpace.sRGB), .noneSkipLast)
        }
        guard let space, let provider = CGDataProvider(data: picture.pixels) else { return nil }
        return CGImage(width: picture.width, height: picture.height, bitsPerComponent: 8,
                       bitsPerPixel: picture.layout.bytesPerPixel * 8, bytesPerRow: picture.bytesPerRow, space: space,
                       bitmapInfo: CGBitmapInfo(rawValue: alpha.rawValue), provider: provider, decode: nil,
                       shouldInterpolate: true, intent: .defaultIntent)
    }

    /// `image`'s pixels in a layout `format` writes: grey for grey images, RGB otherwise, with alpha where the image
    /// has it and the format stores it; without, colour is laid over `background` (straight RGB, 0…1).
    static func picture(from image: CGImage, for format: ImageFileFormat,
                        background: (red: Double, green: Double, blue: Double)) -> FFStillImage? {
        let isGray = image.colorSpace?.model == .monochrome
        let hasAlpha = ![.none, .noneSkipFirst, .noneSkipLast].contains(image.alphaInfo)
        if let direct = directPicture(from: image, isGray: isGray, hasAlpha: hasAlpha, format: format) { return direct }
        let keepsAlpha = hasAlpha && format.supportsAlpha
        // Straight colour when alpha is kept (PNG stores it so); premultiplied when it is flattened, so that laying it
        // over the background is one multiply-add.
        guard let rgba = CGImagePixels.rgba8(image, premultiplied: !keepsAlpha) else { return nil }
        let layout: FFStillImageLayout = switch (isGray, keepsAlpha) {
        case (true, false): .gray
        case (true, true): .grayAlpha
        case (false, false): format == .jpeg ? .rgbx : .rgb
        case (false, true): .rgba
        }
        if layout == .rgba {
            return FFStillImage(width: image.width, height: image.height, layout: .rgba, bytesPerRow: image.width * 4,
                                pixels: rgba)
        }
        let count = image.width * image.height
        let step = layout.bytesPerPixel
        let flatten = hasAlpha && !keepsAlpha
        let backdrop = [background.red, background.green, background.blue].map { min(max($0, 0), 1) * 255 }
        var output = Data(count: count * step)
        rgba.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { destination in
                let input = source.bindMemory(to: UInt8.self), out = destination.bindMemory(to: UInt8.self)
                for index in 0..<count {
                    let pixel = index * 4
                    let alpha = Int(input[pixel + 3])
                    func channel(_ offset: Int) -> UInt8 {
                        let value = Int(input[pixel + offset])
                        guard flatten, alpha < 255 else { return UInt8(value) }
                        // Premultiplied colour plus the backdrop where the image is transparent.
                        return UInt8(min(255, value + Int((backdrop[offset] * Double(255 - alpha) / 255).rounded())))
                    }
                    if isGray {
                        out[index * step] = channel(0)
                        if keepsAlpha { out[index * step + 1] = UInt8(alpha) }
                    } else {
                        out[index * step] = channel(0)
                        out[index * step + 1] = channel(1)
                        out[index * step + 2] = channel(2)
                        if step == 4 { out[index * step + 3] = 255 }
                    }
                }
            }
        }
        return FFStillImage(width: image.width, height: image.height, layout: layout, bytesPerRow: image.width * step,
                            pixels: output)
    }

    /// The image's own bytes when they are already in a layout the format writes (8-bit grey, RGB, or for JPEG
    /// RGB with a skipped fourth byte), so nothing is converted.
    private static func directPicture(from image: CGImage, isGray: Bool, hasAlpha: Bool,
                                      format: ImageFileFormat) -> FFStillImage? {
        guard image.bitsPerComponent == 8, !hasAlpha, !image.bitmapInfo.contains(.floatComponents), image.decode == nil,
              let data = image.dataProvider?.data else { return nil }
        let layout: FFStillImageLayout
        switch (isGray, image.bitsPerPixel, image.alphaInfo, image.byteOrderInfo) {
        case (true, 8, .none, _): layout = .gray
        case (false, 24, .none, .orderDefault), (false, 24, .none, .order32Big): layout = .rgb
        case (false, 32, .noneSkipLast, .orderDefault), (false, 32, .noneSkipLast, .order32Big):
            guard format == .jpeg else { return nil }
            layout = .rgbx
        default: return nil
        }
        guard image.colorSpace?.model == (isGray ? .monochrome : .rgb) else { return nil }
        return FFStillImage(width: image.width, height: image.height, layout: layout, bytesPerRow: image.bytesPerRow,
                            pixels: data)
    }
}
