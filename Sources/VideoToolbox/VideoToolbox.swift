// The VideoToolbox constants that AVFoundation output settings use: profile levels and compression property keys.
@_exported import CoreFoundationShims
