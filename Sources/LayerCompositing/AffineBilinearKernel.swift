import Foundation
import Raster

/// Draws a premultiplied BGRA picture OVER a BGRA destination through any affine map: bilinear sampling, transparent
/// past the source's edges (so rotated edges fade over about one source pixel), at an opacity.
///
/// pixman's general path does the same at about 18 ms per 1080p frame here; this loop does it in about 4 ms (7°
/// rotation at 0.9 scale, measured on this machine's 2-core EPYC), because it steps the source position in
/// 32.32 fixed point along each row, finds per row the span whose four samples are all inside the source (read
/// without bounds checks), and interpolates in 16-bit lanes, which SSE2 — the baseline Swift compiles for —
/// multiplies natively. Its 8-bit weights differ from pixman's 7-bit ones by at most a few codes.
enum AffineBilinearKernel {
    /// Draws `source` into `area` of `destination`; `transform` maps source pixel coordinates to destination ones.
    static func draw(_ source: PixelPicture, transform: RasterTransform, opacity: Double,
                     into destination: MutablePixelPicture, area: RasterRect) {
        guard let inverse = transform.inverted, opacity > 0 else { return }
        let alpha = UInt16(min(256, max(0, (opacity * 256).rounded())))
        let sourceStride = source.planes[0].bytesPerRow / 4, destinationStride = destination.planes[0].bytesPerRow / 4
        let pixels = source.planes[0].baseAddress.assumingMemoryBound(to: UInt32.self)
        let output = destination.planes[0].baseAddress.assumingMemoryBound(to: UInt32.self)
        let width = Double(source.width), height = Double(source.height)
        let one = 4_294_967_296.0 // 2^32
        // Steps past a source side per destination pixel cannot be stepped in fixed point; such a layer shows at
        // most one pixel per row, and each is placed exactly.
        let stepsFit = abs(inverse.a) < 65536 && abs(inverse.b) < 65536
        let du = stepsFit ? Int64((inverse.a * one).rounded()) : 0
        let dv = stepsFit ? Int64((inverse.b * one).rounded()) : 0
        let sampler = Sampler(pixels: pixels, stride: sourceStride, width: source.width, height: source.height,
                              alpha: alpha)
        for y in area.y..<(area.y + area.height) {
            // Sample position in texel indices (pixel centres at whole numbers) of destination pixel x's centre:
            // u(x) = u0 + a·x, v(x) = v0 + b·x.
            let u0 = inverse.a * 0.5 + inverse.c * (Double(y) + 0.5) + inverse.tx - 0.5
            let v0 = inverse.b * 0.5 + inverse.d * (Double(y) + 0.5) + inverse.ty - 0.5
            // Where any of the four samples is inside: −1 < u < width, −1 < v < height.
            guard let touched = span(u0, inverse.a, -1, width, area.x, area.x + area.width),
                  let drawn = span(v0, inverse.b, -1, height, touched.lowerBound, touched.upperBound) else { continue }
            // Where all four are: 0 ≤ u < width − 1, 0 ≤ v < height − 1 (kept a little inside, for the stepping).
            var inside = drawn.upperBound..<drawn.upperBound
            if let horizontal = span(u0, inverse.a, 0.001, width - 1.001, drawn.lowerBound, drawn.upperBound),
               let both = span(v0, inverse.b, 0.001, height - 1.001, horizontal.lowerBound, horizontal.upperBound) {
                inside = both
            }
            let row = output + y * destinationStride
            func fixed(_ x: Int) -> (Int64, Int64) {
                (Int64(((u0 + inverse.a * Double(x)) * one).rounded(.down)),
                 Int64(((v0 + inverse.b * Double(x)) * one).rounded(.down)))
            }
            guard stepsFit else {
                for x in drawn {
                    let (u, v) = fixed(x)
                    row[x] = over(sampler.edge(u, v), row[x])
                }
                continue
            }
            var (u, v) = fixed(drawn.lowerBound)
            var x = drawn.lowerBound
            while x < inside.lowerBound {
                row[x] = over(sampler.edge(u, v), row[x])
                u &+= du; v &+= dv; x += 1
            }
            while x < inside.upperBound {
                row[x] = over(sampler.inside(u, v), row[x])
                u &+= du; v &+= dv; x += 1
            }
            while x < drawn.upperBound {
                row[x] = over(sampler.edge(u, v), row[x])
                u &+= du; v &+= dv; x += 1
            }
        }
    }

