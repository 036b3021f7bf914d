import CoreVideo

/// Tags and the read-only buffer they describe (iOS 26): an element of a ready sample buffer's tagged buffers.
///
/// Apple's `content` property and its `CMTaggedDynamicBuffer.Content` enumeration are not declared here: their
/// cases could not be confirmed from Apple's documentation. Reach the buffer through `withUnsafeTaggedBuffer(_:)`.
public struct CMTaggedDynamicBuffer: Sendable {
    /// The tags of the buffer.
    public var tags: [CMTag]
    /// The buffer.
    private let buffer: CMTaggedBuffer.Buffer

    /// Tags on a picture.
    public init(tags: [CMTag], content: CVReadOnlyPixelBuffer) {
        self.tags = tags
        buffer = .pixelBuffer(content.withUnsafeBuffer { $0 })
    }

    /// Tags on a sample buffer carrying a picture.
    public init(tags: [CMTag], content: CMReadySampleBuffer<CVReadOnlyPixelBuffer>) {
        self.tags = tags
        buffer = .sampleBuffer(content.withUnsafeSampleBuffer { $0 })
    }

    /// Tags on a sample buffer carrying bytes.
    public init(tags: [CMTag], content: CMReadySampleBuffer<CMReadOnlyDataBlockBuffer>) {
        self.tags = tags
        buffer = .sampleBuffer(content.withUnsafeSampleBuffer { $0 })
    }

    /// Takes over a tagged buffer; its buffer must not be written any more.
    public init(unsafeBuffer: sending CMTaggedBuffer) {
        tags = unsafeBuffer.tags
        buffer = unsafeBuffer.buffer
    }

    /// Calls `body` with the tags and buffer as a `CMTaggedBuffer`.
    public func withUnsafeTaggedBuffer<R>(_ body: (CMTaggedBuffer) throws -> sending R) rethrows -> sending R {
        try body(CMTaggedBuffer(tags: tags, buffer: buffer))
    }
}
