/// How a Y′CbCr picture's samples encode colour, as far as converting it needs: the matrix and the range. RGB
/// pictures leave both unspecified.
package struct LayerColor: Hashable, Sendable {
    /// The sample range.
    package enum Range: Hashable, Sendable { case unspecified, limited, full }

    /// The four Y′CbCr matrices the compositor converts with.
    package enum StandardMatrix: Hashable, Sendable, CaseIterable { case bt601, bt709, bt2020, smpte240M }

    /// The matrix, as an ITU-T H.273 MatrixCoefficients code point (2: unspecified).
    package var matrix: Int
    /// The sample range.
    package var range: Range

    /// Describes an encoding.
    package init(matrix: Int = LayerColor.unspecifiedMatrix, range: Range = .unspecified) {
        self.matrix = matrix
        self.range = range
    }

    /// H.273's "unspecified" matrix code point.
    package static let unspecifiedMatrix = 2
    /// Nothing specified: how RGB pictures are described.
    package static let unspecified = LayerColor()
    /// H.273's code points for BT.709 and SMPTE 170M (BT.601 525-line).
    static let bt709Matrix = 1, smpte170MMatrix = 6

    /// The standard matrix the code point names, or nil for unspecified, identity, YCgCo, ICtCp and the reserved
    /// values (H.273 Table 4: 4, 5 and 6 are BT.601's; 9 and 10 BT.2020's).
    package var standardMatrix: StandardMatrix? {
        switch matrix {
        case 1: .bt709
        case 4, 5, 6: .bt601
        case 9, 10: .bt2020
        case 7: .smpte240M
        default: nil
        }
    }

    /// The matrix an untagged Y′CbCr picture `height` lines high is read with (BT.709 from 720 lines up, BT.601
    /// below: what players assume), as a code point.
    static func assumedMatrix(height: Int) -> Int { height >= 720 ? bt709Matrix : smpte170MMatrix }
}
