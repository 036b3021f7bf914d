internal import Raster
import Foundation

/// A drawing destination. Here: bitmap contexts, which draw into memory in one of the pixel formats Core Graphics
/// supports for them (8-bit RGB with alpha or a padding byte first or last, in either 32-bit byte order; 8-bit grey;
/// 8-bit alpha only).
///
/// Coordinates are Core Graphics' user space: the origin at the bottom left, y growing upwards, one unit a pixel
/// until the current transformation matrix (`ctm`) says otherwise. The bitmap's memory holds its top row first, so
/// what is drawn at y = 0 lands in the last row. Every method takes the context's lock, so a context may be used
/// from several threads (one drawing at a time).
// Safe because every method takes `lock`; the bitmap's geometry is immutable.
public final class CGContext: @unchecked Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bits in one component.
    public let bitsPerComponent: Int
    /// Bits in one pixel.
    public let bitsPerPixel: Int
    /// Bytes from one row's start to the next.
    public let bytesPerRow: Int
    /// The colour space (`nil` for alpha-only contexts).
    public let colorSpace: CGColorSpace?
    /// The pixel layout.
    public let bitmapInfo: CGBitmapInfo

    /// The pixel memory: the caller's, or allocated here and freed with the context.
    private let storage: UnsafeMutableRawPointer
    private let release: (() -> Void)?
    /// How the pixels are laid out, for the drawing code.
    let format: BitmapFormat
    let lock = NSLock()
    /// The current graphics state; `savedStates` holds the ones `saveGState()` pushed.
    var state = GraphicsState()
    var savedStates: [GraphicsState] = []

    /// A bitmap context over `data` (or over zeroed memory allocated here when `data` is `nil`), or `nil` for a
    /// pixel format Core Graphics does not draw into, rows shorter than `width` pixels, or a size that does not fit.
    /// `bytesPerRow` 0 lets the context choose (whole pixels, rounded up to 16 bytes).
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        self.init(data: data, width: width, height: height, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow,
                  space: Optional(space), bitmapInfo: CGBitmapInfo(rawValue: bitmapInfo), release: nil)
    }

    /// A bitmap context (the `CGBitmapInfo` form of `init(data:…bitmapInfo:)`); `space` may be `nil` only for
    /// alpha-only contexts.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace?, bitmapInfo: CGBitmapInfo) {
        self.init(data: data, width: width, height: height, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow,
                  space: space, bitmapInfo: bitmapInfo, release: nil)
    }

    /// A bitmap context over caller memory that calls `releaseCallback` with `releaseInfo` and `data` when the
    /// context is gone (nothing is called when `data` is `nil`, or when this returns `nil`).
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32,
                             releaseCallback: CGBitmapContextReleaseDataCallback?, releaseInfo: UnsafeMutableRawPointer?) {
        let release = data.flatMap { data in releaseCallback.map { callback in { callback(releaseInfo, data) } } }
        self.init(data: data, width: width, height: height, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow,
                  space: Optional(space), bitmapInfo: CGBitmapInfo(rawValue: bitmapInfo), release: release)
    }

    private init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
                  space: CGColorSpace?, bitmapInfo: CGBitmapInfo, release: (() -> Void)?) {
        guard let format = BitmapFormat(space: space, bitsPerComponent: bitsPerComponent, bitmapInfo: bitmapInfo),
              width > 0, height > 0, width <= BitmapLimits.maximumDimension, height <= BitmapLimits.maximumDimension
        else { return nil }
        let rowBytes = width * format.bytesPerPixel
        let stride = bytesPerRow == 0 ? (rowBytes + 15) / 16 * 16 : bytesPerRow
        let (size, overflow) = stride.multipliedReportingOverflow(by: height)
        guard stride >= rowBytes, !overflow, size <= BitmapLimits.maximumByteCount else { return nil }
        if let data {
            storage = data
            self.release = release
        } else {
            guard let memory = calloc(size, 1) else { return nil }
            storage = memory
            self.release = { free(memory) }
        }
        self.width = width
        self.height = height
        self.bitsPerComponent = bitsPerComponent
        bitsPerPixel = format.bytesPerPixel * 8
        self.bytesPerRow = stride
        colorSpace = space
        self.bitmapInfo = bitmapInfo
        self.format = format
    }

    deinit { release?() }

    /// The pixel memory, top row first.
    public var data: UnsafeMutableRawPointer? { storage }

    /// Where alpha is and whether colour is premultiplied.
    public var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
    }

    /// An image of the context's pixels as they are now (a copy: later drawing does not change it).
    public func makeImage() -> CGImage? {
        lock.withLock {
            let bytes = Data(bytes: storage, count: bytesPerRow * (height - 1) + width * format.bytesPerPixel)
            guard let provider = CGDataProvider(data: bytes) else { return nil }
            return CGImage(width: width, height: height, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                           bytesPerRow: bytesPerRow, optionalSpace: colorSpace, bitmapInfo: bitmapInfo,
                           provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        }
    }

    /// Finishes drawing (drawing here is never deferred, so there is nothing to do).
    public func flush() {}

    /// Calls `body` with the bitmap pixman draws into: the context's own memory when pixman can address it,
    /// otherwise a premultiplied BGRA copy (grey contexts, rows not a multiple of 4 bytes) written back afterwards.
    func withTarget(_ body: (Bitmap) throws(RasterError) -> Void) throws(RasterError) {
        if let layout = format.drawingLayout, bytesPerRow % 4 == 0 {
            try body(Bitmap(baseAddress: storage, layout: layout, width: width, height: height, bytesPerRow: bytesPerRow))
            return
        }
        let scratchLayout: BitmapLayout = format == .alphaOnly ? .alpha : .bgra
        let scratchRow = (width * scratchLayout.bytesPerPixel + 3) / 4 * 4
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: scratchRow * height, alignment: 16)
        defer { scratch.deallocate() }
        format.copy(from: storage, bytesPerRow: bytesPerRow, toScratch: scratch, scratchRow: scratchRow, width: width,
                    height: height)
        try body(Bitmap(baseAddress: scratch, layout: scratchLayout, width: width, height: height,
                        bytesPerRow: scratchRow))
        format.copy(fromScratch: scratch, scratchRow: scratchRow, to: storage, bytesPerRow: bytesPerRow, width: width,
                    height: height)
    }
}

/// Bitmap sizes a context accepts.
enum BitmapLimits {
    /// Most pixels a side (pixman's coordinates are 16.16 fixed point inside a draw).
    static let maximumDimension = 32_767
    /// Most bytes of pixel memory a context allocates or addresses (4 GiB).
    static let maximumByteCount = 1 << 32
}
