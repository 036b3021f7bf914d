// CFNumber's and CFBoolean's C functions (CFNumber.h) over `NSNumber`.

/// The C type a `CFNumberGetValue` or `CFNumberCreate` value pointer points at.
public enum CFNumberType: CFIndex, Sendable {
    /// `Int8`.
    case sInt8Type = 1
    /// `Int16`.
    case sInt16Type = 2
    /// `Int32`.
    case sInt32Type = 3
    /// `Int64`.
    case sInt64Type = 4
    /// `Float32`.
    case float32Type = 5
    /// `Float64`.
    case float64Type = 6
    /// `CChar`.
    case charType = 7
    /// `CShort`.
    case shortType = 8
    /// `CInt`.
    case intType = 9
    /// `CLong`.
    case longType = 10
    /// `CLongLong`.
    case longLongType = 11
    /// `CFloat`.
    case floatType = 12
    /// `CDouble`.
    case doubleType = 13
    /// `CFIndex`.
    case cfIndexType = 14
    /// `NSInteger`.
    case nsIntegerType = 15
    /// `CGFloat`.
    case cgFloatType = 16

    /// The largest type value.
    public static let maxType = CFNumberType.cgFloatType
}

/// The value of a Boolean object.
public func CFBooleanGetValue(_ boolean: CFBoolean!) -> Bool { boolean.boolValue }

/// Whether `number` holds a floating-point value.
public func CFNumberIsFloatType(_ number: CFNumber!) -> Bool {
    switch number.objCType.pointee {
    case CChar(UInt8(ascii: "f")), CChar(UInt8(ascii: "d")): true
    default: false
    }
}

/// The type the number is stored as.
public func CFNumberGetType(_ number: CFNumber!) -> CFNumberType {
    switch UInt8(bitPattern: number.objCType.pointee) {
    case UInt8(ascii: "f"): .float32Type
    case UInt8(ascii: "d"): .float64Type
    case UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "B"): .sInt8Type
    case UInt8(ascii: "s"), UInt8(ascii: "S"): .sInt16Type
    case UInt8(ascii: "i"), UInt8(ascii: "I"): .sInt32Type
    default: .sInt64Type
    }
}

/// Writes the number's value, converted to `theType`, to `valuePtr`; false when the conversion lost information
/// (a fraction dropped, a value out of range and clamped, a double rounded to a float).
@discardableResult
public func CFNumberGetValue(_ number: CFNumber!, _ theType: CFNumberType,
                             _ valuePtr: UnsafeMutableRawPointer!) -> Bool {
    let isFloat = CFNumberIsFloatType(number)
    func integer<T: FixedWidthInteger>(_: T.Type) -> Bool {
        if isFloat {
            let value = number.doubleValue
            let converted: T = value.isNaN ? 0
                : value >= Double(T.max) ? T.max : value <= Double(T.min) ? T.min : T(value)
            valuePtr.storeBytes(of: converted, as: T.self)
            return T(exactly: value) != nil
        }
        let value = number.int64Value
        valuePtr.storeBytes(of: T(clamping: value), as: T.self)
        return T(exactly: value) != nil
    }
    func floating<T: BinaryFloatingPoint>(_: T.Type) -> Bool {
        if isFloat {
            let value = number.doubleValue
            let converted = T(value)
            valuePtr.storeBytes(of: converted, as: T.self)
            return Double(converted) == value || value.isNaN
        }
        let value = number.int64Value
        let converted = T(value)
        valuePtr.storeBytes(of: converted, as: T.self)
        return Int64(exactly: converted) == value
    }
    guard valuePtr != nil else { return false }
    switch theType {
    case .sInt8Type, .charType: return integer(Int8.self)
    case .sInt16Type, .shortType: return integer(Int16.self)
    case .sInt32Type, .intType: return integer(Int32.self)
    case .sInt64Type, .longType, .longLongType, .cfIndexType, .nsIntegerType: return integer(Int64.self)
    case .float32Type, .floatType: return floating(Float.self)
    case .float64Type, .doubleType, .cgFloatType: return floating(Double.self)
    }
}

/// A number holding the value of type `theType` at `valuePtr`.
public func CFNumberCreate(_ allocator: CFAllocator!, _ theType: CFNumberType,
                           _ valuePtr: UnsafeRawPointer!) -> CFNumber! {
    guard let valuePtr else { return nil }
    switch theType {
    case .sInt8Type, .charType: return NSNumber(value: valuePtr.loadUnaligned(as: Int8.self))
    case .sInt16Type, .shortType: return NSNumber(value: valuePtr.loadUnaligned(as: Int16.self))
    case .sInt32Type, .intType: return NSNumber(value: valuePtr.loadUnaligned(as: Int32.self))
    case .sInt64Type, .longType, .longLongType, .cfIndexType, .nsIntegerType:
        return NSNumber(value: valuePtr.loadUnaligned(as: Int64.self))
    case .float32Type, .floatType: return NSNumber(value: valuePtr.loadUnaligned(as: Float.self))
    case .float64Type, .doubleType, .cgFloatType: return NSNumber(value: valuePtr.loadUnaligned(as: Double.self))
    }
}
