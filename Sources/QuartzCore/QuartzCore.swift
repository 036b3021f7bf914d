// Core Animation's layer model, as far as AV Foundation's offline rendering reads it (AVVideoCompositionCoreAnimationTool):
// CALayer and its geometry, contents gravity, 3-D transforms, and the animation and text-layer types that code
// builds (recorded and refused, never silently ignored). `import AVFoundation` re-exports it, as on Apple platforms.
@_exported import CoreGraphics
