import CoreFoundationShims

// The CoreFoundation type identifiers of Core Graphics' objects (`CFGetTypeID(x) == CGImageGetTypeID()`).

extension CGImage: CFTypeIdentified {
    /// The type identifier of images.
    package static var cfTypeID: CFTypeID { CFTypeIDNumber.image.rawValue }
}

extension CGColorSpace: CFTypeIdentified {
    /// The type identifier of colour spaces.
    package static var cfTypeID: CFTypeID { CFTypeIDNumber.colorSpace.rawValue }
}

/// The type identifier of images.
public func CGImageGetTypeID() -> CFTypeID { CGImage.cfTypeID }

/// The type identifier of colour spaces.
public func CGColorSpaceGetTypeID() -> CFTypeID { CGColorSpace.cfTypeID }
