import CoreMedia
import CoreVideo
import Foundation

/// Appends pixel buffers, with their presentation times, to a video input that encodes, and offers a pool of
/// buffers in the source format (AVAssetWriterInputPixelBufferAdaptor).
///
/// Thread safety: `lock` guards the pool.
// Safe because `lock` guards the pool.
open class AVAssetWriterInputPixelBufferAdaptor: NSObject, @unchecked Sendable {
    /// The input the pixel buffers go to.
    public let assetWriterInput: AVAssetWriterInput
    /// The attributes of the pixel buffers that will be appended (format, size), which the pool uses.
    public let sourcePixelBufferAttributes: [String: Any]?

    private let lock = NSLock()
    private var pool: CVPixelBufferPool?
    private var poolTried = false

    /// An adaptor for `input`, whose buffers have `sourcePixelBufferAttributes`. Apple raises an exception for an
    /// input that was already given an adaptor or has started writing; here such an adaptor's appends fail with
    /// the reason.
    public init(assetWriterInput input: AVAssetWriterInput, sourcePixelBufferAttributes: [String: Any]?) {
        assetWriterInput = input
        self.sourcePixelBufferAttributes = sourcePixelBufferAttributes
        super.init()
    }

    /// A pool of pixel buffers in the source format: nil until the writer has started writing (and when the
    /// attributes and the output settings together give no size).
    public var pixelBufferPool: CVPixelBufferPool? {
        guard assetWriterInput.running != nil else { return nil }
        return lock.withLock {
            if !poolTried {
                poolTried = true
                pool = makePool()
            }
            return pool
        }
    }

    /// The pool: the attributes' format (the encoder's 4:2:0 bi-planar video-range format when they give none)
    /// and size (the output settings' size when they give none).
    private func makePool() -> CVPixelBufferPool? {
        var attributes = sourcePixelBufferAttributes ?? [:]
        if attributes[kCVPixelBufferPixelFormatTypeKey as String] == nil {
            attributes[kCVPixelBufferPixelFormatTypeKey as String] = kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange
        }
        let settings = assetWriterInput.outputSettings ?? [:]
        if attributes[kCVPixelBufferWidthKey as String] == nil, let width = settings[AVVideoWidthKey] {
            attributes[kCVPixelBufferWidthKey as String] = width
        }
        if attributes[kCVPixelBufferHeightKey as String] == nil, let height = settings[AVVideoHeightKey] {
            attributes[kCVPixelBufferHeightKey as String] = height
        }
        guard attributes[kCVPixelBufferWidthKey as String] != nil, attributes[kCVPixelBufferHeightKey as String] != nil else { return nil }
        var made: CVPixelBufferPool?
        guard CVPixelBufferPoolCreate(nil, nil, attributes as CFDictionary, &made) == kCVReturnSuccess else { return nil }
        return made
    }

    /// Appends a pixel buffer presented at `presentationTime`. Returns false when the writer has failed or the
    /// buffer is refused (the writer's `error` says why).
    @discardableResult
    public func append(_ pixelBuffer: CVPixelBuffer, withPresentationTime presentationTime: CMTime) -> Bool {
        let input = assetWriterInput
        input.lock.withLock { input.attempts += 1 }
        guard let (engine, index) = input.running else {
            input.writer?.failConfiguration(WriterFailure.misuse("a pixel buffer was appended before startWriting()"), "append")
            return false
        }
        guard case .video = input.encoding else {
            engine.fail(WriterFailure.misuse("a pixel buffer adaptor needs a video input with output settings (this input passes compressed samples through)"))
            return false
        }
        guard presentationTime.isNumeric else {
            engine.fail(WriterFailure.misuse("a pixel buffer was appended without a numeric presentation time"))
            return false
        }
        if let attributes = sourcePixelBufferAttributes {
            let width = (attributes[kCVPixelBufferWidthKey as String] as? NSNumber)?.intValue ?? attributes[kCVPixelBufferWidthKey as String] as? Int
            let height = (attributes[kCVPixelBufferHeightKey as String] as? NSNumber)?.intValue ?? attributes[kCVPixelBufferHeightKey as String] as? Int
            let actual = (CVPixelBufferGetWidth(pixelBuffer), CVPixelBufferGetHeight(pixelBuffer))
            if let width, let height, (width, height) != actual {
                engine.fail(WriterFailure.misuse("a \(actual.0)x\(actual.1) pixel buffer was appended to an adaptor whose source pixel buffers are \(width)x\(height)",
                                                 time: presentationTime))
                return false
            }
        }
        return input.submit(.pixelBuffer(pixelBuffer, presentationTime), bytes: CVPixelBufferGetDataSize(pixelBuffer),
                            engine: engine, index: index)
    }
}
