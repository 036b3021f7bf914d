internal import CPixman

/// How a picture drawn through a transform is sampled between its pixels.
package enum SamplingFilter: Sendable, Hashable {
    /// The nearest pixel: exact for whole-pixel moves, blocky otherwise.
    case nearest
    /// Bilinear interpolation of the four nearest pixels (pixman's 7-bit weights).
    case bilinear
}

/// What sampling finds past a drawn picture's edges.
package enum EdgeMode: Sendable, Hashable {
    /// Transparent pixels (pixman's `PIXMAN_REPEAT_NONE`): edges fade over about one source pixel.
    case transparent
    /// The edge pixels repeated (`PIXMAN_REPEAT_PAD`): for draws clipped to the picture's own footprint, whose
    /// edge pixels should be as opaque as its middle.
    case extend
}

/// Draws into 32-bit BGRA pictures (premultiplied alpha, pixman's `a8r8g8b8` on little-endian machines) with pixman:
/// solid fills, and pictures drawn OVER through an affine transform at an opacity.
///
/// Each call makes its pixman images over the caller's memory and releases them before returning, so nothing
/// outlives the call and any thread may call at any time (two calls must not write the same picture at once).
package enum RasterDrawing {
    /// Paints `rect` of `destination` (clipped to it) with one premultiplied BGRA pixel value.
    package static func fill(_ destination: MutablePixelPicture, rect: RasterRect,
                             blue: UInt8, green: UInt8, red: UInt8, alpha: UInt8) throws(RasterError) {
        try checkBGRA(destination.readOnly, "RasterDrawing.fill")
        let area = rect.intersection(RasterRect(x: 0, y: 0, width: destination.width, height: destination.height))
        guard let area else { return }
        let pixel = UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        let plane = destination.planes[0]
        let done = pixman_fill(plane.baseAddress.assumingMemoryBound(to: UInt32.self), Int32(plane.bytesPerRow / 4), 32,
                               Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height), pixel)
        if done == 0 {
            // pixman_fill has no fallback of its own for some strides; the plain loop is always right.
            for row in area.y..<(area.y + area.height) {
                let line = (plane.baseAddress + row * plane.bytesPerRow).assumingMemoryBound(to: UInt32.self)
                (line + area.x).update(repeating: pixel, count: area.width)
            }
        }
    }

    /// Draws `source` OVER `destination` inside `clip`: each destination pixel centre is mapped back through
    /// `transform` (source pixel coordinates → destination pixel coordinates, origin top-left, y down) and sampled
    /// with `filter`, past the source's edges as `edges` says, and weighted by `opacity` (0…1).
    ///
    /// pixman picks its fast paths from what it is given: whole-pixel moves with `.nearest` are plain blits, and
    /// scale-and-translate maps with `.bilinear` use its SSSE3 scaled kernels (about 1 ms per quarter of a 1080p
    /// frame); other maps take its general path (about 18 ms per 1080p frame).
    package static func draw(_ source: PixelPicture, transform: RasterTransform, filter: SamplingFilter,
                             edges: EdgeMode, opacity: Double, into destination: MutablePixelPicture,
                             clip: RasterRect) throws(RasterError) {
        let operation = "RasterDrawing.draw"
        try checkBGRA(source, operation)
        try checkBGRA(destination.readOnly, operation)
        guard opacity > 0, let area = clip.intersection(RasterRect(x: 0, y: 0, width: destination.width,
                                                                   height: destination.height)) else { return }
        var map = try PixmanTransform(transform, origin: (area.x, area.y), operation: operation)
        // pixman reads through a mutable pointer type but never writes a source image.
        guard let sourceImage = makeImage(UnsafeMutableRawPointer(mutating: source.planes[0].baseAddress), source.width,
                                          source.height, source.planes[0].bytesPerRow),
              let destinationImage = makeImage(destination.planes[0].baseAddress + area.y * destination.planes[0].bytesPerRow
                                                   + 4 * area.x, area.width, area.height,
                                               destination.planes[0].bytesPerRow) else {
            throw RasterError(.outOfMemory, operation: "pixman_image_create_bits", message: "allocation failed")
        }
        defer {
            pixman_image_unref(sourceImage)
            pixman_image_unref(destinationImage)
        }
        _ = pixman_image_set_transform(sourceImage, &map.fixed)
        _ = pixman_image_set_filter(sourceImage, filter == .nearest ? PIXMAN_FILTER_NEAREST : PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(sourceImage, edges == .extend ? PIXMAN_REPEAT_PAD : PIXMAN_REPEAT_NONE)
        var mask: OpaquePointer?
        if opacity < 1 {
            var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16((opacity * 65535).rounded()))
            mask = pixman_image_create_solid_fill(&color)
            guard mask != nil else {
                throw RasterError(.outOfMemory, operation: "pixman_image_create_solid_fill", message: "allocation failed")
            }
        }
        defer { if let mask { pixman_image_unref(mask) } }
        pixman_image_composite32(PIXMAN_OP_OVER, sourceImage, mask, destinationImage, 0, 0, 0, 0, 0, 0,
                                 Int32(area.width), Int32(area.height))
    }

    private static func makeImage(_ base: UnsafeMutableRawPointer, _ width: Int, _ height: Int, _ bytesPerRow: Int)
        -> OpaquePointer? {
        pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), base.assumingMemoryBound(to: UInt32.self),
                                 Int32(bytesPerRow))
    }

    /// pixman takes 32-bit pixels on rows whose stride is a whole number of pixels. The pixel format itself is the
    /// caller's to know: a picture here is only planes.
    private static func checkBGRA(_ image: PixelPicture, _ operation: String) throws(RasterError) {
        try image.validate(bytesPerRow: [4 * image.width], rowCount: [image.height], operation)
        guard image.planes[0].bytesPerRow % 4 == 0, image.planes[0].bytesPerRow <= Int(Int32.max) else {
            throw RasterError(.invalidArgument, operation: operation,
                              message: "\(image.planes[0].bytesPerRow) bytes per row is not a whole number of 32-bit pixels")
        }
    }
}
