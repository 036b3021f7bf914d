internal import Raster
import Foundation

extension CGContext {
    /// Paints `rect` (in user space) with the fill colour.
    public func fill(_ rect: CGRect) {
        fill([rect])
    }

    /// Paints each of `rects` with the fill colour.
    public func fill(_ rects: [CGRect]) {
        lock.withLock {
            let color = state.fillColor
            paint(rects) { coverage, target throws(RasterError) in
                try BitmapDrawing.fill(red: color.red, green: color.green, blue: color.blue,
                                       alpha: color.alpha * state.alpha, blend: blendOperator, coverage: coverage,
                                       into: target)
            }
        }
    }

    /// Makes `rect` (in user space) transparent black, whatever the blend mode.
    public func clear(_ rect: CGRect) {
        lock.withLock {
            paint([rect]) { coverage, target throws(RasterError) in
                try BitmapDrawing.fill(red: 0, green: 0, blue: 0, alpha: 0, blend: .clear, coverage: coverage,
                                       into: target)
            }
        }
    }

    /// Draws `image` scaled to fill `rect` (in user space), upright: its first row at the top of the rectangle. With
    /// `byTiling`, copies of the image at that size repeat over the whole context.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        lock.withLock {
            let rect = rect.standardized
            guard !rect.isNull, !rect.isInfinite, rect.width > 0, rect.height > 0 else { return }
            // Image pixels (y down from the top row) to user space, then to device pixels.
            let imageToUser = CGAffineTransform(a: rect.width / CGFloat(image.width), b: 0, c: 0,
                                                d: -rect.height / CGFloat(image.height), tx: rect.minX, ty: rect.maxY)
            let map = imageToUser.concatenating(deviceTransform).raster
            let resampling: BitmapResampling = image.shouldInterpolate ? state.interpolationQuality.resampling : .nearest
            let coverage: BitmapCoverage = byTiling ? .rectangle(RasterRect(x: 0, y: 0, width: width, height: height))
                                                : coverage(of: rect)
            let alpha = state.alpha, blend = blendOperator
            withSource(image) { source throws(RasterError) in
                try withTarget { target throws(RasterError) in
                    try BitmapDrawing.draw(source, transform: map, resampling: resampling, tiled: byTiling,
                                           alpha: alpha, blend: blend, coverage: coverage, into: target)
                }
            }
        }
    }

    /// User space to device pixels: the CTM, then the flip from y up (Core Graphics) to rows from the top (memory).
    var deviceTransform: CGAffineTransform {
        state.ctm.concatenating(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height)))
    }

    /// The device pixels `rect` covers: whole pixels when it lands on pixel edges without rotation, otherwise its
    /// outline, anti-aliased as the state says.
    private func coverage(of rect: CGRect) -> BitmapCoverage {
        let map = deviceTransform
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)].map { $0.applying(map) }
        func whole(_ value: CGFloat) -> Bool { abs(value - value.rounded()) < 1e-6 }
        if map.b == 0, map.c == 0, corners.allSatisfy({ whole($0.x) && whole($0.y) }) {
            let xs = corners.map { Int($0.x.rounded()) }, ys = corners.map { Int($0.y.rounded()) }
            let left = xs.min()!, top = ys.min()!
            return .rectangle(RasterRect(x: left, y: top, width: xs.max()! - left, height: ys.max()! - top))
        }
        return .polygon(corners.map { (Double($0.x), Double($0.y)) },
                        antialiased: state.shouldAntialias && state.allowsAntialiasing)
    }

    /// Runs `draw` for each rectangle's coverage into the drawing target, reporting a failure on standard error
    /// (Core Graphics' drawing calls return nothing).
    private func paint(_ rects: [CGRect], _ draw: (BitmapCoverage, Bitmap) throws(RasterError) -> Void) {
        do throws(RasterError) {
            try withTarget { target throws(RasterError) in
                for rect in rects.map(\.standardized) where !rect.isNull && !rect.isInfinite && rect.width > 0
                    && rect.height > 0 {
                    try draw(coverage(of: rect), target)
                }
            }
        } catch {
            report(error)
        }
    }

    /// Calls `body` with `image` as a bitmap pixman can read: its own bytes when they are in a layout pixman has,
    /// otherwise a premultiplied RGBA copy. Images in layouts that cannot be read are not drawn.
    private func withSource(_ image: CGImage, _ body: (Bitmap) throws(RasterError) -> Void) {
        // The byte accessors rethrow untyped errors, so each closure handles Raster's error itself.
        func run(_ bitmap: Bitmap) {
            do throws(RasterError) { try body(bitmap) } catch { report(error) }
        }
        if let layout = BitmapFormat.sourceLayout(of: image), let provider = image.dataProvider {
            provider.withUnsafeBytes { bytes in
                // pixman takes a mutable pointer for every image but never writes a source.
                run(Bitmap(baseAddress: UnsafeMutableRawPointer(mutating: bytes.baseAddress!), layout: layout,
                           width: image.width, height: image.height, bytesPerRow: image.bytesPerRow))
            }
        } else if var pixels = CGImagePixels.rgba8(image, premultiplied: true) {
            pixels.withUnsafeMutableBytes { bytes in
                run(Bitmap(baseAddress: bytes.baseAddress!, layout: .rgba, width: image.width, height: image.height,
                           bytesPerRow: image.width * 4))
            }
        } else {
            let message = "CGContext: cannot draw a \(image.bitsPerComponent)-bit, \(image.bitsPerPixel)-bit-per-pixel "
                + "image with bitmap info \(image.bitmapInfo.rawValue)\n"
            FileHandle.standardError.write(Data(message.utf8))
        }
    }

    private func report(_ error: RasterError) {
        FileHandle.standardError.write(Data("CGContext: drawing failed: \(error)\n".utf8))
    }

    private var blendOperator: BlendOperator { state.blendMode.blendOperator }
}

