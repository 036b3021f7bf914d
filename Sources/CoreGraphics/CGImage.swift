import CoreFoundationShims

/// A bitmap image: pixel bytes from a data provider, described by size, bit depths, row stride, colour space
/// and bitmap info. Immutable after `init`, so safe to share between threads.
// Safe because immutable after `init`.
public final class CGImage: @unchecked Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bits in one colour or alpha component.
    public let bitsPerComponent: Int
    /// Bits in one pixel (at least the bits of every component it holds).
    public let bitsPerPixel: Int
    /// Bytes from one row's start to the next.
    public let bytesPerRow: Int
    /// The colour space.
    public let colorSpace: CGColorSpace?
    /// Alpha, float and byte-order layout.
    public let bitmapInfo: CGBitmapInfo
    /// The source of the pixel bytes.
    public let dataProvider: CGDataProvider?
    /// Whether the image should be interpolated when scaled.
    public let shouldInterpolate: Bool
    /// The rendering intent.
    public let renderingIntent: CGColorRenderingIntent
    /// Whether the image is a mask (made by `init(maskWidth:…)` on Apple platforms; never here).
    public let isMask: Bool = false
    /// The decode array given at creation (two values per component), valid as long as the image lives.
    public let decode: UnsafePointer<CGFloat>?

    /// Creates an image over `provider`'s bytes, or returns `nil` if the description is inconsistent: a
    /// non-positive size, a component depth Core Graphics does not use, pixels too small for their components,
    /// rows too short for their pixels, or a provider with fewer bytes than the rows need.
    public convenience init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                             space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                             decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        self.init(width: width, height: height, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                  bytesPerRow: bytesPerRow, optionalSpace: space, bitmapInfo: bitmapInfo, provider: provider,
                  decode: decode, shouldInterpolate: shouldInterpolate, intent: intent)
    }

    /// The designated initializer: as the public one, but `space` may be `nil` for alpha-only images (the images of
    /// alpha-only bitmap contexts).
    package init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                  optionalSpace space: CGColorSpace?, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                  decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard width > 0, height > 0, [1, 2, 4, 5, 8, 10, 16, 32].contains(bitsPerComponent),
              let alpha = CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue),
              space != nil || alpha == .alphaOnly
        else { return nil }
        let components = (alpha == .alphaOnly ? 0 : space?.numberOfComponents ?? 0) + (alpha == .none ? 0 : 1)
        let (rowBits, rowOverflow) = width.multipliedReportingOverflow(by: bitsPerPixel)
        guard bitsPerPixel >= components * bitsPerComponent, !rowOverflow, bytesPerRow >= (rowBits + 7) / 8 else {
            return nil
        }
        let (bulk, bulkOverflow) = bytesPerRow.multipliedReportingOverflow(by: height - 1)
        guard !bulkOverflow, provider.byteCount >= bulk + (rowBits + 7) / 8 else { return nil }
        self.width = width
        self.height = height
        self.bitsPerComponent = bitsPerComponent
        self.bitsPerPixel = bitsPerPixel
        self.bytesPerRow = bytesPerRow
        colorSpace = space
        self.bitmapInfo = bitmapInfo
        dataProvider = provider
        self.shouldInterpolate = shouldInterpolate
        renderingIntent = intent
        if let decode {
            let count = 2 * components
            let copy = UnsafeMutablePointer<CGFloat>.allocate(capacity: count)
            copy.initialize(from: decode, count: count)
            self.decode = UnsafePointer(copy)
        } else {
            self.decode = nil
        }
    }

    deinit {
        decode.map { UnsafeMutablePointer(mutating: $0).deallocate() }
    }

    /// Where alpha is and whether colour is premultiplied.
    public var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
    }

    /// The byte order of the pixels.
    public var byteOrderInfo: CGImageByteOrderInfo {
        CGImageByteOrderInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue) ?? .orderDefault
    }

    /// The part of the image inside `rect` (rounded out to whole pixels and clipped to the image), sharing no
    /// memory with this image; `nil` if they do not overlap or pixels are not whole bytes.
    public func cropping(to rect: CGRect) -> CGImage? {
        guard let dataProvider, bitsPerPixel % 8 == 0 else { return nil }
        let clipped = rect.standardized.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !clipped.isNull, clipped.width > 0, clipped.height > 0 else { return nil }
        let x = Int(clipped.minX), y = Int(clipped.minY), w = Int(clipped.width), h = Int(clipped.height)
        let pixelBytes = bitsPerPixel / 8
        let rowBytes = w * pixelBytes
        var bytes = Data(count: rowBytes * h)
        dataProvider.withUnsafeBytes { source in
            bytes.withUnsafeMutableBytes { destination in
                for row in 0..<h {
                    let from = source.baseAddress! + (y + row) * bytesPerRow + x * pixelBytes
                    (destination.baseAddress! + row * rowBytes).copyMemory(from: from, byteCount: rowBytes)
                }
            }
        }
        guard let provider = CGDataProvider(data: bytes) else { return nil }
        return CGImage(width: w, height: h, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                       bytesPerRow: rowBytes, optionalSpace: colorSpace, bitmapInfo: bitmapInfo, provider: provider,
                       decode: decode, shouldInterpolate: shouldInterpolate, intent: renderingIntent)
    }

    /// The same pixels described in another colour space with as many components, or `nil`.
    public func copy(colorSpace space: CGColorSpace) -> CGImage? {
        guard let dataProvider, space.numberOfComponents == colorSpace?.numberOfComponents else { return nil }
        return CGImage(width: width, height: height, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                       bytesPerRow: bytesPerRow, space: space, bitmapInfo: bitmapInfo, provider: dataProvider,
                       decode: decode, shouldInterpolate: shouldInterpolate, intent: renderingIntent)
    }

    /// A copy of the image (images are immutable, so the copy shares the provider).
    public func copy() -> CGImage? {
        guard let colorSpace else { return nil }
        return colorSpace.numberOfComponents > 0 ? copy(colorSpace: colorSpace) : nil
    }
}
