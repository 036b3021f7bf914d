/// Deep equality of property-list values as CFEqual compares them, for format description extensions.
///
/// Values arrive as Swift values here (no CF bridging), so numbers compare by value whatever their Swift type
/// (`Int`, `Int32`, `Double`, `NSNumber`, …), while a Boolean equals only a Boolean, as `kCFBooleanTrue` never
/// equals a CFNumber.
enum PropertyListEquality {
    static func isEqual(_ lhs: Any?, _ rhs: Any?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case let (l?, r?) where isBoolean(l) || isBoolean(r):
            return isBoolean(l) && isBoolean(r) && AttributeValue.bool(l) == AttributeValue.bool(r)
        case let (l as String, r as String): return l == r
        case let (l as Data, r as Data): return l == r
        case let (l as Date, r as Date): return l == r
        case let (l as [Any], r as [Any]):
            return l.count == r.count && zip(l, r).allSatisfy { isEqual($0, $1) }
        default:
            break
        }
        if let l = AttributeValue.dictionary(lhs), let r = AttributeValue.dictionary(rhs) {
            return l.count == r.count && l.allSatisfy { key, value in r[key].map { isEqual(value, $0) } ?? false }
        }
        if isNumber(lhs), isNumber(rhs) {
            if let l = AttributeValue.int(lhs), let r = AttributeValue.int(rhs) { return l == r }
            if let l = AttributeValue.double(lhs), let r = AttributeValue.double(rhs) { return l == r }
        }
        return false
    }

    /// Whether `value` is a Swift `Bool` (an `NSNumber` holding 0 or 1 is a number, as a CFNumber is).
    private static func isBoolean(_ value: Any) -> Bool { type(of: value) == Bool.self }

    private static func isNumber(_ value: Any?) -> Bool {
        switch value {
        case is Int, is Int8, is Int16, is Int32, is Int64, is UInt, is UInt8, is UInt16, is UInt32, is UInt64,
             is Double, is Float, is CGFloat, is NSNumber:
            return true
        default:
            return false
        }
    }
}
