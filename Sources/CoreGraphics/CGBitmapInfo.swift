// Bitmap layout descriptions (CGImage.h), with Apple's values.

/// Where alpha is and whether colour is premultiplied by it.
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// No alpha.
    case none = 0
    /// Alpha last (RGBA), colour premultiplied.
    case premultipliedLast = 1
    /// Alpha first (ARGB), colour premultiplied.
    case premultipliedFirst = 2
    /// Alpha last, colour not premultiplied.
    case last = 3
    /// Alpha first, colour not premultiplied.
    case first = 4
    /// A padding byte last (RGBX).
    case noneSkipLast = 5
    /// A padding byte first (XRGB).
    case noneSkipFirst = 6
    /// Only alpha, no colour.
    case alphaOnly = 7
}

/// The byte order of a bitmap's pixels.
public enum CGImageByteOrderInfo: UInt32, Sendable {
    /// The bits that hold the byte order in a `CGBitmapInfo`.
    case orderMask = 0x7000
    /// The default: big-endian.
    case orderDefault = 0
    /// 16-bit little-endian words.
    case order16Little = 0x1000
    /// 32-bit little-endian words (BGRA in memory for `premultipliedFirst`).
    case order32Little = 0x2000
    /// 16-bit big-endian words.
    case order16Big = 0x3000
    /// 32-bit big-endian words.
    case order32Big = 0x4000
}

/// A bitmap's alpha, float and byte-order layout, packed into one word.
public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The bits that hold a `CGImageAlphaInfo`.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// The bits that hold float information.
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    /// Components are floating point.
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    /// The bits that hold a `CGImageByteOrderInfo`.
    public static let byteOrderMask = CGBitmapInfo(rawValue: CGImageByteOrderInfo.orderMask.rawValue)
    /// 16-bit little-endian.
    public static let byteOrder16Little = CGBitmapInfo(rawValue: CGImageByteOrderInfo.order16Little.rawValue)
    /// 32-bit little-endian.
    public static let byteOrder32Little = CGBitmapInfo(rawValue: CGImageByteOrderInfo.order32Little.rawValue)
    /// 16-bit big-endian.
    public static let byteOrder16Big = CGBitmapInfo(rawValue: CGImageByteOrderInfo.order16Big.rawValue)
    /// 32-bit big-endian.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: CGImageByteOrderInfo.order32Big.rawValue)
}

/// How to map colours that fall outside the destination's gamut.
public enum CGColorRenderingIntent: Int32, Sendable {
    /// The context's default.
    case defaultIntent = 0
    /// Absolute colorimetric.
    case absoluteColorimetric = 1
    /// Relative colorimetric.
    case relativeColorimetric = 2
    /// Perceptual.
    case perceptual = 3
    /// Saturation.
    case saturation = 4
}
