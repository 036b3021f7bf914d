/// How one pixel of a bitmap is laid out, by its bytes in memory. Colour is premultiplied by alpha where there is
/// alpha; `x` is an unused byte.
package enum BitmapLayout: Sendable, Hashable, CaseIterable {
    case bgra, bgrx, rgba, rgbx, argb, xrgb, abgr, xbgr
    /// Three bytes: red, green, blue.
    case rgb
    /// One byte of alpha (coverage) only.
    case alpha

    /// Bytes in one pixel.
    package var bytesPerPixel: Int {
        switch self {
        case .rgb: 3
        case .alpha: 1
        default: 4
        }
    }

    /// Whether the layout stores alpha (otherwise every pixel is opaque).
    package var hasAlpha: Bool {
        switch self {
        case .bgra, .rgba, .argb, .abgr, .alpha: true
        default: false
        }
    }
}

/// A bitmap in memory someone else owns: a layout, a size and rows, top row first.
package struct Bitmap {
    /// The first byte of the top row.
    package var baseAddress: UnsafeMutableRawPointer
    /// How each pixel is laid out.
    package var layout: BitmapLayout
    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int
    /// Bytes from one row's start to the next.
    package var bytesPerRow: Int

    /// Describes a bitmap.
    package init(baseAddress: UnsafeMutableRawPointer, layout: BitmapLayout, width: Int, height: Int,
                 bytesPerRow: Int) {
        self.baseAddress = baseAddress
        self.layout = layout
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
    }

    /// pixman takes sizes and strides as 32-bit integers and rows on 4-byte boundaries.
    func validate(_ operation: String) throws(RasterError) {
        guard width > 0, height > 0, width <= RasterLimits.maximumPictureDimension * 4,
              height <= RasterLimits.maximumPictureDimension * 4, bytesPerRow >= width * layout.bytesPerPixel,
              bytesPerRow % 4 == 0, bytesPerRow <= Int(Int32.max) else {
            throw RasterError(.invalidArgument, operation: operation,
                              message: "a \(width)x\(height) \(layout) bitmap with \(bytesPerRow)-byte rows cannot be drawn")
        }
    }
}

/// How a drawn bitmap is combined with what is under it: the Porter-Duff operators and the PDF blend modes
/// (Core Graphics' `CGBlendMode`s), all of which pixman implements.
package enum BlendOperator: Sendable, Hashable {
    case over, copy, clear, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut
    case destinationAtop, xor, add, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight
    case softLight, difference, exclusion, hue, saturation, color, luminosity
}

/// How a bitmap is sampled when drawn through a transform that does not move whole pixels.
package enum BitmapResampling: Sendable, Hashable {
    /// The nearest pixel.
    case nearest
    /// Bilinear interpolation of the four nearest pixels.
    case bilinear
    /// Each destination pixel averages the source area it covers (box filter); bilinear where enlarging.
    case areaAverage
    /// Lanczos-3 where shrinking, bicubic where enlarging: the sharpest of the four, at the most cost.
    case lanczos
}

/// Which destination pixels a draw or fill may touch.
package enum BitmapCoverage: Sendable {
    /// Whole pixels of a rectangle (destination pixel coordinates, y down).
    case rectangle(RasterRect)
    /// A convex polygon in destination pixel coordinates (y down), with edges anti-aliased or not.
    case polygon([(x: Double, y: Double)], antialiased: Bool)
}
