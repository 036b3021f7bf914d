/// A pixel buffer that its one owner may write (iOS 26). Noncopyable, so that no one else holds it while it is
/// written; consume it into a `CVReadOnlyPixelBuffer` to share it.
public struct CVMutablePixelBuffer: ~Copyable, Sendable {
    /// The wrapped buffer.
    let buffer: CVPixelBuffer

    /// A new buffer with memory for `attributes`' size, format and extended pixels; throws a `CVError` saying why
    /// when the attributes cannot be honoured (a format that cannot be allocated here, a size that is not positive
    /// or too large, an alignment that is not a power of two…).
    public init(_ attributes: CVPixelBufferCreationAttributes) throws {
        buffer = try CVBuffer.make(width: attributes.size.width, height: attributes.size.height,
                                   pixelFormat: attributes.pixelFormatType.rawValue,
                                   attributes: attributes.dictionaryRepresentation)
    }

    /// Takes over an existing pixel buffer; the caller must not use it any more, except through this value.
    public init(unsafeBuffer: sending CVPixelBuffer) {
        buffer = unsafeBuffer
    }

    /// Calls `body` with the wrapped pixel buffer.
    public func withUnsafeBuffer<R>(_ body: (CVPixelBuffer) throws -> sending R) rethrows -> sending R {
        try body(buffer)
    }

    /// Calls `body` with every plane's properties and writable bytes while the base address is locked for writing
    /// (unlocking counts as a modification). The bytes must not be used after `body` returns.
    public func accessUnsafeMutableRawPlaneBytes<R>(
        _ body: ([(properties: CVPixelBufferPlaneProperties, bytes: UnsafeMutableRawBufferPointer)]) throws -> sending R
    ) rethrows -> sending R {
        buffer.lockBaseAddress(readOnly: false)
        defer { try? buffer.unlockBaseAddress(readOnly: false) }
        return try body(buffer.planeRecords.map { record in
            (CVPixelBufferPlaneProperties(size: CVImageSize(width: record.width, height: record.height),
                                          bytesPerRow: record.bytesPerRow),
             UnsafeMutableRawBufferPointer(start: record.baseAddress, count: record.bytesPerRow * record.height))
        })
    }

    /// Repeats the image's edge pixels into the extended pixels; true when done (also when there are none).
    public func fillExtendedPixels() -> Bool {
        CVPixelBufferFillExtendedPixels(buffer) == kCVReturnSuccess
    }
}

extension CVMutablePixelBuffer: CVPixelBufferRepresentable {}
