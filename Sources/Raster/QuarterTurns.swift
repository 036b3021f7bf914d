/// A rotation by whole quarter turns, clockwise as a picture is seen (origin top-left, y down): the one
/// `CGAffineTransform(rotationAngle: n·π/2)` gives there.
package enum QuarterTurns: Int, Sendable, Hashable, CaseIterable {
    case none = 0, clockwise = 1, half = 2, counterclockwise = 3

    /// Whether the rotation exchanges width and height.
    package var swapsSides: Bool { self == .clockwise || self == .counterclockwise }
}
