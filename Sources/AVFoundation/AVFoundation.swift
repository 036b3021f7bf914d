// AVFoundation's asset pipeline. One `import AVFoundation` gives what it gives on Apple platforms: Foundation,
// Core Media, Core Video, Core Audio types, the Core Graphics types that media code uses, and Core Animation's
// layers (Apple's AVFoundation headers import QuartzCore, so `CALayer` comes with `import AVFoundation` there too).
@_exported import CoreAudioTypes
@_exported import CoreGraphics
@_exported import QuartzCore
// Through QuartzCore on macOS: ImageIO and CoreServices' legacy kUTType constants. Named here as well so that the
// list of what `import AVFoundation` brings is in one place.
@_exported import ImageIO
@_exported import CoreServices
@_exported import CoreMedia
@_exported import CoreVideo
// Apple's Foundation re-exports the ObjectiveC module (objc_sync_enter, autoreleasepool); Linux's does not.
@_exported import ObjectiveC
// Key-value observing (observe(_:options:changeHandler:), willChangeValue(forKey:)…) is Foundation's on Apple
// platforms; Linux's Foundation has none, and Foundation cannot be extended as a module, so it comes from here.
@_exported import _KeyValueObserving
