import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs
import MediaContainer
import MovieFile

/// Carries out an export's `ExportPlan`: the reader, the writer and the tracks between them, built from the plan
/// and the request's live objects (asset, video composition, audio mix).
///
/// Building checks everything that can be checked before a byte is written: the preset applies to the asset, the
/// file type can hold every track (passthrough), the time range meets the asset, the output does not exist, every
/// decoder and encoder opens. Then `start()` starts reading and writing and `finishWriting()` ends the session and
/// completes the file.
final class ExportPipeline: @unchecked Sendable {
    /// One output track of the plan with the source tracks it names.
    struct PlannedTrack {
        let plan: ExportPlan.Track
        let sources: [ExportSource.Track]

        /// The first source: the one whose properties (transform, language, volume, timescale) the output track takes.
        var source: ExportSource.Track { sources[0] }
    }

    private unowned let job: ExportJob
    let request: ExportRequest
    let source: ExportSource
    /// What the export does.
    let plan: ExportPlan
    /// The part of the asset exported: the time range cut to the asset.
    let range: CMTimeRange
    let plans: [PlannedTrack]
    let writer: AVAssetWriter
    private(set) var reader: AVAssetReader?
    private(set) var tracks: [ExportTrack] = []
    private(set) var governor: FileLengthGovernor?

    /// The queues the tracks' request blocks run on, one per track in order. Without `fileLengthLimit` every track
    /// shares one queue: the blocks only wait for their own feed (whose stages never wait for the writer), and one
    /// thread appending to the muxer beats several contending for its lock (a passthrough export of ten minutes of
    /// 1080p made 30,000 context switches with a queue per track). With a limit, a track may wait in the governor
    /// for the others, so each has its own.
    func feedQueues() -> [DispatchQueue] {
        if governor == nil {
            let shared = DispatchQueue(label: "AVAssetExportSession.feed", qos: .userInitiated)
            return tracks.map { _ in shared }
        }
        return tracks.map { DispatchQueue(label: "AVAssetExportSession.track.\($0.source.trackID)", qos: .userInitiated) }
    }
    /// Multi-pass statistics, one directory per video track, inside `passesDirectory`.
    private var statistics: [CMPersistentTrackID: URL] = [:]
    /// The encoders of multi-pass tracks: made for the analysis pass, then running the final pass.
    private var multiPassEncoders: [CMPersistentTrackID: MultiPassVideoEncoder] = [:]
    private var passesDirectory: URL?

    /// Checks the request against the asset and prepares the writer.
    init(job: ExportJob) throws {
        self.job = job
        request = job.request
        let source: ExportSource
        do {
            source = try ExportSource(asset: request.asset)
        } catch {
            throw ExportFailure.avError(error)
        }
        self.source = source
        let preset = request.preset
        if let problem = ExportCompatibility.problem(with: preset, source: source) {
            throw AVError(.incompatibleAsset, "\(preset.name) cannot export this asset: \(problem)")
        }
        if preset.isPassthrough, let refusal = ExportCompatibility.passthroughRefusal(source, fileType: request.fileType) {
            throw AVError(.formatUnsupported, "passthrough cannot write this asset to a \(request.fileType.rawValue) file: "
                          + refusal + ". Export to a QuickTime movie (.mov), which holds every codec, or use a preset "
                          + "that re-encodes", extra: [AVErrorFileTypeKey: request.fileType.rawValue])
        }
        plan = try ExportPlanner.plan(request, source: source)
        range = plan.timeRange.range
        plans = try plan.tracks.map { track in
            let sources = track.sources.compactMap { source.track($0) }
            guard !sources.isEmpty, sources.count == track.sources.count else {
                throw AVError(.exportFailed, "the export plan names source tracks \(track.sources), which the asset "
                              + "does not all have")
            }
            return PlannedTrack(plan: track, sources: sources)
        }
        guard plans.contains(where: { $0.source.mediaType == .video || $0.source.mediaType == .audio }) else {
            throw AVError(.incompatibleAsset, "nothing in the asset can be written to a \(request.fileType.rawValue) file "
                          + "with \(preset.name)")
        }
        writer = try AVAssetWriter(outputURL: request.outputURL, fileType: request.fileType)
        writer.shouldOptimizeForNetworkUse = request.shouldOptimizeForNetworkUse
        if let room = plan.movieBoxReservation {
            writer.plannedMovieBox = MovieBoxReservation(samples: room.samples, chunks: room.chunks,
                                                         extraBytes: room.extraBytes)
        }
        writer.directoryForTemporaryFiles = request.temporaryDirectory
        writer.metadata = ExportMetadata.movieItems(request, source: source, fileType: request.fileType)
        job.register(writer: writer)
        if plans.contains(where: { $0.plan.passes == 2 }) { try makePassesDirectory() }
    }

