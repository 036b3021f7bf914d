import CoreFoundationShims

/// Reads attribute and attachment values leniently. A number arrives as whatever Swift type the caller wrote (`Int`,
/// `Int32`, `UInt32`, `Double`, `NSNumber`, …) and a key as `String` or `NSString` (`CFString`). Every read of a
/// caller's dictionary goes through here.
package enum AttributeValue {
    /// An integer from any integer, an integral floating-point number, or an `NSNumber`; `nil` otherwise.
    package static func int(_ value: Any?) -> Int? {
        switch value {
        case let v as Int: return v
        case let v as Int8: return Int(v)
        case let v as Int16: return Int(v)
        case let v as Int32: return Int(v)
        case let v as Int64: return Int(exactly: v)
        case let v as UInt: return Int(exactly: v)
        case let v as UInt8: return Int(v)
        case let v as UInt16: return Int(v)
        case let v as UInt32: return Int(v)
        case let v as UInt64: return Int(exactly: v)
        case let v as Double: return v.isFinite ? Int(exactly: v) : nil
        case let v as Float: return v.isFinite ? Int(exactly: v) : nil
        case let v as CGFloat: return v.isFinite ? Int(exactly: Double(v)) : nil
        case let v as NSNumber: return Int(exactly: v.doubleValue)
        default: return nil
        }
    }

    /// A floating-point number from any number or `NSNumber`; `nil` otherwise.
    package static func double(_ value: Any?) -> Double? {
        switch value {
        case let v as Double: return v
        case let v as Float: return Double(v)
        case let v as CGFloat: return Double(v)
        case let v as NSNumber: return v.doubleValue
        default: return int(value).map(Double.init)
        }
    }

    /// A Boolean from `Bool`, an `NSNumber`, or the integers 0 and 1; `nil` otherwise.
    package static func bool(_ value: Any?) -> Bool? {
        switch value {
        case let v as Bool: return v
        case let v as NSNumber: return v.boolValue
        default:
            switch int(value) {
            case 0: return false
            case 1: return true
            default: return nil
            }
        }
    }

    /// A four-character code from any integer that fits in 32 bits unsigned.
    package static func osType(_ value: Any?) -> OSType? {
        guard let v = int(value) else { return nil }
        return OSType(exactly: v)
    }

    /// A string from `String` or `NSString`.
    package static func string(_ value: Any?) -> String? {
        switch value {
        case let v as String: return v
        case let v as NSString: return String(v)
        default: return nil
        }
    }

    /// A dictionary with string keys from any dictionary whose keys are `String` or `NSString`.
    package static func dictionary(_ value: Any?) -> [String: Any]? {
        switch value {
        case let v as [String: Any]: return v
        case let v as [AnyHashable: Any]: return normalized(v)
        case let v as NSDictionary:
            var result: [String: Any] = [:]
            for (key, item) in v {
                if let key = string(key) { result[key] = item }
            }
            return result
        default: return nil
        }
    }

    /// The entries of a `CFDictionary` keyed by `String`/`NSString`, with `String` keys; other keys are dropped.
    package static func normalized(_ dictionary: NSDictionary?) -> [String: Any] {
        dictionary.flatMap { self.dictionary($0) } ?? [:]
    }

    /// The dictionary with every `String`/`NSString` key turned into `String`; other keys are dropped (Core
    /// Video only ever uses string keys).
    package static func normalized(_ dictionary: [AnyHashable: Any]?) -> [String: Any] {
        guard let dictionary else { return [:] }
        var result: [String: Any] = [:]
        result.reserveCapacity(dictionary.count)
        for (key, value) in dictionary {
            if let key = string(key.base) { result[key] = value }
        }
        return result
    }
}
