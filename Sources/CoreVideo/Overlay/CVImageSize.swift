import Foundation

/// An image's size in whole pixels (iOS 26).
public struct CVImageSize: Hashable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A size of `width` by `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `size` with both sides rounded by `rule`. A side that is not finite or does not fit in `Int` becomes 0, as
    /// no pixel count can express it.
    public init(_ size: CGSize, rounded rule: FloatingPointRoundingRule = .down) {
        func pixels(_ side: CGFloat) -> Int { Int(exactly: Double(side).rounded(rule)) ?? 0 }
        self.init(width: pixels(size.width), height: pixels(size.height))
    }

    /// No width and no height.
    public static let zero = CVImageSize(width: 0, height: 0)
}

extension CGSize {
    /// The size in points equal to `size`'s pixel counts.
    public init(_ size: CVImageSize) {
        self.init(width: CGFloat(size.width), height: CGFloat(size.height))
    }
}
