// TEMPORARY: stands in for CoreVideo's package `AttributeValue` until the corevideo branch is merged; then this
// file is deleted and CoreVideo's helper is used.
enum AttributeValue {
    static func int(_ value: Any?) -> Int? {
        switch value {
        case let v as Int: return v
        case let v as Int32: return Int(v)
        case let v as Int64: return Int(exactly: v)
        case let v as UInt32: return Int(v)
        case let v as UInt64: return Int(exactly: v)
        case let v as Int16: return Int(v)
        case let v as UInt16: return Int(v)
        case let v as Int8: return Int(v)
        case let v as UInt8: return Int(v)
        case let v as UInt: return Int(exactly: v)
        case let v as Double: return v.isFinite ? Int(exactly: v) : nil
        case let v as Float: return v.isFinite ? Int(exactly: v) : nil
        case let v as NSNumber: return Int(exactly: v.doubleValue)
        default: return nil
        }
    }

    static func double(_ value: Any?) -> Double? {
        switch value {
        case let v as Double: return v
        case let v as Float: return Double(v)
        case let v as CGFloat: return Double(v)
        case let v as NSNumber: return v.doubleValue
        default: return int(value).map(Double.init)
        }
    }

    static func bool(_ value: Any?) -> Bool? {
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

    static func string(_ value: Any?) -> String? {
        switch value {
        case let v as String: return v
        case let v as NSString: return String(v)
        default: return nil
        }
    }

    static func dictionary(_ value: Any?) -> [String: Any]? {
        switch value {
        case let v as [String: Any]: return v
        case let v as [AnyHashable: Any]:
            var result: [String: Any] = [:]
            for (key, item) in v {
                guard let key = string(key.base) else { return nil }
                result[key] = item
            }
            return result
        default: return nil
        }
    }
}
