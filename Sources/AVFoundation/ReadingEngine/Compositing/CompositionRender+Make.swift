import CoreGraphics
import CoreMedia
import CoreVideo
import Foundation
import LayerCompositing
import MediaCodecs

extension CompositionRender {
    /// Checks `composition` against the tracks it composes and the compositor that runs it, and prepares the
    /// render: every reason the composition cannot be rendered is an `invalidComposition` failure naming it, before
    /// any frame is read.
    static func make(composition: AVVideoComposition, customCompositor: (any AVVideoCompositing)?,
                     tracks: [AVAssetTrack], videoSettings: [String: Any]?, copiesData: Bool, outputBound: ReadAheadBound,
                     patience: Duration, report: @escaping @Sendable (String) -> Void)
        throws(ReadingFailure) -> CompositionRender {
        let state = composition.snapshot
        if let description = state.outputBufferDescription {
            // Apple renders these tagged buffers (stereo views, projections) with custom compositors only; our
            // pipeline carries one monoscopic picture per frame, so the request is refused rather than ignored.
            throw ReadingFailure(.invalidComposition, "the video composition's outputBufferDescription asks for "
                                 + "\(description.count) tagged output buffers per frame; only monoscopic output "
                                 + "(outputBufferDescription nil) is rendered here")
        }
        try validate(composition, tracks: tracks)
        let size = try renderPixelSize(state)
        let instructions = state.instructions
        let timingTrackID = state.sourceTrackIDForFrameTiming == kCMPersistentTrackID_Invalid
            ? nil : state.sourceTrackIDForFrameTiming

        let compositor: any AVVideoCompositing
        if let customCompositor {
            compositor = customCompositor
        } else {
            try checkBuiltInInstructions(instructions)
            compositor = BuiltInVideoCompositor(renderFormat: builtInRenderFormat(videoSettings, size: size),
                                                yCbCrMatrix: state.colorYCbCrMatrix)
        }
        let compositorName = customCompositor.map { "\(type(of: $0))" } ?? "the built-in compositor"
        let sourceFormats = try pixelFormats(compositor.sourcePixelBufferAttributes, optional: true,
                                             what: "\(compositorName).sourcePixelBufferAttributes")
        let renderAttributes: [String: Any] = compositor.requiredPixelBufferAttributesForRenderContext
        _ = try pixelFormats(renderAttributes, optional: false,
                             what: "\(compositorName).requiredPixelBufferAttributesForRenderContext")

        var decoding = VideoDecoderOutputSettings()
        decoding.pixelFormats = sourceFormats
        var options = VideoDecoderSession.Options()
        options.sharesDecoderMemory = !copiesData
        options.threadCount = Self.decoderThreads(instructions, trackCount: tracks.count)
        var sources: [Source] = []
        for track in tracks {
            let sessions = DecoderSessions(backing: track.backing, trackID: track.trackID, kind: .video(decoding, options))
            try sessions.validate()
            sources.append(Source(track: track, sessions: sessions))
        }
        let sampleDataTracks = try self.sampleDataTracks(state.sourceSampleDataTrackIDs, of: tracks.first?.asset)

        let window = ReadingLimits.compositorRequestWindow
        let pool: RenderBufferPool
        do {
            pool = try RenderBufferPool(attributes: renderAttributes, width: size.width, height: size.height,
                                        minimumLimit: window + outputBound.buffers + 8)
        } catch {
            throw ReadingFailure(.invalidComposition, "\(compositorName)'s render buffers cannot be made: \(error.message)")
        }
        let context = AVVideoCompositionRenderContext(
            size: CGSize(width: size.width, height: size.height), renderScale: state.renderScale,
            pixelAspectRatio: AVPixelAspectRatio(horizontalSpacing: 1, verticalSpacing: 1), edgeWidths: AVEdgeWidths(),
            highQualityRendering: true, videoComposition: composition, bufferPool: pool)

        let output = try outputSettings(videoSettings, renderFormat: pool.pixelFormat, renderSize: size)
        let animation = try animationStage(state, size: size, format: pool.pixelFormat)
        return CompositionRender(
            compositor: compositor, renderContext: context, instructions: instructions, sources: sources,
            sampleDataTracks: sampleDataTracks, frameDuration: state.frameDuration, timingTrackID: timingTrackID,
            outputFormat: output.format, outputWidth: output.width, outputHeight: output.height,
            converter: output.converter, colorAttachments: colorAttachments(state), window: window,
            patience: patience, report: report, sourceBound: ReadingLimits.compositionSourceBound,
            animation: animation)
    }

