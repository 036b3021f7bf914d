import Foundation

/// Reading any 8- or 16-bit `CGImage` layout as 8-bit RGBA: what drawing, and ImageIO's encoders, need from images
/// made anywhere (decoders, bitmap contexts, callers' own bytes).
package enum CGImagePixels {
    /// The image as rows of 8-bit R, G, B, A (4 bytes a pixel, `width * 4` bytes a row), colour premultiplied by
    /// alpha or not as asked; `nil` for layouts not read here (float components, 1–5-bit components, CMYK, Lab).
    /// Colour is taken as is: no colour management; grey becomes equal R, G and B.
    package static func rgba8(_ image: CGImage, premultiplied: Bool) -> Data? {
        guard let read = reader(for: image), let provider = image.dataProvider else { return nil }
        let width = image.width, height = image.height, rowBytes = image.bytesPerRow
        var output = Data(count: width * height * 4)
        output.withUnsafeMutableBytes { destination in
            let out = destination.baseAddress!.assumingMemoryBound(to: UInt8.self)
            provider.withUnsafeBytes { source in
                let base = source.baseAddress!.assumingMemoryBound(to: UInt8.self)
                for y in 0..<height {
                    read(base + y * rowBytes, out + y * width * 4, width, premultiplied)
                }
            }
        }
        return output
    }

    /// Reads one row of `count` pixels into RGBA, premultiplying or not.
    private typealias RowReader = (UnsafePointer<UInt8>, UnsafeMutablePointer<UInt8>, Int, Bool) -> Void

    private static func reader(for image: CGImage) -> RowReader? {
        let space = image.colorSpace ?? (image.alphaInfo == .alphaOnly ? CGColorSpaceCreateDeviceGray() : nil)
        guard !image.bitmapInfo.contains(.floatComponents), let space else { return nil }
        let bytesPerSample: Int
        switch image.bitsPerComponent {
        case 8: bytesPerSample = 1
        case 16: bytesPerSample = 2
        default: return nil
        }
        // A 16-bit sample's high byte: first in big-endian order (the default), second in 16-bit little-endian.
        let highByte = bytesPerSample == 2 && image.byteOrderInfo == .order16Little ? 1 : 0
        let alpha = image.alphaInfo
        let colorCount: Int
        switch space.model {
        case .monochrome: colorCount = 1
        case .rgb: colorCount = 3
        default: return nil
        }
        let hasAlpha = alpha != .none && alpha != .noneSkipFirst && alpha != .noneSkipLast
        let samples = alpha == .alphaOnly ? 1 : colorCount + (alpha == .none ? 0 : 1)
        guard image.bitsPerPixel == samples * bytesPerSample * 8 else { return nil }
        // Sample positions in memory order; 32-bit little-endian words reverse the four 8-bit samples.
        var order: [Int]
        let alphaFirst = alpha == .premultipliedFirst || alpha == .first || alpha == .noneSkipFirst
        switch (alpha, colorCount) {
        case (.alphaOnly, _): order = [0]
        case (.none, _): order = Array(0..<colorCount)
        default: order = alphaFirst ? Array(1...colorCount) + [0] : Array(0...colorCount)
        }
        // `order[i]` is the memory index of the i-th of (colour…, alpha).
        if bytesPerSample == 1, samples == 4, image.byteOrderInfo == .order32Little { order = order.map { 3 - $0 } }
        let stored = alpha == .premultipliedFirst || alpha == .premultipliedLast
        let step = samples * bytesPerSample
        return { row, out, count, premultiply in
            for x in 0..<count {
                let pixel = row + x * step
                func sample(_ index: Int) -> UInt8 { pixel[order[index] * bytesPerSample + highByte] }
                var r, g, b: UInt8
                let a: UInt8
                if alpha == .alphaOnly {
                    (r, g, b, a) = (0, 0, 0, sample(0))
                } else {
                    if colorCount == 1 {
                        r = sample(0); g = r; b = r
                    } else {
                        r = sample(0); g = sample(1); b = sample(2)
                    }
                    a = hasAlpha ? sample(colorCount) : 255
                }
                if a < 255, stored != premultiply {
                    if premultiply {
                        (r, g, b) = (multiply(r, a), multiply(g, a), multiply(b, a))
                    } else {
                        (r, g, b) = (divide(r, a), divide(g, a), divide(b, a))
                    }
                }
                out[x * 4] = r
                out[x * 4 + 1] = g
                out[x * 4 + 2] = b
                out[x * 4 + 3] = a
            }
        }
    }

    /// `value × alpha / 255`, rounded.
    private static func multiply(_ value: UInt8, _ alpha: UInt8) -> UInt8 {
        UInt8((UInt16(value) * UInt16(alpha) + 127) / 255)
    }

    /// `value × 255 / alpha`, rounded and clamped (a premultiplied value above its alpha is malformed).
    private static func divide(_ value: UInt8, _ alpha: UInt8) -> UInt8 {
        guard alpha > 0 else { return 0 }
        return UInt8(min(255, (UInt16(value) * 255 + UInt16(alpha) / 2) / UInt16(alpha)))
    }
}
