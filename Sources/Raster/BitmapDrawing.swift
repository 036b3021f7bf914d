internal import CPixman
import Foundation

/// Draws into bitmaps of any `BitmapLayout` with pixman: bitmaps drawn through an affine transform with a choice
/// of resampling, and solid fills, each limited to a rectangle or an anti-aliased polygon and combined by any
/// `BlendOperator`. Core Graphics' bitmap contexts are built on it.
///
/// Each call makes its pixman images over the caller's memory and releases them before returning, so any thread may
/// call at any time (two calls must not write the same bitmap at once).
package enum BitmapDrawing {
    /// Draws `source` into `destination`: each destination pixel is mapped back through `transform` (source pixel
    /// coordinates → destination pixel coordinates, both y down) and sampled as `resampling` says, the source's edge
    /// pixels extended past its edges (or the source repeated, when `tiled`), weighted by `alpha` (0…1) and combined
    /// by `blend`, inside `coverage`.
    package static func draw(_ source: Bitmap, transform: RasterTransform, resampling: BitmapResampling, tiled: Bool,
                             alpha: Double, blend: BlendOperator, coverage: BitmapCoverage,
                             into destination: Bitmap) throws(RasterError) {
        let operation = "BitmapDrawing.draw"
        try source.validate(operation)
        try destination.validate(operation)
        guard alpha > 0 || blend.affectsUncovered, let area = area(of: coverage, in: destination) else { return }
        if let factor = prefilterFactor(transform, resampling, tiled) {
            // Shrink by a whole factor first (area averaging), so the final filter's kernels stay within their limit.
            let width = (source.width + factor - 1) / factor, height = (source.height + factor - 1) / factor
            let bytesPerRow = width * 4
            let memory = UnsafeMutableRawPointer.allocate(byteCount: bytesPerRow * height, alignment: 16)
            defer { memory.deallocate() }
            memory.initializeMemory(as: UInt8.self, repeating: 0, count: bytesPerRow * height)
            let small = Bitmap(baseAddress: memory, layout: .bgra, width: width, height: height, bytesPerRow: bytesPerRow)
            let shrink = 1 / Double(factor)
            try draw(source, transform: RasterTransform(a: shrink, b: 0, c: 0, d: shrink, tx: 0, ty: 0),
                     resampling: .areaAverage, tiled: false, alpha: 1, blend: .copy,
                     coverage: .rectangle(RasterRect(x: 0, y: 0, width: width, height: height)), into: small)
            let grow = Double(factor)
            try draw(small, transform: RasterTransform(a: grow, b: 0, c: 0, d: grow, tx: 0, ty: 0).concatenating(transform),
                     resampling: resampling, tiled: false, alpha: alpha, blend: blend, coverage: coverage,
                     into: destination)
            return
        }
        var map = try PixmanTransform(transform, origin: (area.x, area.y), operation: operation)
        let sourceImage = try makeImage(source, operation)
        defer { pixman_image_unref(sourceImage) }
        _ = pixman_image_set_transform(sourceImage, &map.fixed)
        pixman_image_set_repeat(sourceImage, tiled ? PIXMAN_REPEAT_NORMAL : PIXMAN_REPEAT_PAD)
        try setFilter(sourceImage, resampling, inverse: map.inverse, operation)
        try composite(sourceImage, alpha: alpha, blend: blend, coverage: coverage, area: area, into: destination,
                      operation)
    }

    /// Paints `coverage` of `destination` with one colour (components 0…1, not premultiplied) combined by `blend`.
    package static func fill(red: Double, green: Double, blue: Double, alpha: Double, blend: BlendOperator,
                             coverage: BitmapCoverage, into destination: Bitmap) throws(RasterError) {
        let operation = "BitmapDrawing.fill"
        try destination.validate(operation)
        guard let area = area(of: coverage, in: destination) else { return }
        func channel(_ value: Double) -> UInt16 { UInt16((min(max(value, 0), 1) * min(max(alpha, 0), 1) * 65535).rounded()) }
        var color = pixman_color_t(red: channel(red), green: channel(green), blue: channel(blue),
                                   alpha: UInt16((min(max(alpha, 0), 1) * 65535).rounded()))
        guard let solid = pixman_image_create_solid_fill(&color) else {
            throw RasterError(.outOfMemory, operation: "pixman_image_create_solid_fill", message: "allocation failed")
        }
        defer { pixman_image_unref(solid) }
        try composite(solid, alpha: 1, blend: blend, coverage: coverage, area: area, into: destination, operation)
    }

    /// Composites `source` (already transformed and filtered) onto the covered pixels of `area`.
    private static func composite(_ source: OpaquePointer, alpha: Double, blend: BlendOperator, coverage: BitmapCoverage,
                                  area: RasterRect, into destination: Bitmap, _ operation: String) throws(RasterError) {
        let offset = area.y * destination.bytesPerRow + area.x * destination.layout.bytesPerPixel
        let target = try makeImage(Bitmap(baseAddress: destination.baseAddress + offset, layout: destination.layout,
                                          width: area.width, height: area.height,
                                          bytesPerRow: destination.bytesPerRow), operation)
        defer { pixman_image_unref(target) }
        var mask: OpaquePointer?
        defer { if let mask { pixman_image_unref(mask) } }
        if case .polygon(let points, let antialiased) = coverage {
            mask = pixman_image_create_bits(antialiased ? PIXMAN_a8 : PIXMAN_a1, Int32(area.width), Int32(area.height),
                                            nil, 0)
            guard let mask else { throw RasterError(.outOfMemory, operation: "pixman_image_create_bits", message: "allocation failed") }
            var triangles: [pixman_triangle_t] = []
            for index in 1..<max(points.count - 1, 1) where points.count >= 3 {
                triangles.append(pixman_triangle_t(p1: fixedPoint(points[0], area), p2: fixedPoint(points[index], area),
                                                   p3: fixedPoint(points[index + 1], area)))
            }
            pixman_add_triangles(mask, 0, 0, Int32(triangles.count), triangles)
            if alpha < 1 { try scale(mask, by: alpha, area: area) }
        } else if alpha < 1 {
            var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16((max(alpha, 0) * 65535).rounded()))
            mask = pixman_image_create_solid_fill(&color)
            guard mask != nil else {
                throw RasterError(.outOfMemory, operation: "pixman_image_create_solid_fill", message: "allocation failed")
            }
        }
        pixman_image_composite32(blend.pixmanOperator, source, mask, target, 0, 0, 0, 0, 0, 0, Int32(area.width),
                                 Int32(area.height))
    }

    /// Multiplies a coverage mask by a constant opacity.
    private static func scale(_ mask: OpaquePointer, by alpha: Double, area: RasterRect) throws(RasterError) {
        var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16((max(alpha, 0) * 65535).rounded()))
        guard let solid = pixman_image_create_solid_fill(&color) else {
            throw RasterError(.outOfMemory, operation: "pixman_image_create_solid_fill", message: "allocation failed")
        }
        defer { pixman_image_unref(solid) }
        pixman_image_composite32(PIXMAN_OP_IN, solid, nil, mask, 0, 0, 0, 0, 0, 0, Int32(area.width), Int32(area.height))
    }

    /// The pixels a coverage may touch, clipped to the destination; `nil` when none.
    private static func area(of coverage: BitmapCoverage, in destination: Bitmap) -> RasterRect? {
        let bounds = RasterRect(x: 0, y: 0, width: destination.width, height: destination.height)
        switch coverage {
        case .rectangle(let rect):
            return rect.intersection(bounds)
        case .polygon(let points, _):
            guard points.count >= 3, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
            let clamp = { (value: Double) in min(max(value, -1), Double(RasterLimits.maximumPictureDimension * 8)) }
            let left = Int(clamp(points.map(\.x).min()!).rounded(.down))
            let right = Int(clamp(points.map(\.x).max()!).rounded(.up))
            let top = Int(clamp(points.map(\.y).min()!).rounded(.down))
            let bottom = Int(clamp(points.map(\.y).max()!).rounded(.up))
            return RasterRect(x: left, y: top, width: right - left, height: bottom - top).intersection(bounds)
        }
    }

    private static func fixedPoint(_ point: (x: Double, y: Double), _ area: RasterRect) -> pixman_point_fixed_t {
        func fixed(_ value: Double) -> Int32 {
            Int32((min(max(value, -30_000), 30_000) * 65536).rounded())
        }
        return pixman_point_fixed_t(x: fixed(point.x - Double(area.x)), y: fixed(point.y - Double(area.y)))
    }

    /// The whole factor to shrink the source by before drawing it, when one destination pixel spans more source
    /// pixels than `RasterLimits.maximumFilterScale`; `nil` when the filter can take the draw in one step.
    private static func prefilterFactor(_ transform: RasterTransform, _ resampling: BitmapResampling,
                                        _ tiled: Bool) -> Int? {
        guard resampling == .areaAverage || resampling == .lanczos, !tiled, let inverse = transform.inverted else {
            return nil
        }
        let scale = max((inverse.a * inverse.a + inverse.c * inverse.c).squareRoot(),
                        (inverse.b * inverse.b + inverse.d * inverse.d).squareRoot())
        let limit = Double(RasterLimits.maximumFilterScale)
        guard scale > limit, scale.isFinite else { return nil }
        return Int((scale / limit).rounded(.up) * 2)
    }

    /// Chooses pixman's filter for `resampling` given how many source pixels one destination pixel spans each way.
    private static func setFilter(_ image: OpaquePointer, _ resampling: BitmapResampling, inverse: RasterTransform,
                                  _ operation: String) throws(RasterError) {
        let scaleX = (inverse.a * inverse.a + inverse.c * inverse.c).squareRoot()
        let scaleY = (inverse.b * inverse.b + inverse.d * inverse.d).squareRoot()
        let shrinking = scaleX > 1.001 || scaleY > 1.001
        switch resampling {
        case .nearest:
            _ = pixman_image_set_filter(image, PIXMAN_FILTER_NEAREST, nil, 0)
        case .bilinear:
            _ = pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
        case .areaAverage where !shrinking:
            _ = pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
        case .areaAverage, .lanczos:
            // Per axis: a shrunk axis averages (box) or windows a sinc (Lanczos-3) over the source pixels it covers;
            // an enlarged one interpolates (linear, or cubic for .lanczos).
            func kernels(_ scale: Double) -> (reconstruct: pixman_kernel_t, sample: pixman_kernel_t) {
                if scale > 1.001 { return resampling == .lanczos ? (PIXMAN_KERNEL_IMPULSE, PIXMAN_KERNEL_LANCZOS3)
                                                                  : (PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX) }
                return resampling == .lanczos ? (PIXMAN_KERNEL_CUBIC, PIXMAN_KERNEL_IMPULSE)
                                              : (PIXMAN_KERNEL_LINEAR, PIXMAN_KERNEL_IMPULSE)
            }
            let x = kernels(scaleX), y = kernels(scaleY)
            // `prefilterFactor` keeps the scale within the limit; the clamp only guards the fixed-point conversion.
            let limit = Double(RasterLimits.maximumFilterScale)
            var count: Int32 = 0
            guard let parameters = pixman_filter_create_separable_convolution(
                &count, Int32(min(max(scaleX, 1), limit) * 65536), Int32(min(max(scaleY, 1), limit) * 65536),
                x.reconstruct, y.reconstruct, x.sample, y.sample, 4, 4) else {
                throw RasterError(.outOfMemory, operation: "pixman_filter_create_separable_convolution",
                                  message: "allocation failed")
            }
            defer { free(parameters) }
            _ = pixman_image_set_filter(image, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, parameters, count)
        }
    }

    private static func makeImage(_ bitmap: Bitmap, _ operation: String) throws(RasterError) -> OpaquePointer {
        guard let image = pixman_image_create_bits(bitmap.layout.pixmanFormat, Int32(bitmap.width), Int32(bitmap.height),
                                                   bitmap.baseAddress.assumingMemoryBound(to: UInt32.self),
                                                   Int32(bitmap.bytesPerRow)) else {
            throw RasterError(.outOfMemory, operation: "pixman_image_create_bits", message: "allocation failed")
        }
        return image
    }
}

