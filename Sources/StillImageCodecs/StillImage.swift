import Foundation

/// The pixel layouts the still-image codecs read and write: 8 bits a sample, samples interleaved, alpha (when there
/// is alpha) last and not premultiplied, as PNG stores it.
package enum StillImageLayout: Sendable, Hashable {
    /// One grey sample.
    case gray
    /// Grey, then alpha.
    case grayAlpha
    /// Red, green, blue.
    case rgb
    /// Red, green, blue, alpha.
    case rgba
    /// Red, green, blue and an unused byte (JPEG's four-byte output, which pixman reads without a copy).
    case rgbx

    /// Bytes in one pixel.
    package var bytesPerPixel: Int {
        switch self {
        case .gray: 1
        case .grayAlpha: 2
        case .rgb: 3
        case .rgba, .rgbx: 4
        }
    }

    /// Whether the layout carries colour (otherwise grey).
    package var hasColor: Bool { self == .rgb || self == .rgba || self == .rgbx }

    /// Whether the layout carries alpha.
    package var hasAlpha: Bool { self == .grayAlpha || self == .rgba }
}

/// A decoded still image, or one to encode: its size, layout and rows of pixels.
package struct StillImage: Sendable {
    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int
    /// How each pixel is laid out.
    package var layout: StillImageLayout
    /// Bytes from one row's start to the next.
    package var bytesPerRow: Int
    /// The rows, top first.
    package var pixels: Data

    /// An image over `pixels`.
    package init(width: Int, height: Int, layout: StillImageLayout, bytesPerRow: Int, pixels: Data) {
        self.width = width
        self.height = height
        self.layout = layout
        self.bytesPerRow = bytesPerRow
        self.pixels = pixels
    }

    /// Checks that the rows fit in the bytes and in the C libraries' 32-bit sizes.
    func validate(_ operation: String) throws(StillImageError) {
        let rowBytes = width.multipliedReportingOverflow(by: layout.bytesPerPixel)
        guard width > 0, height > 0, !rowBytes.overflow, bytesPerRow >= rowBytes.partialValue,
              bytesPerRow <= Int(Int32.max), height <= Int(Int32.max) else {
            throw StillImageError(.invalidArgument, operation: operation,
                          message: "a \(width)x\(height) \(layout) image with \(bytesPerRow)-byte rows is not valid")
        }
        let needed = bytesPerRow.multipliedReportingOverflow(by: height - 1)
        guard !needed.overflow, pixels.count >= needed.partialValue + rowBytes.partialValue else {
            throw StillImageError(.invalidArgument, operation: operation,
                          message: "\(pixels.count) bytes cannot hold \(height) rows of \(bytesPerRow) bytes")
        }
    }
}

/// The largest image the still-image decoders allocate for: what a file's header claims is checked against this
/// before any pixel memory is taken, so a few corrupt header bytes cannot ask for gigabytes.
package struct StillImageLimits: Sendable {
    /// Most pixels on either side.
    package var maximumDimension: Int
    /// Most pixels in all.
    package var maximumPixelCount: Int

    /// Limits with the given values.
    package init(maximumDimension: Int, maximumPixelCount: Int) {
        self.maximumDimension = maximumDimension
        self.maximumPixelCount = maximumPixelCount
    }

    /// Throws unless a `width`×`height` picture is within the limits.
    func check(width: Int, height: Int, _ operation: String) throws(StillImageError) {
        guard width > 0, height > 0 else {
            throw StillImageError(.invalidData, operation: operation, message: "the image is \(width)x\(height)")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard width <= maximumDimension, height <= maximumDimension, !overflow, pixels <= maximumPixelCount else {
            throw StillImageError(.invalidData, operation: operation,
                          message: "a \(width)x\(height) image is larger than the limit of \(maximumDimension) "
                              + "pixels a side and \(maximumPixelCount) pixels")
        }
    }
}

extension StillImageLimits {
    /// The largest still image ImageIO decodes: PNG's and JPEG's own ceiling of 65,535 pixels a side, and at most
    /// 2^28 pixels (1 GiB as RGBA), checked against the header before any pixel memory is taken.
    package static let standard = StillImageLimits(maximumDimension: 65_535, maximumPixelCount: 1 << 28)
}
