internal import StillImageCodecs
import Foundation

/// Between the still-image codecs' decoded pictures and `CGImage`s: decoded rows become the image's bytes without a copy, and
/// images in any layout Core Graphics describes become the 8-bit rows the encoders take.
enum StillImageConversion {
    /// A `CGImage` over `picture`'s rows, described as Apple's ImageIO describes decoded PNGs and JPEGs: 8 bits a
    /// component in sRGB or grey, alpha last and not premultiplied, a JPEG's fourth byte skipped.
    static func image(from picture: StillImage) -> CGImage? {
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
                        background: (red: Double, green: Double, blue: Double)) -> StillImage? {
        let isGray = image.colorSpace?.model == .monochrome
        let hasAlpha = ![.none, .noneSkipFirst, .noneSkipLast].contains(image.alphaInfo)
        if let direct = directPicture(from: image, isGray: isGray, hasAlpha: hasAlpha, format: format) { return direct }
        if let packed = rgb32Picture(from: image, hasAlpha: hasAlpha, format: format, background: background) {
            return packed
        }
        let keepsAlpha = hasAlpha && format.supportsAlpha
        // Straight colour when alpha is kept (PNG stores it so); premultiplied when it is flattened, so that laying it
        // over the background is one multiply-add.
        guard let rgba = CGImagePixels.rgba8(image, premultiplied: !keepsAlpha) else { return nil }
        let layout: StillImageLayout = switch (isGray, keepsAlpha) {
        case (true, false): .gray
        case (true, true): .grayAlpha
        case (false, false): format == .jpeg ? .rgbx : .rgb
        case (false, true): .rgba
        }
        if layout == .rgba {
            return StillImage(width: image.width, height: image.height, layout: .rgba, bytesPerRow: image.width * 4,
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
        return StillImage(width: image.width, height: image.height, layout: layout, bytesPerRow: image.width * step,
                          pixels: output)
    }

    /// The image's own bytes when they are already in a layout the format writes (8-bit grey, RGB, or for JPEG
    /// RGB with a skipped fourth byte), so nothing is converted.
    private static func directPicture(from image: CGImage, isGray: Bool, hasAlpha: Bool,
                                      format: ImageFileFormat) -> StillImage? {
        guard image.bitsPerComponent == 8, !hasAlpha, !image.bitmapInfo.contains(.floatComponents), image.decode == nil,
              let data = image.dataProvider?.data else { return nil }
        let layout: StillImageLayout
        switch (isGray, image.bitsPerPixel, image.alphaInfo, image.byteOrderInfo) {
        case (true, 8, .none, _): layout = .gray
        case (false, 24, .none, .orderDefault), (false, 24, .none, .order32Big): layout = .rgb
        case (false, 32, .noneSkipLast, .orderDefault), (false, 32, .noneSkipLast, .order32Big):
            guard format == .jpeg else { return nil }
            layout = .rgbx
        default: return nil
        }
        guard image.colorSpace?.model == (isGray ? .monochrome : .rgb) else { return nil }
        return StillImage(width: image.width, height: image.height, layout: layout, bytesPerRow: image.bytesPerRow,
                          pixels: data)
    }

    /// The 32-bit RGB layouts (alpha or a skipped byte first or last, either 32-bit byte order: what video frames and
    /// bitmap contexts hold) converted in one pass over the image's own bytes, without the general reader's per-pixel
    /// dispatch.
    private static func rgb32Picture(from image: CGImage, hasAlpha: Bool, format: ImageFileFormat,
                                     background: (red: Double, green: Double, blue: Double)) -> StillImage? {
        guard image.bitsPerComponent == 8, image.bitsPerPixel == 32, image.colorSpace?.model == .rgb,
              !image.bitmapInfo.contains(.floatComponents), image.alphaInfo != .alphaOnly,
              let provider = image.dataProvider else { return nil }
        let little: Bool
        switch image.byteOrderInfo {
        case .orderDefault, .order32Big: little = false
        case .order32Little: little = true
        default: return nil
        }
        let alphaFirst = [.premultipliedFirst, .first, .noneSkipFirst].contains(image.alphaInfo)
        // Byte offsets of red, green, blue and alpha in memory: ARGB / RGBA as 32-bit big-endian words, reversed
        // in little-endian ones (BGRA / ABGR).
        let big = alphaFirst ? [1, 2, 3, 0] : [0, 1, 2, 3]
        let offsets = little ? big.map { 3 - $0 } : big
        let (red, green, blue, alphaOffset) = (offsets[0], offsets[1], offsets[2], offsets[3])
        let premultiplied = image.alphaInfo == .premultipliedFirst || image.alphaInfo == .premultipliedLast
        let keepsAlpha = hasAlpha && format.supportsAlpha
        let layout: StillImageLayout = keepsAlpha ? .rgba : format == .jpeg ? .rgbx : .rgb
        let step = layout.bytesPerPixel
        let width = image.width, height = image.height, rowBytes = image.bytesPerRow
        let backdrop = [background.red, background.green, background.blue].map { Int((min(max($0, 0), 1) * 255).rounded()) }
        var output = Data(count: width * height * step)
        provider.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { destination in
                let input = source.bindMemory(to: UInt8.self).baseAddress!
                let out = destination.bindMemory(to: UInt8.self).baseAddress!
                for y in 0..<height {
                    let row = input + y * rowBytes
                    let target = out + y * width * step
                    for x in 0..<width {
                        let pixel = row + x * 4, put = target + x * step
                        let alpha = hasAlpha ? Int(pixel[alphaOffset]) : 255
                        var r = Int(pixel[red]), g = Int(pixel[green]), b = Int(pixel[blue])
                        if alpha < 255 {
                            if keepsAlpha {
                                // PNG stores straight colour.
                                if premultiplied {
                                    (r, g, b) = alpha == 0 ? (0, 0, 0)
                                        : (min(255, (r * 255 + alpha / 2) / alpha), min(255, (g * 255 + alpha / 2) / alpha),
                                           min(255, (b * 255 + alpha / 2) / alpha))
                                }
                            } else {
                                // Laid over the background: premultiplied colour plus the backdrop's share.
                                if !premultiplied { (r, g, b) = ((r * alpha + 127) / 255, (g * alpha + 127) / 255, (b * alpha + 127) / 255) }
                                let rest = 255 - alpha
                                r = min(255, r + (backdrop[0] * rest + 127) / 255)
                                g = min(255, g + (backdrop[1] * rest + 127) / 255)
                                b = min(255, b + (backdrop[2] * rest + 127) / 255)
                            }
                        }
                        put[0] = UInt8(r)
                        put[1] = UInt8(g)
                        put[2] = UInt8(b)
                        if step == 4 { put[3] = keepsAlpha ? UInt8(alpha) : 255 }
                    }
                }
            }
        }
        return StillImage(width: width, height: height, layout: layout, bytesPerRow: width * step, pixels: output)
    }
}
