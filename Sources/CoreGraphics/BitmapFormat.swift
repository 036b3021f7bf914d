internal import Raster

/// The pixel formats a bitmap context draws into (Quartz 2D's table of supported bitmap context formats, 8-bit
/// rows): 32-bit RGB with alpha or padding first or last in either byte order, 8-bit grey, 8-bit alpha only.
enum BitmapFormat: Equatable {
    /// Four bytes a pixel, pixman's own layouts.
    case rgb32(BitmapLayout)
    /// One grey byte a pixel, no alpha.
    case gray8
    /// One alpha byte a pixel, no colour.
    case alphaOnly

    init?(space: CGColorSpace?, bitsPerComponent: Int, bitmapInfo: CGBitmapInfo) {
        guard bitsPerComponent == 8, !bitmapInfo.contains(.floatComponents),
              let alpha = CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) else {
            return nil
        }
        let order = CGImageByteOrderInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue)
        switch (space?.model, alpha) {
        case (nil, .alphaOnly), (.monochrome?, .alphaOnly):
            self = .alphaOnly
        case (.monochrome?, .none):
            self = .gray8
        case (.rgb?, .premultipliedFirst), (.rgb?, .premultipliedLast), (.rgb?, .noneSkipFirst), (.rgb?, .noneSkipLast):
            let little: Bool
            switch order {
            case .orderDefault?, .order32Big?: little = false
            case .order32Little?: little = true
            default: return nil
            }
            let layout: BitmapLayout = switch (alpha, little) {
            case (.premultipliedFirst, false): .argb
            case (.premultipliedFirst, true): .bgra
            case (.premultipliedLast, false): .rgba
            case (.premultipliedLast, true): .abgr
            case (.noneSkipFirst, false): .xrgb
            case (.noneSkipFirst, true): .bgrx
            case (.noneSkipLast, false): .rgbx
            default: .xbgr
            }
            self = .rgb32(layout)
        default:
            return nil
        }
    }

    var bytesPerPixel: Int {
        if case .rgb32 = self { return 4 }
        return 1
    }

    /// The layout pixman draws the context's memory in, when it can address it directly.
    var drawingLayout: BitmapLayout? {
        switch self {
        case .rgb32(let layout): layout
        case .alphaOnly: .alpha
        case .gray8: nil
        }
    }

    /// Copies the context's pixels into a drawing scratch (premultiplied BGRA, or alpha for alpha-only contexts).
    func copy(from storage: UnsafeRawPointer, bytesPerRow: Int, toScratch scratch: UnsafeMutableRawPointer,
              scratchRow: Int, width: Int, height: Int) {
        for y in 0..<height {
            let source = (storage + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            let target = (scratch + y * scratchRow).assumingMemoryBound(to: UInt8.self)
            switch self {
            case .gray8:
                for x in 0..<width {
                    let value = source[x]
                    target[4 * x] = value
                    target[4 * x + 1] = value
                    target[4 * x + 2] = value
                    target[4 * x + 3] = 255
                }
            case .alphaOnly, .rgb32:
                target.update(from: source, count: width * bytesPerPixel)
            }
        }
    }

    /// Copies a drawing scratch back into the context's pixels. Grey is BT.601 luma of the drawn colour, which
    /// gives grey drawn on grey back exactly.
    func copy(fromScratch scratch: UnsafeRawPointer, scratchRow: Int, to storage: UnsafeMutableRawPointer,
              bytesPerRow: Int, width: Int, height: Int) {
        for y in 0..<height {
            let source = (scratch + y * scratchRow).assumingMemoryBound(to: UInt8.self)
            let target = (storage + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            switch self {
            case .gray8:
                for x in 0..<width {
                    // BGRA: blue, green, red at 0, 1, 2; the weights 29 + 150 + 77 = 256.
                    let luma = 29 * Int(source[4 * x]) + 150 * Int(source[4 * x + 1]) + 77 * Int(source[4 * x + 2])
                    target[x] = UInt8((luma + 128) >> 8)
                }
            case .alphaOnly, .rgb32:
                target.update(from: source, count: width * bytesPerPixel)
            }
        }
    }
}