    // MARK: Analysis pass

    /// Multi-pass encoding: reads every video track once with a first-pass encoder that writes its statistics, so
    /// that the real pass can use them. Nothing is written to the output.
    func runAnalysisPass() throws {
        let multiPass = plans.filter { statistics[$0.source.trackID] != nil }
        guard !multiPass.isEmpty else { return }
        job.progress.setAnalysisWeight(0.5)
        let reader = try AVAssetReader(asset: request.asset)
        reader.timeRange = range
        var transcoders: [VideoTranscoder] = []
        let passGroup = DispatchGroup()
        let count = Double(multiPass.count)
        let progress = job.progress
        let range = self.range
        let fractions = LockedFractions(count: multiPass.count)
        for (index, plan) in multiPass.enumerated() {
            guard case .video(let video) = plan.plan.role, let directory = statistics[plan.source.trackID] else { continue }
            let (output, converter, encoder) = try makeVideoStages(plan, video: video, reader: reader,
                                                                    statisticsDirectory: directory)
            multiPassEncoders[plan.source.trackID] = encoder
            let job = self.job
            transcoders.append(VideoTranscoder(output: output, reader: reader, converter: converter, encoder: encoder,
                                               rangeStart: range.start, trackID: plan.source.trackID) { time in
                fractions.set(index, ExportProgress.fraction(of: time, in: range))
                progress.setAnalysis(fractions.sum / count)
                job.progressed()
            })
        }
        job.register(reader: reader, transcoders)
        guard reader.startReading() else {
            throw reader.error.map(ExportFailure.avError) ?? AVError(.exportFailed, "the analysis pass could not start reading")
        }
        // The pass's stage threads count in the job's group (so a stop waits for them) and in the pass's own.
        for transcoder in transcoders { transcoder.start(in: job, alsoCountedIn: passGroup) }
        passGroup.wait()
        try job.checkStopping()
        for (trackID, encoder) in multiPassEncoders {
            do throws(CodecError) {
                try encoder.beginFinalPass()
            } catch {
                throw codecFailure(error, "cannot start the final encoding pass", code: .encodeFailed, trackID: trackID)
            }
        }
        progress.setAnalysis(1)
    }

    // MARK: Building

    /// Builds the reader, the tracks and the writer's inputs, and starts reading and writing. Returns the number of
    /// tracks.
    func start() throws -> Int {
        let reader = try AVAssetReader(asset: request.asset)
        reader.timeRange = range
        self.reader = reader
        var feeds: [any ExportFeed] = []
        var inputs: [AVAssetWriterInput] = []
        for plan in plans {
            let (feed, input) = try makeTrack(plan, reader: reader)
            guard writer.canAdd(input) else {
                throw writer.error.map(ExportFailure.avError)
                    ?? AVError(.formatUnsupported, "track \(plan.source.trackID) cannot be added to a \(request.fileType.rawValue) file",
                               extra: [AVErrorFileTypeKey: request.fileType.rawValue])
            }
            writer.add(input)
            feeds.append(feed)
            inputs.append(input)
        }
        addGroupsAndAssociations(inputs)
        job.register(reader: reader, feeds)
        if let limit = request.fileLengthLimit {
            let governor = makeGovernor(limit: limit)
            self.governor = governor
            job.register([governor])
        }
        tracks = plans.indices.map { index in
            ExportTrack(index: index, source: plans[index].source, input: inputs[index], feed: feeds[index], job: job,
                        reader: reader, writer: writer, governor: governor, range: range)
        }
        job.progress.setTrackCount(tracks.count)
        guard reader.startReading() else {
            throw reader.error.map(ExportFailure.avError) ?? AVError(.exportFailed, "the reader could not start")
        }
        guard writer.startWriting() else {
            // A job stopped by then (a reading failure, a cancel) cancelled the writer: its outcome is recorded.
            try job.checkStopping()
            throw writer.error.map(ExportFailure.avError) ?? AVError(.exportFailed, "the writer could not start")
        }
        writer.startSession(atSourceTime: range.start)
        return tracks.count
    }

