/// A 2-D affine map in Core Graphics' order: x′ = a·x + c·y + tx, y′ = b·x + d·y + ty.
package struct RasterTransform: Hashable, Sendable {
    /// The coefficients, named as `CGAffineTransform` names them.
    package var a, b, c, d, tx, ty: Double

    /// Describes a map.
    package init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The map that changes nothing.
    package static let identity = RasterTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// The inverse map, or `nil` when the map flattens the plane (or is not finite).
    package var inverted: RasterTransform? {
        let determinant = a * d - b * c
        guard determinant.isNormal, [a, b, c, d, tx, ty].allSatisfy(\.isFinite) else { return nil }
        let ia = d / determinant, ib = -b / determinant, ic = -c / determinant, id = a / determinant
        let inverse = RasterTransform(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
        // A nearly flat map's inverse can overflow.
        guard [inverse.a, inverse.b, inverse.c, inverse.d, inverse.tx, inverse.ty].allSatisfy(\.isFinite) else { return nil }
        return inverse
    }

    /// This map followed by `next`.
    package func concatenating(_ next: RasterTransform) -> RasterTransform {
        RasterTransform(a: a * next.a + b * next.c, b: a * next.b + b * next.d,
                        c: c * next.a + d * next.c, d: c * next.b + d * next.d,
                        tx: tx * next.a + ty * next.c + next.tx, ty: tx * next.b + ty * next.d + next.ty)
    }

    /// Where the point (x, y) goes.
    package func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }
}
