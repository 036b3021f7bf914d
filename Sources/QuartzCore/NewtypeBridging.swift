import CoreFoundationShims

// Core Animation's typed string constants bridge to NSString (and CFString) as their imported newtypes do on Apple
// platforms. The conversion itself is CoreFoundationShims/NewtypeBridging.swift.
extension CALayerContentsGravity: _SwiftNewtypeWrapper, _ObjectiveCBridgeable {}
extension CATextLayerAlignmentMode: _SwiftNewtypeWrapper, _ObjectiveCBridgeable {}
extension CAMediaTimingFillMode: _SwiftNewtypeWrapper, _ObjectiveCBridgeable {}
