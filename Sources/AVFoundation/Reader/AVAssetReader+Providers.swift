import CoreMedia
import Foundation

// Apple's iOS 26 / macOS 26 way to configure and start a reader: each output is attached by asking for its
// provider, and `start()` throws instead of returning false. The classic calls underneath are the same
// (`add(_:)`, `startReading()`), so both ways behave alike.

extension AVAssetReader {
    /// Starts reading: checks every output's settings, tracks and decoders. Throws the error `startReading()`
    /// would have left in `error` (which output, track and setting cannot be honoured).
    public func start() throws {
        guard startReading() else {
            throw error ?? AVError(.operationNotAllowed, "the asset reader could not start (status \(status)); a reader starts once")
        }
    }

    /// Attaches `output` (as `add(_:)`) and returns the provider to read its sample buffers with. An output that
    /// cannot be added makes `start()` throw the reason.
    public func outputProvider(for output: AVAssetReaderOutput)
        -> sending AVAssetReaderOutput.Provider<CMReadySampleBuffer<CMSampleBuffer.DynamicContent>> {
        add(output)
        return Self.sampleBufferProvider(output)
    }

    /// `outputProvider(for:)` for an output whose time ranges can be changed while reading, with the controller
    /// that changes them (the reader completes only after its `markConfigurationAsFinal()`).
    public func outputProviderWithRandomAccess(for output: AVAssetReaderOutput)
        -> sending (AVAssetReaderOutput.Provider<CMReadySampleBuffer<CMSampleBuffer.DynamicContent>>,
                    AVAssetReaderOutput.RandomAccessController) {
        output.supportsRandomAccess = true
        add(output)
        return (Self.sampleBufferProvider(output), AVAssetReaderOutput.RandomAccessController(output: output))
    }

    /// Attaches a track output of a timed metadata track (without output settings) and returns the provider to
    /// read its samples as timed metadata groups. Another output makes `start()` throw the reason.
    public func outputMetadataProvider(for output: AVAssetReaderTrackOutput)
        -> sending AVAssetReaderOutput.Provider<AVTimedMetadataGroup> {
        addMetadataOutput(output)
        return Self.metadataProvider(output)
    }

    /// `outputMetadataProvider(for:)` with a controller that changes the time ranges while reading.
    public func outputMetadataProviderWithRandomAccess(for output: AVAssetReaderTrackOutput)
        -> sending (AVAssetReaderOutput.Provider<AVTimedMetadataGroup>, AVAssetReaderOutput.RandomAccessController) {
        output.supportsRandomAccess = true
        addMetadataOutput(output)
        return (Self.metadataProvider(output), AVAssetReaderOutput.RandomAccessController(output: output))
    }

    // MARK: Making providers

    private static func sampleBufferProvider(_ output: AVAssetReaderOutput)
        -> AVAssetReaderOutput.Provider<CMReadySampleBuffer<CMSampleBuffer.DynamicContent>> {
        AVAssetReaderOutput.Provider(output: output) { (buffer: CMSampleBuffer) throws(AVError) in
            CMReadySampleBuffer<CMSampleBuffer.DynamicContent>(bridging: buffer)
        }
    }

    private static func metadataProvider(_ output: AVAssetReaderTrackOutput) -> AVAssetReaderOutput.Provider<AVTimedMetadataGroup> {
        let trackID = output.track.trackID
        return AVAssetReaderOutput.Provider(output: output) { (buffer: CMSampleBuffer) throws(AVError) in
            guard let group = AVTimedMetadataGroup(sampleBuffer: buffer) else {
                throw AVError(.fileFailedToParse,
                              "a sample of timed metadata track \(trackID) at \(CMSampleBufferGetPresentationTimeStamp(buffer).messageSeconds) s is not a well-formed boxed metadata sample",
                              extra: [AVErrorPersistentTrackIDKey: NSNumber(value: trackID),
                                      AVErrorPresentationTimeStampKey: CMSampleBufferGetPresentationTimeStamp(buffer)])
            }
            return group
        }
    }

    /// Adds a track output for a metadata provider, refusing (as misuse that `start()` reports) one that does
    /// not read a timed metadata track as stored.
    private func addMetadataOutput(_ output: AVAssetReaderTrackOutput) {
        if output.track.mediaType != .metadata {
            core.misuse("a metadata provider reads a timed metadata track; track \(output.track.trackID) is \(output.track.mediaType.rawValue)")
        } else if output.outputSettings != nil {
            core.misuse("a metadata provider reads samples as stored: its track output's outputSettings must be nil")
        }
        add(output)
    }
}
