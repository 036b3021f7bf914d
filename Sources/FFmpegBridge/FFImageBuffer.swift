import Raster

/// A picture in memory someone else owns, described for reading: the pixel format, the size, and each plane.
package struct FFImageBuffer {
    /// The pixel format.
    package var pixelFormat: FFPixelFormat
    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int
    /// The planes, in the pixel format's plane order.
    package var planes: [PixelPlane]

    /// Describes a picture.
    package init(pixelFormat: FFPixelFormat, width: Int, height: Int, planes: [PixelPlane]) {
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

/// A picture in memory someone else owns, described for writing.
package struct FFMutableImageBuffer {
    /// The pixel format.
    package var pixelFormat: FFPixelFormat
    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int
    /// The planes, in the pixel format's plane order.
    package var planes: [MutablePixelPlane]

    /// Describes a picture.
    package init(pixelFormat: FFPixelFormat, width: Int, height: Int, planes: [MutablePixelPlane]) {
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

extension FFImageBuffer {
    /// The same planes without the pixel format, for Raster's routines (the caller knows the layout they take).
    package var picture: PixelPicture { PixelPicture(width: width, height: height, planes: planes) }
}

extension FFMutableImageBuffer {
    /// The same planes without the pixel format, for Raster's routines (the caller knows the layout they take).
    package var picture: MutablePixelPicture { MutablePixelPicture(width: width, height: height, planes: planes) }
}

extension FFVideoFrame {
    /// The frame's picture as an image buffer (valid while the frame lives).
    package var image: FFImageBuffer {
        FFImageBuffer(pixelFormat: pixelFormat, width: width, height: height, planes: planes)
    }
}