    /// The Core Animation tool's drawing plan, made now so that what it cannot draw fails the reading before it
    /// starts. Its frames are drawn in the render format (the additional layer's in 32BGRA, as a source frame).
    private static func animationStage(_ state: AVVideoComposition.State, size: (width: Int, height: Int),
                                       format: OSType) throws(ReadingFailure) -> Animation? {
        guard let tool = state.animationTool else { return nil }
        let plan: CoreAnimationRenderPlan
        do {
            plan = try tool.makeRenderPlan(renderSize: state.renderSize)
        } catch {
            throw ReadingFailure(.invalidComposition, error.localizedDescription, underlying: error)
        }
        if let trackID = tool.additionalTrackID {
            return Animation(role: .additionalTrack(trackID), plan: plan, pixelFormat: kCVPixelFormatType_32BGRA,
                             width: size.width, height: size.height)
        }
        return Animation(role: .postProcessing, plan: plan, pixelFormat: format, width: size.width, height: size.height)
    }

    /// Apple's validation (`AVVideoComposition.isValid`: values, instructions in order covering the asset without
    /// gaps or overlaps, layer instructions naming the tracks), stopping at the first problem; then what Apple's
    /// validation leaves to the compositor: the tracks custom instructions require or pass through.
    private static func validate(_ composition: AVVideoComposition, tracks: [AVAssetTrack]) throws(ReadingFailure) {
        var problem: VideoCompositionProblem?
        var validator = CompositionValidator(composition: composition) { found in
            problem = found
            return false
        }
        let duration = tracks.first?.asset.flatMap { try? $0.loadedDuration() } ?? .invalid
        validator.run(tracks: tracks, duration: duration, timeRange: CMTimeRange(start: .zero, duration: .positiveInfinity))
        if let problem { throw ReadingFailure(.invalidComposition, problem.message) }
        var trackIDs = Set(tracks.map(\.trackID))
        if let additional = composition.animationTool?.additionalTrackID { trackIDs.insert(additional) }
        for (index, instruction) in composition.instructions.enumerated() {
            var named = instruction.requiredVideoTrackIDs ?? []
            if instruction.passthroughTrackID != kCMPersistentTrackID_Invalid { named.append(instruction.passthroughTrackID) }
            if let stranger = named.first(where: { !trackIDs.contains($0) }) {
                throw ReadingFailure(.invalidComposition, "instruction \(index) names track \(stranger), which is not "
                                     + "among the composed tracks \(trackIDs.sorted())")
            }
        }
    }

