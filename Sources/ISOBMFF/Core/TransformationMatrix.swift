/// The 3×3 matrix of `mvhd` and `tkhd` (ISO/IEC 14496-12 §6.2.2; QuickTime "Matrices"): a point (p, q) maps to
/// (a·p + c·q + x, b·p + d·q + y) / (u·p + v·q + w). Stored in file order a, b, u, c, d, v, x, y, w.
package struct TransformationMatrix: Hashable, Sendable {
    package var a: Fixed16x16
    package var b: Fixed16x16
    package var u: Fixed2x30
    package var c: Fixed16x16
    package var d: Fixed16x16
    package var v: Fixed2x30
    package var x: Fixed16x16
    package var y: Fixed16x16
    package var w: Fixed2x30

    /// A matrix from its nine entries in file order.
    package init(a: Fixed16x16, b: Fixed16x16, u: Fixed2x30, c: Fixed16x16, d: Fixed16x16, v: Fixed2x30,
                 x: Fixed16x16, y: Fixed16x16, w: Fixed2x30) {
        (self.a, self.b, self.u, self.c, self.d, self.v, self.x, self.y, self.w) = (a, b, u, c, d, v, x, y, w)
    }

    /// The identity: no rotation, scale or translation.
    package static let identity = TransformationMatrix(
        a: .one, b: Fixed16x16(rawValue: 0), u: Fixed2x30(rawValue: 0),
        c: Fixed16x16(rawValue: 0), d: .one, v: Fixed2x30(rawValue: 0),
        x: Fixed16x16(rawValue: 0), y: Fixed16x16(rawValue: 0), w: .one)
}

extension BoxReader {
    /// Reads a 36-byte matrix.
    package mutating func readMatrix() throws(BoxParseError) -> TransformationMatrix {
        try checkAvailable(36)
        return TransformationMatrix(
            a: try readFixed16x16(), b: try readFixed16x16(), u: Fixed2x30(rawValue: try readInt32()),
            c: try readFixed16x16(), d: try readFixed16x16(), v: Fixed2x30(rawValue: try readInt32()),
            x: try readFixed16x16(), y: try readFixed16x16(), w: Fixed2x30(rawValue: try readInt32()))
    }
}

extension BoxWriter {
    /// Appends a 36-byte matrix.
    package mutating func writeMatrix(_ m: TransformationMatrix) {
        for value in [m.a.rawValue, m.b.rawValue, m.u.rawValue, m.c.rawValue, m.d.rawValue, m.v.rawValue,
                      m.x.rawValue, m.y.rawValue, m.w.rawValue] {
            writeInt32(value)
        }
    }
}
