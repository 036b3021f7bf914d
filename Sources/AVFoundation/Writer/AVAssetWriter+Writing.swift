import CoreMedia
import Foundation
import MediaContainer
import MovieFile

extension AVAssetWriter {
    // MARK: Writing

    /// Starts writing: creates the output file (exclusively) and the inputs' encoders. Returns false, with `status`
    /// `.failed` and `error` saying why, when that is not possible, and false with `.cancelled` when
    /// `cancelWriting()` came first or while starting (the file is then removed before this returns).
    @discardableResult
    public func startWriting() -> Bool {
        let (configuration, state, wasStarting, hook) = lock.withLock {
            let begins = configurationStatus == .unknown && !isStarting
            if begins { isStarting = true }
            return (self.configuration, configurationStatus, !begins && isStarting, willCreateOutput)
        }
        guard state == .unknown, !wasStarting else {
            if state != .failed, state != .cancelled {
                failConfiguration(WriterFailure.misuse("startWriting() can be called once, before writing (status \(state))"), "startWriting()")
            }
            return false
        }
        hook?()
        do throws(AVError) {
            let engine = try makeEngine(configuration)
            // A cancel that came while the engine was made: remove what it created before anyone sees it writing.
            if lock.withLock({ isCancelledWhileStarting }) {
                engine.cancel()
                finishStarting(with: nil, status: .cancelled, error: nil)
                notifyInputs()
                return false
            }
            finishStarting(with: engine, status: .writing, error: nil)
            for input in configuration.inputs { input.writingStarted(engine: engine) }
            announceStatus()
            for input in configuration.inputs { input.announceReadiness() }
            return true
        } catch {
            finishStarting(with: nil, status: .failed, error: error)
            announceStatus()
            return false
        }
    }

    /// Ends the start: publishes the engine (or the failure) and wakes a `cancelWriting()` waiting for it.
    private func finishStarting(with engine: WritingEngine?, status: Status, error: AVError?) {
        lock.withLock {
            self.engine = engine
            configurationStatus = status
            if let error { configurationError = error }
            isStarting = false
            lock.broadcast()
        }
    }

    /// Freezes the inputs' configuration and starts the engine.
    private func makeEngine(_ configuration: Configuration) throws(AVError) -> WritingEngine {
        var specs: [InputSpec] = []
        let inputs = configuration.inputs
        var groupOf: [ObjectIdentifier: (group: Int16, enabled: Bool)] = [:]
        for (number, group) in configuration.inputGroups.enumerated() {
            for input in group.inputs {
                groupOf[ObjectIdentifier(input)] = (Int16(number + 1), group.defaultInput === input)
            }
        }
        for (index, input) in inputs.enumerated() {
            var spec = try input.makeSpec(index: index, fileType: outputFileType, among: inputs)
            if let membership = groupOf[ObjectIdentifier(input)] {
                spec.alternateGroup = membership.group
                spec.isEnabled = membership.enabled
            }
            specs.append(spec)
        }
        let segmentation = try self.segmentation(configuration, specs: &specs)
        var options = MovieWriterOptions()
        if configuration.movieTimeScale > 0 { options.movieTimescale = configuration.movieTimeScale }
        options.shouldOptimizeForNetworkUse = configuration.shouldOptimizeForNetworkUse
        options.movieBoxReservation = configuration.plannedMovieBox
        if let creationDate = configuration.creationDate { options.creationDate = creationDate }
        let fragmentsFile = segmentation == nil && configuration.movieFragmentInterval.isNumeric
            && configuration.movieFragmentInterval > .zero
        if segmentation == nil, configuration.producesCombinableFragments {
            // The fragments of a file start each track at media time zero and rely on its movie box's edit lists,
            // so they cannot follow another writer's; Apple's writer defragments a completed file anyway (WWDC 2020
            // session 10011).
            throw WriterFailure.misuse("producesCombinableFragments: only segment output (init(contentType:)) hands "
                                       + "out fragments that can be combined with other writers'; this writer "
                                       + "writes a file")
        }
        if segmentation != nil || fragmentsFile {
            // Fragments are numbered in both modes: combined fragments must number on from another writer's.
            guard let first = UInt32(exactly: configuration.initialMovieFragmentSequenceNumber), first > 0 else {
                throw WriterFailure.misuse("initialMovieFragmentSequenceNumber must be 1…\(UInt32.max), not "
                                           + "\(configuration.initialMovieFragmentSequenceNumber)")
            }
            options.initialFragmentSequenceNumber = first
        }
        // Segment output ignores movieFragmentInterval and shouldOptimizeForNetworkUse, as Apple documents.
        if fragmentsFile {
            guard isMovieType else {
                throw AVError(.formatUnsupported, "movieFragmentInterval: \(outputFileType.rawValue) files cannot be fragmented")
            }
            options.movieFragmentInterval = configuration.movieFragmentInterval
            let initial = configuration.initialMovieFragmentInterval
            if initial.isValid {
                guard initial.isNumeric, initial > .zero else {
                    throw WriterFailure.misuse("initialMovieFragmentInterval must be a positive time or .invalid, not "
                                               + "\(initial.messageSeconds) s")
                }
                options.initialMovieFragmentInterval = initial
            }
        }
        if configuration.overallDurationHint.isNumeric { options.overallDurationHint = configuration.overallDurationHint }
        options.temporaryDirectory = configuration.directoryForTemporaryFiles
        let entries = try WriterMetadata.entries(configuration.metadata, fileType: outputFileType)
        return try WritingEngine(url: outputURL, fileType: outputFileType, specs: specs, movieOptions: options,
                                 segmentation: segmentation,
                                 movieMetadata: isMovieType ? entries : [], audioMetadata: isMovieType ? [] : entries,
                                 temporaryDirectory: configuration.directoryForTemporaryFiles,
                                 readinessObserver: { [weak self] in self?.notifyInputs() })
    }

