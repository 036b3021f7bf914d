/// One plane of a picture: where it starts, how far apart its rows are, and how many rows it has.
package struct FFPlane {
    /// The first byte of the first row.
    package let baseAddress: UnsafeRawPointer
    /// Bytes from the start of one row to the start of the next (at least the row's width in bytes).
    package let bytesPerRow: Int
    /// How many rows the plane has.
    package let rowCount: Int

    /// Describes a plane.
    package init(baseAddress: UnsafeRawPointer, bytesPerRow: Int, rowCount: Int) {
        self.baseAddress = baseAddress
        self.bytesPerRow = bytesPerRow
        self.rowCount = rowCount
    }
}

/// A picture in memory someone else owns, described for reading: the pixel format, the size, and each plane.
package struct FFImageBuffer {
    /// The pixel format.
    package var pixelFormat: FFPixelFormat
    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int
    /// The planes, in the pixel format's plane order.
    package var planes: [FFPlane]

    /// Describes a picture.
    package init(pixelFormat: FFPixelFormat, width: Int, height: Int, planes: [FFPlane]) {
        self.pixelFormat = pixelFormat
        self.width = width
        self.height = height
        self.planes = planes
    }

    /// Checks that the planes can hold a `width` x `height` picture in `pixelFormat`.
    func validate(_ operation: String) throws(FFError) {
        let limit = FFLimits.maximumPictureDimension
        guard (1...limit).contains(width), (1...limit).contains(height) else {
            throw FFError(.invalidArgument, operation: operation,
                          message: "picture size \(width)x\(height) is outside 1...\(limit)")
        }
        let minimum = pixelFormat.minimumBytesPerRow(width: width)
        guard planes.count == pixelFormat.planeCount, minimum.count == planes.count else {
            throw FFError(.invalidArgument, operation: operation,
                          message: "\(pixelFormat) has \(pixelFormat.planeCount) planes; \(planes.count) given")
        }
        for (index, plane) in planes.enumerated() {
            guard plane.bytesPerRow >= minimum[index] else {
                throw FFError(.invalidArgument, operation: operation,
                              message: "plane \(index) has \(plane.bytesPerRow) bytes per row; \(pixelFormat) at width \(width) needs \(minimum[index])")
            }
            guard plane.rowCount >= pixelFormat.rowCount(ofPlane: index, height: height) else {
                throw FFError(.invalidArgument, operation: operation,
                              message: "plane \(index) has \(plane.rowCount) rows; \(pixelFormat) at height \(height) needs \(pixelFormat.rowCount(ofPlane: index, height: height))")
            }
        }
    }
}

/// One writable plane.
package struct FFMutablePlane {
    /// The first byte of the first row.
    package let baseAddress: UnsafeMutableRawPointer
    /// Bytes from the start of one row to the start of the next.
    package let bytesPerRow: Int
    /// How many rows the plane has.
    package let rowCount: Int

    /// Describes a plane.
    package init(baseAddress: UnsafeMutableRawPointer, bytesPerRow: Int, rowCount: Int) {
        self.baseAddress = baseAddress
        self.bytesPerRow = bytesPerRow
        self.rowCount = rowCount
    }

    /// The same plane, read-only.
    package var readOnly: FFPlane {
        FFPlane(baseAddress: UnsafeRawPointer(baseAddress), bytesPerRow: bytesPerRow, rowCount: rowCount)
    }
}

/// A picture in memory someone else owns, described for writing.
package struct FFMutableImageBuffer {
    /// The pixel format.
    package var pixelFormat: FFPixelFormat
    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int
    /// The planes, in the pixel format's plane order.
    package var planes: [FFMutablePlane]

    /// Describes a picture.
    package init(pixelFormat: FFPixelFormat, width: Int, height: Int, planes: [FFMutablePlane]) {
        self.pixelFormat = pixelFormat
        self.width = width
        self.height = height
        self.planes = planes
    }

    /// The same picture, read-only.
    package var readOnly: FFImageBuffer {
        FFImageBuffer(pixelFormat: pixelFormat, width: width, height: height, planes: planes.map(\.readOnly))
    }
}

extension FFVideoFrame {
    /// The frame's picture as an image buffer (valid while the frame lives).
    package var image: FFImageBuffer {
        FFImageBuffer(pixelFormat: pixelFormat, width: width, height: height, planes: planes)
    }
}
