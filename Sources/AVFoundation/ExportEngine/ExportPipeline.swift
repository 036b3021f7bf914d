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
// Safe because its `var`s are set and read only by the export's one driving thread (`ExportJob.run`): building,
// the analysis pass, starting and finishing happen there in turn; the stage threads get immutable values.
final class ExportPipeline: @unchecked Sendable {
    /// One output track of the plan with the source tracks it names.
    struct PlannedTrack {
        let plan: ExportPlan.Track
        let sources: [ExportSource.Track]

        /// The first source: the one whose properties (transform, language, volume, timescale) the output track takes.
        var source: ExportSource.Track { sources[0] }
    }

    unowned let job: ExportJob
    let request: ExportRequest
    let source: ExportSource
    /// What the export does.
    let plan: ExportPlan
    /// The part of the asset exported: the time range cut to the asset.
    let range: CMTimeRange
    /// Where reading starts: the range's start, or the plan's video pre-roll before it.
    let readingStart: CMTime
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
    var statistics: [CMPersistentTrackID: URL] = [:]
    /// The encode stages of multi-pass tracks: made for the analysis pass, then running the final pass.
    var multiPassStages: [CMPersistentTrackID: EncodeStage] = [:]
    var passesDirectory: URL?

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
        plan = try job.givenPlan ?? ExportPlanner.plan(request, source: source)
        range = plan.timeRange.range
        readingStart = try Self.readingStart(plan, range: range)
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
        writer.creationDate = plan.creationDate
        writer.directoryForTemporaryFiles = request.temporaryDirectory
        writer.metadata = ExportMetadata.movieItems(request, source: source, fileType: request.fileType)
        job.register(writer: writer)
        if plans.contains(where: { $0.plan.passes == 2 }) { try makePassesDirectory() }
    }

    // MARK: Building

    /// Builds the reader, the tracks and the writer's inputs, and starts reading and writing. Returns the number of
    /// tracks.
    func start() throws -> Int {
        let reader = try AVAssetReader(asset: request.asset)
        reader.timeRange = CMTimeRange(start: readingStart, end: range.end)
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

    /// The range's start, or the plan's video pre-roll before it (not before the asset's start). A pre-roll is read
    /// for every track, so only a plan of video encoded in one pass may have one; the planner never makes another.
    private static func readingStart(_ plan: ExportPlan, range: CMTimeRange) throws -> CMTime {
        guard let preRoll = plan.videoPreRoll?.time, preRoll.isNumeric, preRoll > .zero else { return range.start }
        guard plan.tracks.allSatisfy({ track in
            if case .video = track.role { track.passes == 1 } else { false }
        }) else {
            throw AVError(.exportFailed, "internal: an export plan with a video pre-roll must encode video only, in "
                          + "one pass")
        }
        return max(.zero, range.start - preRoll)
    }

    /// The reader output, feed and writer input of one track.
    private func makeTrack(_ plan: PlannedTrack, reader: AVAssetReader) throws -> (any ExportFeed, AVAssetWriterInput) {
        let track = plan.source
        let backing = track.track.backing
        let feed: any ExportFeed
        let hint: CMFormatDescription?
        var transform = backing.preferredTransform
        switch plan.plan.role {
        case .passthrough:
            let output = AVAssetReaderTrackOutput(track: track.track, outputSettings: nil)
            output.alwaysCopiesSampleData = false
            output.recordsMediaLayout = plan.plan.presentation == .recordedLayout
            try add(output, to: reader, track: track)
            feed = PassthroughFeed(output: output)
            hint = track.formats.first
        case .video(let video):
            let (output, converter, stage) = try makeVideoStages(plan, video: video, reader: reader,
                                                                  stage: multiPassStages[track.trackID])
            let transcoder = VideoTranscoder(output: output, reader: reader, converter: converter, stage: stage,
                                             rangeStart: range.start, encodingStart: readingStart,
                                             trackID: track.trackID)
            feed = transcoder
            hint = transcoder.formatDescription
            transform = encodedTransform(video, track: track)
        case .stitched(let stitch):
            let stitched = try StitchedVideoFeed(stitch, trackID: track.trackID)
            feed = stitched
            hint = stitched.formatDescription
            transform = encodedTransform(stitch.video, track: track)
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

    /// The transform of a track encoded with `video`: the source's, scaled to the encoded size. A composition renders
    /// upright at its render size: its frames need none.
    private func encodedTransform(_ video: ExportPlan.Video, track: ExportSource.Track) -> CGAffineTransform {
        video.composed ? .identity
            : ExportGeometry.scaledTransform(track.track.backing.preferredTransform, from: track.displaySize,
                                             to: (video.width, video.height))
    }

    func add(_ output: AVAssetReaderOutput, to reader: AVAssetReader, track: ExportSource.Track) throws {
        guard reader.canAdd(output) else {
            throw AVError(.exportFailed, "track \(track.trackID) cannot be read (\(output))")
        }
        reader.add(output)
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
}

