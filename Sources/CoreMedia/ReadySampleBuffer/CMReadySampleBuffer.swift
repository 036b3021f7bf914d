import CoreVideo

/// A sample buffer whose data is ready, typed by what it carries (iOS 26): `CMReadySampleBuffer<CVReadOnlyPixelBuffer>`
/// holds one picture, `CMReadySampleBuffer<CMReadOnlyDataBlockBuffer>` bytes, `CMReadySampleBuffer<Never>` nothing (a
/// marker), `CMReadySampleBuffer<CMSampleBuffer.DynamicContent>` any of them, decided at run time.
///
/// It wraps a `CMSampleBuffer`, which `withUnsafeSampleBuffer(_:)` hands out. Setting a property gives this value a
/// new sample buffer (sharing the payload), so other copies keep theirs.
///
/// The `unsafe…` initialisers state a precondition, as Apple's do: the buffer must be ready, valid, and carry the
/// payload the type says. Breaking it stops the program with a message saying what the buffer held; the
/// conversions from dynamic content (`init?(_:)`) check the same things and return nil instead.
public struct CMReadySampleBuffer<Content: CMSampleBuffer.Content>: Sendable {
    /// The wrapped sample buffer.
    var sampleBuffer: CMSampleBuffer

    /// Wraps a buffer already known to be ready and to carry `Content`.
    init(checked sampleBuffer: CMSampleBuffer) {
        self.sampleBuffer = sampleBuffer
    }

    /// Wraps `sampleBuffer` after checking that it is ready and valid and carries `expected`.
    init(unsafe sampleBuffer: CMSampleBuffer, expecting expected: CMSampleBuffer.ContentType?, initializer: String) {
        if let problem = Self.problem(with: sampleBuffer, expecting: expected) {
            preconditionFailure("CMReadySampleBuffer.\(initializer): \(problem)")
        }
        self.sampleBuffer = sampleBuffer
    }

    /// Why `sampleBuffer` cannot be wrapped as carrying `expected` (any content when nil), or nil when it can.
    static func problem(with sampleBuffer: CMSampleBuffer, expecting expected: CMSampleBuffer.ContentType?) -> String? {
        guard sampleBuffer.isValidBuffer else { return "the sample buffer has been invalidated" }
        guard sampleBuffer.readinessValue == .ready else { return "the sample buffer's data is not ready" }
        let actual = sampleBuffer.contentType
        if let expected, actual != expected {
            return "the sample buffer carries \(actual) content, not \(expected)"
        }
        if actual == .sampleReference, sampleBuffer.sampleDataReference == nil {
            return "the sample buffer's sample reference URL attachment is not a URL"
        }
        if expected == .dataBuffer || expected == .pixelBuffer || expected == .sampleReference,
           sampleBuffer.format == nil {
            return "the sample buffer has no format description, which \(actual) content always has"
        }
        return nil
    }

    /// Calls `body` with the wrapped sample buffer.
    public func withUnsafeSampleBuffer<R>(_ body: (CMSampleBuffer) throws -> sending R) rethrows -> sending R {
        try body(sampleBuffer)
    }

    /// What the buffer carries (for dynamic content, decided by the wrapped buffer; never changed by setting
    /// `content`).
    public var contentType: CMSampleBuffer.ContentType { sampleBuffer.contentType }

    /// The format description, if any (marker buffers and some pixel buffers have none).
    public var formatDescription: CMFormatDescription? { sampleBuffer.format }
}

// MARK: Dynamic content

extension CMReadySampleBuffer where Content == CMSampleBuffer.DynamicContent {
    /// Takes over a ready sample buffer of any content; the caller must not change it any more.
    public init(unsafeBuffer: sending CMSampleBuffer) {
        self.init(unsafe: unsafeBuffer, expecting: nil, initializer: "init(unsafeBuffer:)")
    }

    /// The package's bridge from a sample buffer its reader made (compressed data, a decoded picture, PCM audio):
    /// the content is whatever the buffer holds. Data that is not ready yet is made ready first; a buffer whose data
    /// cannot be made ready, or that has been invalidated, stops the program, as no ready buffer can stand for it.
    package init(bridging sampleBuffer: CMSampleBuffer) {
        if sampleBuffer.readinessValue != .ready { _ = sampleBuffer.makeReady() }
        self.init(unsafe: sampleBuffer, expecting: nil, initializer: "init(bridging:)")
    }

    /// The same buffer with its content known only at run time.
    public init(_ other: CMReadySampleBuffer<some CMSampleBuffer.Content>) {
        self.init(checked: other.sampleBuffer)
    }

    /// The payload. Setting it replaces the payload with one of the same kind (a picture by a picture…); a payload
    /// of another kind is a programming error, as the content type cannot change.
    public var content: CMSampleBuffer.DynamicContent {
        get { sampleBuffer.dynamicContent }
        set {
            precondition(newValue.contentType == contentType, "CMReadySampleBuffer.content: a \(contentType) sample "
                         + "buffer cannot take \(newValue.contentType) content")
            switch newValue {
            case .dataBuffer(let data): replaceData(with: data)
            case .pixelBuffer(let pixels): replaceImage(with: pixels)
            case .sampleReference(let reference): replaceReference(with: reference)
            case .taggedBuffers(let buffers): replaceTaggedBuffers(with: buffers)
            case .markerOnly: break
            }
        }
    }
}