    /// The reader output, feed and writer input of one track.
    private func makeTrack(_ plan: PlannedTrack, reader: AVAssetReader) throws -> (any ExportFeed, AVAssetWriterInput) {
        let track = plan.source
        let backing = track.track.backing
        let feed: any ExportFeed
        let hint: CMFormatDescription?
        var recorder: EditListRecorder?
        var transform = backing.preferredTransform
        switch plan.plan.role {
        case .passthrough:
            let output = AVAssetReaderTrackOutput(track: track.track, outputSettings: nil)
            output.alwaysCopiesSampleData = false
            recorder = plan.plan.presentation == .recordedLayout ? EditListRecorder() : nil
            output.editRecorder = recorder
            try add(output, to: reader, track: track)
            feed = PassthroughFeed(output: output)
            hint = track.formats.first
        case .video(let video):
            let (output, converter, encoder) = try makeVideoStages(plan, video: video, reader: reader,
                                                                    encoder: multiPassEncoders[track.trackID])
            let transcoder = VideoTranscoder(output: output, reader: reader, converter: converter, encoder: encoder,
                                             rangeStart: range.start, trackID: track.trackID)
            feed = transcoder
            hint = transcoder.formatDescription
            // A composition renders upright at its render size: its frames need no transform.
            transform = video.composed ? .identity
                : ExportGeometry.scaledTransform(transform, from: track.displaySize, to: (video.width, video.height))
        case .audio(let settings):
            let output = AVAssetReaderAudioMixOutput(audioTracks: plan.sources.map(\.track),
                                                     audioSettings: settings.decodeSettings)
            output.alwaysCopiesSampleData = false
            output.audioMix = request.audioMix
            output.audioTimePitchAlgorithm = request.audioTimePitchAlgorithm
            output.readAheadBound = ExportLimits.mixedAudioReadAhead
            try add(output, to: reader, track: track)
            let encoder = try makeAudioEncoder(settings, track: track)
            let transcoder = AudioTranscoder(output: output, reader: reader, encoder: encoder, trackID: track.trackID)
            feed = transcoder
            hint = transcoder.formatDescription
        }
        let input = AVAssetWriterInput(mediaType: track.mediaType, outputSettings: nil, sourceFormatHint: hint)
        input.expectsMediaDataInRealTime = false
        input.marksOutputTrackAsEnabled = backing.isEnabled
        input.languageCode = backing.languageCode
        input.extendedLanguageTag = backing.extendedLanguageTag
        input.metadata = ExportMetadata.trackItems(track, request: request, fileType: request.fileType)
        input.editRecorder = recorder
        switch track.mediaType {
        case .audio:
            input.preferredVolume = backing.preferredVolume
        default:
            input.transform = transform
            if backing.naturalTimeScale > 0 { input.mediaTimeScale = backing.naturalTimeScale }
            if plan.plan.role == .passthrough, track.mediaType == .video, let size = backing.declaredSize {
                // The track's display size (an anamorphic picture's is wider than its pixels), kept as stored.
                input.naturalSize = size
            }
        }
        return (feed, input)
    }

    private func add(_ output: AVAssetReaderOutput, to reader: AVAssetReader, track: ExportSource.Track) throws {
        guard reader.canAdd(output) else {
            throw AVError(.exportFailed, "track \(track.trackID) cannot be read (\(output))")
        }
        reader.add(output)
    }

