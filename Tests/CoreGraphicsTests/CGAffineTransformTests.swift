import CoreGraphics
import Foundation
import Testing

/// Whether two transforms agree to 1e-12 in every entry.
private func close(_ x: CGAffineTransform, _ y: CGAffineTransform, _ tolerance: CGFloat = 1e-12) -> Bool {
    abs(x.a - y.a) < tolerance && abs(x.b - y.b) < tolerance && abs(x.c - y.c) < tolerance
        && abs(x.d - y.d) < tolerance && abs(x.tx - y.tx) < tolerance && abs(x.ty - y.ty) < tolerance
}

@Suite("CGAffineTransform")
struct CGAffineTransformTests {
    @Test("initialisers fill the matrix as CGAffineTransform.h documents")
    func initialisers() {
        #expect(CGAffineTransform() == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0), "zero, not identity")
        #expect(CGAffineTransform.identity == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        #expect(CGAffineTransform.identity.isIdentity && !CGAffineTransform().isIdentity)
        #expect(CGAffineTransform(translationX: 3, y: -4) == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: -4))
        #expect(CGAffineTransform(scaleX: 2, y: 0.5) == CGAffineTransform(a: 2, b: 0, c: 0, d: 0.5, tx: 0, ty: 0))
        // A rotation is [cos sin; -sin cos]: by 30°, cos = √3/2 and sin = 1/2.
        let rotation = CGAffineTransform(rotationAngle: .pi / 6)
        #expect(close(rotation, CGAffineTransform(a: sqrt(3) / 2, b: 0.5, c: -0.5, d: sqrt(3) / 2, tx: 0, ty: 0)))
        // The compat sample reads b = 1, c = -1 for a quarter turn.
        let quarter = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(abs(quarter.b - 1) < 1e-15 && abs(quarter.c + 1) < 1e-15 && abs(quarter.a) < 1e-15)
    }

    @Test("points, sizes and rectangles map as x' = a·x + c·y + tx, y' = b·x + d·y + ty")
    func applying() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        // By hand: x' = 1·7 + 3·11 + 5 = 45, y' = 2·7 + 4·11 + 6 = 64.
        #expect(CGPoint(x: 7, y: 11).applying(t) == CGPoint(x: 45, y: 64))
        // Sizes ignore translation: (1·7 + 3·11, 2·7 + 4·11) = (40, 58).
        #expect(CGSize(width: 7, height: 11).applying(t) == CGSize(width: 40, height: 58))
        // A 2×1 rectangle at the origin turned a quarter: corners (0,0) (0,2) (-1,0) (-1,2).
        let turned = CGRect(x: 0, y: 0, width: 2, height: 1).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(turned.minX + 1) < 1e-12 && abs(turned.minY) < 1e-12)
        #expect(abs(turned.width - 1) < 1e-12 && abs(turned.height - 2) < 1e-12)
        #expect(CGRect.null.applying(t).isNull)
        #expect(CGRect(x: 1, y: 1, width: 2, height: 2).applying(CGAffineTransform(scaleX: -1, y: 1))
            == CGRect(x: -3, y: 1, width: 2, height: 2), "a mirrored rectangle is standardised")
    }

    @Test("concatenation multiplies row-vector matrices: t1 then t2")
    func concatenation() {
        let t1 = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t2 = CGAffineTransform(a: 7, b: 8, c: 9, d: 10, tx: 11, ty: 12)
        // By hand, [1 2 0; 3 4 0; 5 6 1] × [7 8 0; 9 10 0; 11 12 1]:
        // row 1: (1·7 + 2·9, 1·8 + 2·10) = (25, 28); row 2: (3·7 + 4·9, 3·8 + 4·10) = (57, 64);
        // row 3: (5·7 + 6·9 + 11, 5·8 + 6·10 + 12) = (100, 112).
        #expect(t1.concatenating(t2) == CGAffineTransform(a: 25, b: 28, c: 57, d: 64, tx: 100, ty: 112))
        let point = CGPoint(x: -2, y: 3)
        #expect(point.applying(t1.concatenating(t2)) == point.applying(t1).applying(t2))
    }

    @Test("translatedBy, scaledBy and rotated(by:) prepend the operation, as Apple documents")
    func prepending() {
        let base = CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 20)
        // translate then base: (x + 1, y + 1) → (2(x + 1) + 10, 3(y + 1) + 20), so tx = 12, ty = 23.
        #expect(base.translatedBy(x: 1, y: 1) == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 12, ty: 23))
        #expect(base.scaledBy(x: 2, y: -1) == CGAffineTransform(a: 4, b: 0, c: 0, d: -3, tx: 10, ty: 20))
        #expect(close(base.rotated(by: .pi / 2), CGAffineTransform(a: 0, b: 3, c: -2, d: 0, tx: 10, ty: 20)))
        #expect(base == base && base != .identity)
    }

    @Test("inversion: t × t⁻¹ is the identity; a singular transform comes back unchanged")
    func inversion() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        // determinant = 1·4 − 2·3 = −2; inverse by hand = [−2 1; 1.5 −0.5; 1 −2].
        #expect(t.inverted() == CGAffineTransform(a: -2, b: 1, c: 1.5, d: -0.5, tx: 1, ty: -2))
        #expect(close(t.concatenating(t.inverted()), .identity) && close(t.inverted().concatenating(t), .identity))
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1)
        #expect(singular.inverted() == singular)
        let rotation = CGAffineTransform(rotationAngle: 0.7)
        #expect(close(rotation.inverted(), CGAffineTransform(rotationAngle: -0.7)))
    }

    @Test("Equatable, Hashable and Codable (an unkeyed list a, b, c, d, tx, ty)")
    func conformances() throws {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(Set([t, t, .identity]).count == 2)
        let json = try JSONEncoder().encode(t)
        #expect(String(decoding: json, as: UTF8.self) == "[1,2,3,4,5,6]")
        #expect(try JSONDecoder().decode(CGAffineTransform.self, from: json) == t)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CGAffineTransform.self, from: Data("[1,2,3]".utf8))
        }
    }

    @Test("components compose as scale × shear × rotation × translation and decompose back")
    func components() {
        // By hand for sx = 2, sy = 3, shear = 0.5, rotation = 90°: a = 0, b = 2, c = 3(0.5·0 − 1) = −3,
        // d = 3(0.5·1 + 0) = 1.5.
        let components = CGAffineTransformComponents(scale: CGSize(width: 2, height: 3), horizontalShear: 0.5,
                                                     rotation: .pi / 2, translation: CGVector(dx: 7, dy: -8))
        let t = CGAffineTransform(components)
        #expect(close(t, CGAffineTransform(a: 0, b: 2, c: -3, d: 1.5, tx: 7, ty: -8)))
        let back = t.decomposed()
        #expect(abs(back.scale.width - 2) < 1e-12 && abs(back.scale.height - 3) < 1e-12)
        #expect(abs(back.horizontalShear - 0.5) < 1e-12 && abs(back.rotation - .pi / 2) < 1e-12)
        #expect(back.translation == CGVector(dx: 7, dy: -8))
        #expect(CGAffineTransform(CGAffineTransformComponents()) == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        #expect(CGAffineTransform(CGAffineTransformComponents(scale: CGSize(width: 1, height: 1))) == .identity)
        // A mirror decomposes with a negative vertical scale and recomposes exactly.
        let mirror = CGAffineTransform(scaleX: 1, y: -1).rotated(by: 0.4)
        #expect(close(CGAffineTransform(mirror.decomposed()), mirror))
        #expect(mirror.decomposed().scale.height < 0)
    }
}
