import CoreGraphics
import Foundation
import Raster

/// How one layer lands in the frame: the part of its source to prepare, the exact quarter turn and the low-pass
/// shrink applied while preparing it, and the map and destination area to draw the prepared picture with.
///
/// Edges follow two rules. An axis-aligned layer (quarter turns, positive scales, translation) covers exactly the
/// destination pixels whose centres fall inside its transformed rectangle and samples clamped at the source's edge,
/// so an upscaled full-frame layer has no fringe of background. Any other map samples transparent pixels past the
/// source's edge, which antialiases the rotated edges over about one source pixel.
struct LayerPlacement: Equatable {
    /// How the prepared picture is drawn.
    enum Kind: Equatable {
        /// Positive scales and a translation.
        case axisAligned
        /// Any other map (rotation by another angle, shear, mirror).
        case general
    }

    /// The part of the source to prepare, in source pixels: the crop, less what cannot reach the frame.
    let sourceRect: RasterRect
    /// The rotation applied to `sourceRect` while preparing.
    let turns: QuarterTurns
    /// The prepared picture's size: `sourceRect` turned, then shrunk by area averaging for a high-quality
    /// downscale.
    let preparedWidth: Int
    let preparedHeight: Int
    /// Prepared-picture pixel coordinates → destination pixel coordinates.
    let transform: RasterTransform
    /// How the prepared picture is drawn.
    let kind: Kind
    /// The destination pixels the draw may change (inside the frame).
    let area: RasterRect
    /// Whether the draw moves whole pixels unscaled, so it is a copy (nearest sampling, exact).
    let isWholePixelMove: Bool
    /// Whether the layer covers every pixel of the frame with a whole-pixel copy.
    let coversFrame: Bool

    /// Below this many source pixels per destination pixel a high-quality draw filters bilinearly; above it the
    /// source is first shrunk by area averaging (the brief's "downscaled by more than about 1.5×": bilinear's
    /// 2×2 footprint stops covering the source pixels between samples there).
    static let lowPassThreshold = 1.5

    /// Past this many source pixels per destination pixel a layer is shrunk by area averaging whatever the quality
    /// asked for: bilinear sampling of such a reduction is noise, and pixman's 16.16 fixed-point maps cannot hold
    /// scales near 1/32768.
    static let forcedLowPassThreshold = 64.0

    /// Coefficients closer than this to a whole number (or to zero) count as exactly that: the error of building a
    /// quarter turn from `cos(π/2)` is about 6e-17.
    private static let tolerance = 1e-9

