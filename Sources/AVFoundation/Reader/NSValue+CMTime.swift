import CoreMedia
import Foundation

// NSValue boxes for CMTime and CMTimeRange, as Apple's AVFoundation and Core Media add them (AVTime.h):
// `NSValue(time:)`, `.timeValue`, `NSValue(timeRange:)`, `.timeRangeValue`, `NSValue(timeMapping:)`,
// `.timeMappingValue`. `reset(forReadingTimeRanges:)` takes `[NSValue]` of ranges.
//
// Linux's Foundation cannot box a struct under its Objective-C type encoding ("cannot encode structs"), so the
// bytes are stored as an array of 64-bit words ("[3q]" for a CMTime, "[6q]" for a range, "[12q]" for a mapping):
// the same 24, 48 and 96 bytes Apple's layout has, compared and hashed byte for byte as Apple's values are.

extension NSValue {
    private static let timeEncoding = "[3q]"
    private static let timeRangeEncoding = "[6q]"
    private static let timeMappingEncoding = "[12q]"

    /// A value holding `time`.
    public convenience init(time: CMTime) {
        var copy = time
        self.init(bytes: &copy, objCType: NSValue.timeEncoding)
    }

    /// The time this value holds; invalid when it holds something else.
    public var timeValue: CMTime {
        guard String(cString: objCType) == NSValue.timeEncoding else { return .invalid }
        var time = CMTime()
        getValue(&time)
        return time
    }

    /// A value holding `timeRange`.
    public convenience init(timeRange: CMTimeRange) {
        var copy = timeRange
        self.init(bytes: &copy, objCType: NSValue.timeRangeEncoding)
    }

    /// The time range this value holds; an invalid range (`CMTimeRange()`) when it holds something else.
    public var timeRangeValue: CMTimeRange {
        guard String(cString: objCType) == NSValue.timeRangeEncoding else { return CMTimeRange() }
        var range = CMTimeRange()
        getValue(&range)
        return range
    }

    /// A value holding `timeMapping`.
    public convenience init(timeMapping: CMTimeMapping) {
        var copy = timeMapping
        self.init(bytes: &copy, objCType: NSValue.timeMappingEncoding)
    }

    /// The time mapping this value holds; an invalid mapping when it holds something else.
    public var timeMappingValue: CMTimeMapping {
        guard String(cString: objCType) == NSValue.timeMappingEncoding else {
            return CMTimeMapping(source: CMTimeRange(), target: CMTimeRange())
        }
        var mapping = CMTimeMapping(source: CMTimeRange(), target: CMTimeRange())
        getValue(&mapping)
        return mapping
    }
}
