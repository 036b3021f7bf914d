// `as CFString` / `as NSString` on Apple's typed string constants (`AVFileType.mov as CFString`,
// `[AVMetadataKey: Any] as NSDictionary`, `value as? AVMediaType` from an `Any` holding a string).
//
// On Apple platforms the typed constants (`NS_TYPED_ENUM`, `NS_EXTENSIBLE_STRING_ENUM`) are imported as "newtype"
// structs conforming to the standard library's `_SwiftNewtypeWrapper` and `_ObjectiveCBridgeable`, and the standard
// library bridges a newtype through its raw value. That default is compiled only where the Objective-C runtime is
// (`#if _runtime(_ObjC)`); Linux's type checker and dynamic casts honour `_ObjectiveCBridgeable` all the same (it is
// how `String as NSString` works in Linux's Foundation). This is that default: each typed constant then states
// `_SwiftNewtypeWrapper, _ObjectiveCBridgeable`, as Apple's importer does, in its module's `NewtypeBridging.swift`.
//
// Linux's Foundation casts NSArray and NSDictionary back element by element only to collections of String and other
// Foundation-bridged types: `nsArray as? [AVFileType]` is nil here (on Apple platforms it casts), while
// `(nsArray as? [String])?.map(AVFileType.init(rawValue:))` works on both.
//
// A newtype also hashes and compares as its raw value inside `AnyHashable`:
// `AnyHashable(AVFileType.mov) == AnyHashable("com.apple.quicktime-movie")`, as on Apple platforms.
extension _SwiftNewtypeWrapper where Self.RawValue: _ObjectiveCBridgeable {
    public typealias _ObjectiveCType = Self.RawValue._ObjectiveCType

    public func _bridgeToObjectiveC() -> Self.RawValue._ObjectiveCType {
        rawValue._bridgeToObjectiveC()
    }

    public static func _forceBridgeFromObjectiveC(_ source: Self.RawValue._ObjectiveCType, result: inout Self?) {
        var raw: Self.RawValue?
        Self.RawValue._forceBridgeFromObjectiveC(source, result: &raw)
        result = raw.flatMap(Self.init(rawValue:))
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: Self.RawValue._ObjectiveCType,
                                                          result: inout Self?) -> Bool {
        var raw: Self.RawValue?
        guard Self.RawValue._conditionallyBridgeFromObjectiveC(source, result: &raw), let raw else {
            result = nil
            return false
        }
        result = Self(rawValue: raw)
        return result != nil
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: Self.RawValue._ObjectiveCType?) -> Self {
        var result: Self?
        if let source {
            _forceBridgeFromObjectiveC(source, result: &result)
        } else {
            result = Self(rawValue: Self.RawValue._unconditionallyBridgeFromObjectiveC(nil))
        }
        guard let result else { preconditionFailure("\(Self.self) has no value for the bridged raw value") }
        return result
    }
}
