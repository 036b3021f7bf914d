/// Extra pixels allocated around a pixel buffer's image, on each side (iOS 26).
@frozen
public struct CVPixelBufferPadding: Hashable, Sendable, BitwiseCopyable {
    /// Columns left of the image.
    public var left: Int
    /// Columns right of the image.
    public var right: Int
    /// Rows above the image.
    public var top: Int
    /// Rows below the image.
    public var bottom: Int

    /// Padding of the given widths.
    public init(left: Int, right: Int, top: Int, bottom: Int) {
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
    }

    /// No padding.
    public static let zero = CVPixelBufferPadding(left: 0, right: 0, top: 0, bottom: 0)
}
