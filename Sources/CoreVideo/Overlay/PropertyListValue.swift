import Foundation

/// Property-list values (what attribute dictionaries hold) as `Sendable` values, for the overlay types whose
/// dictionaries Apple types `[String: any Sendable]`.
package enum PropertyListValue {
    /// The value as a sendable property-list value: numbers, Booleans, strings, data, dates, and arrays and
    /// string-keyed dictionaries of them; nil for anything else.
    package static func sendable(_ value: Any) -> (any Sendable)? {
        switch value {
        case let v as Bool: return v
        case let v as Int: return v
        case let v as Int32: return v
        case let v as Int64: return v
        case let v as UInt32: return v
        case let v as UInt64: return v
        case let v as Double: return v
        case let v as Float: return v
        case let v as String: return v
        case let v as Data: return v
        case let v as Date: return v
        case let v as NSNumber:
            if let exact = AttributeValue.int(v) { return exact }
            return v.doubleValue
        case let v as NSString: return String(v)
        case let v as [Any]:
            var items: [any Sendable] = []
            for item in v {
                guard let converted = sendable(item) else { return nil }
                items.append(converted)
            }
            return items
        default:
            return AttributeValue.dictionary(value).flatMap(dictionary)
        }
    }

    /// Every value of `dictionary` as a sendable property-list value, or nil when one is not one.
    package static func dictionary(_ dictionary: [String: Any]) -> [String: any Sendable]? {
        var result: [String: any Sendable] = [:]
        for (key, value) in dictionary {
            guard let converted = sendable(value) else { return nil }
            result[key] = converted
        }
        return result
    }
}
