import Raster
internal import CYUV

/// A rotation by whole quarter turns, clockwise as a picture is seen (origin top-left, y down): the one
/// `CGAffineTransform(rotationAngle: n·π/2)` gives there.
package enum FFQuarterTurns: Int, Sendable, Hashable, CaseIterable {
    case none = 0, clockwise = 1, half = 2, counterclockwise = 3

    /// Whether the rotation exchanges width and height.
    package var swapsSides: Bool { self == .clockwise || self == .counterclockwise }
}

/// Exact rotations by quarter turns with libyuv (a pixel shuffle: nothing is resampled).
package enum FFImageRotation {
    /// Whether `rotate` takes `source` and writes `destination` in these formats: BGRA to BGRA, and NV12 or I420
    /// to I420 (8-bit 4:2:0, about 7 × cheaper than rotating the same picture after converting it to BGRA).
    package static func canRotate(from source: FFPixelFormat, to destination: FFPixelFormat) -> Bool {
        switch (source, destination) {
        case (.bgra, .bgra), (.nv12, .yuv420p), (.yuv420p, .yuv420p), (.yuvj420p, .yuv420p): return true
        default: return false
        }
    }

    /// Rotates `source` into `destination`, which must be as large as the rotated picture.
    package static func rotate(_ source: FFImageBuffer, by turns: FFQuarterTurns,
                               into destination: FFMutableImageBuffer) throws(FFError) {
        let operation = "FFImageRotation.rotate"
        try source.validate(operation)
        try destination.readOnly.validate(operation)
        guard canRotate(from: source.pixelFormat, to: destination.pixelFormat) else {
            throw FFError(.invalidArgument, operation: operation,
                          message: "cannot rotate \(source.pixelFormat) into \(destination.pixelFormat)")
        }
        let (width, height) = turns.swapsSides ? (source.height, source.width) : (source.width, source.height)
        guard destination.width == width, destination.height == height else {
            throw FFError(.invalidArgument, operation: operation,
                          message: "destination is \(destination.width)x\(destination.height); the rotated picture is \(width)x\(height)")
        }
        let mode: RotationMode = switch turns {
        case .none: kRotate0
        case .clockwise: kRotate90
        case .half: kRotate180
        case .counterclockwise: kRotate270
        }
        let s = source.planes, d = destination.planes
        func u8(_ p: PixelPlane) -> UnsafePointer<UInt8> { p.baseAddress.assumingMemoryBound(to: UInt8.self) }
        func u8(_ p: MutablePixelPlane) -> UnsafeMutablePointer<UInt8> { p.baseAddress.assumingMemoryBound(to: UInt8.self) }
        func stride(_ p: PixelPlane) -> Int32 { Int32(p.bytesPerRow) }
        func stride(_ p: MutablePixelPlane) -> Int32 { Int32(p.bytesPerRow) }
        let w = Int32(source.width), h = Int32(source.height)
        let status: Int32
        switch source.pixelFormat {
        case .bgra:
            status = ARGBRotate(u8(s[0]), stride(s[0]), u8(d[0]), stride(d[0]), w, h, mode)
        case .nv12:
            status = NV12ToI420Rotate(u8(s[0]), stride(s[0]), u8(s[1]), stride(s[1]), u8(d[0]), stride(d[0]),
                                      u8(d[1]), stride(d[1]), u8(d[2]), stride(d[2]), w, h, mode)
        default:
            status = I420Rotate(u8(s[0]), stride(s[0]), u8(s[1]), stride(s[1]), u8(s[2]), stride(s[2]),
                                u8(d[0]), stride(d[0]), u8(d[1]), stride(d[1]), u8(d[2]), stride(d[2]), w, h, mode)
        }
        if status != 0 {
            throw FFError(.failed, operation: operation,
                          message: "libyuv failed with \(status) rotating \(source.pixelFormat) \(source.width)x\(source.height)")
        }
    }
}
