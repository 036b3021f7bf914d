import CoreFoundationShims

// Apple's typed string constants of AVFoundation bridge to NSString (and so to CFString) as their imported newtypes
// do on Apple platforms: `AVFileType.mp4 as CFString`, `[AVMetadataKey: Any] as NSDictionary`, `any as? AVMediaType`.
// The conversion itself is CoreFoundationShims/NewtypeBridging.swift.
extension AVFileType: _SwiftNewtypeWrapper, _ObjectiveCBridgeable {}
extension AVFileTypeProfile: _SwiftNewtypeWrapper, _ObjectiveCBridgeable {}
extension AVMediaType: _SwiftNewtypeWrapper, _ObjectiveCBridgeable {}
extension AVMediaCharacteristic: _SwiftNewtypeWrapper, _ObjectiveCBridgeable {}
extension AVAssetTrack.AssociationType: _SwiftNewtypeWrapper, _ObjectiveCBridgeable {}
extension AVMetadataKey: _SwiftNewtypeWrapper, _ObjectiveCBridgeable {}
extension AVMetadataIdentifier: _SwiftNewtypeWrapper, _ObjectiveCBridgeable {}
extension AVMetadataFormat: _SwiftNewtypeWrapper, _ObjectiveCBridgeable {}
extension AVMetadataKeySpace: _SwiftNewtypeWrapper, _ObjectiveCBridgeable {}
extension AVMetadataExtraAttributeKey: _SwiftNewtypeWrapper, _ObjectiveCBridgeable {}
extension AVAudioTimePitchAlgorithm: _SwiftNewtypeWrapper, _ObjectiveCBridgeable {}
extension AVAssetImageGenerator.ApertureMode: _SwiftNewtypeWrapper, _ObjectiveCBridgeable {}
extension AVAssetImageGenerator.DynamicRangePolicy: _SwiftNewtypeWrapper, _ObjectiveCBridgeable {}
extension AVAssetWriterInput.MediaDataLocation: _SwiftNewtypeWrapper, _ObjectiveCBridgeable {}
extension AVVideoComposition.PerFrameHDRDisplayMetadataPolicy: _SwiftNewtypeWrapper, _ObjectiveCBridgeable {}