    /// Places a layer; `nil` when no pixel of it can show (empty crop, degenerate map, entirely off-frame).
    init?(transform cg: CGAffineTransform, crop: CGRect?, sourceWidth: Int, sourceHeight: Int, frameWidth: Int,
          frameHeight: Int, highQuality: Bool) throws(LayerCompositingError) {
        let t = RasterTransform(a: Double(cg.a), b: Double(cg.b), c: Double(cg.c), d: Double(cg.d),
                                tx: Double(cg.tx), ty: Double(cg.ty))
        guard [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) else {
            throw LayerCompositingError(.invalidInput, "layer transform \(cg) is not finite")
        }
        guard let inverse = t.inverted, let cropRect = Self.pixelRect(crop, width: sourceWidth, height: sourceHeight)
        else { return nil }
        let frame = RasterRect(x: 0, y: 0, width: frameWidth, height: frameHeight)
        let (turns, linearKind) = Self.decompose(t)
        let footprint = Self.bounds(of: cropRect, through: t)

        // The destination area: pixel centres inside an upright rectangle; the bounding box (plus the one-pixel
        // fade) of anything else.
        let area: RasterRect?
        if linearKind == .axisAligned {
            let left = Self.pixel(footprint.minX - 0.5, .up), right = Self.pixel(footprint.maxX - 0.5, .up)
            let top = Self.pixel(footprint.minY - 0.5, .up), bottom = Self.pixel(footprint.maxY - 0.5, .up)
            area = RasterRect(x: left, y: top, width: right - left, height: bottom - top).intersection(frame)
        } else {
            let left = Self.pixel(footprint.minX, .down) - 1, right = Self.pixel(footprint.maxX, .up) + 1
            let top = Self.pixel(footprint.minY, .down) - 1, bottom = Self.pixel(footprint.maxY, .up) + 1
            area = RasterRect(x: left, y: top, width: right - left, height: bottom - top).intersection(frame)
        }
        guard let area else { return nil }

        // Only the part of the source whose samples can reach the frame is prepared. The margin keeps the clamped
        // or transparent edge of that cut, and the area-averaging window next to it, outside the frame.
        let sourcePerDestination = max(1, 1 / hypot(t.a, t.b), 1 / hypot(t.c, t.d))
        let margin = 2 * sourcePerDestination + 1
        let reach = Self.bounds(of: RasterRect(x: -1, y: -1, width: frameWidth + 2, height: frameHeight + 2),
                                through: inverse)
        // Its corners are even, so that where the cut (and not the crop) bounds a 4:2:0 source, the cut lies on the
        // chroma grid: such layers can be composed in Y′CbCr (`PlanarLayerComposer`).
        func even(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int { Self.pixel(value / 2, rule) * 2 }
        let reachRect = RasterRect(x: even(reach.minX - margin, .down), y: even(reach.minY - margin, .down),
                                   width: 0, height: 0)
        let reachWidth = even(reach.maxX + margin, .up) - reachRect.x
        let reachHeight = even(reach.maxY + margin, .up) - reachRect.y
        guard reachWidth > 0, reachHeight > 0, let visible = cropRect.intersection(
            RasterRect(x: reachRect.x, y: reachRect.y, width: reachWidth, height: reachHeight)) else { return nil }

        var sourceRect = visible
        var wholePixel = false
        var covers = false
        if linearKind == .axisAligned {
            let local = Self.preparedToDestination(t, sourceRect: sourceRect, turns: turns)
            wholePixel = Self.isWholePixelMove(local)
            if wholePixel && area == frame {
                // A whole-pixel copy over the whole frame: prepare exactly the frame's pre-image.
                let exact = Self.bounds(of: frame, through: inverse)
                let nearest = FloatingPointRoundingRule.toNearestOrAwayFromZero
                let preimage = RasterRect(x: Self.pixel(exact.minX, nearest), y: Self.pixel(exact.minY, nearest),
                                          width: Self.pixel(exact.width, nearest),
                                          height: Self.pixel(exact.height, nearest))
                if preimage.intersection(cropRect) == preimage {
                    sourceRect = preimage
                    covers = true
                }
            }
        }
        self.sourceRect = sourceRect
        self.turns = turns
        self.kind = linearKind
        self.area = area
        self.isWholePixelMove = wholePixel
        self.coversFrame = covers

        var toDestination = Self.preparedToDestination(t, sourceRect: sourceRect, turns: turns)
        let turnedWidth = turns.swapsSides ? sourceRect.height : sourceRect.width
        let turnedHeight = turns.swapsSides ? sourceRect.width : sourceRect.height
        if wholePixel {
            toDestination = RasterTransform(a: 1, b: 0, c: 0, d: 1, tx: toDestination.tx.rounded(),
                                            ty: toDestination.ty.rounded())
        }
        // Destination pixels per prepared pixel along the prepared picture's own axes.
        let scaleX = hypot(toDestination.a, toDestination.b), scaleY = hypot(toDestination.c, toDestination.d)
        var width = turnedWidth, height = turnedHeight
        let reduction = max(1 / scaleX, 1 / scaleY)
        if highQuality && reduction > Self.lowPassThreshold || reduction > Self.forcedLowPassThreshold {
            if scaleX < 1 { width = max(1, Int((Double(turnedWidth) * scaleX).rounded())) }
            if scaleY < 1 { height = max(1, Int((Double(turnedHeight) * scaleY).rounded())) }
            let shrink = RasterTransform(a: Double(turnedWidth) / Double(width), b: 0, c: 0,
                                         d: Double(turnedHeight) / Double(height), tx: 0, ty: 0)
            toDestination = shrink.concatenating(toDestination)
        }
        preparedWidth = width
        preparedHeight = height
        self.transform = toDestination
    }

    /// The map from the prepared (turned, not yet shrunk) picture to the destination, with exact zeros off the
    /// diagonal for axis-aligned maps so pixman recognises a scale.
    private static func preparedToDestination(_ t: RasterTransform, sourceRect r: RasterRect,
                                              turns: QuarterTurns) -> RasterTransform {
        let w = Double(r.width), h = Double(r.height)
        // Turned-picture pixel → source-rectangle pixel (the inverse of the turn libyuv applies).
        let unturn: RasterTransform = switch turns {
        case .none: .identity
        case .clockwise: RasterTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: h)
        case .half: RasterTransform(a: -1, b: 0, c: 0, d: -1, tx: w, ty: h)
        case .counterclockwise: RasterTransform(a: 0, b: 1, c: -1, d: 0, tx: w, ty: 0)
        }
        let offset = RasterTransform(a: 1, b: 0, c: 0, d: 1, tx: Double(r.x), ty: Double(r.y))
        var m = unturn.concatenating(offset).concatenating(t)
        if decompose(t).kind == .axisAligned {
            m.b = 0
            m.c = 0
        }
        return m
    }

