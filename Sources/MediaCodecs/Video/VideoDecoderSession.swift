import CoreMedia
import CoreVideo
import FFmpegBridge
import Synchronization

/// What one call to a decoder session produced.
// Safe because a value of thread-safe sample buffers and errors, handed over whole.
package struct VideoDecodeResult: @unchecked Sendable {
    /// Decoded pictures, in presentation order, each a sample buffer holding a pixel buffer.
    package var sampleBuffers: [CMSampleBuffer] = []
    /// Samples that could not be decoded, each naming the sample by its presentation time. Decoding went on.
    package var failures: [CodecError] = []
}

/// Decodes compressed video sample buffers (in decode order) into pixel buffers (in presentation order), in the
/// pixel format, size and colour the output settings ask for.
///
/// Timing is exact: a picture's presentation time and duration are those of the sample it was coded in, passed
/// through as `CMTime` values (each sample is given to FFmpeg under a sequence number, and the number that comes
/// back selects the sample's timing). Pictures are tagged with the format description's colour extensions, or with
/// what the stream signals where the description is silent, and with its pixel aspect ratio and clean aperture
/// when nothing is scaled.
///
/// Zero copy: when the decoder's picture already has the requested layout and size (yuv420p as `'y420'`, nv12 as
/// `'420v'`, …) and `sharesDecoderMemory` is set, the pixel buffer wraps the decoder's memory, which stays alive as
/// long as the pixel buffer does. Such buffers must not be written to (the decoder may still reference the picture),
/// which is the contract of `AVAssetReaderOutput.alwaysCopiesSampleData == false`. Otherwise pictures are converted
/// into buffers from a pool.
///
/// Thread safety: feed a session from one thread at a time (its calls are serialised by a lock regardless); it may be
/// created and released on any thread. The FFmpeg decoder decodes with frame threads on every core.
// Safe because calls are serialised by a lock; the configuration is immutable.
package final class VideoDecoderSession: @unchecked Sendable {
    /// Options beyond the output settings.
    package struct Options: Sendable {
        /// Wrap the decoder's pictures without copying when their layout is the requested one.
        package var sharesDecoderMemory = true
        /// Decoding threads; `nil` means one per core.
        package var threadCount: Int?
        /// Drop pictures FFmpeg flags as damaged instead of returning them.
        package var discardsCorruptFrames = false

        /// The defaults.
        package init() {}
    }

    /// The format description the session decodes.
    package let formatDescription: CMFormatDescription
    /// The output settings.
    package let outputSettings: VideoDecoderOutputSettings
    /// The options.
    package let options: Options
    /// The FFmpeg decoder in use (`h264`, `hevc`, `prores`, …).
    package var decoderName: String { decoder.decoderName }

    /// How pictures left the session so far.
    package struct Statistics: Sendable, Equatable {
        /// Pictures handed out in the decoder's own memory.
        package var wrappedPictures = 0
        /// Pictures converted into pooled buffers.
        package var convertedPictures = 0
    }

    /// How pictures left the session so far.
    package var statistics: Statistics { lock.withLock { _ in currentStatistics } }

    /// The timing of a sample given to the decoder.
    private struct PendingSample {
        var presentationTimeStamp: CMTime
        var duration: CMTime
        var doNotDisplay: Bool
    }

    private let decoder: FFVideoDecoder
    private let descriptionColor: VideoColorDescription
    /// The description's pixel aspect ratio and clean aperture extensions, which use Core Video's attachment keys
    /// (CMFormatDescription.h lists both among the keys common with image buffers).
    private let descriptionGeometry: (pixelAspectRatio: [String: Any]?, cleanAperture: [String: Any]?)

    // The lock protects everything below.
    private let lock = Mutex(())
    private var pending: [Int64: PendingSample] = [:]
    private var nextToken: Int64 = 0
    private var outputFormat: OSType?
    private var converter: PixelBufferConverter?
    private var outputDescription: CMFormatDescription?
    private var currentStatistics = Statistics()
    /// Presentation times of the latest samples sent, in decode order, to attribute failures FFmpeg reports late.
    private var recentSamples: [CMTime] = []

    /// Opens a decoder for `formatDescription`.
    package init(formatDescription: CMFormatDescription, outputSettings: VideoDecoderOutputSettings,
                 options: Options = Options()) throws(CodecError) {
        let codec = try VideoCodecDescription(formatDescription)
        var configuration = FFVideoDecoderConfiguration(codec: codec.codec, extradata: codec.extradata,
                                                        codedWidth: codec.width, codedHeight: codec.height)
        configuration.threadCount = options.threadCount
        configuration.discardsCorruptFrames = options.discardsCorruptFrames
        configuration.codecTag = codec.codecTag
        do {
            decoder = try FFVideoDecoder(configuration: configuration)
        } catch {
            throw CodecError(error, while: "opening the \(codec.codec) decoder")
        }
        self.formatDescription = formatDescription
        self.outputSettings = outputSettings
        self.options = options
        descriptionColor = VideoColorDescription(extensionsOf: formatDescription)
        descriptionGeometry = (
            CMFormatDescriptionGetExtension(formatDescription, extensionKey: kCMFormatDescriptionExtension_PixelAspectRatio)
                .flatMap(AttributeValue.dictionary),
            CMFormatDescriptionGetExtension(formatDescription, extensionKey: kCMFormatDescriptionExtension_CleanAperture)
                .flatMap(AttributeValue.dictionary))
    }

    /// Decodes every sample of `sampleBuffer` (one or many, in decode order) and returns the pictures that became
    /// ready. A sample that fails is reported in `failures` and decoding continues with the next.
    package func decode(_ sampleBuffer: CMSampleBuffer) -> VideoDecodeResult {
        lock.withLock { _ in
            var result = VideoDecodeResult()
            guard CMSampleBufferGetNumSamples(sampleBuffer) > 0 else { return result }
            if let description = CMSampleBufferGetFormatDescription(sampleBuffer), description != formatDescription {
                result.failures.append(CodecError(.invalidInput, "the sample buffer's format description differs from the session's; make a new session for it",
                                                  presentationTimeStamp: CMSampleBufferGetPresentationTimeStamp(sampleBuffer)))
                return result
            }
            if sampleBuffer.hasTrueAttachment(kCMSampleBufferAttachmentKey_ResetDecoderBeforeDecoding as String) {
                decoder.reset()
                pending.removeAll()
            }
            let samples: [CompressedSample]
            do throws(CodecError) {
                samples = try sampleBuffer.compressedSamples()
            } catch {
                result.failures.append(error)
                return result
            }
            for sample in samples {
                let token = nextToken
                nextToken += 1
                pending[token] = PendingSample(presentationTimeStamp: sample.presentationTimeStamp,
                                               duration: sample.duration, doNotDisplay: sample.doNotDisplay)
                let timing = FFPacketTiming(pts: token, isKeyFrame: sample.isSync)
                recentSamples.append(sample.presentationTimeStamp)
                if recentSamples.count > decoder.threadCount + 1 { recentSamples.removeFirst() }
                let frames = sampleBuffer.withBytes(of: sample) { bytes -> Result<[FFVideoFrame], FFError> in
                    do throws(FFError) { return .success(try decoder.decode(bytes, timing: timing)) } catch { return .failure(error) }
                }
                switch frames {
                case .none:
                    result.failures.append(CodecError(.invalidInput, "the sample's bytes could not be read",
                                                      presentationTimeStamp: sample.presentationTimeStamp))
                case .some(.failure(let error)):
                    result.failures.append(CodecError(error, while: "decoding", presentationTimeStamp: failedSample(error)))
                case .some(.success(let frames)):
                    deliver(frames, into: &result)
                }
            }
            if sampleBuffer.hasTrueAttachment(kCMSampleBufferAttachmentKey_DrainAfterDecoding as String) {
                drain(into: &result)
            }
            prune()
            return result
        }
    }

    /// Ends the stream: returns every picture still inside the decoder. The session then accepts a new stream
    /// starting with a sync sample.
    package func finish() -> VideoDecodeResult {
        lock.withLock { _ in
            var result = VideoDecodeResult()
            drain(into: &result)
            pending.removeAll()
            return result
        }
    }

    /// Discards everything inside the decoder (before decoding from another position).
    package func reset() {
        lock.withLock { _ in
            decoder.reset()
            pending.removeAll()
        }
    }

    private func drain(into result: inout VideoDecodeResult) {
        do throws(FFError) {
            deliver(try decoder.flush(), into: &result)
        } catch {
            // Draining finishes the samples still in the frame threads, the oldest first.
            let oldest = recentSamples.count > pipelineDelay ? recentSamples[recentSamples.count - pipelineDelay] : recentSamples.first
            result.failures.append(CodecError(error, while: "draining the decoder", presentationTimeStamp: oldest))
        }
        recentSamples.removeAll()
    }

    /// How many packets after a sample FFmpeg reports its failure: with frame threading, a packet's result comes back
    /// when the packet `threadCount - 1` later is sent (libavcodec/pthread_frame.c collects the oldest thread's
    /// result), so a failure belongs to the sample that many places back.
    private var pipelineDelay: Int { decoder.usesFrameThreading ? decoder.threadCount - 1 : 0 }

    /// The sample a failure reported while sending the latest sample belongs to.
    private func failedSample(_ error: FFError) -> CMTime? {
        // Our own checks (packet too large, unreadable bytes) fail on the packet being sent, not in a thread.
        guard error.code != nil, recentSamples.count > pipelineDelay else { return recentSamples.last }
        return recentSamples[recentSamples.count - 1 - pipelineDelay]
    }

    /// Forgets samples so old that their pictures can no longer come (damaged samples that produced none).
    private func prune() {
        guard pending.count > Limits.maximumPendingPictures else { return }
        let oldest = nextToken - Int64(Limits.maximumPendingPictures)
        pending = pending.filter { $0.key >= oldest }
    }

    /// Turns decoded pictures into sample buffers.
    private func deliver(_ frames: [FFVideoFrame], into result: inout VideoDecodeResult) {
        for frame in frames {
            guard let token = frame.pts, let sample = pending.removeValue(forKey: token) else {
                result.failures.append(CodecError(.codecFailed, "the decoder returned a picture that matches no sample given to it"))
                continue
            }
            if sample.doNotDisplay { continue }
            do throws(CodecError) {
                let image = try makeImageBuffer(frame)
                result.sampleBuffers.append(try makeSampleBuffer(image, sample))
            } catch {
                result.failures.append(CodecError(error.kind, error.message, presentationTimeStamp: sample.presentationTimeStamp,
                                                  underlying: error.underlying))
            }
        }
    }

    /// The picture as a pixel buffer in the output format: the decoder's memory itself when possible, else a
    /// converted copy.
    private func makeImageBuffer(_ frame: FFVideoFrame) throws(CodecError) -> CVPixelBuffer {
        let range: FFColorRange = frame.pixelFormat.isJPEGRange ? .full : frame.colorProperties.range
        let format = outputFormat ?? outputSettings.choosePixelFormat(decoded: frame.pixelFormat, range: range)
        outputFormat = format
        let color = descriptionColor.filling(from: VideoColorDescription(frame.colorProperties))
        var geometry = PictureGeometry(width: frame.width, height: frame.height)
        if let clap = descriptionGeometry.cleanAperture,
           let rect = PictureGeometry.cleanAperture(clap, width: frame.width, height: frame.height) {
            geometry.cleanAperture = rect
        }
        if let pasp = descriptionGeometry.pixelAspectRatio,
           let h = AttributeValue.double(pasp[kCMFormatDescriptionKey_PixelAspectRatioHorizontalSpacing as String]),
           let v = AttributeValue.double(pasp[kCMFormatDescriptionKey_PixelAspectRatioVerticalSpacing as String]), h > 0, v > 0 {
            geometry.pixelAspectRatio = h / v
        }
        let settings = outputSettings
        let sizeKept = settings.width.map { $0 == frame.width } ?? true && settings.height.map { $0 == frame.height } ?? true
            && (settings.scalingMode == .stretch || settings.width == nil)
        let colorKept = settings.color.map { $0.yCbCrMatrix == nil || $0.yCbCrMatrix == color.yCbCrMatrix } ?? true
        if options.sharesDecoderMemory, sizeKept, colorKept, settings.pixelAspectRatio == nil, settings.cleanAperture == nil,
           settings.bufferAttributes.isEmpty,
           PixelFormatMapping.pixelFormat(for: frame.pixelFormat, range: range) == format {
            currentStatistics.wrappedPictures += 1
            return try wrap(frame, as: format, color: settings.color.map { $0.filling(from: color) } ?? color)
        }
        let converter = try converter(for: format)
        currentStatistics.convertedPictures += 1
        return try converter.convert(frame.image, described: PixelBufferConverter.SourcePicture(
            format: frame.pixelFormat, range: range, geometry: geometry, color: color,
            pixelAspectRatio: descriptionGeometry.pixelAspectRatio,
            cleanAperture: descriptionGeometry.cleanAperture))
    }

    /// A pixel buffer over the decoder's own planes, keeping the frame alive until the buffer is released.
    private func wrap(_ frame: FFVideoFrame, as format: OSType, color: VideoColorDescription) throws(CodecError) -> CVPixelBuffer {
        let planes = frame.planes.map { (baseAddress: UnsafeMutableRawPointer(mutating: $0.baseAddress), bytesPerRow: $0.bytesPerRow) }
        let buffer: CVBuffer
        do {
            buffer = try CVBuffer.wrapping(width: frame.width, height: frame.height, pixelFormat: format, planes: planes,
                                           release: { withExtendedLifetime(frame) {} })
        } catch {
            throw CodecError(.codecFailed, "wrapping a decoded \(frame.pixelFormat) picture as \(fourCharacterString(format)): \(error)")
        }
        var tags = color
        if frame.pixelFormat.isRGB || frame.pixelFormat.isGray { tags.yCbCrMatrix = nil }
        tags.attach(to: buffer)
        if let pasp = descriptionGeometry.pixelAspectRatio {
            buffer.setAttachment(kCVImageBufferPixelAspectRatioKey as String, pasp, mode: .shouldPropagate)
        }
        if let clap = descriptionGeometry.cleanAperture {
            buffer.setAttachment(kCVImageBufferCleanApertureKey as String, clap, mode: .shouldPropagate)
        }
        return buffer
    }

    private func converter(for format: OSType) throws(CodecError) -> PixelBufferConverter {
        if let converter { return converter }
        let settings = outputSettings
        var configuration = PixelBufferConverter.Configuration(pixelFormat: format, width: settings.width,
                                                               height: settings.height, scalingMode: settings.scalingMode,
                                                               color: settings.color)
        configuration.pixelAspectRatio = settings.pixelAspectRatio
        configuration.cleanAperture = settings.cleanAperture?.dictionary
        configuration.bufferAttributes = settings.bufferAttributes
        let made = try PixelBufferConverter(configuration: configuration)
        converter = made
        return made
    }

    private func makeSampleBuffer(_ image: CVPixelBuffer, _ sample: PendingSample) throws(CodecError) -> CMSampleBuffer {
        if outputDescription == nil || !CMVideoFormatDescriptionMatchesImageBuffer(outputDescription!, imageBuffer: image) {
            var description: CMFormatDescription?
            guard CMVideoFormatDescriptionCreateForImageBuffer(allocator: nil, imageBuffer: image,
                                                               formatDescriptionOut: &description) == noErr,
                  let description else {
                throw CodecError(.codecFailed, "cannot describe a \(fourCharacterString(image.pixelFormat)) pixel buffer")
            }
            outputDescription = description
        }
        var timing = CMSampleTimingInfo(duration: sample.duration, presentationTimeStamp: sample.presentationTimeStamp,
                                        decodeTimeStamp: .invalid)
        var buffer: CMSampleBuffer?
        guard let description = outputDescription,
              CMSampleBufferCreateReadyWithImageBuffer(allocator: nil, imageBuffer: image, formatDescription: description,
                                                       sampleTiming: &timing, sampleBufferOut: &buffer) == noErr,
              let buffer else {
            throw CodecError(.codecFailed, "cannot make a sample buffer for a decoded picture")
        }
        return buffer
    }
}