    /// The engine, when writing has started.
    var runningEngine: WritingEngine? { lock.withLock { engine } }
    /// The container writer of the running writer, for what only the format knows (its projected size): the export
    /// asks it through the seam's requirements, never by the format's type.
    var containerWriter: (any ContainerWriter)? { runningEngine?.output }

    /// Starts a sample-writing session: source time `startTime` becomes the start of the session's span of movie
    /// time (movie time 0 for the first session). Samples before it stay in the media but are edited out; a track
    /// whose first sample comes later gets an empty edit first.
    public func startSession(atSourceTime startTime: CMTime) {
        guard let engine = runningEngine else {
            failConfiguration(WriterFailure.misuse("startSession(atSourceTime:) must be called after startWriting()"), "startSession")
            return
        }
        do throws(AVError) {
            try engine.startSession(at: startTime)
        } catch {
            engine.fail(error)
        }
    }

    /// Ends the current session at `endTime`: samples after it stay in the media but are edited out, and the next
    /// session's samples follow in movie time.
    public func endSession(atSourceTime endTime: CMTime) {
        guard let engine = runningEngine else {
            failConfiguration(WriterFailure.misuse("endSession(atSourceTime:) must be called after startWriting()"), "endSession")
            return
        }
        do throws(AVError) {
            try engine.endSession(at: endTime)
        } catch {
            engine.fail(error)
        }
    }

    /// Marks every input finished and completes the file; `handler` runs (on another thread) once the status is
    /// `.completed` or `.failed`.
    public func finishWriting(completionHandler handler: @escaping @Sendable () -> Void) {
        guard let engine = runningEngine else {
            if status == .unknown {
                failConfiguration(WriterFailure.misuse("finishWriting was called before startWriting()"), "finishWriting")
            }
            DispatchQueue.global().async(execute: handler)
            return
        }
        engine.finish { DispatchQueue.global().async(execute: handler) }
    }

