import CoreFoundationShims

/// A colour: component values, alpha last, in a colour space.
public final class CGColor: Hashable, Sendable {
    /// The colour space the components are in.
    public let colorSpace: CGColorSpace?
    /// The components, alpha last (`numberOfComponents` values).
    public let components: [CGFloat]?

    /// A colour from `space` and its components followed by alpha, or `nil` if `space` is a pattern space.
    /// Components are clamped to 0…1, as Apple documents for `CGColorCreate`.
    public init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        guard space.model != .pattern else { return nil }
        let count = space.numberOfComponents + 1
        colorSpace = space
        self.components = (0..<count).map { min(max(components[$0], 0), 1) }
    }

    private init(space: CGColorSpace, values: [CGFloat]) {
        colorSpace = space
        components = values
    }

    /// A colour in the Generic RGB colour space.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: Self.space(CGColorSpace.genericRGB), values: [red, green, blue, alpha].map(Self.clamped))
    }

    /// A colour in the sRGB colour space.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: Self.space(CGColorSpace.sRGB), values: [red, green, blue, alpha].map(Self.clamped))
    }

    /// A colour in the Generic Grey (gamma 2.2) colour space.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(space: Self.space(CGColorSpace.genericGrayGamma2_2), values: [gray, alpha].map(Self.clamped))
    }

    /// A colour in the Generic Grey (gamma 2.2) colour space.
    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(gray: gray, alpha: alpha)
    }

    /// A colour in the Generic CMYK colour space.
    public convenience init(genericCMYKCyan cyan: CGFloat, magenta: CGFloat, yellow: CGFloat, black: CGFloat,
                            alpha: CGFloat) {
        self.init(space: Self.space(CGColorSpace.genericCMYK),
                  values: [cyan, magenta, yellow, black, alpha].map(Self.clamped))
    }

    /// Black (grey 0, opaque).
    public static let black = CGColor(gray: 0, alpha: 1)
    /// White (grey 1, opaque).
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Transparent (grey 0, alpha 0).
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// The number of components, alpha included.
    public var numberOfComponents: Int { components?.count ?? 0 }

    /// The alpha value.
    public var alpha: CGFloat { components?.last ?? 1 }

    /// The same colour with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard let colorSpace, var values = components else { return nil }
        values[values.count - 1] = Self.clamped(alpha)
        return CGColor(space: colorSpace, values: values)
    }

    /// A copy of this colour.
    public func copy() -> CGColor? {
        guard let colorSpace, let components else { return nil }
        return CGColor(space: colorSpace, values: components)
    }

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.colorSpace == rhs.colorSpace && lhs.components == rhs.components
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(colorSpace)
        hasher.combine(components)
    }

    /// Text for our own logs and messages. Apple's CGColor is not CustomStringConvertible (code declares
    /// `extension CGColor: CustomStringConvertible` for itself), so this is not public.
    package var descriptionText: String {
        "<CGColor \(colorSpace?.name ?? "no space") \(components ?? [])>"
    }

    private static func space(_ name: CFString) -> CGColorSpace {
        guard let space = CGColorSpace(name: name) else {
            preconditionFailure("invariant: the standard colour space \(name) is known")
        }
        return space
    }

    private static func clamped(_ value: CGFloat) -> CGFloat { min(max(value, 0), 1) }
}
