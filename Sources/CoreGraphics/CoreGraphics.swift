// The Core Graphics types that AVFoundation code uses. `CGFloat`, `CGPoint`, `CGSize` and `CGRect` come from
// Linux's Foundation and are reused, never redefined.
@_exported import CoreFoundationShims
