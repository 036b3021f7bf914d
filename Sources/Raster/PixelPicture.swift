/// A picture in memory someone else owns, described for reading: its size in pixels and its planes. What the
/// planes hold (BGRA, 4:2:0 Y′CbCr) is said by the routine that takes it.
package struct PixelPicture {
    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int
    /// The planes, in the layout's plane order.
    package var planes: [PixelPlane]

    /// Describes a picture.
    package init(width: Int, height: Int, planes: [PixelPlane]) {
        self.width = width
        self.height = height
        self.planes = planes
    }

    /// Checks that the picture has one plane per entry of `bytesPerRow` and `rowCount`, each at least that wide
    /// and tall, and a size within `RasterLimits.maximumPictureDimension`, so that no C routine reads past a plane.
    func validate(bytesPerRow: [Int], rowCount: [Int], _ operation: String) throws(RasterError) {
        let limit = RasterLimits.maximumPictureDimension
        guard (1...limit).contains(width), (1...limit).contains(height) else {
            throw RasterError(.invalidArgument, operation: operation,
                              message: "picture size \(width)x\(height) is outside 1...\(limit)")
        }
        guard planes.count == bytesPerRow.count else {
            throw RasterError(.invalidArgument, operation: operation,
                              message: "\(planes.count) planes given; the layout has \(bytesPerRow.count)")
        }
        for (index, plane) in planes.enumerated() {
            guard plane.bytesPerRow >= bytesPerRow[index], plane.rowCount >= rowCount[index] else {
                throw RasterError(.invalidArgument, operation: operation,
                                  message: "plane \(index) has \(plane.rowCount) rows of \(plane.bytesPerRow) bytes; "
                                      + "a \(width)x\(height) picture needs \(rowCount[index]) of \(bytesPerRow[index])")
            }
        }
    }
}

/// A picture in memory someone else owns, described for writing.
package struct MutablePixelPicture {
    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int
    /// The planes, in the layout's plane order.
    package var planes: [MutablePixelPlane]

    /// Describes a picture.
    package init(width: Int, height: Int, planes: [MutablePixelPlane]) {
        self.width = width
        self.height = height
        self.planes = planes
    }

    /// The same picture, read-only.
    package var readOnly: PixelPicture { PixelPicture(width: width, height: height, planes: planes.map(\.readOnly)) }
}
