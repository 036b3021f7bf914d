// Core Animation's layer model, as far as AV Foundation's offline rendering reads it (AVVideoCompositionCoreAnimationTool):
// CALayer and its geometry, contents gravity, 3-D transforms, and the animation and text-layer types that code
// builds (recorded and refused, never silently ignored). `import AVFoundation` re-exports it, as on Apple platforms.
@_exported import CoreGraphics
// On macOS, QuartzCore's headers bring ImageIO (CGImageSourceCreateWithURL, CGImageDestinationCreateWithURL…) and
// CoreServices (the legacy kUTType constants): code that exports frames as images with only `import QuartzCore`
// (or `import AVFoundation`, which re-exports this module) compiles there, so it does here. macOS is the model
// because it is a superset of iOS here.
@_exported import ImageIO
@_exported import CoreServices