// MARK: Typed content

extension CMReadySampleBuffer where Content == CMReadOnlyDataBlockBuffer {
    /// Takes over a ready sample buffer carrying bytes in a data buffer.
    public init(unsafeWithDataBuffer unsafeBuffer: sending CMSampleBuffer) {
        self.init(unsafe: unsafeBuffer, expecting: .dataBuffer, initializer: "init(unsafeWithDataBuffer:)")
    }

    /// The dynamic buffer as one carrying bytes; nil when it carries something else.
    public init?(_ other: CMReadySampleBuffer<CMSampleBuffer.DynamicContent>) {
        guard Self.problem(with: other.sampleBuffer, expecting: .dataBuffer) == nil else { return nil }
        self.init(checked: other.sampleBuffer)
    }

    /// The bytes. Setting them keeps the timing, sizes and format description, which must fit the new bytes.
    public var content: CMReadOnlyDataBlockBuffer {
        get { CMReadOnlyDataBlockBuffer(unsafeBlockBuffer: sampleBuffer.dataBufferValue ?? CMBlockBuffer(subBlockCapacity: 0)) }
        set { replaceData(with: newValue) }
    }
}

extension CMReadySampleBuffer where Content == CVReadOnlyPixelBuffer {
    /// Takes over a ready sample buffer carrying a pixel buffer.
    public init(unsafeWithPixelBuffer unsafeBuffer: sending CMSampleBuffer) {
        self.init(unsafe: unsafeBuffer, expecting: .pixelBuffer, initializer: "init(unsafeWithPixelBuffer:)")
    }

    /// The dynamic buffer as one carrying a picture; nil when it carries something else.
    public init?(_ other: CMReadySampleBuffer<CMSampleBuffer.DynamicContent>) {
        guard Self.problem(with: other.sampleBuffer, expecting: .pixelBuffer) == nil else { return nil }
        self.init(checked: other.sampleBuffer)
    }

    /// The picture. Setting it keeps the timing; the format description is kept when it describes the new picture
    /// and made from the picture otherwise.
    public var content: CVReadOnlyPixelBuffer {
        get {
            guard let image = sampleBuffer.image else {
                preconditionFailure("invariant: a pixel-buffer sample buffer holds an image buffer")
            }
            return CVReadOnlyPixelBuffer(unsafeBuffer: image)
        }
        set { replaceImage(with: newValue) }
    }
}

extension CMReadySampleBuffer where Content == Never {
    /// Takes over a ready marker sample buffer (no data, no format description).
    public init(unsafeMarkerOnlySampleBuffer unsafeBuffer: sending CMSampleBuffer) {
        self.init(unsafe: unsafeBuffer, expecting: .markerOnly, initializer: "init(unsafeMarkerOnlySampleBuffer:)")
    }

    /// The dynamic buffer as a marker; nil when it carries a payload.
    public init?(_ other: CMReadySampleBuffer<CMSampleBuffer.DynamicContent>) {
        guard Self.problem(with: other.sampleBuffer, expecting: .markerOnly) == nil else { return nil }
        self.init(checked: other.sampleBuffer)
    }
}

extension CMReadySampleBuffer where Content == CMSampleDataReference {
    /// Takes over a ready sample buffer describing where its samples' bytes are.
    public init(unsafeSampleDataReferenceBuffer unsafeBuffer: sending CMSampleBuffer) {
        self.init(unsafe: unsafeBuffer, expecting: .sampleReference,
                  initializer: "init(unsafeSampleDataReferenceBuffer:)")
    }

    /// The dynamic buffer as a sample reference; nil when it carries something else.
    public init?(_ other: CMReadySampleBuffer<CMSampleBuffer.DynamicContent>) {
        guard Self.problem(with: other.sampleBuffer, expecting: .sampleReference) == nil else { return nil }
        self.init(checked: other.sampleBuffer)
    }

    /// Where the samples' bytes are.
    public var content: CMSampleDataReference {
        get {
            guard let reference = sampleBuffer.sampleDataReference else {
                preconditionFailure("invariant: a sample-reference sample buffer has a URL attachment")
            }
            return reference
        }
        set { replaceReference(with: newValue) }
    }
}

extension CMReadySampleBuffer where Content == [CMTaggedDynamicBuffer] {
    /// Takes over a ready sample buffer carrying tagged buffers.
    public init(unsafeWithTaggedBuffers unsafeBuffer: sending CMSampleBuffer) {
        self.init(unsafe: unsafeBuffer, expecting: .taggedBuffers, initializer: "init(unsafeWithTaggedBuffers:)")
    }

    /// The dynamic buffer as one carrying tagged buffers; nil when it carries something else.
    public init?(_ other: CMReadySampleBuffer<CMSampleBuffer.DynamicContent>) {
        guard Self.problem(with: other.sampleBuffer, expecting: .taggedBuffers) == nil else { return nil }
        self.init(checked: other.sampleBuffer)
    }

    /// The tagged buffers.
    public var content: [CMTaggedDynamicBuffer] {
        get { (sampleBuffer.taggedBufferStore ?? []).map { CMTaggedDynamicBuffer(unsafeBuffer: $0) } }
        set { replaceTaggedBuffers(with: newValue) }
    }
}
