import CoreFoundationShims

// The CoreFoundation type identifiers of ImageIO's objects (`CFGetTypeID(x) == CGImageSourceGetTypeID()`).

extension CGImageSource: CFTypeIdentified {
    /// The type identifier of image sources.
    package static var cfTypeID: CFTypeID { CFTypeIDNumber.imageSource.rawValue }
}

extension CGImageDestination: CFTypeIdentified {
    /// The type identifier of image destinations.
    package static var cfTypeID: CFTypeID { CFTypeIDNumber.imageDestination.rawValue }
}

/// The type identifier of image sources.
public func CGImageSourceGetTypeID() -> CFTypeID { CGImageSource.cfTypeID }

/// The type identifier of image destinations.
public func CGImageDestinationGetTypeID() -> CFTypeID { CGImageDestination.cfTypeID }
