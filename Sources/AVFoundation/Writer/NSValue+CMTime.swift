import CoreMedia
import Foundation

// AVTime.h's NSValue extensions (`NSValue(timeRange:)`, `timeRangeValue`, and the CMTime pair), which pass
// descriptions (`sourceTimeRanges`) and reader outputs (`reset(forReadingTimeRanges:)`) use. Linux's Foundation
// cannot box a C struct by its type encoding, so the value holds the struct's bytes as a byte array of its size.
extension NSValue {
    /// A value holding a time range.
    public convenience init(timeRange: CMTimeRange) {
        var copy = timeRange
        self.init(bytes: &copy, objCType: "[\(MemoryLayout<CMTimeRange>.size)C]")
    }

    /// The time range the value holds (made by `init(timeRange:)`).
    public var timeRangeValue: CMTimeRange {
        var range = CMTimeRange.invalid
        guard String(cString: objCType) == "[\(MemoryLayout<CMTimeRange>.size)C]" else { return range }
        getValue(&range)
        return range
    }

    /// A value holding a time.
    public convenience init(time: CMTime) {
        var copy = time
        self.init(bytes: &copy, objCType: "[\(MemoryLayout<CMTime>.size)C]")
    }

    /// The time the value holds (made by `init(time:)`).
    public var timeValue: CMTime {
        var time = CMTime.invalid
        guard String(cString: objCType) == "[\(MemoryLayout<CMTime>.size)C]" else { return time }
        getValue(&time)
        return time
    }
}