extension BitmapLayout {
    /// pixman names formats by 32-bit words (24 bits for `rgb`) read in the machine's order, little-endian here: a
    /// word whose high byte is alpha and low byte blue (`a8r8g8b8`) is B, G, R, A in memory.
    fileprivate var pixmanFormat: pixman_format_code_t {
        switch self {
        case .bgra: PIXMAN_a8r8g8b8
        case .bgrx: PIXMAN_x8r8g8b8
        case .rgba: PIXMAN_a8b8g8r8
        case .rgbx: PIXMAN_x8b8g8r8
        case .argb: PIXMAN_b8g8r8a8
        case .xrgb: PIXMAN_b8g8r8x8
        case .abgr: PIXMAN_r8g8b8a8
        case .xbgr: PIXMAN_r8g8b8x8
        case .rgb: PIXMAN_b8g8r8
        case .alpha: PIXMAN_a8
        }
    }
}

extension BlendOperator {
    /// Whether the operator changes destination pixels where the source is transparent (so a draw at zero opacity
    /// still has an effect).
    fileprivate var affectsUncovered: Bool {
        switch self {
        case .copy, .clear, .sourceIn, .sourceOut, .destinationIn, .destinationAtop: true
        default: false
        }
    }

    fileprivate var pixmanOperator: pixman_op_t {
        switch self {
        case .over: PIXMAN_OP_OVER
        case .copy: PIXMAN_OP_SRC
        case .clear: PIXMAN_OP_CLEAR
        case .sourceIn: PIXMAN_OP_IN
        case .sourceOut: PIXMAN_OP_OUT
        case .sourceAtop: PIXMAN_OP_ATOP
        case .destinationOver: PIXMAN_OP_OVER_REVERSE
        case .destinationIn: PIXMAN_OP_IN_REVERSE
        case .destinationOut: PIXMAN_OP_OUT_REVERSE
        case .destinationAtop: PIXMAN_OP_ATOP_REVERSE
        case .xor: PIXMAN_OP_XOR
        case .add: PIXMAN_OP_ADD
        case .multiply: PIXMAN_OP_MULTIPLY
        case .screen: PIXMAN_OP_SCREEN
        case .overlay: PIXMAN_OP_OVERLAY
        case .darken: PIXMAN_OP_DARKEN
        case .lighten: PIXMAN_OP_LIGHTEN
        case .colorDodge: PIXMAN_OP_COLOR_DODGE
        case .colorBurn: PIXMAN_OP_COLOR_BURN
        case .hardLight: PIXMAN_OP_HARD_LIGHT
        case .softLight: PIXMAN_OP_SOFT_LIGHT
        case .difference: PIXMAN_OP_DIFFERENCE
        case .exclusion: PIXMAN_OP_EXCLUSION
        case .hue: PIXMAN_OP_HSL_HUE
        case .saturation: PIXMAN_OP_HSL_SATURATION
        case .color: PIXMAN_OP_HSL_COLOR
        case .luminosity: PIXMAN_OP_HSL_LUMINOSITY
        }
    }
}