    /// Splits a map's linear part into quarter turns and positive scales, or says it is general.
    private static func decompose(_ t: RasterTransform) -> (turns: QuarterTurns, kind: Kind) {
        func zero(_ v: Double) -> Bool { abs(v) <= tolerance * max(1, abs(t.a) + abs(t.b) + abs(t.c) + abs(t.d)) }
        if zero(t.b) && zero(t.c) {
            if t.a > 0 && t.d > 0 { return (.none, .axisAligned) }
            if t.a < 0 && t.d < 0 { return (.half, .axisAligned) }
        } else if zero(t.a) && zero(t.d) {
            // CGAffineTransform(rotationAngle: π/2) has b = 1, c = −1: clockwise on a y-down picture.
            if t.b > 0 && t.c < 0 { return (.clockwise, .axisAligned) }
            if t.b < 0 && t.c > 0 { return (.counterclockwise, .axisAligned) }
        }
        return (.none, .general)
    }

    /// Whether an upright map is a unit scale with a whole-pixel offset.
    private static func isWholePixelMove(_ m: RasterTransform) -> Bool {
        abs(m.a - 1) <= tolerance && abs(m.d - 1) <= tolerance
            && abs(m.tx - m.tx.rounded()) <= 1e-6 && abs(m.ty - m.ty.rounded()) <= 1e-6
    }

    /// The crop in whole source pixels (edges rounded to the nearest pixel), inside the source; `nil` when empty.
    private static func pixelRect(_ crop: CGRect?, width: Int, height: Int) -> RasterRect? {
        let whole = RasterRect(x: 0, y: 0, width: width, height: height)
        guard let crop else { return whole }
        let values = [crop.minX, crop.minY, crop.maxX, crop.maxY].map { Double($0) }
        guard values.allSatisfy(\.isFinite) else { return nil }
        let limit = Double(Int32.max)
        let edges = values.map { Int(min(max($0.rounded(), -limit), limit)) }
        return RasterRect(x: edges[0], y: edges[1], width: edges[2] - edges[0], height: edges[3] - edges[1])
            .intersection(whole)
    }

    /// A coordinate as a whole number, clamped far outside any picture so that the huge or infinite values an
    /// extreme map produces cannot trap.
    private static func pixel(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int {
        guard !value.isNaN else { return 0 }
        return Int(min(max(value.rounded(rule), -1e9), 1e9))
    }

    /// The bounding box of a rectangle's image.
    private static func bounds(of r: RasterRect, through t: RasterTransform) -> CGRect {
        let corners = [(r.x, r.y), (r.x + r.width, r.y), (r.x, r.y + r.height), (r.x + r.width, r.y + r.height)]
            .map { t.apply(x: Double($0.0), y: Double($0.1)) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
