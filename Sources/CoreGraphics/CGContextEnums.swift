// Drawing options of CGContext.h, with Apple's raw values.

/// How much care goes into sampling an image drawn at another size.
public enum CGInterpolationQuality: Int32, Sendable {
    /// The context's default (here: area averaging when shrinking, bilinear when enlarging, as `.medium`).
    case `default` = 0
    /// No interpolation: the nearest pixel.
    case none = 1
    /// Fast: bilinear.
    case low = 2
    /// Best: Lanczos-3 when shrinking, bicubic when enlarging.
    case high = 3
    /// Area averaging when shrinking, bilinear when enlarging.
    case medium = 4
}

/// How drawn pixels are combined with what is already in the context (the PDF blend modes and the Porter-Duff
/// operators).
public enum CGBlendMode: Int32, Sendable {
    case normal = 0
    case multiply = 1
    case screen = 2
    case overlay = 3
    case darken = 4
    case lighten = 5
    case colorDodge = 6
    case colorBurn = 7
    case softLight = 8
    case hardLight = 9
    case difference = 10
    case exclusion = 11
    case hue = 12
    case saturation = 13
    case color = 14
    case luminosity = 15
    case clear = 16
    case copy = 17
    case sourceIn = 18
    case sourceOut = 19
    case sourceAtop = 20
    case destinationOver = 21
    case destinationIn = 22
    case destinationOut = 23
    case destinationAtop = 24
    case xor = 25
    /// `R = max(0, 1 - ((1 - D) + (1 - S)))`; drawn here as `.normal` (pixman has no such operator).
    case plusDarker = 26
    /// `R = min(1, S + D)`.
    case plusLighter = 27
}

/// Called when a bitmap context made with `init(data:…releaseCallback:releaseInfo:)` no longer needs its memory.
public typealias CGBitmapContextReleaseDataCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?)
    -> Void
