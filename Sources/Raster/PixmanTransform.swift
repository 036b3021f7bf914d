internal import CPixman

/// The map pixman samples a transformed draw with, shared by the compositor's draws (`RasterDrawing`) and bitmap
/// contexts' (`BitmapDrawing`).
struct PixmanTransform {
    /// Destination pixel (relative to the drawn area's corner) → source pixel, 16.16 fixed point.
    var fixed: pixman_transform
    /// The same map in floating point.
    let inverse: RasterTransform

    /// The map for drawing through `transform` (source pixels → destination pixels) into the area whose top-left
    /// corner is `origin`. pixman works in the destination image's own coordinates, so the image starts at the
    /// area: the map's translation then stays small enough for 16.16 fixed point however far into the picture it
    /// draws. Fails naming a map that cannot be inverted or held in 16.16.
    init(_ transform: RasterTransform, origin: (x: Int, y: Int), operation: String) throws(RasterError) {
        let local = transform.concatenating(RasterTransform(a: 1, b: 0, c: 0, d: 1, tx: -Double(origin.x),
                                                            ty: -Double(origin.y)))
        guard let inverse = local.inverted else {
            throw RasterError(.invalidArgument, operation: operation, message: "the transform \(transform) cannot be inverted")
        }
        var matrix = pixman_f_transform()
        matrix.m = ((inverse.a, inverse.c, inverse.tx), (inverse.b, inverse.d, inverse.ty), (0, 0, 1))
        var fixed = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&fixed, &matrix) != 0 else {
            throw RasterError(.invalidArgument, operation: operation,
                              message: "the transform \(transform) is outside pixman's 16.16 fixed-point range")
        }
        self.fixed = fixed
        self.inverse = inverse
    }
}
