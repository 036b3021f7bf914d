import CoreFoundationShims

/// A vector: a displacement rather than a position (CGGeometry.h). Linux's Foundation lacks it.
public struct CGVector: Sendable, Hashable, Codable {
    /// The horizontal component.
    public var dx: CGFloat
    /// The vertical component.
    public var dy: CGFloat

    /// The zero vector.
    public init() {
        self.init(dx: 0, dy: 0)
    }

    /// A vector with the given components.
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// A vector with the given components.
    public init(dx: Double, dy: Double) {
        self.init(dx: CGFloat(dx), dy: CGFloat(dy))
    }

    /// A vector with the given components.
    public init(dx: Int, dy: Int) {
        self.init(dx: CGFloat(dx), dy: CGFloat(dy))
    }

    /// The zero vector.
    public static let zero = CGVector(dx: 0, dy: 0)
}

/// A transform split into the operations that compose it, in Apple's order (CGAffineTransform.h):
/// `[a b; c d; tx ty] = [sx 0; 0 sy] × [1 0; shear 1] × [cos sin; −sin cos] × translation`.
public struct CGAffineTransformComponents: Sendable {
    /// Horizontal and vertical scale, applied first.
    public var scale: CGSize
    /// Horizontal shear, applied after the scale.
    public var horizontalShear: CGFloat
    /// Rotation in radians, applied after the shear.
    public var rotation: CGFloat
    /// Translation, applied last.
    public var translation: CGVector

    /// Components with every field zero (so a zero scale), as the C struct's zero initialiser gives; the
    /// identity is `init(scale:horizontalShear:rotation:translation:)` with its defaults.
    public init() {
        scale = .zero
        horizontalShear = 0
        rotation = 0
        translation = .zero
    }

    /// Components with the given values; the defaults describe the identity.
    public init(scale: CGSize = CGSize(width: 1, height: 1), horizontalShear: CGFloat = 0, rotation: CGFloat = 0,
                translation: CGVector = .zero) {
        self.scale = scale
        self.horizontalShear = horizontalShear
        self.rotation = rotation
        self.translation = translation
    }
}

extension CGAffineTransform {
    /// The transform `scale × shear × rotation × translation` that `components` describe.
    public init(_ components: CGAffineTransformComponents) {
        let sx = components.scale.width, sy = components.scale.height, shear = components.horizontalShear
        let sine = CGFloat(sin(Double(components.rotation)))
        let cosine = CGFloat(cos(Double(components.rotation)))
        self.init(a: sx * cosine, b: sx * sine,
                  c: sy * (shear * cosine - sine), d: sy * (shear * sine + cosine),
                  tx: components.translation.dx, ty: components.translation.dy)
    }

    /// This transform split into scale, shear, rotation and translation, such that `CGAffineTransform(_:)` of
    /// the result gives this transform back (up to rounding). The horizontal scale is never negative: a
    /// reflection shows as a negative vertical scale. A transform whose first row is zero has no rotation.
    public func decomposed() -> CGAffineTransformComponents {
        let translation = CGVector(dx: tx, dy: ty)
        let sx = CGFloat(hypot(Double(a), Double(b)))
        guard sx != 0 else {
            // a = b = 0: only the second row carries information; no rotation can be recovered from it.
            return CGAffineTransformComponents(scale: CGSize(width: 0, height: d),
                                               horizontalShear: d != 0 ? c / d : 0, rotation: 0,
                                               translation: translation)
        }
        let rotation = CGFloat(atan2(Double(b), Double(a)))
        let determinant = a * d - b * c
        let sy = determinant / sx
        let shear = sy != 0 ? (a * c + b * d) / determinant : 0
        return CGAffineTransformComponents(scale: CGSize(width: sx, height: sy), horizontalShear: shear,
                                           rotation: rotation, translation: translation)
    }
}
