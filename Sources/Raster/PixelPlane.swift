/// One plane of a picture: where it starts, how far apart its rows are, and how many rows it has. The plain
/// descriptor every pixel routine here takes, so that neither the caller's pixel-format vocabulary (FFmpeg's,
/// Core Video's) nor its memory owner reaches this module.
package struct PixelPlane {
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

/// One writable plane.
package struct MutablePixelPlane {
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
    package var readOnly: PixelPlane {
        PixelPlane(baseAddress: UnsafeRawPointer(baseAddress), bytesPerRow: bytesPerRow, rowCount: rowCount)
    }
}
