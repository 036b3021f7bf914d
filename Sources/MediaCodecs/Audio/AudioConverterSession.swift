import CoreMedia
import FFmpegBridge
import Synchronization

/// Converts linear PCM sample buffers from one stream description to another: sample rate (swresample), channel
/// count and layout (mixed by position), sample type and width, byte order and interleaving.
///
/// Counts are exact: N input frames become ⌈N · outRate / inRate⌉ output frames once `finish()` has run, however the
/// input is chunked. Times are exact: output audio is timed from the first input buffer's presentation time by output
/// sample count; input whose time does not continue the previous buffer's starts a new run (the old run's tail is
/// returned first, at its own times).
///
/// Thread safety: use from one thread at a time (calls are serialised by a lock); create and release anywhere.
// Safe because calls are serialised by a lock.
package final class AudioConverterSession: @unchecked Sendable {
    /// The input layout.
    package let input: PCMLayout
    /// The output layout.
    package let output: PCMLayout
    /// The output format description.
    package var outputFormatDescription: CMAudioFormatDescription { maker.formatDescription }

    private let maker: PCMSampleBufferMaker
    // The lock serialises use of the stream.
    private let lock = Mutex(())
    private let stream: PCMStream

    /// A converter between two linear PCM stream descriptions with optional channel layouts.
    package init(from source: AudioStreamBasicDescription, sourceLayout: ChannelLayout? = nil,
                 to destination: AudioStreamBasicDescription, destinationLayout: ChannelLayout? = nil,
                 conversion: SampleRateConversion = .standard) throws(CodecError) {
        switch (PCMLayout.make(source), PCMLayout.make(destination)) {
        case (.failure(let error), _), (_, .failure(let error)): throw error
        case (.success(let input), .success(let output)):
            self.input = input
            self.output = output
        }
        let inputChannels: FFChannelLayout, outputChannels: FFChannelLayout
        switch (ChannelLayoutMapping.ffLayout(sourceLayout, channelCount: input.channelCount),
                ChannelLayoutMapping.ffLayout(destinationLayout, channelCount: output.channelCount)) {
        case (.failure(let error), _), (_, .failure(let error)): throw error
        case (.success(let a), .success(let b)):
            inputChannels = a
            outputChannels = b
        }
        stream = try PCMStream(input: input, inputChannels: inputChannels, output: output, outputChannels: outputChannels,
                               options: try conversion.resamplerOptions())
        maker = try PCMSampleBufferMaker(layout: output,
                                         channelLayout: destinationLayout ?? ChannelLayoutMapping.coreAudioLayout(outputChannels))
    }

    /// Converts a buffer; returns the converted audio that is ready (the rate converter holds back a few frames).
    package func convert(_ sampleBuffer: CMSampleBuffer) throws(CodecError) -> [CMSampleBuffer] {
        let audio = try sampleBuffer.nativePCM(input)
        return try lock.withLock { (_: inout Void) throws(CodecError) -> [CMSampleBuffer] in
            try buffers(stream.convert(audio, at: CMSampleBufferGetPresentationTimeStamp(sampleBuffer)))
        }
    }

    /// Whether the input is FFmpeg's own layout of its samples, so that `convert(planes:frameCount:at:)` takes them.
    package var takesNativePlanes: Bool { input.isNative }

    /// Converts `frameCount` frames the caller holds in `planes` (one per buffer of the input layout, which must be
    /// native: `takesNativePlanes`), starting at `time`, without copying them into a sample buffer first; returns
    /// the converted audio that is ready.
    package func convert(planes: [UnsafeRawPointer], frameCount: Int, at time: CMTime) throws(CodecError)
        -> [CMSampleBuffer] {
        guard input.isNative, planes.count == input.bufferCount, frameCount >= 0 else {
            throw CodecError(.invalidInput, "\(planes.count) planes of \(frameCount) frames do not fit \(input)")
        }
        let samples = FFAudioSamples(planes: planes, frameCount: frameCount)
        return try lock.withLock { (_: inout Void) throws(CodecError) -> [CMSampleBuffer] in
            var result: [CMSampleBuffer] = []
            for (piece, pieceTime) in try stream.convert(borrowing: samples, at: time) {
                let buffer: CMSampleBuffer?
                if let piece {
                    buffer = try maker.make(piece, presentationTimeStamp: pieceTime)
                } else {
                    buffer = try maker.make(samples, presentationTimeStamp: pieceTime)
                }
                if let buffer { result.append(buffer) }
            }
            return result
        }
    }

    /// Ends the input: the frames still held, completing the exact output count.
    package func finish() throws(CodecError) -> [CMSampleBuffer] {
        try lock.withLock { (_: inout Void) throws(CodecError) -> [CMSampleBuffer] in
            try buffers(stream.flush())
        }
    }

    private func buffers(_ pieces: [(FFAudioBuffer, CMTime)]) throws(CodecError) -> [CMSampleBuffer] {
        var result: [CMSampleBuffer] = []
        for (audio, time) in pieces {
            if let buffer = try maker.make(audio, presentationTimeStamp: time) { result.append(buffer) }
        }
        return result
    }
}
