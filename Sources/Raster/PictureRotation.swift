internal import CYUV

/// Exact rotations of whole pictures by quarter turns with libyuv (a pixel shuffle: nothing is resampled).
package enum PictureRotation {
    /// What a rotation reads and writes.
    package enum Layout: Sendable, Hashable {
        /// One plane of 32-bit pixels, in any byte order (libyuv's `ARGBRotate`).
        case rgb32
        /// 8-bit 4:2:0 with interleaved chroma (NV12) in, planar (I420) out (`NV12ToI420Rotate`).
        case nv12ToI420
        /// 8-bit planar 4:2:0 in and out (`I420Rotate`).
        case i420
    }

    /// Rotates `source` by `turns` into `destination`, whose size must be the rotated picture's.
    package static func rotate(_ source: PixelPicture, layout: Layout, by turns: QuarterTurns,
                               into destination: MutablePixelPicture) throws(RasterError) {
        let operation = "PictureRotation.rotate"
        let (width, height) = turns.swapsSides ? (source.height, source.width) : (source.width, source.height)
        guard destination.width == width, destination.height == height else {
            throw RasterError(.invalidArgument, operation: operation, message: "destination is "
                + "\(destination.width)x\(destination.height); the rotated picture is \(width)x\(height)")
        }
        let (sourceShape, destinationShape): (PlaneShapes, PlaneShapes) = switch layout {
        case .rgb32: (.rgb32, .rgb32)
        case .nv12ToI420: (.nv12, .i420)
        case .i420: (.i420, .i420)
        }
        try sourceShape.check(source, operation)
        try destinationShape.check(destination.readOnly, operation)
        let mode: RotationMode = switch turns {
        case .none: kRotate0
        case .clockwise: kRotate90
        case .half: kRotate180
        case .counterclockwise: kRotate270
        }
        let s = LibYUVPlanes(source), d = LibYUVMutablePlanes(destination)
        let w = Int32(source.width), h = Int32(source.height)
        let status: Int32 = switch layout {
        case .rgb32:
            ARGBRotate(s[0], s.stride(0), d[0], d.stride(0), w, h, mode)
        case .nv12ToI420:
            NV12ToI420Rotate(s[0], s.stride(0), s[1], s.stride(1), d[0], d.stride(0), d[1], d.stride(1),
                             d[2], d.stride(2), w, h, mode)
        case .i420:
            I420Rotate(s[0], s.stride(0), s[1], s.stride(1), s[2], s.stride(2),
                       d[0], d.stride(0), d[1], d.stride(1), d[2], d.stride(2), w, h, mode)
        }
        try LibYUVPlanes.check(status, layout == .rgb32 ? "ARGBRotate" : layout == .i420 ? "I420Rotate"
                                   : "NV12ToI420Rotate")
    }
}
