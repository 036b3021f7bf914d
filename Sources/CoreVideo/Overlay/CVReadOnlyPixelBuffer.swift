/// A pixel buffer whose pixels no one writes any more (iOS 26), safe to share between tasks. Reading goes through
/// `accessUnsafeRawPlaneBytes(_:)` and the other `CVPixelBufferRepresentable` members; this type offers no way to
/// write.
public final class CVReadOnlyPixelBuffer: Sendable {
    /// The wrapped buffer.
    let buffer: CVPixelBuffer

    /// Takes over an existing pixel buffer; the caller promises not to write its pixels any more.
    public init(unsafeBuffer: sending CVPixelBuffer) {
        buffer = unsafeBuffer
    }

    /// Freezes a mutable buffer: the same memory, no copy, and no writer left.
    public init(_ mutableBuffer: consuming CVMutablePixelBuffer) {
        buffer = mutableBuffer.buffer
    }

    /// Calls `body` with the wrapped pixel buffer, which must not be written.
    public func withUnsafeBuffer<R>(_ body: (CVPixelBuffer) throws -> sending R) rethrows -> sending R {
        try body(buffer)
    }
}

extension CVReadOnlyPixelBuffer: CVPixelBufferRepresentable {}