    /// Decoding threads for each source's decoder: every core (`nil`) when the instructions mostly draw one source at
    /// a time, else the cores shared among the sources drawn together (time-weighted). Each source already decodes on
    /// a worker of its own, so two 1080p sources on two cores run 7 % faster in wall time, with less CPU, when each
    /// decoder has one thread than when each has a frame thread per core (measured with farm-bench on `avbench
    /// composite`): frame threads only add hand-offs where the sources already keep the cores busy.
    static func decoderThreads(_ instructions: [any AVVideoCompositionInstructionProtocol], trackCount: Int,
                               cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int? {
        var weighted = 0.0, total = 0.0
        for instruction in instructions {
            let seconds = instruction.timeRange.duration.seconds
            guard seconds.isFinite, seconds > 0 else { continue }
            let drawn = instruction.requiredVideoTrackIDs.map { Set($0).count } ?? trackCount
            weighted += seconds * Double(max(1, drawn))
            total += seconds
        }
        guard total > 0 else { return nil }
        let concurrency = weighted / total
        guard concurrency >= 1.5 else { return nil }
        return max(1, Int((Double(cores) / concurrency).rounded()))
    }

    /// The size of composed frames in pixels: `renderSize` × `renderScale`, within the codec layer's limit.
    private static func renderPixelSize(_ state: AVVideoComposition.State) throws(ReadingFailure)
        -> (width: Int, height: Int) {
        let scale = Double(state.renderScale)
        let width = (Double(state.renderSize.width) * scale).rounded()
        let height = (Double(state.renderSize.height) * scale).rounded()
        let limit = Double(ReadingLimits.maximumRenderDimension)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1, width <= limit, height <= limit else {
            throw ReadingFailure(.invalidComposition, "the video composition's renderSize \(state.renderSize) at "
                                 + "renderScale \(scale) is not a picture size in 1...\(Int(limit))")
        }
        return (Int(width), Int(height))
    }

    /// The built-in compositor renders `AVVideoCompositionInstruction`s only.
    private static func checkBuiltInInstructions(_ instructions: [any AVVideoCompositionInstructionProtocol])
        throws(ReadingFailure) {
        if let (index, other) = instructions.enumerated().first(where: { !($0.element is AVVideoCompositionInstruction) }) {
            throw ReadingFailure(.invalidComposition, "instruction \(index) is a \(type(of: other)), which only a custom "
                                 + "compositor can render: the built-in compositor takes AVVideoCompositionInstructions "
                                 + "(set customVideoCompositorClass)")
        }
    }

    /// What the built-in compositor renders in: the output's first pixel format when the kernel composes into it
    /// at the render size (so frames are converted once), else 32BGRA.
    private static func builtInRenderFormat(_ videoSettings: [String: Any]?, size: (width: Int, height: Int)) -> OSType {
        guard let videoSettings, let settings = try? VideoDecoderOutputSettings(outputSettings: videoSettings),
              let first = settings.pixelFormats.first,
              VideoLayerCompositor.canCompose(into: first, converter: LayerPictureConverter()),
              size.width % 2 == 0, size.height % 2 == 0 else {
            return kCVPixelFormatType_32BGRA
        }
        return first
    }

    /// The pixel formats an attributes dictionary names (`kCVPixelBufferPixelFormatTypeKey`: one or an array);
    /// an empty list for nil attributes when `optional`.
    private static func pixelFormats(_ attributes: [String: Any]?, optional: Bool, what: String)
        throws(ReadingFailure) -> [OSType] {
        guard let attributes else {
            if optional { return [] }
            throw ReadingFailure(.invalidComposition, "\(what) is missing")
        }
        let raw = attributes[kCVPixelBufferPixelFormatTypeKey as String]
        let formats: [OSType]
        if let number = raw as? NSNumber {
            formats = [number.uint32Value]
        } else if let single = raw as? OSType {
            formats = [single]
        } else if let list = raw as? [Any] {
            formats = list.compactMap { ($0 as? NSNumber)?.uint32Value ?? ($0 as? OSType) }
        } else {
            formats = []
        }
        guard !formats.isEmpty else {
            throw ReadingFailure(.invalidComposition, "\(what) must name kCVPixelBufferPixelFormatTypeKey")
        }
        if let unknown = formats.first(where: { !PixelFormatMapping.isConvertible($0) }) {
            throw ReadingFailure(.invalidComposition, "\(what) asks for pixel format \(fourCharacterString(unknown)), "
                                 + "which frames cannot be converted to here")
        }
        return formats
    }

    /// The timed-metadata tracks named by `sourceSampleDataTrackIDs`, from the asset of the composed tracks.
    private static func sampleDataTracks(_ trackIDs: [CMPersistentTrackID], of asset: AVAsset?)
        throws(ReadingFailure) -> [AVAssetTrack] {
        guard !trackIDs.isEmpty else { return [] }
        let tracks = asset?.tracks ?? []
        return try trackIDs.map { trackID throws(ReadingFailure) in
            guard let track = tracks.first(where: { $0.trackID == trackID }) else {
                throw ReadingFailure(.invalidComposition, "sourceSampleDataTrackIDs names track \(trackID), which the "
                                     + "asset does not have")
            }
            return track
        }
    }

    /// The output's pixel format and size (the settings', else the render's) and the converter to them.
    private static func outputSettings(_ videoSettings: [String: Any]?, renderFormat: OSType,
                                       renderSize: (width: Int, height: Int))
        throws(ReadingFailure) -> (format: OSType, width: Int, height: Int, converter: PixelBufferConverter) {
        var format = renderFormat, width = renderSize.width, height = renderSize.height
        var scaling = VideoScalingMode.stretch
        if let videoSettings {
            let settings: VideoDecoderOutputSettings
            do throws(CodecSettingsError) {
                settings = try VideoDecoderOutputSettings(outputSettings: videoSettings)
            } catch {
                throw ReadingFailure(.settings, "the video composition output settings cannot be used: \(error)",
                                     underlying: error)
            }
            if !settings.pixelFormats.isEmpty, !settings.pixelFormats.contains(renderFormat) {
                format = settings.pixelFormats[0]
            }
            width = settings.width ?? width
            height = settings.height ?? height
            scaling = settings.scalingMode
        }
        do {
            let converter = try PixelBufferConverter(configuration: .init(pixelFormat: format, width: width, height: height,
                                                                          scalingMode: scaling))
            return (format, width, height, converter)
        } catch {
            throw ReadingFailure(.settings, "composed frames cannot be converted to the output settings",
                                 underlying: error)
        }
    }

    /// The colour attachments composed frames get from the composition's colour properties.
    private static func colorAttachments(_ state: AVVideoComposition.State) -> [String: any Sendable] {
        var attachments: [String: any Sendable] = [:]
        if let primaries = state.colorPrimaries { attachments[kCVImageBufferColorPrimariesKey as String] = primaries }
        if let matrix = state.colorYCbCrMatrix { attachments[kCVImageBufferYCbCrMatrixKey as String] = matrix }
        if let transfer = state.colorTransferFunction { attachments[kCVImageBufferTransferFunctionKey as String] = transfer }
        return attachments
    }
}