    /// The reader output, scaler and encoder of a video track (for the analysis pass or the real one): a track
    /// output decoding the plan's track, or a video composition output composing its tracks.
    /// `encoder`: the track's encoder when it already exists (a multi-pass track's, in its final pass); otherwise
    /// one is made, for an analysis pass when `statisticsDirectory` is given.
    private func makeVideoStages(_ plan: PlannedTrack, video settings: ExportPlan.Video, reader: AVAssetReader,
                                 encoder existing: MultiPassVideoEncoder? = nil, statisticsDirectory: URL? = nil) throws
        -> (AVAssetReaderOutput, PixelBufferConverter?, MultiPassVideoEncoder) {
        let track = plan.source
        let output: AVAssetReaderOutput
        let stored: (Int, Int)
        var sizesDiffer = false
        var displaySize = track.displaySize
        if settings.composed, let composition = request.videoComposition {
            // Composed frames come in bi-planar 4:2:0, which the encoder takes as it is: the built-in compositor
            // renders into it, a custom compositor's frames are converted on the compose worker. The scale stage
            // then only scales, when the render size is not the preset's.
            let composed = AVAssetReaderVideoCompositionOutput(videoTracks: plan.sources.map(\.track), videoSettings: [
                kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange])
            composed.setComposition(composition, compositor: request.customVideoCompositor)
            output = composed
            let state = composition.snapshot
            let scale = CGFloat(state.renderScale)
            stored = (Int((state.renderSize.width * scale).rounded()), Int((state.renderSize.height * scale).rounded()))
            displaySize = CGSize(width: stored.0, height: stored.1)
        } else {
            output = AVAssetReaderTrackOutput(track: track.track,
                                              outputSettings: ExportSettings.decodeSettings(for: settings, track: track))
            let dimensions = track.formats.first.map(CMVideoFormatDescriptionGetDimensions)
            stored = (Int(dimensions?.width ?? 0), Int(dimensions?.height ?? 0))
            // A composition's segments may differ in size: every picture then goes through the scaler.
            sizesDiffer = track.formats.contains {
                let size = CMVideoFormatDescriptionGetDimensions($0)
                return Int(size.width) != stored.0 || Int(size.height) != stored.1
            }
        }
        output.alwaysCopiesSampleData = false
        output.readAheadBound = ExportLimits.decodedPictureReadAhead
        try add(output, to: reader, track: track)
        let scales = stored.0 != settings.width || stored.1 != settings.height || sizesDiffer
            || displaySize != CGSize(width: stored.0, height: stored.1)
        var converter: PixelBufferConverter?
        var inputSize = stored
        let scalesToRGB = settings.keepsAlpha && track.hasAlpha && !settings.composed
        if scales {
            let format = scalesToRGB ? kCVPixelFormatType_32BGRA
                : track.isHighBitDepth ? kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange : kCVPixelFormatType_420YpCbCr8Planar
            var configuration = PixelBufferConverter.Configuration(pixelFormat: format, width: settings.width,
                                                                   height: settings.height, scalingMode: .resize)
            // An export is a final rendition: bicubic (ffmpeg's default scaler, so a transcode matches its quality)
            // for YCbCr; bilinear for BGRA with alpha, where only libyuv scales fast and it has no bicubic.
            configuration.filter = format == kCVPixelFormatType_32BGRA ? .bilinear : .bicubic
            do throws(CodecError) {
                converter = try PixelBufferConverter(configuration: configuration)
            } catch {
                throw codecFailure(error, "cannot scale to \(settings.width)x\(settings.height)", code: .exportFailed,
                                   trackID: track.trackID)
            }
            inputSize = (settings.width, settings.height)
        }
        let encoderSettings: VideoEncoderSettings
        do throws(CodecSettingsError) {
            encoderSettings = try VideoEncoderSettings(outputSettings: settings.outputSettings)
        } catch {
            throw ExportFailure.stage(.unsupportedOutputSettings, "track \(track.trackID): the preset's video settings",
                                      underlying: error, trackID: track.trackID)
        }
        if let existing { return (output, converter, existing) }
        do throws(CodecError) {
            let hint = Self.pictureHint(track, width: inputSize.0, height: inputSize.1, picturesAreYCbCr: !scalesToRGB)
            let encoder = try MultiPassVideoEncoder(settings: encoderSettings, sourceFormatHint: hint,
                                                    statisticsDirectory: statisticsDirectory)
            return (output, converter, encoder)
        } catch {
            throw codecFailure(error, "cannot open the \(settings.codec) encoder", code: .encodeFailed, trackID: track.trackID)
        }
    }

