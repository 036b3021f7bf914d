import CoreMedia
import CoreVideo
import FFmpegBridge
import MediaFormats
import Synchronization

/// Encodes pixel buffers (in presentation order, any pixel format and size) into compressed sample buffers (in
/// decode order) as a video settings dictionary asks: H.264 (libx264), HEVC (libx265), Apple ProRes 422 Proxy/LT/
/// 422/HQ and 4444/4444 XQ (prores_ks), JPEG (FFmpeg's Motion JPEG encoder).
///
/// Output: one sample per sample buffer; H.264/HEVC as 4-byte length-prefixed NAL units with the parameter sets in
/// the format description's avcC/hvcC (not in the samples); sample attachments `kCMSampleAttachmentKey_NotSync` (on
/// non-sync samples), `…DependsOnOthers` and `…IsDependedOnByOthers`, as VideoToolbox's encoders set them.
///
/// Timing: each sample's presentation time is exactly the PTS given with its pixel buffer, and its duration the
/// duration given (`.invalid` when none was). Decode times: with B-frames the encoder's decode order runs ahead of
/// presentation order, so the first decode times come before the first presentation time (x264 starts at
/// PTS₀ − (reorder delay)); decode times are the presentation times of earlier frames, so they are exact too, and
/// strictly increasing, each at or before its sample's PTS. A writer places them as stored: decode times in `stts`,
/// `PTS − DTS` (never negative) in `ctts`, and an edit list whose media time is the first PTS, so playback starts at
/// the first presented frame (what Apple's writer does with B-frame H.264/HEVC).
///
/// Thread safety: feed a session from one thread at a time (its calls are serialised by a lock); it may be created
/// and released on any thread. x264/x265 use frame threads on every core.
// Safe because calls are serialised by a lock.
package final class VideoEncoderSession: @unchecked Sendable {
    /// Options beyond the settings dictionary.
    package struct Options: Sendable {
        /// Multi-pass: the pass, and the directory (which the caller owns) for the statistics between passes.
        package var twoPass: FFTwoPassMode?
        /// Encoding threads; `nil` means every core.
        package var threadCount: Int?
        /// The instructions x264/x265 may use (`nil`: the most the processor has), for the same bytes everywhere.
        package var instructionSet: EncoderInstructionSet?
        /// A live source (`expectsMediaDataInRealTime`): the encoder gives each frame out with the least delay.
        package var isRealTime = false

        /// The defaults.
        package init() {}
    }

    /// The settings.
    package let settings: VideoEncoderSettings
    /// The options.
    package let options: Options

    /// Whether an encoder for `settings` can run the multi-pass protocol (x264/x265: analysis pass, then the pass
    /// that uses the statistics). Only an encode aiming at a bit rate can: a quality (constant rate factor) encode,
    /// which is also what settings without a rate give, has nothing for a second pass to improve, and x264 refuses
    /// the combination; such an input does one pass, as Apple's may when more would not help.
    package static func supportsMultiPass(_ settings: VideoEncoderSettings) -> Bool {
        (settings.codec == .h264 || settings.codec == .hevc)
            && settings.compression.averageBitRate != nil && settings.compression.quality == nil
    }

    /// The output format description, once the encoder is open (after the first frame, or at creation when the
    /// size and colour are known from the settings and the source format hint).
    package var formatDescription: CMFormatDescription? { lock.withLock { _ in state?.formatDescription } }

    /// How pictures reached the encoder so far.
    package struct Statistics: Sendable, Equatable {
        /// Pictures whose pixel buffers went to the encoder as they were (no copy).
        package var directPictures = 0
        /// Pictures converted (format, size, matrix) first.
        package var convertedPictures = 0
    }

    /// How pictures reached the encoder so far.
    package var statistics: Statistics { lock.withLock { _ in currentStatistics } }

    /// The output size, once known.
    package var outputSize: (width: Int, height: Int)? { lock.withLock { _ in state.map { ($0.width, $0.height) } } }

    /// What the encoder is, once open.
    private struct State {
        let encoder: FFVideoEncoder
        let plan: VideoEncoderPlan
        let width: Int
        let height: Int
        let color: VideoColorDescription
        let input: EncoderInputConverter
        let formatDescription: CMFormatDescription
    }

    /// A frame sent to the encoder, by sequence number.
    private struct SentFrame {
        var presentationTimeStamp: CMTime
        var duration: CMTime
    }

    private let sourceHint: (geometry: PictureGeometry, color: VideoColorDescription)?

    // The lock protects everything below.
    private let lock = Mutex(())
    private var state: State?
    private var sent: [Int64: SentFrame] = [:]
    private var nextToken: Int64 = 0
    private var lastPTS: CMTime?
    private var lastKeyFramePTS: CMTime?
    private var lastDTS: CMTime?
    private var finished = false
    private var currentStatistics = Statistics()
    /// Presentation times of recent pictures by sequence number, for decode-time lookups.
    private var presentationTimes: [Int64: CMTime] = [:]
    /// The first picture's duration, the step for decode times before the first picture.
    private var firstDuration: CMTime = .invalid

    /// Prepares an encoder. With a source format hint (or a size in the settings and no scaling mode that depends
    /// on the source), the encoder opens now and `formatDescription` is available at once.
    package init(settings: VideoEncoderSettings, sourceFormatHint: CMFormatDescription? = nil,
                 options: Options = Options()) throws(CodecError) {
        self.settings = settings
        self.options = options
        if let hint = sourceFormatHint {
            let dimensions = CMVideoFormatDescriptionGetDimensions(hint)
            var geometry = PictureGeometry(width: Int(dimensions.width), height: Int(dimensions.height))
            let clean = CMVideoFormatDescriptionGetCleanAperture(hint, originIsAtTopLeft: true)
            geometry.cleanAperture = PixelRect(x: clean.origin.x, y: clean.origin.y, width: clean.width, height: clean.height)
            let display = CMVideoFormatDescriptionGetPresentationDimensions(hint, usePixelAspectRatio: true, useCleanAperture: true)
            if clean.width > 0 { geometry.pixelAspectRatio = display.width / clean.width }
            sourceHint = (geometry, VideoColorDescription(extensionsOf: hint))
        } else {
            sourceHint = nil
        }
        if options.twoPass != nil, !Self.supportsMultiPass(settings) {
            throw CodecError(CodecSettingsError(.unsupported, key: AVVideoCodecKey,
                                                "multi-pass encoding needs H.264 or HEVC, not \(settings.codec.rawValue)"))
        }
        if let hint = sourceHint {
            try lock.withLock { (_: inout Void) throws(CodecError) in _ = try open(source: hint.geometry, sourceColor: hint.color) }
        } else if settings.width != nil, settings.scalingMode != .fit, settings.color != nil {
            try lock.withLock { (_: inout Void) throws(CodecError) in
                _ = try open(source: PictureGeometry(width: settings.width!, height: settings.height!), sourceColor: settings.color!)
            }
        }
    }

    /// Encodes a picture; returns the samples that became ready, in decode order.
    package func encode(_ pixelBuffer: CVPixelBuffer, presentationTimeStamp pts: CMTime, duration: CMTime = .invalid,
                        forceKeyFrame: Bool = false) throws(CodecError) -> [CMSampleBuffer] {
        try lock.withLock { (_: inout Void) throws(CodecError) -> [CMSampleBuffer] in
            guard !finished else { throw CodecError(.invalidInput, "the session was already finished") }
            guard pts.isNumeric else { throw CodecError(.invalidInput, "a picture needs a numeric presentation time") }
            if let lastPTS, pts <= lastPTS {
                throw CodecError(.invalidInput, "presentation time \(pts.value)/\(pts.timescale) does not follow \(lastPTS.value)/\(lastPTS.timescale): pictures go in presentation order",
                                 presentationTimeStamp: pts)
            }
            let state: State
            if let opened = self.state {
                state = opened
            } else {
                state = try open(source: PictureGeometry(of: pixelBuffer), sourceColor: VideoColorDescription(attachmentsOf: pixelBuffer))
            }
            try checkColor(of: pixelBuffer, against: state, pts: pts)
            var key = forceKeyFrame || lastKeyFramePTS == nil
            if let limit = state.plan.maxKeyFrameIntervalDuration, let last = lastKeyFramePTS {
                // The next picture is expected one duration later (or one interval, when no duration is given): if
                // waiting for it would break the limit, this picture must be the key frame.
                let step = duration.isNumeric && duration > .zero ? duration : lastPTS.map { pts - $0 } ?? .zero
                if CMTimeGetSeconds(pts + step - last) > limit + 1e-9 { key = true }
            }
            if key { lastKeyFramePTS = pts }
            let token = nextToken
            nextToken += 1
            let direct = state.input.acceptsDirectly(pixelBuffer, outputColor: state.color)
            let converted = direct ? nil : try state.input.convert(pixelBuffer, outputColor: state.color)
            if direct { currentStatistics.directPictures += 1 } else { currentStatistics.convertedPictures += 1 }
            sent[token] = SentFrame(presentationTimeStamp: pts, duration: duration)
            presentationTimes[token] = pts
            presentationTimes.removeValue(forKey: token - Int64(Limits.maximumPendingPictures))
            if token == 0 { firstDuration = duration }
            lastPTS = pts
            let packets: [FFPacket]
            do throws(FFError) {
                if let converted {
                    packets = try state.encoder.encode(converted.image.readOnly, owner: converted, pts: token, forceKeyFrame: key)
                } else {
                    // Zero copy: FFmpeg references the pixel buffer's planes and keeps the buffer alive until done.
                    let format = state.input.format
                    pixelBuffer.lockBaseAddress(readOnly: true)
                    defer { try? pixelBuffer.unlockBaseAddress(readOnly: true) }
                    packets = try state.encoder.encode(pixelBuffer.ffImage(as: format), owner: pixelBuffer,
                                                       pts: token, forceKeyFrame: key)
                }
            } catch {
                throw CodecError(error, while: "encoding", presentationTimeStamp: pts)
            }
            return try makeSampleBuffers(packets, state: state)
        }
    }

    /// Ends the stream: returns the samples still inside the encoder. For a first pass, this also writes the
    /// statistics the next pass reads.
    package func finish() throws(CodecError) -> [CMSampleBuffer] {
        var samples: [CMSampleBuffer] = []
        while let more = try finishNext() { samples += more }
        return samples
    }

    /// Ends the stream one packet at a time: the samples of the next packet still inside the encoder, as soon as the
    /// encoder has it, or nil once none is left (a first pass's statistics are then written). A pipeline calls this
    /// until nil to pass samples on, and report progress, while the encoder works through its look-ahead.
    package func finishNext() throws(CodecError) -> [CMSampleBuffer]? {
        try lock.withLock { (_: inout Void) throws(CodecError) -> [CMSampleBuffer]? in
            finished = true
            guard let state else { return nil }
            let packet: FFPacket?
            do throws(FFError) {
                packet = try state.encoder.drainNext()
            } catch {
                throw CodecError(error, while: "finishing the encoder")
            }
            guard let packet else { return nil }
            return try makeSampleBuffers([packet], state: state)
        }
    }

    // MARK: Opening

    /// Opens the encoder for a source of `geometry`: the output size (the settings', or the source's, or what `fit`
    /// makes of them) and colour (the settings', else the source's) are fixed now.
    private func open(source: PictureGeometry, sourceColor: VideoColorDescription) throws(CodecError) -> State {
        let format = settings.inputPixelFormat
        let step = format.chromaStep
        let ratio = settings.pixelAspectRatio.map { Double($0.horizontal) / Double($0.vertical) } ?? 1
        var width: Int, height: Int
        if let w = settings.width, let h = settings.height {
            (width, height) = settings.scalingMode == .fit
                ? ScalingPlan.fitSize(source: source, width: w, height: h, destinationPixelAspectRatio: ratio, alignment: step)
                : (w, h)
        } else {
            // No size in the settings: the source's, rounded down to what the codec's chroma subsampling can store.
            (width, height) = (max(step.x, source.width / step.x * step.x), max(step.y, source.height / step.y * step.y))
        }
        let color = settings.color ?? VideoColorDescription(primaries: sourceColor.primaries,
                                                            transferFunction: sourceColor.transferFunction,
                                                            yCbCrMatrix: sourceColor.yCbCrMatrix)
        let plan: VideoEncoderPlan
        do throws(CodecSettingsError) {
            plan = try VideoEncoderPlan(settings: settings, width: width, height: height, color: color,
                                        twoPass: options.twoPass, threadCount: options.threadCount,
                                        realTime: options.isRealTime, instructionSet: options.instructionSet)
        } catch {
            throw CodecError(error)
        }
        let encoder: FFVideoEncoder
        do throws(FFError) {
            encoder = try FFVideoEncoder(configuration: plan.configuration)
        } catch {
            throw CodecError(error, while: "opening \(settings.encoder.name)")
        }
        let range: FFColorRange = format.isJPEGRange ? .full : .limited
        let input = EncoderInputConverter(format: format, range: range, width: width, height: height,
                                          scalingMode: settings.scalingMode, pixelAspectRatio: ratio)
        let description = try makeFormatDescription(encoder: encoder, width: width, height: height, color: color)
        let opened = State(encoder: encoder, plan: plan, width: width, height: height, color: color, input: input,
                           formatDescription: description)
        state = opened
        return opened
    }

    /// Refuses a source whose colour primaries or transfer function differ from the output's: colour matching
    /// between them is not done here, and encoding the samples under the wrong tags would mislabel them.
    private func checkColor(of buffer: CVPixelBuffer, against state: State, pts: CMTime) throws(CodecError) {
        let source = VideoColorDescription(attachmentsOf: buffer)
        if let have = source.primaries, let want = state.color.primaries, have != want {
            throw CodecError(.unsupportedFormat, "the picture is tagged with \(have) primaries and the output with \(want): converting between colour primaries is not supported", presentationTimeStamp: pts)
        }
        if let have = source.transferFunction, let want = state.color.transferFunction, have != want {
            throw CodecError(.unsupportedFormat, "the picture is tagged with the \(have) transfer function and the output with \(want): converting between transfer functions is not supported", presentationTimeStamp: pts)
        }
    }

    // MARK: Output

    /// Sample buffers for encoded packets.
    private func makeSampleBuffers(_ packets: [FFPacket], state: State) throws(CodecError) -> [CMSampleBuffer] {
        var buffers: [CMSampleBuffer] = []
        for packet in packets {
            guard let token = packet.pts, let frame = sent.removeValue(forKey: token) else {
                throw CodecError(.codecFailed, "the encoder returned a packet that matches no picture given to it")
            }
            let dts = try decodeTime(of: packet, frame: frame)
            if packet.isKeyFrame, lastKeyFramePTS.map({ frame.presentationTimeStamp > $0 }) ?? true {
                // The encoder's own key frames (scene cuts, its interval) count toward the duration limit too.
                lastKeyFramePTS = frame.presentationTimeStamp
            }
            let data: [UInt8]
            let codec = settings.encoder.codec
            if let format = Self.nalUnitFormat(codec) {
                do throws(MediaFormatError) {
                    data = try NALUnits.lengthPrefixed(packet.data, format: format, lengthSize: 4)
                } catch {
                    throw CodecError(error, while: "framing NAL units", presentationTimeStamp: frame.presentationTimeStamp)
                }
            } else {
                data = packet.data
            }
            buffers.append(try makeSampleBuffer(data, frame: frame, decodeTimeStamp: dts, packet: packet,
                                                description: state.formatDescription))
        }
        return buffers
    }

    /// The decode time of a packet: the encoder counts decode times in the same sequence numbers as presentation
    /// times, so a non-negative one is the presentation time of that earlier frame; the first ones, before the first
    /// frame, continue backwards from it in steps of the first frame's duration (or the first interval).
    private func decodeTime(of packet: FFPacket, frame: SentFrame) throws(CodecError) -> CMTime {
        guard let token = packet.dts else { return frame.presentationTimeStamp }
        let dts: CMTime
        if token >= 0 {
            guard let earlier = timeOfToken(token) else {
                throw CodecError(.codecFailed, "the encoder's decode time \(token) names no picture")
            }
            dts = earlier
        } else {
            guard let first = timeOfToken(0) else { throw CodecError(.codecFailed, "no first picture for decode time \(token)") }
            var step = firstDuration
            if !step.isNumeric || step <= .zero, let second = timeOfToken(1) { step = second - first }
            guard step.isNumeric, step > .zero, let count = Int32(exactly: token) else {
                throw CodecError(.codecFailed, "cannot place decode time \(token) before the first picture")
            }
            dts = first + CMTimeMultiply(step, multiplier: count)
        }
        if let lastDTS, dts <= lastDTS {
            throw CodecError(.codecFailed, "decode times do not increase (\(dts.value)/\(dts.timescale) after \(lastDTS.value)/\(lastDTS.timescale))",
                             presentationTimeStamp: frame.presentationTimeStamp)
        }
        guard dts <= frame.presentationTimeStamp else {
            throw CodecError(.codecFailed, "decode time after presentation time", presentationTimeStamp: frame.presentationTimeStamp)
        }
        lastDTS = dts
        return dts
    }


    private func timeOfToken(_ token: Int64) -> CMTime? { presentationTimes[token] }

    private func makeSampleBuffer(_ data: [UInt8], frame: SentFrame, decodeTimeStamp: CMTime, packet: FFPacket,
                                  description: CMFormatDescription) throws(CodecError) -> CMSampleBuffer {
        let block = try makeBlock(data)
        var timing = CMSampleTimingInfo(duration: frame.duration, presentationTimeStamp: frame.presentationTimeStamp,
                                        decodeTimeStamp: decodeTimeStamp)
        var size = data.count
        var buffer: CMSampleBuffer?
        guard CMSampleBufferCreateReady(allocator: nil, dataBuffer: block, formatDescription: description, sampleCount: 1,
                                        sampleTimingEntryCount: 1, sampleTimingArray: &timing, sampleSizeEntryCount: 1,
                                        sampleSizeArray: &size, sampleBufferOut: &buffer) == noErr, let buffer else {
            throw CodecError(.codecFailed, "cannot make a sample buffer", presentationTimeStamp: frame.presentationTimeStamp)
        }
        let attachments = buffer.sampleAttachments[0]
        if packet.isKeyFrame {
            attachments[.dependsOnOthers] = false
        } else {
            attachments[.notSync] = true
            attachments[.dependsOnOthers] = true
        }
        attachments[.isDependedOnByOthers] = !isDisposable(packet)
        return buffer
    }

    /// The NAL unit syntax of `codec`, if it has one.
    static func nalUnitFormat(_ codec: FFCodec) -> NALUnitFormat? {
        switch codec {
        case .h264: .h264
        case .hevc: .hevc
        default: nil
        }
    }

    /// Whether no other picture refers to `packet`'s. x264 and x265 in FFmpeg 5.1 do not flag disposable packets,
    /// so for H.264 and HEVC the first slice's NAL unit header says it exactly (`NALUnits.isNonReferencePicture`).
    private func isDisposable(_ packet: FFPacket) -> Bool {
        if let format = Self.nalUnitFormat(settings.encoder.codec),
           let nonReference = NALUnits.isNonReferencePicture(packet.data, format: format) {
            return nonReference
        }
        return packet.isDisposable
    }
}
