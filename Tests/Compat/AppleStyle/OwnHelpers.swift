// Helpers that real code declares on Apple's types, as packages of CMTime and geometry conveniences do. They compile
// against Apple's SDK, which declares none of them; a public declaration of the same shape in our Apple-named
// modules made them ambiguous ("ambiguous use of operator '*'"), so this file only compiles while we declare nothing
// beyond Apple's surface. The checks then call each helper, so overload resolution must pick the user's.
import AVFoundation
import CoreGraphics
import CoreMedia

public func * (lhs: CMTime, multiplier: Int32) -> CMTime { CMTimeMultiply(lhs, multiplier: multiplier) }
public func * (multiplier: Int32, rhs: CMTime) -> CMTime { CMTimeMultiply(rhs, multiplier: multiplier) }
public func * (lhs: CMTime, multiplier: Float64) -> CMTime { CMTimeMultiplyByFloat64(lhs, multiplier: multiplier) }
public func / (lhs: CMTime, divisor: Int32) -> CMTime { CMTimeMultiplyByRatio(lhs, multiplier: 1, divisor: divisor) }
public func *= (lhs: inout CMTime, multiplier: Int32) { lhs = lhs * multiplier }
public func += (lhs: inout CMTime, rhs: CMTime) { lhs = CMTimeAdd(lhs, rhs) }
public func -= (lhs: inout CMTime, rhs: CMTime) { lhs = CMTimeSubtract(lhs, rhs) }
public prefix func - (time: CMTime) -> CMTime { CMTimeMultiply(time, multiplier: -1) }

public func + (lhs: CGPoint, rhs: CGPoint) -> CGPoint { CGPoint(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
public func - (lhs: CGPoint, rhs: CGPoint) -> CGPoint { CGPoint(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
public func * (lhs: CGPoint, scale: CGFloat) -> CGPoint { CGPoint(x: lhs.x * scale, y: lhs.y * scale) }
public func + (lhs: CGSize, rhs: CGSize) -> CGSize {
    CGSize(width: lhs.width + rhs.width, height: lhs.height + rhs.height)
}
public func * (lhs: CGSize, scale: CGFloat) -> CGSize { CGSize(width: lhs.width * scale, height: lhs.height * scale) }
public func / (lhs: CGSize, divisor: CGFloat) -> CGSize {
    CGSize(width: lhs.width / divisor, height: lhs.height / divisor)
}

extension CMTime {
    /// A time of `seconds` at a common video timescale, as helper packages spell it.
    init(seconds: Double) { self.init(seconds: seconds, preferredTimescale: 600) }
    /// The time in milliseconds.
    var milliseconds: Int64 { Int64((CMTimeGetSeconds(self) * 1000).rounded()) }
    /// The time as a double, named as several helper packages name it.
    var secondsValue: Double { CMTimeGetSeconds(self) }
    /// Whether the time is a number (not invalid, indefinite or infinite).
    var isUsable: Bool { isValid && isNumeric }
}

extension CMTimeRange {
    /// The range from `start` to `end`, by seconds.
    init(startSeconds: Double, endSeconds: Double) {
        self.init(start: CMTime(seconds: startSeconds), end: CMTime(seconds: endSeconds))
    }
    /// The middle of the range.
    var middle: CMTime { start + duration / 2 }
    /// Whether `other` lies wholly inside the range.
    func fullyContains(_ other: CMTimeRange) -> Bool { containsTimeRange(other) }
}

extension Double {
    /// Seconds as a CMTime.
    var cmTime: CMTime { CMTime(seconds: self) }
}

func checkOwnHelpers() {
    let second = CMTime(value: 1, timescale: 1)
    var time = second * Int32(3)
    check(time == CMTime(value: 3, timescale: 1), "user's * (CMTime, Int32)")
    check(Int32(2) * second == CMTime(value: 2, timescale: 1), "user's * (Int32, CMTime)")
    check(CMTimeGetSeconds(second * 1.5) == 1.5, "user's * (CMTime, Float64)")
    check(CMTimeGetSeconds(time / 2) == 1.5, "user's / (CMTime, Int32)")
    time += second
    time -= CMTime(value: 2, timescale: 1)
    time *= 2
    check(time == CMTime(value: 4, timescale: 1), "user's +=, -=, *=: \(CMTimeGetSeconds(time))")
    check(-second == CMTime(value: -1, timescale: 1), "user's prefix -")
    check(CMTime(seconds: 2).timescale == 600 && 0.5.cmTime.milliseconds == 500, "user's seconds conveniences")
    check(second.secondsValue == 1 && second.isUsable && !CMTime.invalid.isUsable, "user's CMTime properties")
    let range = CMTimeRange(startSeconds: 1, endSeconds: 3)
    check(range.middle == CMTime(seconds: 2), "user's CMTimeRange.middle")
    check(range.fullyContains(CMTimeRange(startSeconds: 1.5, endSeconds: 2)), "user's CMTimeRange.fullyContains")
    let point = CGPoint(x: 1, y: 2) + CGPoint(x: 3, y: 4) - CGPoint(x: 1, y: 1)
    check(point * 2 == CGPoint(x: 6, y: 10), "user's CGPoint operators")
    let size = (CGSize(width: 4, height: 2) + CGSize(width: 4, height: 2)) * 0.5 / 2
    check(size == CGSize(width: 2, height: 1), "user's CGSize operators")
}
