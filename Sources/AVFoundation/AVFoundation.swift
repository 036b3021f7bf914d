// AVFoundation's asset pipeline. One `import AVFoundation` gives what it gives on Apple platforms: Foundation,
// Core Media, Core Video, Core Audio types and the Core Graphics types that media code uses.
@_exported import CoreAudioTypes
@_exported import CoreGraphics
@_exported import CoreMedia
@_exported import CoreVideo