    /// Marks every input finished and completes the file.
    public func finishWriting() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            finishWriting { continuation.resume() }
        }
    }

    /// Cancels writing: removes the partial output and every temporary file; the status becomes `.cancelled`.
    /// Returns once nothing is being written any more.
    public func cancelWriting() {
        let engine: WritingEngine? = lock.withLock {
            if isStarting {
                isCancelledWhileStarting = true
                while isStarting { lock.wait() }
            }
            if self.engine == nil, configurationStatus == .unknown { configurationStatus = .cancelled }
            return self.engine
        }
        engine?.cancel()
        notifyInputs()
    }

    // MARK: Settings (fixed once writing starts)

    /// Changes a setting while writing has not started; later calls are ignored and reported (Apple raises an
    /// exception).
    func configure(_ name: String, _ change: (inout Configuration) -> Void) {
        let started: Bool = lock.withLock {
            guard engine == nil, configurationStatus == .unknown, !isStarting else { return true }
            change(&configuration)
            return false
        }
        if started { WriterLog.ignored("AVAssetWriter.\(name) cannot be changed after startWriting()") }
    }

    /// Not Apple API (module-internal, for the export session): the samples and chunks the caller will write, so
    /// that a fast-start movie leaves room for its movie box before the media data instead of moving all of it at
    /// the end (`MovieBoxReservation`). A low count costs only that move; it never makes a wrong file.
    var plannedMovieBox: MovieBoxReservation? {
        get { lock.withLock { configuration.plannedMovieBox } }
        set { configure("plannedMovieBox") { $0.plannedMovieBox = newValue } }
    }

    /// Not Apple API (module-internal, for the segmented export): the movie's creation date, instead of the time it
    /// is written, so that a file stitched from pieces is the same bytes wherever and whenever they ran.
    var creationDate: Date? {
        get { lock.withLock { configuration.creationDate } }
        set { configure("creationDate") { $0.creationDate = newValue } }
    }

    /// Asset-level metadata, written in the file type's key space.
    public var metadata: [AVMetadataItem] {
        get { lock.withLock { configuration.metadata } }
        set { configure("metadata") { $0.metadata = newValue } }
    }

    /// Fast start: the movie box before the media data.
    public var shouldOptimizeForNetworkUse: Bool {
        get { lock.withLock { configuration.shouldOptimizeForNetworkUse } }
        set { configure("shouldOptimizeForNetworkUse") { $0.shouldOptimizeForNetworkUse = newValue } }
    }

    /// Where temporary files go (media data placed before the main data, multi-pass statistics); the output's
    /// directory when nil.
    public var directoryForTemporaryFiles: URL? {
        get { lock.withLock { configuration.directoryForTemporaryFiles } }
        set { configure("directoryForTemporaryFiles") { $0.directoryForTemporaryFiles = newValue } }
    }

    /// Write a fragmented movie with a fragment this often; `.invalid` (the default) for an ordinary movie.
    public var movieFragmentInterval: CMTime {
        get { lock.withLock { configuration.movieFragmentInterval } }
        set { configure("movieFragmentInterval") { $0.movieFragmentInterval = newValue } }
    }

    /// The interval of the first movie fragment, when it should differ from `movieFragmentInterval` (default
    /// `.invalid`: the same). Irrelevant without `movieFragmentInterval`. Cannot be changed after writing starts.
    public var initialMovieFragmentInterval: CMTime {
        get { lock.withLock { configuration.initialMovieFragmentInterval } }
        set { configure("initialMovieFragmentInterval") { $0.initialMovieFragmentInterval = newValue } }
    }

    /// The sequence number of the first movie fragment (1 by default).
    public var initialMovieFragmentSequenceNumber: Int {
        get { lock.withLock { configuration.initialMovieFragmentSequenceNumber } }
        set { configure("initialMovieFragmentSequenceNumber") { $0.initialMovieFragmentSequenceNumber = newValue } }
    }

    /// Whether the movie fragments are made to be combined with those of other writers into one fragment stream of
    /// uniform encoding (default `false`). Cannot be changed after writing starts. Here only segment output
    /// (`init(contentType:)`) hands out fragments that can be combined; a file writer set to `true` fails
    /// `startWriting()` with the reason.
    public var producesCombinableFragments: Bool {
        get { lock.withLock { configuration.producesCombinableFragments } }
        set { configure("producesCombinableFragments") { $0.producesCombinableFragments = newValue } }
    }

    /// The expected duration of a fragmented movie, written in its header until the real one is known.
    public var overallDurationHint: CMTime {
        get { lock.withLock { configuration.overallDurationHint } }
        set { configure("overallDurationHint") { $0.overallDurationHint = newValue } }
    }

    /// The movie timescale; 0 (the default) lets the writer choose (600).
    public var movieTimeScale: CMTimeScale {
        get { lock.withLock { configuration.movieTimeScale } }
        set {
            guard newValue >= 0 else { WriterLog.ignored("AVAssetWriter.movieTimeScale cannot be negative"); return }
            configure("movieTimeScale") { $0.movieTimeScale = newValue }
        }
    }

    // MARK: Input groups

    /// The input groups added so far.
    public var inputGroups: [AVAssetWriterInputGroup] { lock.withLock { configuration.inputGroups } }

    /// Whether `inputGroup` can be added: writing has not started, it holds inputs of this writer of one media
    /// type, none already in another group.
    public func canAdd(_ inputGroup: AVAssetWriterInputGroup) -> Bool { groupProblem(inputGroup) == nil }

    private func groupProblem(_ group: AVAssetWriterInputGroup) -> AVError? {
        let (started, configuration) = lock.withLock { (engine != nil || configurationStatus != .unknown || isStarting, self.configuration) }
        if started { return WriterFailure.misuse("input groups cannot be added after startWriting()") }
        guard isMovieType else { return AVError(.formatUnsupported, "\(outputFileType.rawValue) files have no alternate groups") }
        guard !group.inputs.isEmpty else { return WriterFailure.misuse("an input group needs inputs") }
        for input in group.inputs where !configuration.inputs.contains(where: { $0 === input }) {
            return WriterFailure.misuse("every input of a group must have been added to the writer first")
        }
        guard Set(group.inputs.map(\.mediaType)).count == 1 else {
            return WriterFailure.misuse("the inputs of a group must have one media type")
        }
        let grouped = configuration.inputGroups.flatMap(\.inputs)
        if group.inputs.contains(where: { input in grouped.contains { $0 === input } }) {
            return WriterFailure.misuse("an input can be in one group only")
        }
        if configuration.inputGroups.contains(where: { $0 === group }) { return WriterFailure.misuse("the group was already added") }
        return nil
    }

    /// Adds an input group: its inputs become an alternate group in the file, the default input enabled and the
    /// others disabled. A group `canAdd(_:)` refuses fails the writer with the reason.
    public func add(_ inputGroup: AVAssetWriterInputGroup) {
        if let problem = groupProblem(inputGroup) {
            failConfiguration(problem, "add(_:)")
            return
        }
        lock.withLock { configuration.inputGroups.append(inputGroup) }
    }
}
