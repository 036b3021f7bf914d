// CMTimeCompare's total order, and the Equatable / Comparable / Hashable conformances built on it.
//
// CMTimeCompare documentation: numeric times in larger epochs are greater; the order of kinds is
// -infinity < all finite values < indefinite < +infinity < invalid; all invalid times are equal, and so are
// all times of each other non-numeric kind.

extension CMTime {
    /// -1, 0 or 1 as `lhs` is less than, equal to or greater than `rhs` (CMTimeCompare).
    @inline(__always)
    static func compare(_ lhs: CMTime, _ rhs: CMTime) -> Int32 {
        if lhs.epoch == rhs.epoch, lhs.isPlainNumeric, rhs.isPlainNumeric {
            if lhs.timescale == rhs.timescale {
                return lhs.value < rhs.value ? -1 : (lhs.value == rhs.value ? 0 : 1)
            }
            return crossCompare(lhs, rhs)
        }
        return slowCompare(lhs, rhs)
    }

    private static func slowCompare(_ lhs: CMTime, _ rhs: CMTime) -> Int32 {
        let left = lhs.kind, right = rhs.kind
        if left != right { return left < right ? -1 : 1 }
        guard left == .numeric else { return 0 }
        if lhs.epoch != rhs.epoch { return lhs.epoch < rhs.epoch ? -1 : 1 }
        return crossCompare(lhs, rhs)
    }

    /// value1/timescale1 vs value2/timescale2 with positive timescales: the cross products compared exactly.
    @inline(__always)
    private static func crossCompare(_ lhs: CMTime, _ rhs: CMTime) -> Int32 {
        let leftCross = Int128(lhs.value) * Int128(rhs.timescale)
        let rightCross = Int128(rhs.value) * Int128(lhs.timescale)
        return leftCross < rightCross ? -1 : (leftCross == rightCross ? 0 : 1)
    }
}

extension CMTime: Equatable, Comparable {
    /// Whether `CMTimeCompare` finds the times equal: 1/30 == 2/60, and any two invalid times are equal.
    public static func == (time1: CMTime, time2: CMTime) -> Bool { compare(time1, time2) == 0 }

    /// Whether `CMTimeCompare` finds the times different.
    public static func != (time1: CMTime, time2: CMTime) -> Bool { compare(time1, time2) != 0 }

    /// Whether `time1` orders before `time2` in `CMTimeCompare`'s order.
    public static func < (time1: CMTime, time2: CMTime) -> Bool { compare(time1, time2) < 0 }

    /// Whether `time1` orders before or equal to `time2`.
    public static func <= (time1: CMTime, time2: CMTime) -> Bool { compare(time1, time2) <= 0 }

    /// Whether `time1` orders after `time2`.
    public static func > (time1: CMTime, time2: CMTime) -> Bool { compare(time1, time2) > 0 }

    /// Whether `time1` orders after or equal to `time2`.
    public static func >= (time1: CMTime, time2: CMTime) -> Bool { compare(time1, time2) >= 0 }
}

extension CMTime: Hashable {
    /// Hashes what `==` compares: the kind, and for numeric times the epoch and the value in lowest terms,
    /// so equal times such as 1/30 and 2/60 hash alike.
    public func hash(into hasher: inout Hasher) {
        let kind = self.kind
        hasher.combine(kind.rawValue)
        guard kind == .numeric else { return }
        hasher.combine(epoch)
        let magnitude = value.magnitude
        let common = magnitude == 0 ? UInt64(timescale) : cmTimeGCD(magnitude, UInt64(timescale))
        hasher.combine(value < 0)
        hasher.combine(magnitude / common)
        hasher.combine(UInt64(timescale) / common)
    }
}