    /// A format description of the pictures the encoder will get (their size and the source's colour tags, with
    /// the matrix the scaler writes out for an untagged source), so the encoder opens at once and its output
    /// format is known before writing starts.
    static func pictureHint(_ track: ExportSource.Track, width: Int, height: Int,
                            picturesAreYCbCr ycbcr: Bool) -> CMFormatDescription? {
        var extensions: [String: Any] = [:]
        if let source = track.formats.first {
            for key in [kCMFormatDescriptionExtension_ColorPrimaries, kCMFormatDescriptionExtension_TransferFunction,
                        kCMFormatDescriptionExtension_YCbCrMatrix, kCMFormatDescriptionExtension_FullRangeVideo] {
                if let value = CMFormatDescriptionGetExtension(source, extensionKey: key) { extensions[key as String] = value }
            }
            // The scaler tags an untagged source's pictures with the matrix they were read with when the new height
            // would be read differently; the encoder signals what its pictures will say.
            let stored = CMVideoFormatDescriptionGetDimensions(source)
            if extensions[kCMFormatDescriptionExtension_YCbCrMatrix as String] == nil, ycbcr,
               let matrix = VideoColorDescription.assumedMatrix(sourceHeight: Int(stored.height), outputHeight: height) {
                extensions[kCMFormatDescriptionExtension_YCbCrMatrix as String] = matrix
            }
        }
        var description: CMFormatDescription?
        let status = CMVideoFormatDescriptionCreate(allocator: kCFAllocatorDefault, codecType: kCVPixelFormatType_420YpCbCr8Planar,
                                                    width: Int32(width), height: Int32(height),
                                                    extensions: extensions.isEmpty ? nil : extensions as CFDictionary,
                                                    formatDescriptionOut: &description)
        return status == noErr ? description : nil
    }

    /// The audio encoder of a track, opened with a hint of the reader's output (32-bit float, non-interleaved).
    private func makeAudioEncoder(_ plan: ExportPlan.Audio, track: ExportSource.Track) throws -> AudioEncoderSession {
        let settings: AudioEncoderSettings
        do throws(CodecSettingsError) {
            settings = try AudioEncoderSettings(outputSettings: plan.encodeSettings)
        } catch {
            throw ExportFailure.stage(.unsupportedOutputSettings, "track \(track.trackID): the preset's audio settings",
                                      underlying: error, trackID: track.trackID)
        }
        var asbd = AudioStreamBasicDescription(
            mSampleRate: plan.sampleRate, mFormatID: kAudioFormatLinearPCM,
            mFormatFlags: kLinearPCMFormatFlagIsFloat | kLinearPCMFormatFlagIsPacked | kLinearPCMFormatFlagIsNonInterleaved,
            mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: UInt32(plan.channels),
            mBitsPerChannel: 32, mReserved: 0)
        var hint: CMAudioFormatDescription?
        CMAudioFormatDescriptionCreate(allocator: kCFAllocatorDefault, asbd: &asbd, layoutSize: 0, layout: nil,
                                       magicCookieSize: 0, magicCookie: nil, extensions: nil, formatDescriptionOut: &hint)
        do throws(CodecError) {
            return try AudioEncoderSession(settings: settings, sourceFormatHint: hint)
        } catch {
            throw codecFailure(error, "cannot open the audio encoder", code: .encodeFailed, trackID: track.trackID)
        }
    }

