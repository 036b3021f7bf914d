import CoreFoundationShims

// `AVVideoCodecType.h264 as CFString` (and `as NSString`, `as? AVVideoCodecType` from `Any`), as the imported newtype
// bridges on Apple platforms. The conversion itself is CoreFoundationShims/NewtypeBridging.swift.
extension AVVideoCodecType: _SwiftNewtypeWrapper, _ObjectiveCBridgeable {}
