// Image files, as Apple's ImageIO framework spells them: CGImageSource reads PNG and JPEG, CGImageDestination
// writes them. Apple's module re-exports Core Graphics' image types; so does this one.
@_exported import CoreGraphics
@_exported import CoreFoundationShims