extension BitmapFormat {
    /// The pixman layout an image's own bytes are in, when pixman can read them without a copy.
    static func sourceLayout(of image: CGImage) -> BitmapLayout? {
        guard image.bytesPerRow % 4 == 0, image.colorSpace?.model == .rgb,
              image.dataProvider.map({ $0.byteCount >= image.bytesPerRow * image.height }) == true else { return nil }
        if image.bitsPerPixel == 24, image.bitsPerComponent == 8, image.alphaInfo == .none,
           !image.bitmapInfo.contains(.floatComponents) {
            return .rgb
        }
        guard image.bitsPerPixel == 32,
              case .rgb32(let layout)? = BitmapFormat(space: image.colorSpace, bitsPerComponent: image.bitsPerComponent,
                                                      bitmapInfo: image.bitmapInfo) else { return nil }
        return layout
    }
}

extension CGInterpolationQuality {
    var resampling: BitmapResampling {
        switch self {
        case .none: .nearest
        case .low: .bilinear
        case .default, .medium: .areaAverage
        case .high: .lanczos
        }
    }
}

extension CGBlendMode {
    var blendOperator: BlendOperator {
        switch self {
        case .normal, .plusDarker: .over
        case .multiply: .multiply
        case .screen: .screen
        case .overlay: .overlay
        case .darken: .darken
        case .lighten: .lighten
        case .colorDodge: .colorDodge
        case .colorBurn: .colorBurn
        case .softLight: .softLight
        case .hardLight: .hardLight
        case .difference: .difference
        case .exclusion: .exclusion
        case .hue: .hue
        case .saturation: .saturation
        case .color: .color
        case .luminosity: .luminosity
        case .clear: .clear
        case .copy: .copy
        case .sourceIn: .sourceIn
        case .sourceOut: .sourceOut
        case .sourceAtop: .sourceAtop
        case .destinationOver: .destinationOver
        case .destinationIn: .destinationIn
        case .destinationOut: .destinationOut
        case .destinationAtop: .destinationAtop
        case .xor: .xor
        case .plusLighter: .add
        }
    }
}

extension CGAffineTransform {
    /// The same map in Raster's type.
    var raster: RasterTransform {
        RasterTransform(a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty))
    }
}
