/// One plane of a pixel buffer: its size in plane pixels and its row stride (iOS 26).
@frozen
public struct CVPixelBufferPlaneProperties: Hashable, Sendable {
    /// The plane's size (chroma planes of subsampled formats are smaller than the image).
    public var size: CVImageSize
    /// Bytes from the start of one row to the next; at least what the row's pixels need.
    public var bytesPerRow: Int

    /// Properties of a plane of `size` with rows `bytesPerRow` apart.
    public init(size: CVImageSize, bytesPerRow: Int) {
        self.size = size
        self.bytesPerRow = bytesPerRow
    }
}
