import CoreFoundationShims

// The C functions of CGAffineTransform.h. Apple's Swift overlay spells them as members (`CGAffineTransform(
// rotationAngle:)`, `.rotated(by:)`, `point.applying(_:)`, …) and marks the C names unavailable, so code that
// must compile on Apple platforms should use the member forms; these exist for code ported from C.

/// The transform with the given entries.
public func CGAffineTransformMake(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat,
                                  _ ty: CGFloat) -> CGAffineTransform {
    CGAffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
}

/// A translation.
public func CGAffineTransformMakeTranslation(_ tx: CGFloat, _ ty: CGFloat) -> CGAffineTransform {
    CGAffineTransform(translationX: tx, y: ty)
}

/// A scale.
public func CGAffineTransformMakeScale(_ sx: CGFloat, _ sy: CGFloat) -> CGAffineTransform {
    CGAffineTransform(scaleX: sx, y: sy)
}

/// A rotation by `angle` radians.
public func CGAffineTransformMakeRotation(_ angle: CGFloat) -> CGAffineTransform {
    CGAffineTransform(rotationAngle: angle)
}

/// `t` preceded by a translation.
public func CGAffineTransformTranslate(_ t: CGAffineTransform, _ tx: CGFloat, _ ty: CGFloat) -> CGAffineTransform {
    t.translatedBy(x: tx, y: ty)
}

/// `t` preceded by a scale.
public func CGAffineTransformScale(_ t: CGAffineTransform, _ sx: CGFloat, _ sy: CGFloat) -> CGAffineTransform {
    t.scaledBy(x: sx, y: sy)
}

/// `t` preceded by a rotation.
public func CGAffineTransformRotate(_ t: CGAffineTransform, _ angle: CGFloat) -> CGAffineTransform {
    t.rotated(by: angle)
}

/// The inverse of `t`, or `t` when it cannot be inverted.
public func CGAffineTransformInvert(_ t: CGAffineTransform) -> CGAffineTransform {
    t.inverted()
}

/// `t1` followed by `t2`.
public func CGAffineTransformConcat(_ t1: CGAffineTransform, _ t2: CGAffineTransform) -> CGAffineTransform {
    t1.concatenating(t2)
}

/// Whether two transforms are equal.
public func CGAffineTransformEqualToTransform(_ t1: CGAffineTransform, _ t2: CGAffineTransform) -> Bool {
    t1 == t2
}

/// Whether `t` is the identity.
public func CGAffineTransformIsIdentity(_ t: CGAffineTransform) -> Bool {
    t.isIdentity
}

/// The identity transform.
public let CGAffineTransformIdentity = CGAffineTransform.identity

/// `point` mapped by `t`.
public func CGPointApplyAffineTransform(_ point: CGPoint, _ t: CGAffineTransform) -> CGPoint {
    point.applying(t)
}

/// `size` mapped by `t`'s linear part.
public func CGSizeApplyAffineTransform(_ size: CGSize, _ t: CGAffineTransform) -> CGSize {
    size.applying(t)
}

/// The bounding box of `rect` mapped by `t`.
public func CGRectApplyAffineTransform(_ rect: CGRect, _ t: CGAffineTransform) -> CGRect {
    rect.applying(t)
}

/// The transform `scale × shear × rotation × translation` that `components` describe.
public func CGAffineTransformMakeWithComponents(_ components: CGAffineTransformComponents) -> CGAffineTransform {
    CGAffineTransform(components)
}

/// `transform` split into scale, shear, rotation and translation.
public func CGAffineTransformDecompose(_ transform: CGAffineTransform) -> CGAffineTransformComponents {
    transform.decomposed()
}
