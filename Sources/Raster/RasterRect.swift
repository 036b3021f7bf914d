/// A rectangle in whole pixels, origin top-left, y down.
package struct RasterRect: Hashable, Sendable {
    /// Left edge.
    package var x: Int
    /// Top edge.
    package var y: Int
    /// Width.
    package var width: Int
    /// Height.
    package var height: Int

    /// Describes a rectangle.
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The part of this rectangle inside `other`, or `nil` when they do not overlap.
    package func intersection(_ other: RasterRect) -> RasterRect? {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
        return right > left && bottom > top ? RasterRect(x: left, y: top, width: right - left, height: bottom - top) : nil
    }
}
