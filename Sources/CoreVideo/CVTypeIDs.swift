import CoreFoundationShims

// The CoreFoundation type identifiers of Core Video's objects (`CFGetTypeID(x) == CVPixelBufferGetTypeID()`). Every
// Core Video buffer here is a pixel buffer, so image and pixel buffers share one identifier.

extension CVBuffer: CFTypeIdentified {
    /// The type identifier of pixel buffers.
    package static var cfTypeID: CFTypeID { CFTypeIDNumber.imageBuffer.rawValue }
}

extension CVPixelBufferPool: CFTypeIdentified {
    /// The type identifier of pixel buffer pools.
    package static var cfTypeID: CFTypeID { CFTypeIDNumber.pixelBufferPool.rawValue }
}

/// The type identifier of pixel buffers.
public func CVPixelBufferGetTypeID() -> CFTypeID { CVBuffer.cfTypeID }

/// The type identifier of pixel buffer pools.
public func CVPixelBufferPoolGetTypeID() -> CFTypeID { CVPixelBufferPool.cfTypeID }
