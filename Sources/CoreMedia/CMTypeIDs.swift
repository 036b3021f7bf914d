// The CoreFoundation type identifiers of Core Media's objects (`CFGetTypeID(x) == CMSampleBufferGetTypeID()`).

extension CMSampleBuffer: CFTypeIdentified {
    /// The type identifier of sample buffers.
    package static var cfTypeID: CFTypeID { CFTypeIDNumber.sampleBuffer.rawValue }
}

extension CMBlockBuffer: CFTypeIdentified {
    /// The type identifier of block buffers.
    package static var cfTypeID: CFTypeID { CFTypeIDNumber.blockBuffer.rawValue }
}

extension CMFormatDescription: CFTypeIdentified {
    /// The type identifier of format descriptions.
    package static var cfTypeID: CFTypeID { CFTypeIDNumber.formatDescription.rawValue }
}

/// The type identifier of sample buffers.
public func CMSampleBufferGetTypeID() -> CFTypeID { CMSampleBuffer.cfTypeID }

/// The type identifier of block buffers.
public func CMBlockBufferGetTypeID() -> CFTypeID { CMBlockBuffer.cfTypeID }

/// The type identifier of format descriptions.
public func CMFormatDescriptionGetTypeID() -> CFTypeID { CMFormatDescription.cfTypeID }