    /// The whole numbers x in `from..<to` with low < base + step·x < high, or `nil` when there are none.
    static func span(_ base: Double, _ step: Double, _ low: Double, _ high: Double, _ from: Int,
                     _ to: Int) -> Range<Int>? {
        var lower = Double(from), upper = Double(to)
        if step == 0 {
            guard base > low && base < high else { return nil }
        } else {
            var first = (low - base) / step, last = (high - base) / step
            if step < 0 { swap(&first, &last) }
            lower = max(lower, first.rounded(.down) + 1)
            upper = min(upper, last.rounded(.up))
        }
        guard lower < upper else { return nil }
        return Int(lower)..<Int(upper)
    }

    /// Premultiplied `source` OVER `destination`, one BGRA pixel.
    @inline(__always)
    static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        let sourceAlpha = source >> 24
        if sourceAlpha == 255 { return source }
        if source == 0 { return destination }
        // d·(255 − αs)/255, rounded, in 16-bit lanes: (t + t/256 + 128)/256 is t/255 rounded for t ≤ 255·255.
        let t = lanes(destination) &* UInt16(truncatingIfNeeded: 255 - sourceAlpha) &+ 128
        return source &+ pack((t &+ (t &>> 8)) &>> 8)
    }

    @inline(__always)
    static func lanes(_ pixel: UInt32) -> SIMD4<UInt16> {
        SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(pixel, to: SIMD4<UInt8>.self))
    }

    @inline(__always)
    static func pack(_ lanes: SIMD4<UInt16>) -> UInt32 {
        unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: lanes), to: UInt32.self)
    }
}

/// Bilinear samples of a BGRA picture at 32.32 fixed-point texel positions.
private struct Sampler {
    let pixels: UnsafePointer<UInt32>
    let stride: Int
    let width: Int
    let height: Int
    /// Opacity in 1/256ths.
    let alpha: UInt16

    /// The sample at (u, v) when all four neighbours are inside the picture. Left and right neighbours are
    /// adjacent, so each row is one 64-bit load (40 % faster than four 32-bit loads, measured).
    @inline(__always)
    func inside(_ u: Int64, _ v: Int64) -> UInt32 {
        let p = UnsafeRawPointer(pixels + Int(truncatingIfNeeded: v >> 32) * stride + Int(truncatingIfNeeded: u >> 32))
        let top = SIMD8<UInt16>(truncatingIfNeeded: p.loadUnaligned(as: SIMD8<UInt8>.self))
        let bottom = SIMD8<UInt16>(truncatingIfNeeded: (p + 4 * stride).loadUnaligned(as: SIMD8<UInt8>.self))
        return interpolate(top: top, bottom: bottom, u, v)
    }

    /// The sample at (u, v) anywhere, with transparent pixels outside the picture.
    @inline(__always)
    func edge(_ u: Int64, _ v: Int64) -> UInt32 {
        let x = Int(truncatingIfNeeded: u >> 32), y = Int(truncatingIfNeeded: v >> 32)
        func texel(_ x: Int, _ y: Int) -> UInt32 {
            x >= 0 && x < width && y >= 0 && y < height ? pixels[y * stride + x] : 0
        }
        return blend(texel(x, y), texel(x + 1, y), texel(x, y + 1), texel(x + 1, y + 1), u, v)
    }

    /// Interpolates the four neighbours with 8-bit weights, 16-bit lanes holding left and right: down, then
    /// across, rounding each step (at most one code from the exact value); then scales by the opacity.
    @inline(__always)
    private func blend(_ topLeft: UInt32, _ topRight: UInt32, _ bottomLeft: UInt32, _ bottomRight: UInt32,
                       _ u: Int64, _ v: Int64) -> UInt32 {
        let top = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(UInt64(topLeft) | UInt64(topRight) << 32,
                                                                   to: SIMD8<UInt8>.self))
        let bottom = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(UInt64(bottomLeft) | UInt64(bottomRight) << 32,
                                                                      to: SIMD8<UInt8>.self))
        return interpolate(top: top, bottom: bottom, u, v)
    }

    @inline(__always)
    private func interpolate(top: SIMD8<UInt16>, bottom: SIMD8<UInt16>, _ u: Int64, _ v: Int64) -> UInt32 {
        let fx = UInt16(truncatingIfNeeded: (u >> 24) & 0xFF), fy = UInt16(truncatingIfNeeded: (v >> 24) & 0xFF)
        let down = (top &* (256 &- fy) &+ bottom &* fy &+ 128) &>> 8
        var sample = (down.lowHalf &* (256 &- fx) &+ down.highHalf &* fx &+ 128) &>> 8
        if alpha < 256 { sample = (sample &* alpha &+ 128) &>> 8 }
        return AffineBilinearKernel.pack(sample)
    }
}