    /// Alternate groups of the source (with at least two exported members) and track associations whose two tracks
    /// are both exported.
    private func addGroupsAndAssociations(_ inputs: [AVAssetWriterInput]) {
        var groups: [Int16: [Int]] = [:]
        var order: [Int16] = []
        for (index, plan) in plans.enumerated() where plan.source.track.backing.alternateGroup != 0 {
            let group = plan.source.track.backing.alternateGroup
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append(index)
        }
        for group in order {
            guard let members = groups[group], members.count > 1 else { continue }
            let defaultMember = members.first { plans[$0].source.track.backing.isEnabled }
            let inputGroup = AVAssetWriterInputGroup(inputs: members.map { inputs[$0] },
                                                     defaultInput: defaultMember.map { inputs[$0] })
            if writer.canAdd(inputGroup) { writer.add(inputGroup) }
        }
        let indexOfTrack = Dictionary(plans.enumerated().map { ($1.source.trackID, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, plan) in plans.enumerated() {
            for (type, targets) in plan.source.track.backing.associations {
                let name = FourCharCodeText.string(type)
                for target in targets {
                    guard let targetIndex = indexOfTrack[target] else { continue }
                    if inputs[index].canAddTrackAssociation(withTrackOf: inputs[targetIndex], type: name) {
                        inputs[index].addTrackAssociation(withTrackOf: inputs[targetIndex], type: name)
                    }
                }
            }
        }
    }

    /// The `fileLengthLimit` governor, probing the size the container writer projects.
    private func makeGovernor(limit: Int64) -> FileLengthGovernor {
        let writer = self.writer
        let trackCount = plans.count
        let reserve = ExportLimits.finishReserveFixed + ExportLimits.finishReservePerTrack * Int64(trackCount)
        // What each track writes per second, sample bytes and table entries: the room kept for a track that lags.
        let rates = plans.map { plan -> Double in
            let rate = ExportEstimate.trackRates(request.preset, track: plan.source)
            return rate.bytes + rate.samples * Double(ExportLimits.tableBytesPerSampleBound)
        }
        return FileLengthGovernor(limit: limit, reserve: reserve,
                                  initialSize: ExportLimits.estimatedHeaderBytes + 1024 * Int64(trackCount),
                                  start: range.start, nominalRates: rates,
                                  projection: { try? writer.containerWriter?.sizeProjection() },
                                  sampleCounts: { writer.containerWriter?.trackSampleCounts })
    }

    // MARK: Finishing

    /// Ends the session where the tracks end and completes the file.
    func finishWriting() throws {
        var end = range.end
        if job.isTruncated {
            // Where every track is still complete, and no later than the first sample that did not fit.
            end = min(tracks.map(\.presentedEnd).min() ?? range.start, job.cutTime ?? range.end)
            guard end > range.start else {
                writer.cancelWriting()
                throw AVError(.maximumFileSizeReached, "fileLengthLimit \(request.fileLengthLimit ?? 0) bytes is too small "
                              + "for any of the media", extra: [AVErrorFileSizeKey: NSNumber(value: request.fileLengthLimit ?? 0)])
            }
        }
        writer.endSession(atSourceTime: end)
        let done = DispatchSemaphore(value: 0)
        writer.finishWriting { done.signal() }
        done.wait()
        try job.checkStopping()
        guard writer.status == .completed else {
            throw writer.error.map(ExportFailure.avError) ?? AVError(.exportFailed, "the writer did not complete")
        }
        if let limit = request.fileLengthLimit {
            let size = (try? FileManager.default.attributesOfItem(atPath: request.outputURL.path)[.size] as? NSNumber)?.int64Value ?? 0
            if size > limit {
                // The governor's bound is an upper bound, so this is an internal error; the promise still holds.
                try? FileManager.default.removeItem(at: request.outputURL)
                throw AVError(.maximumFileSizeReached, "internal: the output came out at \(size) bytes, over the "
                              + "fileLengthLimit of \(limit)", extra: [AVErrorFileSizeKey: NSNumber(value: size)])
            }
        }
    }

    // MARK: Temporary files

    /// Creates the directory for multi-pass statistics (in `directoryForTemporaryFiles`, else beside the output).
    private func makePassesDirectory() throws {
        let directory = TemporaryFileName.url(for: request.outputURL, purpose: "passes", in: request.temporaryDirectory)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
            for plan in plans where plan.plan.passes == 2 {
                let trackDirectory = directory.appendingPathComponent("track\(plan.source.trackID)")
                try FileManager.default.createDirectory(at: trackDirectory, withIntermediateDirectories: false)
                statistics[plan.source.trackID] = trackDirectory
            }
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw AVError(.exportFailed, "cannot create the directory for multi-pass statistics at \(directory.path)",
                          underlying: error)
        }
        passesDirectory = directory
    }

    /// Removes every temporary file the export made (the writer removes its own).
    func removeTemporaryFiles() {
        if let passesDirectory { try? FileManager.default.removeItem(at: passesDirectory) }
    }
}

/// Per-track fractions of the analysis pass, summed for progress.
private final class LockedFractions: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Double]

    init(count: Int) { values = Array(repeating: 0, count: count) }

    func set(_ index: Int, _ value: Double) { lock.withLock { values[index] = max(values[index], value) } }

    var sum: Double { lock.withLock { values.reduce(0, +) } }
}
