import CoreVideo

/// A media buffer and the tags that describe it (iOS 17).
public struct CMTaggedBuffer: CustomStringConvertible, Sendable {
    /// The buffer a tagged buffer holds.
    public enum Buffer: Sendable {
        /// A picture.
        case pixelBuffer(CVPixelBuffer)
        /// Samples.
        case sampleBuffer(CMSampleBuffer)
    }

    /// The tags of the buffer.
    public let tags: [CMTag]
    /// The buffer.
    public let buffer: CMTaggedBuffer.Buffer

    /// A tagged buffer holding `buffer`.
    public init(tags: [CMTag], buffer: CMTaggedBuffer.Buffer) {
        self.tags = tags
        self.buffer = buffer
    }

    /// A tagged buffer holding a sample buffer.
    public init(tags: [CMTag], sampleBuffer: CMSampleBuffer) {
        self.init(tags: tags, buffer: .sampleBuffer(sampleBuffer))
    }

    /// A tagged buffer holding a pixel buffer.
    public init(tags: [CMTag], pixelBuffer: CVPixelBuffer) {
        self.init(tags: tags, buffer: .pixelBuffer(pixelBuffer))
    }

    /// The tags and the kind of buffer.
    public var description: String {
        let kind: String
        switch buffer {
        case .pixelBuffer(let pixels): kind = "pixel buffer \(pixels.width)x\(pixels.height)"
        case .sampleBuffer(let samples): kind = "sample buffer of \(samples.sampleCount) samples"
        }
        return "CMTaggedBuffer(tags: \(tags), \(kind))"
    }
}

extension CMSampleBuffer {
    /// The tagged buffers the buffer carries; nil when it carries something else.
    public var taggedBuffers: [CMTaggedBuffer]? { taggedBufferStore }
}
