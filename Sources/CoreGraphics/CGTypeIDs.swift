import CoreFoundationShims

// The CoreFoundation type identifiers of Core Graphics' objects (`CFGetTypeID(x) == CGImage.typeID` on Apple platforms).

extension CGImage: CFTypeIdentified {
    /// The type identifier of images.
    package static var cfTypeID: CFTypeID { CFTypeIDNumber.image.rawValue }
}

extension CGColorSpace: CFTypeIdentified {
    /// The type identifier of colour spaces.
    package static var cfTypeID: CFTypeID { CFTypeIDNumber.colorSpace.rawValue }
}
