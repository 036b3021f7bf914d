import Raster

/// Exact rotations by quarter turns of FFmpeg-format pictures, through Raster's libyuv rotations (a pixel
/// shuffle: nothing is resampled).
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
    package static func rotate(_ source: FFImageBuffer, by turns: QuarterTurns,
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
            throw FFError(.invalidArgument, operation: operation, message: "destination is "
                + "\(destination.width)x\(destination.height); the rotated picture is \(width)x\(height)")
        }
        let layout: PictureRotation.Layout = switch source.pixelFormat {
        case .bgra: .rgb32
        case .nv12: .nv12ToI420
        default: .i420
        }
        do {
            try PictureRotation.rotate(source.picture, layout: layout, by: turns, into: destination.picture)
        } catch {
            throw FFError(error, operation: operation)
        }
    }
}
