import CoreMedia
import CoreVideo
import Foundation

// Apple's iOS 26 / macOS 26 way to configure and start a writer: each input is attached by asking for its receiver,
// and `start()` throws instead of returning false. The classic calls underneath are the same (`add(_:)`,
// `startWriting()`), so both ways can be mixed and behave alike.

extension AVAssetWriter {
    /// Starts writing (creates the output and the inputs' encoders). Throws the writer's error when that is not
    /// possible: the one `startWriting()` would have left in `error`.
    public func start() throws {
        guard startWriting() else {
            throw error ?? AVError(.operationNotAllowed, "the asset writer could not start (status \(status))")
        }
    }

    /// Attaches `input` to the writer (as `add(_:)`) and returns the receiver to append its sample buffers with.
    /// An input that cannot be added fails the writer with the reason, which `start()` then throws.
    public func inputReceiver(for input: AVAssetWriterInput) -> sending AVAssetWriterInput.SampleBufferReceiver {
        add(input)
        return AVAssetWriterInput.SampleBufferReceiver(input: input)
    }

    /// `inputReceiver(for:)` for an input that encodes in several passes when its encoder can
    /// (`performsMultiPassEncodingIfSupported` is set), with the controller that hands out its passes.
    public func inputReceiverRequestingMultiPass(for input: AVAssetWriterInput)
        -> sending (AVAssetWriterInput.SampleBufferReceiver, AVAssetWriterInput.MultiPassController) {
        input.performsMultiPassEncodingIfSupported = true
        return (inputReceiver(for: input), AVAssetWriterInput.MultiPassController(input: input))
    }

    /// Attaches a video `input` that encodes and returns the receiver to append pixel buffers with; its pool's
    /// buffers have `attributes`.
    public func inputPixelBufferReceiver(for input: AVAssetWriterInput,
                                         pixelBufferAttributes attributes: CVPixelBufferCreationAttributes?)
        -> sending AVAssetWriterInput.PixelBufferReceiver {
        add(input)
        return AVAssetWriterInput.PixelBufferReceiver(input: input, attributes: attributes)
    }

    /// `inputPixelBufferReceiver(for:pixelBufferAttributes:)` for an input that encodes in several passes when its
    /// encoder can, with the controller that hands out its passes.
    public func inputPixelBufferReceiverRequestingMultiPass(for input: AVAssetWriterInput,
                                                            pixelBufferAttributes attributes: CVPixelBufferCreationAttributes?)
        -> sending (AVAssetWriterInput.PixelBufferReceiver, AVAssetWriterInput.MultiPassController) {
        input.performsMultiPassEncodingIfSupported = true
        return (inputPixelBufferReceiver(for: input, pixelBufferAttributes: attributes),
                AVAssetWriterInput.MultiPassController(input: input))
    }

    /// Attaches a metadata `input` and returns the receiver to append timed metadata groups with.
    public func inputMetadataReceiver(for input: AVAssetWriterInput) -> sending AVAssetWriterInput.MetadataReceiver {
        add(input)
        return AVAssetWriterInput.MetadataReceiver(input: input)
    }

    /// `inputMetadataReceiver(for:)` with a multi-pass controller. Metadata is never encoded, so its
    /// `passDescriptions` is nil.
    public func inputMetadataReceiverRequestingMultiPass(for input: AVAssetWriterInput)
        -> sending (AVAssetWriterInput.MetadataReceiver, AVAssetWriterInput.MultiPassController) {
        input.performsMultiPassEncodingIfSupported = true
        return (inputMetadataReceiver(for: input), AVAssetWriterInput.MultiPassController(input: input))
    }
}
