import CoreGraphics
import CoreVideo
import Foundation

/// A `CGImage`'s pixels as a premultiplied 32BGRA pixel buffer, the layout the compositing kernel reads with alpha
/// (watermarks, logos and backgrounds of the Core Animation tool).
///
/// 8-bit images are read in the layouts Core Graphics makes bitmaps in: RGB(A/X) and (A/X)RGB in either byte order,
/// premultiplied or not, 24-bit RGB, and grey with or without alpha. Colour is taken as is (no colour management).
enum ImagePixelBuffer {
    static func make(_ image: CGImage) throws(AVError) -> CVPixelBuffer {
        let width = image.width, height = image.height
        guard width > 0, height > 0, let provider = image.dataProvider else {
            throw AVError(.invalidVideoComposition, "a \(width)x\(height) layer image has no pixels")
        }
        guard image.bitsPerComponent == 8, let read = reader(for: image) else {
            throw AVError(.invalidVideoComposition, "layer images of \(image.bitsPerComponent) bits per component, "
                          + "\(image.bitsPerPixel) bits per pixel and bitmap info \(image.bitmapInfo.rawValue) cannot be "
                          + "drawn here; use 8-bit RGBA, ARGB, BGRA, RGB or grey")
        }
        var made: CVPixelBuffer?
        guard CVPixelBufferCreate(nil, width, height, kCVPixelFormatType_32BGRA, nil, &made) == kCVReturnSuccess,
              let buffer = made else {
            throw AVError(.invalidVideoComposition, "no memory for a \(width)x\(height) layer image")
        }
        let rowBytes = image.bytesPerRow, pixelBytes = image.bitsPerPixel / 8
        let needed = (height - 1) * rowBytes + width * pixelBytes
        CVPixelBufferLockBaseAddress(buffer, [])
        defer { CVPixelBufferUnlockBaseAddress(buffer, []) }
        let destination = CVPixelBufferGetBaseAddress(buffer)!.assumingMemoryBound(to: UInt8.self)
        let destinationRow = CVPixelBufferGetBytesPerRow(buffer)
        let fits: Bool = provider.withUnsafeBytes { source in
            guard source.count >= needed, let base = source.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
                return false
            }
            for y in 0..<height {
                let row = base + y * rowBytes
                let out = destination + y * destinationRow
                for x in 0..<width {
                    let (r, g, b, a, premultiplied) = read(row + x * pixelBytes)
                    let alpha = UInt16(a)
                    func scaled(_ value: UInt8) -> UInt8 {
                        premultiplied ? min(value, a) : UInt8((UInt16(value) * alpha + 127) / 255)
                    }
                    out[x * 4] = scaled(b)
                    out[x * 4 + 1] = scaled(g)
                    out[x * 4 + 2] = scaled(r)
                    out[x * 4 + 3] = a
                }
            }
            return true
        }
        guard fits else {
            throw AVError(.invalidVideoComposition, "a \(width)x\(height) layer image holds fewer bytes than its rows "
                          + "of \(rowBytes) bytes need")
        }
        return buffer
    }

    private typealias Reader = (UnsafePointer<UInt8>) -> (UInt8, UInt8, UInt8, UInt8, Bool)

    /// How to read one pixel of `image`: red, green, blue, alpha and whether colour is premultiplied.
    private static func reader(for image: CGImage) -> Reader? {
        let alpha = image.alphaInfo
        let little = image.byteOrderInfo == .order32Little
        switch (image.bitsPerPixel, alpha) {
        case (8, .none):
            return { ($0[0], $0[0], $0[0], 255, true) }
        case (16, .premultipliedLast), (16, .last):
            let premultiplied = alpha == .premultipliedLast
            return { ($0[0], $0[0], $0[0], $0[1], premultiplied) }
        case (24, .none):
            return { ($0[0], $0[1], $0[2], 255, true) }
        case (32, _):
            // Memory order of the four bytes: alpha (or padding) first or last, reversed by 32-bit little-endian.
            let alphaFirst: Bool
            let hasAlpha: Bool
            switch alpha {
            case .premultipliedFirst, .first: (alphaFirst, hasAlpha) = (true, true)
            case .premultipliedLast, .last: (alphaFirst, hasAlpha) = (false, true)
            case .noneSkipFirst: (alphaFirst, hasAlpha) = (true, false)
            case .noneSkipLast, .none: (alphaFirst, hasAlpha) = (false, false)
            case .alphaOnly: return nil
            }
            let premultiplied = alpha == .premultipliedFirst || alpha == .premultipliedLast || !hasAlpha
            // Byte positions of A, R, G, B in memory.
            let order: (Int, Int, Int, Int) = switch (alphaFirst, little) {
            case (true, false): (0, 1, 2, 3)   // ARGB
            case (false, false): (3, 0, 1, 2)  // RGBA
            case (true, true): (3, 2, 1, 0)    // BGRA
            case (false, true): (0, 3, 2, 1)   // ABGR
            }
            return { pixel in
                (pixel[order.1], pixel[order.2], pixel[order.3], hasAlpha ? pixel[order.0] : 255, premultiplied)
            }
        default:
            return nil
        }
    }
}
