/// How far an image source has got with its data, with Apple's raw values.
public enum CGImageSourceStatus: Int32, Sendable {
    /// The data ended before the image did.
    case statusUnexpectedEOF = -5
    /// The data is of a known type but is not valid.
    case statusInvalidData = -4
    /// The type of the data is not one this source reads.
    case statusUnknownType = -3
    /// The header is still being read.
    case statusReadingHeader = -2
    /// Some, not all, of the image has arrived.
    case statusIncomplete = -1
    /// The image is complete.
    case statusComplete = 0
}

/// The orientation an image is meant to be shown in, as EXIF and TIFF number it (Apple's raw values).
public enum CGImagePropertyOrientation: UInt32, Sendable {
    /// Row 0 at the top, column 0 on the left: as stored.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Rotated 180°.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored along the top-left to bottom-right diagonal.
    case leftMirrored = 5
    /// Shown rotated 90° clockwise.
    case right = 6
    /// Mirrored along the top-right to bottom-left diagonal.
    case rightMirrored = 7
    /// Shown rotated 90° counter-clockwise.
    case left = 8
}
